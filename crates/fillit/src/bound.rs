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
    /// marked cells a piece covers wherever it goes.
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
    for lattice in Lattice::all() {
        let marked = (0..side)
            .map(|r| (0..side).filter(|&c| lattice.marks(r, c)).count())
            .sum::<usize>();
        let (mut least, mut most) = (0, 0);
        for (n, at) in &placements {
            let counts = at
                .iter()
                .map(|cells| cells.iter().filter(|&&(r, c)| lattice.marks(r, c)).count());
            let (lo, hi) = counts.fold((4, 0), |(lo, hi), k| (lo.min(k), hi.max(k)));
            least += n * lo;
            most += n * hi;
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
    fn a_perfect_tiling_is_not_ruled_out() {
        assert_eq!(counting_bound(&[Shape::O.piece(); 4], 4), None);
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
