//! Counting bounds: square sizes that no arrangement can fit, proved without any search.
//!
//! Mark some cells of the square with a periodic pattern (a *lattice*). Wherever a shape is
//! placed it covers at least `lo` and at most `hi` marked cells, for numbers that depend only on
//! the shape, the lattice and the square. Pieces never share cells, so:
//!
//! - **at least**: the pieces' minimums must add up to at most the marked cells;
//! - **at most**: exactly `slack = side² − 4·pieces` cells stay empty, so at most `slack` marked
//!   cells do; the pieces' maximums must add up to at least `marked − slack`.
//!
//! Either failing proves the size impossible. Example: 26 squares in 11×11 — mark the cells with
//! an odd row and an odd column; there are 25, and every 2×2 square covers exactly one.
//!
//! - **exactly**: more precisely, the marked cells the pieces cover add up to one of the sums of
//!   one count per piece, each a count that piece can cover somewhere; one of those sums must lie
//!   between `marked − slack` and `marked`. Example: two vertical bars, a horizontal bar and a J
//!   on 4×4 — mark the even columns; a vertical bar covers 0 or 4 of their 8 cells, the
//!   horizontal bar 2, the J 1 or 3, so the pieces cover an odd number, and no cell may stay
//!   empty.
//!
//! This module belongs to the encoder side: the CLI skips sizes it rules out instead of handing
//! them to a regex engine. It shares no code with the native solver (which has its own bounds);
//! the CLI cross-checks every ruled-out size against the native solver.

use std::fmt;

use crate::Piece;

/// The four cells a piece covers at one position.
type Cells = [(usize, usize); 4];

/// A periodic marking of the square's cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lattice {
    /// Cells `(r, c)` with `r mod p = a` and `c mod q = b`.
    Grid {
        /// Row period.
        p: usize,
        /// Row offset.
        a: usize,
        /// Column period.
        q: usize,
        /// Column offset.
        b: usize,
    },
    /// Cells `(r, c)` with `(x·r + y·c) mod m = t` (diagonal stripes and the like).
    Stripes {
        /// Row coefficient.
        x: usize,
        /// Column coefficient.
        y: usize,
        /// Modulus.
        m: usize,
        /// Residue.
        t: usize,
    },
}

impl Lattice {
    fn marks(self, r: usize, c: usize) -> bool {
        match self {
            Lattice::Grid { p, a, q, b } => r % p == a && c % q == b,
            Lattice::Stripes { x, y, m, t } => (x * r + y * c) % m == t,
        }
    }

    /// Every lattice tried, small periods first.
    fn all() -> Vec<Lattice> {
        let mut out = Vec::new();
        for p in 1..=4 {
            for q in 1..=4 {
                if p * q == 1 {
                    continue;
                }
                for a in 0..p {
                    for b in 0..q {
                        out.push(Lattice::Grid { p, a, q, b });
                    }
                }
            }
        }
        for m in 2..=5 {
            for x in 1..m {
                for y in 1..m {
                    for t in 0..m {
                        out.push(Lattice::Stripes { x, y, m, t });
                    }
                }
            }
        }
        out
    }
}

impl fmt::Display for Lattice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Lattice::Grid { p: 1, q: 1, .. } => write!(f, "cells"),
            Lattice::Grid { p: 1, q, b, .. } => write!(f, "cells in a column ≡ {b} (mod {q})"),
            Lattice::Grid { p, a, q: 1, .. } => write!(f, "cells in a row ≡ {a} (mod {p})"),
            Lattice::Grid { p, a, q, b } => write!(
                f,
                "cells in a row ≡ {a} (mod {p}) and a column ≡ {b} (mod {q})"
            ),
            Lattice::Stripes { x, y, m, t } => {
                write!(f, "cells with {x}·row + {y}·column ≡ {t} (mod {m})")
            }
        }
    }
}

/// Which count a [`RuledOut`] proof compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Count {
    /// The pieces cover at least `pieces` marked cells, more than the `cells` there are.
    AtLeast,
    /// The pieces cover at most `pieces` marked cells, fewer than the `cells` that may not stay
    /// empty.
    AtMost,
    /// The pieces cover `below` or fewer marked cells, or `above` or more, and nothing between:
    /// `below` is under the cells that may not stay empty, `above` over the marked cells. A
    /// bound absent on one side is `None`.
    Between {
        /// The largest sum of the pieces' counts under `marked − slack`.
        below: Option<usize>,
        /// The smallest sum over `marked`.
        above: Option<usize>,
    },
}

/// A proof that a square size holds no arrangement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuledOut {
    /// The square's side.
    pub side: usize,
    /// The marking.
    pub lattice: Lattice,
    /// Marked cells in the square.
    pub marked: usize,
    /// Cells that stay empty in any arrangement (`side² − 4·pieces`).
    pub slack: usize,
    /// Sum over the pieces of the least (for [`Count::AtLeast`]) or most ([`Count::AtMost`])
    /// marked cells a piece covers wherever it goes; for [`Count::Between`], the least.
    pub pieces: usize,
    /// Which bound fails.
    pub count: Count,
}

impl RuledOut {
    /// A proof on the trivial lattice that marks every cell: too little area (`AtLeast`), or a
    /// piece that fits nowhere (`AtMost`, covering 0 of the marked cells).
    fn every_cell(side: usize, slack: usize, pieces: usize, count: Count) -> RuledOut {
        RuledOut {
            side,
            lattice: Lattice::Grid {
                p: 1,
                a: 0,
                q: 1,
                b: 0,
            },
            marked: side * side,
            slack,
            pieces,
            count,
        }
    }
}

impl fmt::Display for RuledOut {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.side;
        let (marked, lattice) = (self.marked, self.lattice);
        match self.count {
            Count::AtLeast => write!(
                f,
                "lattice bound on {n}×{n}: {marked} {lattice}; wherever they go, the pieces \
                 cover at least {} of them",
                self.pieces
            ),
            Count::AtMost => write!(
                f,
                "lattice bound on {n}×{n}: {marked} {lattice}, at most {} of them empty; \
                 wherever they go, the pieces cover at most {} of them",
                self.slack, self.pieces
            ),
            Count::Between { below, above } => {
                let low = marked.saturating_sub(self.slack);
                let empty = match self.slack {
                    0 => "none of them empty".to_string(),
                    s => format!("at most {s} of them empty"),
                };
                let sums = match (below, above) {
                    (Some(b), Some(a)) => format!("at most {b} or at least {a}"),
                    (Some(b), None) => format!("at most {b}"),
                    (None, Some(a)) => format!("at least {a}"),
                    (None, None) => "none".to_string(),
                };
                let never = if low == marked {
                    marked.to_string()
                } else {
                    format!("{low} to {marked}")
                };
                write!(
                    f,
                    "lattice bound on {n}×{n}: {marked} {lattice}, {empty}; wherever they go, \
                     the pieces cover {sums} of them, never {never}"
                )
            }
        }
    }
}

/// Tries every lattice on a `side`×`side` square; returns a proof that the pieces cannot all fit,
/// or `None` when no counting bound rules the size out (which proves nothing either way). Sizes
/// with too little area or a piece longer than the side are ruled out too (by the trivial lattice
/// of every cell, or as a piece that fits nowhere).
pub fn counting_bound(pieces: &[Piece], side: usize) -> Option<RuledOut> {
    let area = side * side;
    let used = 4 * pieces.len();
    if used > area {
        return Some(RuledOut::every_cell(side, 0, used, Count::AtLeast));
    }
    let slack = area - used;
    // Each distinct piece's cells at every position, computed once.
    let mut shapes: Vec<(Piece, usize)> = Vec::new();
    for p in pieces {
        match shapes.iter_mut().find(|(q, _)| q == p) {
            Some((_, n)) => *n += 1,
            None => shapes.push((*p, 1)),
        }
    }
    let placements: Vec<(usize, Vec<Cells>)> = shapes
        .iter()
        .map(|(piece, n)| {
            let (h, w) = (piece.height(), piece.width());
            let mut at = Vec::new();
            if h <= side && w <= side {
                for r in 0..=side - h {
                    for c in 0..=side - w {
                        at.push(piece.cells().map(|(dr, dc)| (r + dr, c + dc)));
                    }
                }
            }
            (*n, at)
        })
        .collect();
    if placements.iter().any(|(_, at)| at.is_empty()) {
        return Some(RuledOut::every_cell(side, slack, 0, Count::AtMost));
    }
    // The sums of the pieces' counts below fit a u128 up to 31 pieces (a fillit file has at
    // most 26); past that only the least and most bounds apply.
    let exact = 4 * pieces.len() < 128;
    for lattice in Lattice::all() {
        // The marks of the square, row by row, looked up below for every cell of every placement.
        let marks: Vec<bool> = (0..side * side)
            .map(|k| lattice.marks(k / side, k % side))
            .collect();
        let marked = marks.iter().filter(|&&m| m).count();
        let (mut least, mut most) = (0, 0);
        // Bit `s` of `sums`: some choice of one count per piece adds up to `s`.
        let mut sums: u128 = 1;
        for (n, at) in &placements {
            // Bit `k`: the shape covers `k` marked cells somewhere.
            let counts: u8 = at.iter().fold(0, |set, cells| {
                set | 1 << cells.iter().filter(|&&(r, c)| marks[r * side + c]).count()
            });
            least += n * counts.trailing_zeros() as usize;
            most += n * (7 - counts.leading_zeros() as usize);
            for _ in 0..*n {
                sums = (0..=4)
                    .filter(|k| counts & 1 << k != 0)
                    .fold(0, |next, k| next | sums << k);
            }
        }
        let proof = |pieces, count| RuledOut {
            side,
            lattice,
            marked,
            slack,
            pieces,
            count,
        };
        if least > marked {
            return Some(proof(least, Count::AtLeast));
        }
        if most + slack < marked {
            return Some(proof(most, Count::AtMost));
        }
        // The window of sums that leave few enough marked cells empty, cut at 127 (no sum is
        // larger while `exact`); a window starting past it was ruled out above.
        let low = marked.saturating_sub(slack);
        let window = (low..=marked.min(127)).fold(0u128, |w, s| w | 1 << s);
        if exact && low < 128 && sums & window == 0 {
            let below = (0..low).rev().find(|&s| sums & 1 << s != 0);
            let above = (marked + 1..128).find(|&s| sums & 1 << s != 0);
            return Some(proof(least, Count::Between { below, above }));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Shape;

    #[test]
    fn twenty_six_squares_do_not_fit_in_eleven() {
        let pieces = vec![Shape::O.piece(); 26];
        let proof = counting_bound(&pieces, 11).expect("ruled out");
        assert_eq!(proof.count, Count::AtLeast);
        assert!(proof.pieces > proof.marked, "{proof}");
        assert_eq!(counting_bound(&pieces, 12), None);
    }

    #[test]
    fn an_odd_count_rules_out_an_exact_fit() {
        // Two vertical bars, a horizontal bar and a J on 4×4 (the corpus's anisg_valid_5): in
        // the even columns a vertical bar covers 0 or 4 cells, the horizontal bar 2 and the J 1
        // or 3, so the pieces cover an odd number of those 8 cells and none may stay empty.
        let text = "#...\n#...\n#...\n#...\n\n#...\n#...\n#...\n#...\n\n\
                    ....\n....\n....\n####\n\n....\n....\n###.\n..#.\n";
        let pieces = crate::parse(text.as_bytes()).expect("a valid file");
        let proof = counting_bound(&pieces, 4).expect("ruled out");
        assert_eq!(
            proof.count,
            Count::Between {
                below: Some(7),
                above: Some(9)
            },
            "{proof}"
        );
        assert_eq!(
            proof.to_string(),
            "lattice bound on 4×4: 8 cells in a column ≡ 0 (mod 2), none of them empty; \
             wherever they go, the pieces cover at most 7 or at least 9 of them, never 8"
        );
        assert_eq!(counting_bound(&pieces, 5), None);
    }

    #[test]
    fn a_perfect_tiling_is_not_ruled_out() {
        assert_eq!(counting_bound(&[Shape::O.piece(); 4], 4), None);
        // Large squares mark more cells than the sums' bitset holds.
        assert_eq!(counting_bound(&[Shape::O.piece(); 26], 17), None);
        assert_eq!(counting_bound(&[Shape::IHorizontal.piece(); 4], 4), None);
    }

    #[test]
    fn too_little_room_is_ruled_out() {
        assert!(counting_bound(&[Shape::O.piece(); 5], 4).is_some());
        assert!(counting_bound(&[Shape::IVertical.piece()], 3).is_some());
    }

    #[test]
    fn never_rules_out_a_size_the_native_solver_fills() {
        let all: Vec<Piece> = Shape::ALL.iter().map(|s| s.piece()).collect();
        for k in 1..=6 {
            let pieces: Vec<Piece> = all
                .iter()
                .cycle()
                .skip(3 * k)
                .take(k + 1)
                .copied()
                .collect();
            let side = crate::solve(&pieces).side;
            assert_eq!(counting_bound(&pieces, side), None, "{pieces:?}");
        }
    }
}
