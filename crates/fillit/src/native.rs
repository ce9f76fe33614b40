//! The native solver, in the classic program's search order.
//!
//! The classic fillit search: start with the smallest side `n` such that `n² ≥ 4·pieces`; at that
//! size place piece `A` at its first position, then `B` at its first free position, and so on,
//! backtracking to the next position of the previous piece when a piece fits nowhere; a position
//! is the top-left corner of the piece's bounding box, scanned row by row, left to right, over
//! every position where the box lies inside the square. If no arrangement exists, retry with
//! `n + 1`. The first arrangement found is the lexicographically smallest tuple of positions
//! `(pos_A, pos_B, …)` at the smallest side, and that is what this module returns.
//!
//! Speed comes from bitboards (one `u32` row mask per row, a placement test is four `AND`s) and
//! from two prunings that provably never change the first arrangement found:
//!
//! - **Same-shape order**: when piece `k` has the same shape as an earlier piece `j` (the latest
//!   such), only positions after `pos_j` are tried for `k`. Swapping two identical pieces in a
//!   solution gives a solution, so in the lexicographically smallest solution identical pieces
//!   appear in increasing position order; the constrained search visits a subset of the
//!   arrangements in the same order and still meets the smallest one first.
//! - **Dead cells**: an empty cell in a connected empty region of fewer than 4 cells can never be
//!   covered (regions only shrink as pieces are added). When the number of such cells exceeds the
//!   slack `side² − 4·pieces`, the remaining pieces cannot fit, so the subtree holds no solution
//!   and cutting it changes nothing about which solution is found first. (An "area" prune that
//!   instead counted cells *before the current scan position* as lost would be wrong: later
//!   pieces may go anywhere, not only after the previous piece.) The count is maintained
//!   incrementally: only regions touching the piece just placed can have become small.
//!
//! Both prunings can be switched off ([`SearchOptions::plain`]) to get the plain classic search,
//! which the tests compare against.

use serde::Serialize;

use crate::{Piece, Shape, Solution};

/// Largest square side the bitboard supports. Any 26 pieces fit in a 24×24 square (one 4×4 box
/// each), so [`solve`] never needs more.
pub const MAX_SIDE: usize = 32;

/// Rows of padding below the board so that a 4-row mask test never indexes out of bounds.
const ROWS: usize = MAX_SIDE + 4;

/// Search switches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SearchOptions {
    /// Try a piece only after the position of the latest earlier piece of the same shape.
    pub same_shape_order: bool,
    /// Cut branches whose unreachable empty cells exceed the slack.
    pub dead_cells: bool,
    /// Give up after this many placements (counted over the whole call).
    pub node_limit: Option<u64>,
}

impl Default for SearchOptions {
    /// Both prunings on, no node limit.
    fn default() -> Self {
        SearchOptions {
            same_shape_order: true,
            dead_cells: true,
            node_limit: None,
        }
    }
}

impl SearchOptions {
    /// The plain classic search: no pruning, no limit.
    pub fn plain() -> Self {
        SearchOptions {
            same_shape_order: false,
            dead_cells: false,
            node_limit: None,
        }
    }
}

/// How a search at one size ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum SizeStatus {
    /// An arrangement was found (the first in classic order).
    Found,
    /// The whole search space was exhausted: no arrangement at this size.
    Exhausted,
    /// The node limit was reached first.
    LimitReached,
}

/// The result of searching one square size.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SizeSearch {
    /// The side searched.
    pub side: usize,
    /// How the search ended.
    pub status: SizeStatus,
    /// The first arrangement in classic order, when `status` is `Found`.
    pub solution: Option<Solution>,
    /// Placements made (search nodes) during this size's search.
    pub nodes: u64,
}

/// The result of a full solve: every size tried, in increasing order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SolveReport {
    /// The answer, unless the node limit stopped the search.
    pub solution: Option<Solution>,
    /// One entry per side tried, smallest first.
    pub sizes: Vec<SizeSearch>,
}

impl SolveReport {
    /// Total placements over all sizes.
    pub fn nodes(&self) -> u64 {
        self.sizes.iter().map(|s| s.nodes).sum()
    }
}

/// The classic program's starting side: the smallest `n` with `n² ≥ 4·count`.
pub fn start_side(count: usize) -> usize {
    let mut n = 0;
    while n * n < 4 * count {
        n += 1;
    }
    n
}

/// A side below which no arrangement exists: the larger of [`start_side`] and the longest piece
/// dimension. Starting the search here gives the same answer as the classic program (smaller
/// sizes fail immediately there).
pub fn lower_bound(pieces: &[Piece]) -> usize {
    let longest = pieces
        .iter()
        .map(|p| p.width().max(p.height()))
        .max()
        .unwrap_or(0);
    start_side(pieces.len()).max(longest)
}

/// Solves in classic order: the smallest square and its first arrangement.
///
/// ```
/// let pieces = backref_fillit::parse(b"##..\n##..\n....\n....\n").unwrap();
/// let solution = backref_fillit::solve(&pieces);
/// assert_eq!(solution.side, 2);
/// assert_eq!(solution.placements, vec![(0, 0)]);
/// ```
pub fn solve(pieces: &[Piece]) -> Solution {
    solve_with(pieces, &SearchOptions::default())
        .solution
        .expect("without a node limit the search always ends with a solution")
}

/// Solves with explicit options, reporting every size tried. `solution` is `None` only when the
/// node limit stopped the search.
pub fn solve_with(pieces: &[Piece], options: &SearchOptions) -> SolveReport {
    let mut sizes = Vec::new();
    let mut budget = options.node_limit;
    let mut side = lower_bound(pieces);
    loop {
        let opts = SearchOptions {
            node_limit: budget,
            ..*options
        };
        let result = solve_size_with(pieces, side, &opts);
        if let Some(b) = budget.as_mut() {
            *b = b.saturating_sub(result.nodes);
        }
        let status = result.status;
        let solution = result.solution.clone();
        sizes.push(result);
        match status {
            SizeStatus::Found => return SolveReport { solution, sizes },
            SizeStatus::LimitReached => {
                return SolveReport {
                    solution: None,
                    sizes,
                }
            }
            SizeStatus::Exhausted => side += 1,
        }
    }
}

/// The first arrangement at exactly `side`, in classic order, with the default (order-preserving)
/// prunings.
///
/// Panics if `side > MAX_SIDE` (32).
pub fn solve_size(pieces: &[Piece], side: usize) -> SizeSearch {
    solve_size_with(pieces, side, &SearchOptions::default())
}

/// The first arrangement at exactly `side`, in classic order, with explicit options.
///
/// Panics if `side > MAX_SIDE` (32).
pub fn solve_size_with(pieces: &[Piece], side: usize, options: &SearchOptions) -> SizeSearch {
    assert!(
        side <= MAX_SIDE,
        "side {side} exceeds the supported {MAX_SIDE}"
    );
    let mut search = Search::new(pieces, side, options);
    let status = if pieces.len() * 4 > side * side {
        SizeStatus::Exhausted
    } else {
        match search.place(0) {
            Ok(true) => SizeStatus::Found,
            Ok(false) => SizeStatus::Exhausted,
            Err(LimitReached) => SizeStatus::LimitReached,
        }
    };
    let solution = (status == SizeStatus::Found).then(|| Solution {
        side,
        placements: search.pos.iter().map(|&p| (p / side, p % side)).collect(),
    });
    SizeSearch {
        side,
        status,
        solution,
        nodes: search.nodes,
    }
}

struct LimitReached;

#[derive(Clone, Copy)]
struct PieceData {
    rows: [u32; 4],
    width: usize,
    height: usize,
    /// Index of the piece's shape in [`Shape::ALL`].
    shape: usize,
    /// The latest earlier piece with the same shape, when that pruning is on.
    previous_same: Option<usize>,
}

/// A shape as an 8×8 mask (bit `8·row + col`) with its bounding box, for region tests.
#[derive(Clone, Copy)]
struct WideShape {
    mask: u64,
    width: usize,
    height: usize,
}

/// Regions of this many cells or more are never counted as (partly) dead.
const SMALL_REGION: usize = 8;

struct Search {
    side: usize,
    full: u32,
    board: [u32; ROWS],
    pieces: Vec<PieceData>,
    pos: Vec<usize>,
    nodes: u64,
    limit: u64,
    dead_cells: bool,
    /// A lower bound on the empty cells no remaining piece can cover.
    dead: usize,
    /// `side² − 4·pieces`: how many cells may stay empty.
    slack: usize,
    /// Pieces not yet placed, per shape.
    remaining: [u8; 19],
    wide: [WideShape; 19],
}

impl Search {
    fn new(pieces: &[Piece], side: usize, options: &SearchOptions) -> Search {
        let shape_index = |p: &Piece| {
            Shape::ALL
                .iter()
                .position(|&s| s == p.shape())
                .expect("every piece has a shape")
        };
        let data: Vec<PieceData> = pieces
            .iter()
            .enumerate()
            .map(|(k, p)| PieceData {
                rows: [p.row_mask(0), p.row_mask(1), p.row_mask(2), p.row_mask(3)],
                width: p.width(),
                height: p.height(),
                shape: shape_index(p),
                previous_same: if options.same_shape_order {
                    (0..k).rev().find(|&j| pieces[j] == *p)
                } else {
                    None
                },
            })
            .collect();
        let mut remaining = [0u8; 19];
        for p in &data {
            remaining[p.shape] += 1;
        }
        let wide = Shape::ALL.map(|s| {
            let p = s.piece();
            let mask = (0..4).fold(0u64, |acc, r| acc | u64::from(p.row_mask(r)) << (8 * r));
            WideShape {
                mask,
                width: p.width(),
                height: p.height(),
            }
        });
        Search {
            side,
            full: if side >= 32 {
                u32::MAX
            } else {
                (1u32 << side) - 1
            },
            board: [0; ROWS],
            pieces: data,
            pos: vec![0; pieces.len()],
            nodes: 0,
            limit: options.node_limit.unwrap_or(u64::MAX),
            dead_cells: options.dead_cells,
            dead: 0,
            slack: (side * side).saturating_sub(4 * pieces.len()),
            remaining,
            wide,
        }
    }

    /// Places pieces `k..` in classic order; `Ok(true)` leaves the first arrangement in `pos`.
    fn place(&mut self, k: usize) -> Result<bool, LimitReached> {
        if k == self.pieces.len() {
            return Ok(true);
        }
        let p = self.pieces[k];
        if p.width > self.side || p.height > self.side {
            return Ok(false);
        }
        let start = match p.previous_same {
            Some(j) => self.pos[j] + 1,
            None => 0,
        };
        let (r0, c0) = (start / self.side, start % self.side);
        self.remaining[p.shape] -= 1;
        let last_col = self.side - p.width;
        let col_range = if last_col >= 31 {
            u32::MAX
        } else {
            (2u32 << last_col) - 1
        };
        for r in r0..=self.side - p.height {
            // Columns where the piece fits on row `r`, all at once: a column `c` is blocked when
            // some cell `(r + i, c + b)` of the piece is occupied.
            let mut blocked = 0u32;
            for i in 0..p.height {
                let (mut bits, row) = (p.rows[i], self.board[r + i]);
                while bits != 0 {
                    blocked |= row >> bits.trailing_zeros();
                    bits &= bits - 1;
                }
            }
            let mut fits = !blocked & col_range;
            if r == r0 {
                fits &= u32::MAX << c0;
            }
            while fits != 0 {
                let c = fits.trailing_zeros() as usize;
                fits &= fits - 1;
                let m = [
                    p.rows[0] << c,
                    p.rows[1] << c,
                    p.rows[2] << c,
                    p.rows[3] << c,
                ];
                if self.nodes >= self.limit {
                    return Err(LimitReached);
                }
                self.nodes += 1;
                for (i, mi) in m.iter().enumerate() {
                    self.board[r + i] |= mi;
                }
                self.pos[k] = r * self.side + c;
                let found = if self.dead_cells {
                    let newly = self.newly_dead(r, &m, p.height);
                    if self.dead + newly > self.slack {
                        false
                    } else {
                        self.dead += newly;
                        let found = self.place(k + 1)?;
                        self.dead -= newly;
                        found
                    }
                } else {
                    self.place(k + 1)?
                };
                if found {
                    return Ok(true);
                }
                for (i, mi) in m.iter().enumerate() {
                    self.board[r + i] &= !mi;
                }
            }
        }
        self.remaining[p.shape] += 1;
        Ok(false)
    }

    /// How much the dead-cell bound grows when the piece with (already shifted) row masks `m`
    /// has just been placed at row `r`.
    ///
    /// The piece sat in one empty region `R`; without it, `R` falls apart into the regions `Rᵢ`
    /// next to the piece, `|R| = 4 + Σ|Rᵢ|`. A region of fewer than 8 cells holds at most one
    /// piece, so its dead part is its size minus 4 if some remaining shape fits in it, else its
    /// whole size; larger regions count 0. When `|R| < 8` the piece was the one piece `R` could
    /// hold and the bound already counted `|R| − 4 = Σ|Rᵢ|` dead cells, so it does not grow.
    /// Otherwise `R` counted 0 and the bound grows by the dead parts of the `Rᵢ`. (Bounds stored
    /// for other regions may be lower than their current value — fewer shapes remain — which only
    /// weakens the pruning, never makes it unsound.)
    fn newly_dead(&self, r: usize, m: &[u32; 4], height: usize) -> usize {
        let side = self.side;
        // Rows r-1 ..= r+height, stored at offset +1 in `seen`.
        let mut seen = [0u32; 6];
        let mut total = 0;
        let mut any_large = false;
        let mut dead = 0;
        let top = r.saturating_sub(1);
        let bottom = (r + height).min(side - 1);
        let at = |row: usize| -> u32 {
            if row >= r && row < r + height {
                m[row - r]
            } else {
                0
            }
        };
        for rr in top..=bottom {
            let mine = at(rr);
            let above = if rr > 0 { at(rr - 1) } else { 0 };
            let below = at(rr + 1);
            let mut around = (mine << 1 | mine >> 1 | above | below) & !self.board[rr] & self.full;
            while around != 0 {
                let c = around.trailing_zeros();
                around &= around - 1;
                if seen[rr + 1 - r] & (1 << c) != 0 {
                    continue;
                }
                let region = self.region(rr, c);
                for i in 0..6 {
                    // Window row `region.base + j` ↔ `seen` index `row + 1 - r`.
                    let row = r + i;
                    if row >= 1 && row - 1 >= region.base && row - 1 < region.base + WINDOW {
                        seen[i] |= region.rows[row - 1 - region.base];
                    }
                }
                if region.size >= SMALL_REGION {
                    any_large = true;
                } else {
                    total += region.size;
                    dead += self.region_dead(&region);
                }
            }
        }
        if !any_large && total + 4 < SMALL_REGION {
            0
        } else {
            dead
        }
    }

    /// Bit-parallel flood fill of the empty region of `(r, c)`, stopped once it reaches
    /// `SMALL_REGION` cells (`size == SMALL_REGION` then means "large"). A region of fewer than
    /// 8 cells spans at most 7 rows, so a window of `WINDOW` rows centred on `r` is enough.
    fn region(&self, r: usize, c: u32) -> Region {
        let base = r.saturating_sub(SMALL_REGION - 1);
        let end = (base + WINDOW).min(self.side);
        let rows_in = end - base;
        let mut rows = [0u32; WINDOW];
        let start = r - base;
        rows[start] = 1 << c;
        let (mut lo, mut hi) = (start, start);
        let mut size: usize;
        loop {
            let from = lo.saturating_sub(1);
            let to = (hi + 1).min(rows_in - 1);
            let mut changed = false;
            for i in from..=to {
                let up = if i > 0 { rows[i - 1] } else { 0 };
                let down = if i + 1 < WINDOW { rows[i + 1] } else { 0 };
                let x = rows[i];
                let grown = (x | x << 1 | x >> 1 | up | down) & !self.board[base + i] & self.full;
                if grown != x {
                    rows[i] = grown;
                    changed = true;
                    lo = lo.min(i);
                    hi = hi.max(i);
                }
            }
            size = rows[lo..=hi].iter().map(|x| x.count_ones() as usize).sum();
            if !changed || size >= SMALL_REGION {
                break;
            }
        }
        Region {
            base,
            rows,
            size: size.min(SMALL_REGION),
        }
    }

    /// Cells of a region of fewer than 8 cells that no remaining piece can cover.
    fn region_dead(&self, region: &Region) -> usize {
        let size = region.size;
        if size < 4 {
            return size;
        }
        let first_row = region.rows.iter().position(|&x| x != 0).unwrap_or(0);
        let last_row = region.rows.iter().rposition(|&x| x != 0).unwrap_or(0);
        let h = last_row - first_row + 1;
        let all = region.rows.iter().fold(0u32, |acc, &x| acc | x);
        let shift = all.trailing_zeros();
        let w = (32 - all.leading_zeros() - shift) as usize;
        let mut mask = 0u64;
        for (i, &x) in region.rows[first_row..=last_row].iter().enumerate() {
            mask |= u64::from(x >> shift) << (8 * i);
        }
        for (s, shape) in self.wide.iter().enumerate() {
            if self.remaining[s] == 0 || shape.height > h || shape.width > w {
                continue;
            }
            for dr in 0..=h - shape.height {
                for dc in 0..=w - shape.width {
                    if (shape.mask << (8 * dr + dc)) & !mask == 0 {
                        return size - 4;
                    }
                }
            }
        }
        size
    }
}

/// Rows examined around a cell when measuring its region.
const WINDOW: usize = 2 * SMALL_REGION - 1;

/// An empty region as row masks over a window of rows starting at `base`.
struct Region {
    base: usize,
    rows: [u32; WINDOW],
    size: usize,
}
