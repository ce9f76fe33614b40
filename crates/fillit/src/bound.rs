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
use std::sync::LazyLock;

use crate::Piece;

/// The widest square the bounds look at: a row of marks is one `u64`. Larger squares are never
/// ruled out by a lattice (a fillit file's first square is at most 11 wide).
const WIDEST: usize = 64;

/// The longest period of a lattice ([`Lattice::periods`]).
const MOST_PERIOD: usize = 5;

/// The bits of a `u128` from `low` up (none when `low` is past them).
fn bits_from(low: usize) -> u128 {
    u128::MAX.checked_shl(low as u32).unwrap_or(0)
}

/// The bits of a `u128` up to `high` (all of them when `high` is past them).
fn bits_to(high: usize) -> u128 {
    u128::MAX >> 127usize.saturating_sub(high)
}

/// Every lattice tried, listed once.
static LATTICES: LazyLock<Vec<Lattice>> = LazyLock::new(Lattice::all);

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
    /// The marks of the first rows, one period of them ([`Lattice::periods`]), across a
    /// square `width` wide (bit `c`: column `c`; `width` at most [`WIDEST`]). Stepping along a
    /// row keeps the residue by adding, so no cell costs a division.
    #[cfg(test)]
    fn period_rows(self, width: usize) -> [u64; MOST_PERIOD] {
        let mut rows = [0u64; MOST_PERIOD];
        match self {
            Lattice::Grid { a, q, b, .. } => {
                rows[a] = (b..width).step_by(q).fold(0, |m, c| m | 1 << c);
            }
            Lattice::Stripes { x, y, m, t } => {
                for (r, row) in rows.iter_mut().enumerate().take(m) {
                    let mut residue = x * r % m;
                    for c in 0..width {
                        if residue == t {
                            *row |= 1 << c;
                        }
                        residue += y;
                        if residue >= m {
                            residue -= m;
                        }
                    }
                }
            }
        }
        rows
    }

    /// The lattice without its offset: lattices of one family mark shifted copies of the same
    /// cells ([`Lattice::Stripes`] always has `x` at least 1, so the two kinds never share one).
    fn family(self) -> Family {
        match self {
            Lattice::Grid { p, q, .. } => (0, p, q),
            Lattice::Stripes { x, y, m, .. } => (x, y, m),
        }
    }

    /// The marks' periods down and across: a placement shifted by either covers the same
    /// number of marked cells.
    #[cfg(test)]
    fn periods(self) -> (usize, usize) {
        match self {
            Lattice::Grid { p, q, .. } => (p, q),
            Lattice::Stripes { m, .. } => (m, m),
        }
    }

    /// Every lattice tried, small periods first, each marking listed once. Stripes whose
    /// coefficients share a factor with the modulus mark nothing or what a smaller modulus
    /// marks; stripes whose coefficients and residue are a unit multiple of another's mark the
    /// same cells, and only the first of them in this order is kept (so a size is proved
    /// impossible by the same lattice as with every stripe listed).
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
                        let earlier = (2..m)
                            .filter(|&k| gcd(k, m) == 1)
                            .any(|k| (k * x % m, k * y % m, k * t % m) < (x, y, t));
                        if gcd(gcd(x, y), m) == 1 && !earlier {
                            out.push(Lattice::Stripes { x, y, m, t });
                        }
                    }
                }
            }
        }
        out
    }
}

/// The greatest common divisor.
fn gcd(a: usize, b: usize) -> usize {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
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

/// A lattice without its offset ([`Lattice::family`]).
type Family = (usize, usize, usize);

/// What the pieces can cover of one lattice's marked cells.
#[derive(Clone, Copy)]
struct Counts {
    /// The fewest, wherever the pieces go.
    least: usize,
    /// The most.
    most: usize,
    /// Bit `s`: some choice of one count per piece adds up to `s`.
    sums: u128,
}

/// One shape's cells sorted by residue for one lattice family, and the corners it reaches: what
/// the shape covers of any lattice of the family is read off these, since a placement inside
/// the square covers marked cells by the residues of its cells' rows and columns alone.
struct Residues {
    /// Pieces of this shape.
    n: usize,
    /// Grid (p, q): the cells with row ≡ i (mod p) and column ≡ j (mod q), at `i·q + j`;
    /// stripes (x, y, m): the cells with x·row + y·column ≡ v (mod m), at `v`.
    cells: [u8; 16],
    /// Grid: how many corner rows and columns, one period at most, the shape reaches.
    rows: usize,
    cols: usize,
    /// Stripes: bit `u` set when some corner has x·corner row + y·corner column ≡ u.
    reach: u8,
    /// The counts ([`Residues::covers`]) when the corners reach every residue: then they are
    /// the same for every lattice of the family.
    whole: Option<u8>,
}

impl Residues {
    /// The `n` pieces of `cells` (a 4×4 box, bit `4·row + col`) with last corner `last_row`,
    /// `last_col`, sorted by `family`'s residues.
    fn new(family: Family, (n, cells, last_row, last_col): Shape4) -> Residues {
        let (x, y, m) = family;
        let mut out = Residues {
            n,
            cells: [0; 16],
            rows: 0,
            cols: 0,
            reach: 0,
            whole: None,
        };
        // The shape's four cells, lowest bit first.
        let box_cells = std::iter::successors((cells != 0).then_some(cells), |rest| {
            let next = rest & (rest - 1);
            (next != 0).then_some(next)
        })
        .map(|rest| rest.trailing_zeros() as usize);
        if x == 0 {
            // Grid: `y` and `m` are the periods down and across.
            let (p, q) = (y, m);
            for bit in box_cells {
                out.cells[(bit / 4) % p * q + (bit % 4) % q] += 1;
            }
            out.rows = (last_row + 1).min(p);
            out.cols = (last_col + 1).min(q);
            if out.rows == p && out.cols == q {
                out.whole = Some(every_count(&out.cells[..p * q]));
            }
        } else {
            for bit in box_cells {
                out.cells[(x * (bit / 4) + y * (bit % 4)) % m] += 1;
            }
            for r in 0..=last_row.min(m - 1) {
                let mut u = x * r % m;
                for _ in 0..=last_col.min(m - 1) {
                    out.reach |= 1 << u;
                    u = (u + y) % m;
                }
            }
            if out.reach.count_ones() as usize == m {
                out.whole = Some(every_count(&out.cells[..m]));
            }
        }
        out
    }

    /// Bit `k`: some placement of the shape covers `k` of `lattice`'s marked cells (the
    /// lattice of the family these residues were sorted by).
    fn covers(&self, lattice: Lattice) -> u8 {
        if let Some(counts) = self.whole {
            return counts;
        }
        let mut counts = 0u8;
        match lattice {
            Lattice::Grid { p, a, q, b } => {
                // The corner at row r, column c covers the cells with dr ≡ a − r, dc ≡ b − c
                // (r and c are below the periods, so one subtraction brings them in range).
                let wrap = |v: usize, period: usize| if v >= period { v - period } else { v };
                for r in 0..self.rows {
                    let i = wrap(a + p - r, p);
                    for c in 0..self.cols {
                        counts |= 1 << self.cells[i * q + wrap(b + q - c, q)];
                    }
                }
            }
            Lattice::Stripes { m, t, .. } => {
                for u in (0..m).filter(|u| self.reach & 1 << u != 0) {
                    counts |= 1 << self.cells[(t + m - u) % m];
                }
            }
        }
        counts
    }
}

/// Bit `k` set for every `k` among `cells`.
fn every_count(cells: &[u8]) -> u8 {
    cells.iter().fold(0, |counts, &k| counts | 1 << k)
}

/// A distinct shape of the input: how many pieces have it, its cells in a 4×4 box (bit
/// `4·r + c`) and the last corner row and column it can be placed at.
type Shape4 = (usize, u16, usize, usize);

/// How many of `0..side` are ≡ `a` (mod `p`).
fn residue_count(side: usize, p: usize, a: usize) -> usize {
    if a < side {
        (side - 1 - a) / p + 1
    } else {
        0
    }
}

/// What the `shapes` can cover together of `lattice`'s marked cells, from their `residues`.
fn shape_counts(residues: &[Residues], lattice: Lattice) -> Counts {
    let (mut least, mut most) = (0, 0);
    let mut counts = [0u8; 19];
    let mut intervals = true;
    for (shape, c) in residues.iter().zip(&mut counts) {
        *c = shape.covers(lattice);
        least += shape.n * c.trailing_zeros() as usize;
        most += shape.n * (7 - c.leading_zeros() as usize);
        intervals &= (*c >> c.trailing_zeros()).wrapping_add(1).is_power_of_two();
    }
    // Sums of counts that each run over an interval make up every number from the least sum
    // to the most; only gaps need the sums added up one piece at a time.
    let sums = if intervals {
        bits_from(least) & bits_to(most)
    } else {
        let mut sums: u128 = 1;
        for (shape, &c) in residues.iter().zip(&counts) {
            for _ in 0..shape.n {
                sums = (0..=4)
                    .filter(|k| c & 1 << k != 0)
                    .fold(0, |next, k| next | sums << k);
            }
        }
        sums
    };
    Counts { least, most, sums }
}

/// Tries every lattice on a `side`×`side` square; returns a proof that the pieces cannot all fit,
/// or `None` when no counting bound rules the size out (which proves nothing either way). Sizes
/// with too little area or a piece longer than the side are ruled out too (by the trivial lattice
/// of every cell, or as a piece that fits nowhere).
pub fn counting_bound(pieces: &[Piece], side: usize) -> Option<RuledOut> {
    let (slack, shapes) = match shapes_of(pieces, side) {
        Ok(found) => found,
        Err(proof) => return proof,
    };
    let exact = sums_fit(pieces);
    // The residues of every shape for the current family, sorted again when the family
    // changes (lattices of one family are listed together).
    let mut residues: Vec<Residues> = Vec::with_capacity(shapes.len());
    let mut family = None;
    // Stripes: how many rows (columns) of the square have x·row (y·column) ≡ k (mod m).
    let (mut row_residues, mut col_residues) = ([0usize; MOST_PERIOD], [0usize; MOST_PERIOD]);
    for &lattice in LATTICES.iter() {
        let f = lattice.family();
        if family != Some(f) {
            family = Some(f);
            residues.clear();
            residues.extend(shapes.iter().map(|&shape| Residues::new(f, shape)));
            if let Lattice::Stripes { x, y, m, .. } = lattice {
                row_residues = [0; MOST_PERIOD];
                col_residues = [0; MOST_PERIOD];
                for k in 0..side {
                    row_residues[x * k % m] += 1;
                    col_residues[y * k % m] += 1;
                }
            }
        }
        let marked = match lattice {
            Lattice::Grid { p, a, q, b } => residue_count(side, p, a) * residue_count(side, q, b),
            Lattice::Stripes { m, t, .. } => (0..m)
                .map(|k| row_residues[k] * col_residues[(t + m - k) % m])
                .sum(),
        };
        let counts = shape_counts(&residues, lattice);
        if let Some(proof) = judge(lattice, side, slack, marked, counts, exact) {
            return Some(proof);
        }
    }
    None
}

/// The cells that stay empty and each distinct shape of `pieces` ([`Shape4`]), or the proof (or
/// the lack of one, past [`WIDEST`]) that settles `side` before any lattice is tried.
fn shapes_of(pieces: &[Piece], side: usize) -> Result<(usize, Vec<Shape4>), Option<RuledOut>> {
    let area = side * side;
    let used = 4 * pieces.len();
    if used > area {
        return Err(Some(RuledOut::every_cell(side, 0, used, Count::AtLeast)));
    }
    let slack = area - used;
    let mut distinct: Vec<(Piece, usize)> = Vec::new();
    for p in pieces {
        match distinct.iter_mut().find(|(q, _)| q == p) {
            Some((_, n)) => *n += 1,
            None => distinct.push((*p, 1)),
        }
    }
    if distinct
        .iter()
        .any(|(piece, _)| piece.height() > side || piece.width() > side)
    {
        return Err(Some(RuledOut::every_cell(side, slack, 0, Count::AtMost)));
    }
    if side > WIDEST {
        return Err(None);
    }
    let shapes = distinct
        .iter()
        .map(|(piece, n)| {
            let cells = (0..4).fold(0, |m, r| m | (piece.row_mask(r) as u16) << (4 * r));
            (*n, cells, side - piece.height(), side - piece.width())
        })
        .collect();
    Ok((slack, shapes))
}

/// Whether the sums of the pieces' counts fit a `u128` (up to 31 pieces; a fillit file has at
/// most 26): past that only the least and most bounds apply.
fn sums_fit(pieces: &[Piece]) -> bool {
    4 * pieces.len() < 128
}

/// The proof, if any, that `counts` of `marked` cells of `lattice` on a `side`×`side` square
/// with `slack` empty cells give; `exact` when the sums are known ([`sums_fit`]).
fn judge(
    lattice: Lattice,
    side: usize,
    slack: usize,
    marked: usize,
    Counts { least, most, sums }: Counts,
    exact: bool,
) -> Option<RuledOut> {
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
    let window = bits_from(low) & bits_to(marked);
    if exact && low < 128 && sums & window == 0 {
        let below = (0..low).rev().find(|&s| sums & 1 << s != 0);
        let above = (marked + 1..128).find(|&s| sums & 1 << s != 0);
        return Some(proof(least, Count::Between { below, above }));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Shape;

    /// The counting bound as first written, the reference for [`counting_bound`]: every
    /// lattice's marks laid out row by row, and each shape's count read off the marks of the
    /// 4×4 box at every corner of one period, sharing a family's counts where every shape
    /// reaches a whole period (`share`) or counting every lattice afresh.
    fn reference_bound(pieces: &[Piece], side: usize, share: bool) -> Option<RuledOut> {
        let (slack, shapes) = match shapes_of(pieces, side) {
            Ok(found) => found,
            Err(proof) => return proof,
        };
        let exact = sums_fit(pieces);
        let mut marks = vec![0u64; side + 3];
        let mut boxes: Vec<u16> = Vec::new();
        let mut family: Option<(Family, Counts)> = None;
        for &lattice in LATTICES.iter() {
            let (down, across) = lattice.periods();
            let period = lattice.period_rows(side);
            for (row, mark) in marks
                .iter_mut()
                .take(side)
                .zip(period.iter().take(down).cycle())
            {
                *row = *mark;
            }
            let marked = marks.iter().map(|m| m.count_ones() as usize).sum();
            let whole = shapes
                .iter()
                .all(|&(_, _, last_row, last_col)| last_row >= down - 1 && last_col >= across - 1);
            let counts = match family {
                Some((f, found)) if share && whole && f == lattice.family() => found,
                _ => {
                    let found = box_counts(&shapes, &marks, &mut boxes, (down, across), side);
                    family = whole.then_some((lattice.family(), found));
                    found
                }
            };
            if let Some(proof) = judge(lattice, side, slack, marked, counts, exact) {
                return Some(proof);
            }
        }
        None
    }

    /// [`shape_counts`] read off `marks` box by box (`boxes` is scratch space).
    fn box_counts(
        shapes: &[Shape4],
        marks: &[u64],
        boxes: &mut Vec<u16>,
        (down, across): (usize, usize),
        side: usize,
    ) -> Counts {
        let (rows, cols) = (down.min(side), across.min(side));
        boxes.clear();
        for r in 0..rows {
            let under = &marks[r..r + 4];
            boxes.extend(
                (0..cols).map(|c| {
                    (0..4).fold(0u16, |m, i| m | ((under[i] >> c) as u16 & 0xF) << (4 * i))
                }),
            );
        }
        let (mut least, mut most) = (0, 0);
        let mut sums: u128 = 1;
        for &(n, cells, last_row, last_col) in shapes {
            let mut counts: u8 = 0;
            for r in 0..=last_row.min(down - 1) {
                for &box_marks in &boxes[r * cols..=r * cols + last_col.min(across - 1)] {
                    counts |= 1 << (box_marks & cells).count_ones();
                }
            }
            least += n * counts.trailing_zeros() as usize;
            most += n * (7 - counts.leading_zeros() as usize);
            for _ in 0..n {
                sums = (0..=4)
                    .filter(|k| counts & 1 << k != 0)
                    .fold(0, |next, k| next | sums << k);
            }
        }
        Counts { least, most, sums }
    }

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

    /// The cells of a 60×60 square (every period divides 60) that `lattice` marks.
    fn marked_cells(lattice: Lattice) -> Vec<u64> {
        let period = lattice.period_rows(60);
        let down = lattice.periods().0;
        (0..60).map(|r| period[r % down]).collect()
    }

    #[test]
    fn every_stripe_left_out_marks_what_a_listed_lattice_marks_or_nothing() {
        let listed: Vec<Vec<u64>> = Lattice::all().into_iter().map(marked_cells).collect();
        let unique: std::collections::HashSet<&Vec<u64>> = listed.iter().collect();
        assert_eq!(unique.len(), listed.len(), "a marking listed twice");
        for m in 2..=5 {
            for x in 1..m {
                for y in 1..m {
                    for t in 0..m {
                        let cells = marked_cells(Lattice::Stripes { x, y, m, t });
                        assert!(
                            cells.iter().all(|&row| row == 0) || unique.contains(&cells),
                            "{x}·row + {y}·column ≡ {t} (mod {m}) is lost"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn squares_past_the_widest_and_empty_ones_prove_nothing() {
        assert_eq!(counting_bound(&[Shape::O.piece(); 4], WIDEST + 1), None);
        assert_eq!(counting_bound(&[], 0), None);
    }

    #[test]
    fn too_little_room_is_ruled_out() {
        assert!(counting_bound(&[Shape::O.piece(); 5], 4).is_some());
        assert!(counting_bound(&[Shape::IVertical.piece()], 3).is_some());
    }

    #[test]
    fn residues_give_the_reference_proofs() {
        let mut ruled_out = 0;
        // Lopsided sets (few shapes: squares, bars), where the bounds rule sizes out, and
        // sets of any shapes on every side from the smallest by area to three more.
        let mut sets = crate::test_sets::lopsided_sets(0x9E37_79B9_7F4A_7C15, 5000);
        for (pieces, side) in crate::test_sets::lopsided_sets(0x2545_F491_4F6C_DD1D, 1500) {
            let mixed: Vec<Piece> = (0..pieces.len())
                .map(|i| Shape::ALL[(i * 7 + side * 3 + pieces.len()) % 19].piece())
                .collect();
            for more in 0..3 {
                sets.push((mixed.clone(), side + more));
            }
        }
        for (pieces, side) in sets {
            let found = counting_bound(&pieces, side);
            let what = format!("{} pieces on {side}x{side}", pieces.len());
            assert_eq!(found, reference_bound(&pieces, side, true), "{what}");
            assert_eq!(found, reference_bound(&pieces, side, false), "{what}");
            ruled_out += usize::from(found.is_some());
        }
        // The comparison covers proofs, not only sizes nothing rules out.
        assert!(ruled_out > 100, "only {ruled_out} sizes ruled out");
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
