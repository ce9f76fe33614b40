//! Random piece sets for the unit tests of the bounds: few shapes per set, so that some sets
//! are lopsided (all squares, all bars), on the smallest square by area or one more, where the
//! bounds have work to do.

use crate::{Piece, Shape};

/// `n` random sets from `seed` (xorshift), each with the side of the square to try.
pub fn lopsided_sets(seed: u64, n: usize) -> Vec<(Vec<Piece>, usize)> {
    let mut state = seed;
    let mut below = |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    (0..n)
        .map(|_| {
            let count = 1 + below(26);
            let shapes = 1 + below(3);
            let first = below(19);
            let pieces: Vec<Piece> = (0..count)
                .map(|_| Shape::ALL[(first + below(shapes)) % 19].piece())
                .collect();
            let side = (1..).find(|s| s * s >= 4 * count).unwrap_or(1) + below(2);
            (pieces, side)
        })
        .collect()
}
