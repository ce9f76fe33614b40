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
//! Speed comes from bitboards (one `u32` row mask per row; the columns where a piece fits on a
//! row are computed all at once with a few shifts) and from prunings that provably never change
//! the first arrangement found. Each one either cuts a subtree that holds no arrangement at all,
//! or (the first) restricts the search to a subset of arrangements visited in the same order that
//! still contains the smallest one:
//!
//! - **Same-shape order** ([`SearchOptions::same_shape_order`]): when piece `k` has the same shape
//!   as an earlier piece `j` (the latest such), only positions after `pos_j` are tried for `k`.
//!   Swapping two identical pieces in an arrangement gives an arrangement, so in the
//!   lexicographically smallest one identical pieces appear in increasing position order.
//! - **Dead cells** ([`SearchOptions::dead_cells`]): regions only shrink as pieces are added. An
//!   empty region of fewer than 4 cells can never be covered; one of 4 to 7 cells holds at most
//!   one piece, so at least `size − 4` of its cells stay empty (all of them if no remaining shape
//!   fits in it). When this lower bound on the cells that must stay empty exceeds the slack
//!   `side² − 4·pieces`, the subtree holds no arrangement. The bound is kept incrementally (only
//!   regions touching the piece just placed change). When it equals the slack exactly, one more
//!   test runs: an empty cell in a large region that no remaining shape can cover proves the
//!   subtree empty too. (An "area" prune that counted the cells *before the current scan
//!   position* as lost would be wrong: later pieces may go anywhere, not only after the previous
//!   piece.)
//! - **Packing lookahead** ([`SearchOptions::lookahead`]): a separate, order-free search asks
//!   whether the remaining pieces can be packed at all into the empty cells, pieces of one shape
//!   being interchangeable. It fills cells in reading order, covering the first empty cell with
//!   a remaining shape or leaving it empty (at most `slack` cells in all). At each of its nodes
//!   it counts, bit-parallel, the placements covering each empty cell: more uncoverable cells
//!   than may stay empty, or more cells than may stay empty forced by region sizes (a region of
//!   `n` cells leaves `n mod 4` empty), means no packing. Once no cell may stay empty it becomes
//!   an exact-cover search branching on the most constrained cell, and checks three colouring
//!   invariants (checkerboard, column stripes, row stripes): under each, every shape covers a
//!   fixed imbalance of 0, ±2 or ±4 cells, which rules out some exact covers by counting alone
//!   (an odd number of T pieces can never tile a region with as many black as white cells).
//!   When the lookahead proves that no packing exists, the classic subtree is cut. It runs with
//!   a node budget (generous at the root of each size, small after each classic placement);
//!   when the budget runs out it simply says nothing. Before each size, a lattice counting
//!   bound runs too: mark the cells of a periodic lattice; wherever it goes, each shape covers
//!   at least some number of marked cells, and these minimums must not add up to more than the
//!   marked cells (26 squares do not fit in 11×11: 25 cells have an odd row and an odd column,
//!   and every square covers one).
//!
//! - **Failure memo**: every packing state the lookahead proves empty (the board's cells and the
//!   count of each remaining shape, with the number of cells allowed to stay empty) is stored
//!   for the rest of the size's search. Whether the remaining pieces fit into the empty cells
//!   depends on nothing else (not on the classic order, not on how the board was reached), so a
//!   stored failure is a proof for every later visit with as many or fewer cells allowed empty.
//!   Filling cells in reading order, the lookahead meets the same states again and again (the
//!   top rows full, the same frontier below), which turns it into a dynamic program.
//! - **Exact mode** ([`SearchOptions::exact`]): the lookahead runs without a budget, so it
//!   decides every classic node. The classic search then never backtracks: each piece takes its
//!   first position after which a packing still exists, which is exactly the classic answer
//!   (the proof is on `Search::place_exact`). The 23-piece `ant0wan_benchmark` map (17 S
//!   pieces, 8 spare cells on 10×10), out of reach of the budgeted search after 100 million
//!   nodes, takes 29 classic placements and 222,000 lookahead nodes, a quarter of a second.
//!   The default first gives a size [`LOOKAHEAD_AFTER`] nodes of the search without
//!   lookahead (most sizes end within them), then runs the budgeted search and switches the
//!   size to exact mode after [`EXACT_AFTER`] nodes (cheaper on most random inputs, and the
//!   worst case stays bounded).
//!
//! All prunings can be switched off ([`SearchOptions::plain`]) to get the plain classic search,
//! which the tests compare against.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use serde::Serialize;

use crate::{Piece, Shape, Solution};

/// Largest square side the bitboard supports. Any 26 pieces fit in a 24×24 square (one 4×4 box
/// each), so [`solve`] never needs more.
pub const MAX_SIDE: usize = 32;

/// Rows of padding below the board so that a 4-row mask test never indexes out of bounds.
const ROWS: usize = MAX_SIDE + 4;

/// Lookahead budget (lookahead nodes) for the check at the root of each size.
const ROOT_LOOKAHEAD_BUDGET: u64 = 4_000_000;

/// Lookahead budget for the check after each classic placement.
const NODE_LOOKAHEAD_BUDGET: u64 = 2_000;

/// The lookahead runs after a classic placement only when at least this many pieces remain.
const LOOKAHEAD_MIN_PIECES: usize = 3;

/// Search switches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SearchOptions {
    /// Try a piece only after the position of the latest earlier piece of the same shape.
    pub same_shape_order: bool,
    /// Cut branches where the cells that must stay empty exceed the slack.
    pub dead_cells: bool,
    /// Cut branches where an order-free packing search proves the remaining pieces cannot fit.
    pub lookahead: bool,
    /// Decide every classic node with a complete (unbudgeted, memoized) packing lookahead, so
    /// that the classic search never backtracks (see [`SearchOptions::exact`]). Needs
    /// `lookahead`.
    pub exact: bool,
    /// Give up after this many classic placements plus lookahead nodes (over the whole call).
    pub node_limit: Option<u64>,
}

impl Default for SearchOptions {
    /// All prunings on, no node limit.
    fn default() -> Self {
        SearchOptions {
            same_shape_order: true,
            dead_cells: true,
            lookahead: true,
            exact: false,
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
            lookahead: false,
            exact: false,
            node_limit: None,
        }
    }

    /// All prunings on, and the exact lookahead: the mode that finishes the hard benchmark maps.
    pub fn exact() -> Self {
        SearchOptions {
            exact: true,
            ..SearchOptions::default()
        }
    }
}

/// How a search at one size ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum SizeStatus {
    /// An arrangement was found (the first in classic order).
    Found,
    /// No arrangement exists at this size.
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
    /// Classic placements made (search nodes).
    pub nodes: u64,
    /// Nodes of the packing lookahead.
    pub lookahead_nodes: u64,
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
    /// Classic placements over all sizes.
    pub fn nodes(&self) -> u64 {
        self.sizes.iter().map(|s| s.nodes).sum()
    }

    /// Lookahead nodes over all sizes.
    pub fn lookahead_nodes(&self) -> u64 {
        self.sizes.iter().map(|s| s.lookahead_nodes).sum()
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
            *b = b.saturating_sub(result.nodes + result.lookahead_nodes);
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
/// With the lookahead on and `exact` off, the search without lookahead gets the first
/// [`LOOKAHEAD_AFTER`] nodes (most sizes end in a few dozen, where a lookahead costs more than
/// it saves), then the budgeted search runs from the start; if it has not ended after
/// [`EXACT_AFTER`] nodes the size is searched again from the start in exact mode, which bounds
/// the worst case. Every mode gives the classic answer.
///
/// Panics if `side > MAX_SIDE` (32).
pub fn solve_size_with(pieces: &[Piece], side: usize, options: &SearchOptions) -> SizeSearch {
    if !options.lookahead || options.exact {
        return solve_size_once(pieces, side, options);
    }
    let limit = options.node_limit.unwrap_or(u64::MAX);
    // A size the bounds rule out goes straight to the search that checks them, at no node.
    if !(fits_at_all(pieces, side) && lattice_bounds_allow(pieces, side)) {
        return solve_size_budgeted(pieces, side, options);
    }
    let quick = solve_size_once(
        pieces,
        side,
        &SearchOptions {
            lookahead: false,
            node_limit: Some(limit.min(LOOKAHEAD_AFTER)),
            ..*options
        },
    );
    if quick.status != SizeStatus::LimitReached || quick.nodes >= limit {
        return quick;
    }
    let mut rest = solve_size_budgeted(
        pieces,
        side,
        &SearchOptions {
            node_limit: options.node_limit.map(|l| l - quick.nodes),
            ..*options
        },
    );
    rest.nodes += quick.nodes;
    rest
}

/// Nodes the search without lookahead may take at one size before [`solve_size_with`] starts
/// the search with it. Measured over the public inputs and the fixtures, every size from the
/// first to the answer's, the native search alone (a throwaway timing of `solve_size_with`,
/// best of 15): 100 nodes 13.6 ms in all against 15.5 with the lookahead from the start
/// (bleplat_sample3 0.25 → 0.015 ms, random_26a 0.85 → 0.011), 1,000 nodes 15.2; the plain
/// search costs about 0.4 µs a node on the larger inputs, which the lookahead saves past that.
pub const LOOKAHEAD_AFTER: u64 = 100;

/// The budgeted search with lookahead of [`solve_size_with`], then exact mode.
fn solve_size_budgeted(pieces: &[Piece], side: usize, options: &SearchOptions) -> SizeSearch {
    let limit = options.node_limit.unwrap_or(u64::MAX);
    let first = solve_size_once(
        pieces,
        side,
        &SearchOptions {
            node_limit: Some(limit.min(EXACT_AFTER)),
            ..*options
        },
    );
    let used = first.nodes + first.lookahead_nodes;
    if first.status != SizeStatus::LimitReached || used >= limit {
        return first;
    }
    let mut second = solve_size_once(
        pieces,
        side,
        &SearchOptions {
            exact: true,
            node_limit: options.node_limit.map(|l| l - used),
            ..*options
        },
    );
    second.nodes += first.nodes;
    second.lookahead_nodes += first.lookahead_nodes;
    second
}

/// Nodes (classic placements plus lookahead nodes) the budgeted search may take at one size
/// before [`solve_size_with`] switches to exact mode.
pub const EXACT_AFTER: u64 = 50_000;

/// One search of one size in the mode `options` says.
fn solve_size_once(pieces: &[Piece], side: usize, options: &SearchOptions) -> SizeSearch {
    assert!(
        side <= MAX_SIDE,
        "side {side} exceeds the supported {MAX_SIDE}"
    );
    let mut search = Search::new(pieces, side, options);
    let fits_at_all = fits_at_all(pieces, side);
    let exact = options.exact && options.lookahead;
    let root_budget = if exact {
        u64::MAX
    } else {
        ROOT_LOOKAHEAD_BUDGET
    };
    let root = if fits_at_all && options.lookahead && lattice_bounds_allow(pieces, side) {
        search.lookahead(pieces.len(), root_budget)
    } else if fits_at_all && !options.lookahead {
        None
    } else {
        Some(false)
    };
    let status = if root == Some(false) {
        SizeStatus::Exhausted
    } else if exact && root.is_none() {
        SizeStatus::LimitReached
    } else {
        let run = if exact {
            search.place_exact()
        } else {
            search.place(0)
        };
        match run {
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
        lookahead_nodes: search.lookahead_nodes,
    }
}

struct LimitReached;

/// Whether the pieces have the area and each its width and height in a `side` square.
fn fits_at_all(pieces: &[Piece], side: usize) -> bool {
    pieces.len() * 4 <= side * side
        && pieces
            .iter()
            .all(|p| p.width() <= side && p.height() <= side)
}

/// Lattices `(row period, column period)` used by [`lattice_bounds_allow`].
const LATTICES: [(usize, usize); 7] = [(2, 2), (2, 1), (1, 2), (3, 1), (1, 3), (4, 1), (1, 4)];

/// A counting bound checked before searching a size: mark the cells `(r, c)` with
/// `r ≡ a (mod p)` and `c ≡ b (mod q)`; wherever a shape is placed it covers at least some
/// number of marked cells, and pieces never share cells, so these minimums must add up to at
/// most the number of marked cells. (For instance 26 squares do not fit in 11×11: mark the cells
/// with odd row and odd column; there are 25 and every square covers one.)
///
/// Whether a cell is marked depends only on its row modulo `p` and column modulo `q`, so the
/// least a piece covers is found among its placements in the first `p` rows and `q` columns
/// (those that fit in the square), and the marked cells are counted per row and column.
fn lattice_bounds_allow(pieces: &[Piece], side: usize) -> bool {
    // Each piece's cells, height and width.
    let shapes: Vec<_> = pieces
        .iter()
        .map(|piece| (piece.cells(), piece.height(), piece.width()))
        .collect();
    // How many of `0..side` are `a` modulo `m`.
    let along = |a: usize, m: usize| (side + m - 1 - a) / m;
    for (p, q) in LATTICES {
        for a in 0..p.min(side) {
            for b in 0..q.min(side) {
                let marked = |r: usize, c: usize| r % p == a && c % q == b;
                let available = along(a, p) * along(b, q);
                let mut needed = 0;
                for (cells, height, width) in &shapes {
                    let least = (0..(side + 1 - height).min(p))
                        .flat_map(|r| (0..(side + 1 - width).min(q)).map(move |c| (r, c)))
                        .map(|(r, c)| {
                            cells
                                .iter()
                                .filter(|&&(dr, dc)| marked(r + dr, c + dc))
                                .count()
                        })
                        .min()
                        .unwrap_or(0);
                    needed += least;
                }
                if needed > available {
                    return false;
                }
            }
        }
    }
    true
}

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

/// Number of colourings used by the parity test.
const COLOURINGS: usize = 3;

/// The colour (`+1` / `−1`) of cell `(r, c)` under colouring `k`: checkerboard, column
/// stripes, row stripes.
fn colour(k: usize, r: usize, c: usize) -> i32 {
    let parity = match k {
        0 => r + c,
        1 => c,
        _ => r,
    };
    if parity % 2 == 0 {
        1
    } else {
        -1
    }
}

/// A shape's data for the pruning tests.
#[derive(Clone, Copy)]
struct ShapeData {
    /// The cells as an 8×8 mask (bit `8·row + col`).
    mask: u64,
    rows: [u32; 4],
    width: usize,
    height: usize,
    cells: [(usize, usize); 4],
    /// Column of the shape's first cell (in reading order) on its top row.
    anchor: usize,
    /// Colour sum of the shape placed at `(0, 0)`, per colouring (`0`, `±2` or `±4`). Placed at
    /// `(r, c)` it is multiplied by `colour(k, r, c)`.
    balance: [i32; COLOURINGS],
}

/// Saturating coverage counters kept per cell by the packing search (counts 0 to 4+).
const PLANES: usize = 4;

/// Regions of this many cells or more are never counted as (partly) dead.
const SMALL_REGION: usize = 8;

struct Search {
    side: usize,
    full: u32,
    board: [u32; ROWS],
    pieces: Vec<PieceData>,
    pos: Vec<usize>,
    nodes: u64,
    lookahead_nodes: u64,
    limit: u64,
    dead_cells: bool,
    lookahead: bool,
    /// A lower bound on the empty cells that must stay empty.
    dead: usize,
    /// `side² − 4·pieces`: how many cells may stay empty.
    slack: usize,
    /// Pieces not yet placed, per shape.
    remaining: [u8; 19],
    shapes: [ShapeData; 19],
    /// Colour sum of the empty cells, per colouring.
    balance: [i32; COLOURINGS],
    /// Packing states proven to hold no packing (board and remaining shapes, see
    /// [`Search::memo_key`]), with the most cells allowed to stay empty under which that was
    /// shown (fewer allowed empty cells can only make it harder). Whether the remaining pieces
    /// fit into the empty cells does not depend on how the board was reached, so the entries
    /// stay true for the whole search of one size.
    failed: Memo<(u128, u128)>,
    /// The same for boards of 129 to 256 cells.
    failed_large: Memo<([u128; 2], u128)>,
}

/// A failure memo: packing state → most cells allowed empty under which it has no packing.
type Memo<K> = HashMap<K, u8, BuildHasherDefault<KeyHasher>>;

/// Records that `key` has no packing with `skips` cells allowed empty, clearing the memo when it
/// is full.
fn remember<K: std::hash::Hash + Eq>(memo: &mut Memo<K>, key: K, skips: usize) {
    if memo.len() >= MEMO_CAPACITY {
        memo.clear();
    }
    let entry = memo.entry(key).or_insert(0);
    *entry = (*entry).max(skips.min(usize::from(u8::MAX)) as u8);
}

/// Entries kept in the failure memo before it is cleared (about 50 bytes each).
const MEMO_CAPACITY: usize = 4_000_000;

/// A small multiplicative hasher for the memo keys (the default SipHash costs more than the
/// packing node it saves).
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_u128(&mut self, x: u128) {
        self.write_u64(x as u64);
        self.write_u64((x >> 64) as u64);
    }
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
        let shapes = Shape::ALL.map(|s| {
            let p = s.piece();
            let cells = p.cells();
            ShapeData {
                mask: cells
                    .iter()
                    .fold(0u64, |acc, &(r, c)| acc | 1 << (8 * r + c)),
                rows: [p.row_mask(0), p.row_mask(1), p.row_mask(2), p.row_mask(3)],
                width: p.width(),
                height: p.height(),
                cells,
                anchor: p.row_mask(0).trailing_zeros() as usize,
                balance: std::array::from_fn(|k| cells.iter().map(|&(r, c)| colour(k, r, c)).sum()),
            }
        });
        let balance = std::array::from_fn(|k| {
            (0..side)
                .flat_map(|r| (0..side).map(move |c| colour(k, r, c)))
                .sum()
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
            lookahead_nodes: 0,
            limit: options.node_limit.unwrap_or(u64::MAX),
            dead_cells: options.dead_cells,
            lookahead: options.lookahead,
            dead: 0,
            slack: (side * side).saturating_sub(4 * pieces.len()),
            remaining,
            shapes,
            balance,
            failed: HashMap::default(),
            failed_large: HashMap::default(),
        }
    }

    fn budget_left(&self) -> bool {
        self.nodes + self.lookahead_nodes < self.limit
    }

    /// Marks (or, with `sign = -1`, unmarks) the cells `m` (rows from `r`) of a shape placed at
    /// `(r, c)`, keeping the colour sums of the empty cells up to date.
    fn toggle(&mut self, shape: usize, r: usize, c: usize, m: &[u32; 4], sign: i32) {
        for (i, mi) in m.iter().enumerate() {
            self.board[r + i] ^= mi;
        }
        for k in 0..COLOURINGS {
            self.balance[k] -= sign * self.shapes[shape].balance[k] * colour(k, r, c);
        }
    }

    /// The classic search with a complete lookahead, once the lookahead has shown that the
    /// empty board holds the pieces: each piece in input order takes its first position (in
    /// classic order, after its latest identical predecessor) after which the remaining pieces
    /// can still be packed. Proof that this is the classic answer `X` (the smallest tuple of
    /// positions): by induction the pieces before `k` sit where `X` puts them; a position
    /// `p < X_k` after which a packing exists would give an arrangement smaller than `X`, so the
    /// lookahead rejects every such `p`, and it accepts `X_k` (`X` itself is a packing). So this
    /// is exactly the classic search with a pruning that only removes subtrees holding no
    /// arrangement at all, and it never backtracks. Identical pieces: in `X` they appear in
    /// increasing position order (swapping two of them gives an arrangement, smaller if they
    /// were out of order), so starting after the predecessor's position skips nothing of `X`.
    /// `Ok(false)` cannot happen when the lookahead is complete; it is returned rather than
    /// trusted if it ever did.
    fn place_exact(&mut self) -> Result<bool, LimitReached> {
        for k in 0..self.pieces.len() {
            let p = self.pieces[k];
            if p.width > self.side || p.height > self.side {
                return Ok(false);
            }
            let start = match p.previous_same {
                Some(j) => self.pos[j] + 1,
                None => 0,
            };
            self.remaining[p.shape] -= 1;
            let left = self.pieces.len() - k - 1;
            let mut placed = false;
            'rows: for r in start / self.side..=self.side - p.height {
                let mut fits = self.fitting_columns(&p, r);
                if r == start / self.side {
                    fits &= u32::MAX << (start % self.side);
                }
                while fits != 0 {
                    let c = fits.trailing_zeros() as usize;
                    fits &= fits - 1;
                    if !self.budget_left() {
                        return Err(LimitReached);
                    }
                    self.nodes += 1;
                    let m = p.rows.map(|x| x << c);
                    self.toggle(p.shape, r, c, &m, 1);
                    match self.lookahead(left, u64::MAX) {
                        Some(true) => {
                            self.pos[k] = r * self.side + c;
                            placed = true;
                            break 'rows;
                        }
                        Some(false) => self.toggle(p.shape, r, c, &m, -1),
                        None => return Err(LimitReached),
                    }
                }
            }
            if !placed {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// The columns (as bits) where piece `p` fits with its top on row `r`, all at once: column
    /// `c` is blocked when some cell `(r + i, c + b)` of the piece is occupied, or the piece
    /// would stick out on the right.
    #[inline]
    fn fitting_columns(&self, p: &PieceData, r: usize) -> u32 {
        let mut blocked = 0u32;
        for i in 0..p.height {
            let (mut bits, row) = (p.rows[i], self.board[r + i]);
            while bits != 0 {
                blocked |= row >> bits.trailing_zeros();
                bits &= bits - 1;
            }
        }
        !blocked & columns_up_to(self.side - p.width)
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
        for r in r0..=self.side - p.height {
            let mut fits = self.fitting_columns(&p, r);
            if r == r0 {
                fits &= u32::MAX << c0;
            }
            while fits != 0 {
                let c = fits.trailing_zeros() as usize;
                fits &= fits - 1;
                if !self.budget_left() {
                    return Err(LimitReached);
                }
                self.nodes += 1;
                let m = p.rows.map(|x| x << c);
                self.toggle(p.shape, r, c, &m, 1);
                self.pos[k] = r * self.side + c;
                let newly = if self.dead_cells {
                    self.newly_dead(r, &m, p.height)
                } else {
                    0
                };
                let left = self.pieces.len() - k - 1;
                let cut = (self.dead_cells
                    && (self.dead + newly > self.slack
                        || (self.dead + newly == self.slack
                            && left > 0
                            && self.uncoverable_cell_in_large_region())))
                    || (self.lookahead
                        && left >= LOOKAHEAD_MIN_PIECES
                        && self.lookahead(left, NODE_LOOKAHEAD_BUDGET) == Some(false));
                let found = if cut {
                    false
                } else {
                    self.dead += newly;
                    let found = self.place(k + 1)?;
                    self.dead -= newly;
                    found
                };
                if found {
                    return Ok(true);
                }
                self.toggle(p.shape, r, c, &m, -1);
            }
        }
        self.remaining[p.shape] += 1;
        Ok(false)
    }

    /// Whether the `left` remaining pieces (counted in `remaining`) can be packed into the empty
    /// cells, ignoring the classic order, within `budget` lookahead nodes (`None`: undecided).
    fn lookahead(&mut self, left: usize, budget: u64) -> Option<bool> {
        let budget = budget.min(self.limit.saturating_sub(self.nodes + self.lookahead_nodes));
        let mut budget_left = budget;
        let result = self.pack(left, self.slack, &mut budget_left);
        self.lookahead_nodes += budget - budget_left;
        result.ok()
    }

    /// The packing search. Each node first computes, bit-parallel, how many placements of
    /// remaining shapes cover each empty cell (0, 1, or more): more uncoverable cells than
    /// `skips` (cells that may still stay empty) means no packing. When no cell may stay empty
    /// and some cell has exactly one covering placement, that placement is forced. Otherwise the
    /// first empty cell in reading order is either covered by a remaining shape (anchored on the
    /// shape's first cell) or left empty. `Err(())` when the budget ran out. Leaves the board as
    /// it found it.
    fn pack(&mut self, left: usize, skips: usize, budget: &mut u64) -> Result<bool, ()> {
        if left == 0 {
            return Ok(true);
        }
        if self.side * self.side > 128 {
            return self.pack_large(left, skips, budget);
        }
        let key = self.memo_key();
        self.pack_memoized(key, |s| &mut s.failed, left, skips, budget)
    }

    /// [`Search::pack_node`] behind the memo `memo` picks: a state already proven to fail with
    /// at least `skips` spare cells fails at once, and a new failure is remembered.
    fn pack_memoized<K: std::hash::Hash + Eq>(
        &mut self,
        key: K,
        memo: fn(&mut Self) -> &mut Memo<K>,
        left: usize,
        skips: usize,
        budget: &mut u64,
    ) -> Result<bool, ()> {
        if memo(self)
            .get(&key)
            .is_some_and(|&s| usize::from(s) >= skips)
        {
            return Ok(false);
        }
        let result = self.pack_node(left, skips, budget);
        if result == Ok(false) {
            remember(memo(self), key, skips);
        }
        result
    }

    /// [`Search::pack`] on boards of 129 to 256 cells (sides 12 to 16), with a wider key, kept
    /// apart because the wider key costs about 40 % more time on the common sides. Larger
    /// boards go without memo: the square has room to spare there and the search is short.
    fn pack_large(&mut self, left: usize, skips: usize, budget: &mut u64) -> Result<bool, ()> {
        if self.side * self.side > 256 {
            return self.pack_node(left, skips, budget);
        }
        let mut cells = [0u128; 2];
        for r in 0..self.side {
            let bit = r * self.side;
            let row = u128::from(self.board[r]);
            cells[bit / 128] |= row << (bit % 128);
            if bit % 128 + self.side > 128 {
                cells[bit / 128 + 1] |= row >> (128 - bit % 128);
            }
        }
        let key = (cells, self.memo_key().1);
        self.pack_memoized(key, |s| &mut s.failed_large, left, skips, budget)
    }

    /// The packing state as a memo key: the board's cells (bit `side·r + c`, meaningful when the
    /// board has at most 128 cells) and the remaining count of each shape (5 bits each).
    fn memo_key(&self) -> (u128, u128) {
        let mut cells = 0u128;
        if self.side * self.side <= 128 {
            for r in (0..self.side).rev() {
                cells = cells << self.side | u128::from(self.board[r]);
            }
        }
        let counts = self
            .remaining
            .iter()
            .fold(0u128, |acc, &n| acc << 5 | u128::from(n));
        (cells, counts)
    }

    /// One node of [`Search::pack`], below its memo.
    #[allow(clippy::needless_range_loop)] // rows index several parallel arrays
    fn pack_node(&mut self, left: usize, skips: usize, budget: &mut u64) -> Result<bool, ()> {
        if *budget == 0 {
            return Err(());
        }
        *budget -= 1;
        if skips == 0 && !self.parity_allows_exact_cover() {
            return Ok(false);
        }
        let side = self.side;
        let at_least = self.coverage();
        let mut uncovered = 0;
        // The empty cell with the fewest covering placements (fewer than PLANES), if any.
        let mut best: Option<(usize, usize, usize)> = None;
        for r in 0..side {
            let empty = !self.board[r] & self.full;
            uncovered += (empty & !at_least[0][r]).count_ones() as usize;
            if skips == 0 {
                for j in 1..PLANES {
                    if best.is_some_and(|(n, _, _)| n <= j) {
                        break;
                    }
                    let exactly = empty & at_least[j - 1][r] & !at_least[j][r];
                    if exactly != 0 {
                        best = Some((j, r, exactly.trailing_zeros() as usize));
                        break;
                    }
                }
            }
        }
        if uncovered > skips || self.forced_empty() > skips {
            return Ok(false);
        }
        if let Some((_, r, c)) = best {
            // Exact cover: branch on every placement covering the most constrained cell.
            for s in 0..self.shapes.len() {
                if self.remaining[s] == 0 {
                    continue;
                }
                let shape = self.shapes[s];
                for &(dr, dc) in &shape.cells {
                    if dr > r || dc > c {
                        continue;
                    }
                    let (top, left_col) = (r - dr, c - dc);
                    if top + shape.height > side || left_col + shape.width > side {
                        continue;
                    }
                    let m = shape.rows.map(|x| x << left_col);
                    if (0..shape.height).any(|i| self.board[top + i] & m[i] != 0) {
                        continue;
                    }
                    self.toggle(s, top, left_col, &m, 1);
                    self.remaining[s] -= 1;
                    let result = self.pack(left - 1, 0, budget);
                    self.remaining[s] += 1;
                    self.toggle(s, top, left_col, &m, -1);
                    if result != Ok(false) {
                        return result;
                    }
                }
            }
            return Ok(false);
        }
        let Some(r) = (0..side).find(|&r| self.board[r] != self.full) else {
            return Ok(false);
        };
        let c = self.board[r].trailing_ones() as usize;
        for s in 0..self.shapes.len() {
            if self.remaining[s] == 0 {
                continue;
            }
            let shape = self.shapes[s];
            if c < shape.anchor {
                continue;
            }
            let left_col = c - shape.anchor;
            if left_col + shape.width > side || r + shape.height > side {
                continue;
            }
            let m = shape.rows.map(|x| x << left_col);
            if (0..shape.height).any(|i| self.board[r + i] & m[i] != 0) {
                continue;
            }
            self.toggle(s, r, left_col, &m, 1);
            self.remaining[s] -= 1;
            let result = self.pack(left - 1, skips, budget);
            self.remaining[s] += 1;
            self.toggle(s, r, left_col, &m, -1);
            if result != Ok(false) {
                return result;
            }
        }
        if skips > 0 {
            self.board[r] |= 1 << c;
            for k in 0..COLOURINGS {
                self.balance[k] -= colour(k, r, c);
            }
            let result = self.pack(left, skips - 1, budget);
            for k in 0..COLOURINGS {
                self.balance[k] += colour(k, r, c);
            }
            self.board[r] &= !(1 << c);
            return result;
        }
        Ok(false)
    }

    /// A lower bound on the empty cells that must stay empty because of region sizes: a
    /// region of `n` empty cells holds at most `n / 4` pieces, so `n mod 4` of its cells stay
    /// empty. Regions are found with a bit-parallel flood fill.
    #[allow(clippy::needless_range_loop)] // rows index several parallel arrays
    fn forced_empty(&self) -> usize {
        let side = self.side;
        let mut todo = [0u32; ROWS];
        for r in 0..side {
            todo[r] = !self.board[r] & self.full;
        }
        let mut total = 0;
        for start in 0..side {
            while todo[start] != 0 {
                let mut region = [0u32; ROWS];
                region[start] = todo[start] & todo[start].wrapping_neg();
                let (mut lo, mut hi) = (start, start);
                loop {
                    let mut changed = false;
                    let from = lo.saturating_sub(1);
                    let to = (hi + 1).min(side - 1);
                    for i in from..=to {
                        let up = if i > 0 { region[i - 1] } else { 0 };
                        let x = region[i];
                        let mut grown = (x | x << 1 | x >> 1 | up | region[i + 1]) & todo[i];
                        // Spread along the row within the empty run at once.
                        loop {
                            let wider = (grown | grown << 1 | grown >> 1) & todo[i];
                            if wider == grown {
                                break;
                            }
                            grown = wider;
                        }
                        if grown != x {
                            region[i] = grown;
                            changed = true;
                            lo = lo.min(i);
                            hi = hi.max(i);
                        }
                    }
                    if !changed {
                        break;
                    }
                }
                let mut size = 0;
                for i in lo..=hi {
                    size += region[i].count_ones() as usize;
                    todo[i] &= !region[i];
                }
                total += size % 4;
            }
        }
        total
    }

    /// Per row, the empty cells covered by at least `j + 1` placements of remaining shapes,
    /// for `j` in `0..PLANES` (saturating unary counters).
    fn coverage(&self) -> [[u32; ROWS]; PLANES] {
        let mut at_least = [[0u32; ROWS]; PLANES];
        self.for_each_fitting_row(|shape, r, fits| {
            // For one cell offset, the placements of one row cover distinct cells, so the
            // whole row of placements is added to the counters at once.
            for &(i, b) in &shape.cells {
                let x = fits << b;
                for j in (1..PLANES).rev() {
                    at_least[j][r + i] |= at_least[j - 1][r + i] & x;
                }
                at_least[0][r + i] |= x;
            }
        });
        at_least
    }

    /// Calls `f(shape, row, fits)` for every remaining shape and every row where it fits
    /// somewhere on the empty cells; `fits` has a bit per column where its box's left edge may
    /// go.
    fn for_each_fitting_row(&self, mut f: impl FnMut(&ShapeData, usize, u32)) {
        let side = self.side;
        for (s, shape) in self.shapes.iter().enumerate() {
            if self.remaining[s] == 0 || shape.width > side || shape.height > side {
                continue;
            }
            let col_range = columns_up_to(side - shape.width);
            for r in 0..=side - shape.height {
                let mut blocked = 0u32;
                for &(i, b) in &shape.cells {
                    blocked |= self.board[r + i] >> b;
                }
                let fits = !blocked & col_range;
                if fits != 0 {
                    f(shape, r, fits);
                }
            }
        }
    }

    /// When the remaining pieces must cover every empty cell exactly: for each colouring, the
    /// empty cells' colour sum must be reachable as a sum of the remaining pieces' balances,
    /// each of which can take either sign (by position).
    fn parity_allows_exact_cover(&self) -> bool {
        (0..COLOURINGS).all(|k| {
            let (mut twos, mut fours) = (0i32, 0i32);
            for (s, &n) in self.remaining.iter().enumerate() {
                match self.shapes[s].balance[k].abs() {
                    2 => twos += i32::from(n),
                    4 => fours += i32::from(n),
                    _ => {}
                }
            }
            // Sums of `fours` terms ±4 are 4·fours − 8j; sums of `twos` terms ±2 are every
            // value of the parity of 2·twos (mod 4) within ±2·twos.
            (0..=fours).any(|j| {
                let rest = self.balance[k] - (4 * fours - 8 * j);
                rest.abs() <= 2 * twos && (rest - 2 * twos).rem_euclid(4) == 0
            })
        })
    }

    /// Whether some empty cell lies in a large region (one the dead-cell bound counts as 0)
    /// and yet no remaining piece can cover it. Such a cell is one more cell that must stay
    /// empty, so when the bound already equals the slack the branch holds no solution.
    ///
    /// Coverage is computed bit-parallel: for each remaining shape, the columns where it fits
    /// on each row, spread over the shape's cells.
    #[allow(clippy::needless_range_loop)] // rows index several parallel arrays
    fn uncoverable_cell_in_large_region(&self) -> bool {
        let mut cover = [0u32; ROWS];
        self.for_each_fitting_row(|shape, r, fits| {
            for &(i, b) in &shape.cells {
                cover[r + i] |= fits << b;
            }
        });
        for r in 0..self.side {
            let mut uncovered = !self.board[r] & self.full & !cover[r];
            while uncovered != 0 {
                let c = uncovered.trailing_zeros();
                uncovered &= uncovered - 1;
                if self.region(r, c).size >= SMALL_REGION {
                    return true;
                }
            }
        }
        false
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
        // `seen[i]` covers board row `r + i - 1` (rows r-1 ..= r+height).
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
                for (i, s) in seen.iter_mut().enumerate() {
                    // Board row `r + i - 1`, window row `r + i - 1 - region.base`.
                    if r + i > region.base && r + i <= region.base + WINDOW {
                        *s |= region.rows[r + i - 1 - region.base];
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
        let rows_in = (base + WINDOW).min(self.side) - base;
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
        for (s, shape) in self.shapes.iter().enumerate() {
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

/// The mask of columns `0..=last`.
fn columns_up_to(last: usize) -> u32 {
    if last >= 31 {
        u32::MAX
    } else {
        (2u32 << last) - 1
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The bound as its comment states it: every placement of every piece, every cell.
    fn every_placement_counted(pieces: &[Piece], side: usize) -> bool {
        LATTICES.iter().all(|&(p, q)| {
            (0..p).all(|a| {
                (0..q).all(|b| {
                    let marked = |r: usize, c: usize| r % p == a && c % q == b;
                    let available = (0..side * side)
                        .filter(|i| marked(i / side, i % side))
                        .count();
                    let needed: usize = pieces
                        .iter()
                        .map(|piece| {
                            let cells = piece.cells();
                            let mut least = usize::MAX;
                            for r in 0..=side - piece.height() {
                                for c in 0..=side - piece.width() {
                                    let covered = cells
                                        .iter()
                                        .filter(|&&(dr, dc)| marked(r + dr, c + dc))
                                        .count();
                                    least = least.min(covered);
                                }
                            }
                            least
                        })
                        .sum();
                    needed <= available
                })
            })
        })
    }

    #[test]
    fn lattice_bounds_equal_every_placement_counted() {
        let mut ruled_out = 0;
        for (pieces, side) in crate::test_sets::lopsided_sets(0x2545_F491_4F6C_DD1D, 3000) {
            if !fits_at_all(&pieces, side) {
                continue;
            }
            let expected = every_placement_counted(&pieces, side);
            assert_eq!(
                lattice_bounds_allow(&pieces, side),
                expected,
                "{} pieces on {side}x{side}",
                pieces.len()
            );
            ruled_out += usize::from(!expected);
        }
        // The comparison covers sizes the bound rules out, not only ones it allows.
        assert!(ruled_out > 50, "only {ruled_out} sizes ruled out");
    }
}
