//! The native solver, in the seed pattern's order, and a solution counter.
//!
//! Order: at each step take the next free canvas cell in reading order; try the pieces in the
//! options' order (largest area first, equal areas in input order; or input order), each
//! unrotated and then rotated (rotation skipped for squares and when not allowed),
//! skipping used pieces unless reuse is allowed; a candidate fits when, with its top-left
//! corner on that cell, it lies inside the canvas on free cells. Recurse; backtrack when nothing
//! fits. The first complete cover found is returned as the placements in use order.
//!
//! Because pieces always go on the first free cell in reading order, the filled cells form a
//! skyline: every column is filled from the top down to some height. The state is just the
//! column heights (plus which pieces are used); the next free cell is the leftmost column of
//! least height, and a `w × h` piece fits there exactly when the run of columns of that same
//! height starting there is at least `w` long and the height plus `h` stays within the canvas.
//! Each fit test is O(1).
//!
//! Prunings that never change the first solution found (each cuts only branches that hold no
//! solution, or whose solutions are all preceded by an equivalent one already explored):
//! - the canvas area must be a sum of piece areas (checked once, by subset sums);
//! - the unused pieces' total area must cover the free area (without reuse);
//! - at one step, a piece whose size equals that of an earlier candidate piece at the same step
//!   (also up to rotation, when rotation is allowed) is skipped: swapping the two pieces maps
//!   its subtree onto the earlier one's, which was explored first and had no solution;
//! - a memo of states (heights, used pieces) already proven to have no completion.
//!
//! [`count`] explores everything (no size-equivalence skipping) and memoizes completion
//! counts per state.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use serde::Serialize;

use crate::{Options, PieceOrder, Placement, Puzzle};

/// Most states remembered by the memo; beyond that, new states are not stored.
const MEMO_CAPACITY: usize = 1 << 22;

/// Search statistics.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Stats {
    /// Placements made.
    pub nodes: u64,
    /// States found in the memo.
    pub memo_hits: u64,
}

/// The first solution in the seed's order, or `None` if the canvas cannot be covered.
///
/// ```
/// use backref_rectangles::{parse, solve, Options};
/// let puzzle = parse("aa\naa\n\nbb\n\nc\n\nddd\n\n~~~\n~~~\n").unwrap();
/// let placements = solve(&puzzle, &Options::default()).unwrap();
/// let used: Vec<(usize, bool)> = placements.iter().map(|p| (p.piece, p.rotated)).collect();
/// assert_eq!(used, vec![(0, false), (1, true)]);
/// ```
pub fn solve(puzzle: &Puzzle, options: &Options) -> Option<Vec<Placement>> {
    solve_with_stats(puzzle, options).0
}

/// [`solve`] with search statistics.
pub fn solve_with_stats(puzzle: &Puzzle, options: &Options) -> (Option<Vec<Placement>>, Stats) {
    let mut search = Search::new(puzzle, options, Mode::First);
    if !search.area_reachable() {
        return (None, search.stats);
    }
    let found = search.run();
    (found.then(|| search.path()), search.stats)
}

/// Number of solutions (distinct placement lists in the seed's order), stopping at `cap`: the
/// result is `min(count, cap)`. Pieces of equal size count as different solutions, as distinct
/// matches of the seed pattern would.
pub fn count(puzzle: &Puzzle, options: &Options, cap: u64) -> u64 {
    if cap == 0 {
        return 0;
    }
    let mut search = Search::new(puzzle, options, Mode::Count { cap });
    if !search.area_reachable() {
        return 0;
    }
    search.run();
    search.total.min(cap)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    First,
    Count { cap: u64 },
}

/// One level of the depth-first search.
struct Frame {
    row: u32,
    col: usize,
    run: usize,
    /// Next candidate: `2 · piece + rotated`.
    next: usize,
    /// The child placement currently applied: piece, rotated, width, height.
    placed: Option<(usize, bool, usize, usize)>,
    /// Sizes already tried at this level (for the equivalence skip).
    tried: Vec<(usize, usize)>,
    /// Memo key of the state this frame searches.
    key: Option<Vec<u32>>,
    /// Completions counted below this frame (count mode).
    count: u64,
}

struct Search<'a> {
    puzzle: &'a Puzzle,
    /// Piece numbers in try order.
    order: Vec<usize>,
    options: Options,
    mode: Mode,
    heights: Vec<u32>,
    used: Vec<bool>,
    free_area: usize,
    unused_area: usize,
    frames: Vec<Frame>,
    memo: HashMap<Vec<u32>, u64, BuildHasherDefault<MixHasher>>,
    stats: Stats,
    total: u64,
}

impl<'a> Search<'a> {
    fn new(puzzle: &'a Puzzle, options: &Options, mode: Mode) -> Search<'a> {
        let mut order: Vec<usize> = (0..puzzle.pieces.len()).collect();
        if options.order == PieceOrder::Area {
            order.sort_by_key(|&i| {
                std::cmp::Reverse(puzzle.pieces[i].width * puzzle.pieces[i].height)
            });
        }
        Search {
            puzzle,
            order,
            options: *options,
            mode,
            heights: vec![0; puzzle.canvas.width],
            used: vec![false; puzzle.pieces.len()],
            free_area: puzzle.canvas.area(),
            unused_area: puzzle.pieces.iter().map(|p| p.area()).sum(),
            frames: Vec::new(),
            memo: HashMap::default(),
            stats: Stats::default(),
            total: 0,
        }
    }

    /// Whether some multiset of piece areas (each piece once, or any number of times with
    /// reuse) sums to the canvas area.
    fn area_reachable(&self) -> bool {
        let target = self.puzzle.canvas.area();
        let mut reach = vec![false; target + 1];
        reach[0] = true;
        for piece in &self.puzzle.pieces {
            let a = piece.area();
            if a == 0 || a > target {
                continue;
            }
            if self.options.allow_reuse {
                for s in a..=target {
                    reach[s] |= reach[s - a];
                }
            } else {
                for s in (a..=target).rev() {
                    reach[s] |= reach[s - a];
                }
            }
        }
        reach[target]
    }

    /// Whether every well can be filled. A well is a maximal run of columns of equal height
    /// that is lower than its neighbours (or the canvas edges). Its bottom row can only be
    /// covered by pieces placed on that row inside the well, side by side, so the well's width
    /// must be a sum of placed widths of distinct available pieces (any number of copies under
    /// reuse) tall enough to fit under the canvas bottom.
    fn wells_fillable(&self) -> bool {
        let height = self.puzzle.canvas.height;
        let hs = &self.heights;
        let mut start = 0;
        while start < hs.len() {
            let h = hs[start];
            let mut end = start + 1;
            while end < hs.len() && hs[end] == h {
                end += 1;
            }
            let lower_left = start == 0 || hs[start - 1] > h;
            let lower_right = end == hs.len() || hs[end] > h;
            if lower_left && lower_right && (h as usize) < height {
                let room = height - h as usize;
                if !self.width_reachable(end - start, room) {
                    return false;
                }
            }
            start = end;
        }
        true
    }

    /// Whether the free parts of the left and right canvas columns can be filled: a piece
    /// covering a cell of the left (right) edge column has its left (right) side on that edge,
    /// so the free length of the column is a sum of placed heights of distinct available pieces
    /// (any number of copies under reuse).
    fn edges_fillable(&self) -> bool {
        let (width, height) = (self.puzzle.canvas.width, self.puzzle.canvas.height);
        [self.heights[0], self.heights[width - 1]]
            .into_iter()
            .all(|h| {
                h as usize == height || self.length_reachable(height - h as usize, width, true)
            })
    }

    /// Whether `width` is a sum of placed widths of available pieces no taller than `room`.
    fn width_reachable(&self, width: usize, room: usize) -> bool {
        self.length_reachable(width, room, false)
    }

    /// Whether `length` is a sum of placed sizes of available pieces, along rows (placed
    /// widths, pieces at most `room` tall) or, when `vertical`, along columns (placed heights,
    /// pieces at most `room` wide).
    fn length_reachable(&self, length: usize, room: usize, vertical: bool) -> bool {
        let sizes = self.puzzle.pieces.iter().enumerate().filter_map(|(i, p)| {
            if self.used[i] {
                return None;
            }
            let (along, across) = if vertical {
                (p.height, p.width)
            } else {
                (p.width, p.height)
            };
            let straight = (across <= room && along <= length).then_some(along);
            let turned = (self.options.allow_rotation
                && !p.is_square()
                && along <= room
                && across <= length)
                .then_some(across);
            Some([straight, turned])
        });
        if length < 128 {
            // Bit `s` set: `s` is reachable.
            let target = 1u128 << length;
            let mut reach = 1u128;
            for options in sizes {
                let mut next = reach;
                for w in options.into_iter().flatten() {
                    if self.options.allow_reuse {
                        let mut shifted = reach;
                        loop {
                            let grown = shifted | (shifted << w);
                            if grown == shifted {
                                break;
                            }
                            shifted = grown;
                        }
                        next |= shifted;
                    } else {
                        next |= reach << w;
                    }
                }
                reach = next;
                if reach & target != 0 {
                    return true;
                }
            }
            return reach & target != 0;
        }
        let mut reach = vec![false; length + 1];
        reach[0] = true;
        for options in sizes {
            if self.options.allow_reuse {
                for w in options.into_iter().flatten() {
                    for s in w..=length {
                        reach[s] |= reach[s - w];
                    }
                }
            } else {
                for s in (1..=length).rev() {
                    for w in options.into_iter().flatten() {
                        if w <= s && reach[s - w] {
                            reach[s] = true;
                        }
                    }
                }
            }
            if reach[length] {
                return true;
            }
        }
        reach[length]
    }

    fn key(&self) -> Vec<u32> {
        let mut key = self.heights.clone();
        if !self.options.allow_reuse {
            for chunk in self.used.chunks(32) {
                key.push(
                    chunk
                        .iter()
                        .enumerate()
                        .fold(0u32, |acc, (i, &u)| acc | u32::from(u) << i),
                );
            }
        }
        key
    }

    /// A frame for the current state, or `None` when the state is complete or known.
    /// Returns `Err(count)` when the state needs no search: complete (1) or memoized.
    fn frame(&mut self) -> Result<Frame, u64> {
        let height = self.puzzle.canvas.height as u32;
        let (col, &row) = self
            .heights
            .iter()
            .enumerate()
            .min_by_key(|&(i, &h)| (h, i))
            .expect("canvas has columns");
        if row == height {
            return Err(1);
        }
        if !self.options.allow_reuse && self.unused_area < self.free_area {
            return Err(0);
        }
        if !self.wells_fillable() || !self.edges_fillable() {
            return Err(0);
        }
        let key = self.key();
        if let Some(&known) = self.memo.get(&key) {
            self.stats.memo_hits += 1;
            return Err(known);
        }
        let run = self.heights[col..]
            .iter()
            .take_while(|&&h| h == row)
            .count();
        Ok(Frame {
            row,
            col,
            run,
            next: 0,
            placed: None,
            tried: Vec::new(),
            key: Some(key),
            count: 0,
        })
    }

    fn apply(&mut self, piece: usize, col: usize, w: usize, h: usize) {
        for x in &mut self.heights[col..col + w] {
            *x += h as u32;
        }
        self.free_area -= w * h;
        if !self.options.allow_reuse {
            self.used[piece] = true;
            self.unused_area -= w * h;
        }
    }

    fn undo(&mut self, piece: usize, col: usize, w: usize, h: usize) {
        for x in &mut self.heights[col..col + w] {
            *x -= h as u32;
        }
        self.free_area += w * h;
        if !self.options.allow_reuse {
            self.used[piece] = false;
            self.unused_area += w * h;
        }
    }

    /// The next fitting candidate of the top frame, advancing its cursor.
    fn next_candidate(&mut self) -> Option<(usize, bool, usize, usize)> {
        let canvas_height = self.puzzle.canvas.height;
        let frame = self.frames.last_mut().expect("a frame");
        while frame.next < 2 * self.puzzle.pieces.len() {
            let rank = frame.next / 2;
            let piece = self.order[rank];
            let rotated = frame.next % 2 == 1;
            frame.next += 1;
            let p = &self.puzzle.pieces[piece];
            if self.used[piece] {
                frame.next = 2 * rank + 2;
                continue;
            }
            if !rotated && self.mode == Mode::First {
                // Size equivalence: an earlier candidate at this step had the same size.
                let size = if self.options.allow_rotation {
                    (p.width.min(p.height), p.width.max(p.height))
                } else {
                    (p.width, p.height)
                };
                if frame.tried.contains(&size) {
                    frame.next = 2 * rank + 2;
                    continue;
                }
                frame.tried.push(size);
            }
            if rotated && (!self.options.allow_rotation || p.is_square()) {
                continue;
            }
            let (w, h) = p.dims(rotated);
            if w <= frame.run && frame.row as usize + h <= canvas_height {
                return Some((piece, rotated, w, h));
            }
        }
        None
    }

    fn capped(&self) -> bool {
        match self.mode {
            Mode::First => false,
            Mode::Count { cap } => self.total >= cap,
        }
    }

    fn remember(&mut self, key: Vec<u32>, value: u64) {
        if self.memo.len() < MEMO_CAPACITY {
            self.memo.insert(key, value);
        }
    }

    /// Runs the search; in first mode returns whether a solution was found (left in the frames).
    fn run(&mut self) -> bool {
        match self.frame() {
            Ok(f) => self.frames.push(f),
            Err(n) => {
                self.total = n;
                return n > 0;
            }
        }
        loop {
            let top = self.frames.len() - 1;
            if let Some((piece, _, w, h)) = self.frames[top].placed.take() {
                let col = self.frames[top].col;
                self.undo(piece, col, w, h);
            }
            if self.capped() {
                return true;
            }
            match self.next_candidate() {
                Some((piece, rotated, w, h)) => {
                    let col = self.frames[top].col;
                    self.apply(piece, col, w, h);
                    self.frames[top].placed = Some((piece, rotated, w, h));
                    self.stats.nodes += 1;
                    match self.frame() {
                        Ok(child) => self.frames.push(child),
                        Err(n) => {
                            if n > 0 && self.mode == Mode::First {
                                return true;
                            }
                            self.frames[top].count += n;
                            self.total += n;
                        }
                    }
                }
                None => {
                    let done = self.frames.pop().expect("a frame");
                    if let Some(key) = done.key {
                        self.remember(key, done.count);
                    }
                    match self.frames.last_mut() {
                        Some(parent) => parent.count += done.count,
                        None => return self.total > 0,
                    }
                }
            }
        }
    }

    /// The placements of the frames, in use order.
    fn path(&self) -> Vec<Placement> {
        self.frames
            .iter()
            .filter_map(|f| {
                f.placed.map(|(piece, rotated, _, _)| Placement {
                    piece,
                    row: f.row as usize,
                    col: f.col,
                    rotated,
                })
            })
            .collect()
    }
}

/// A fast non-cryptographic hasher for the memo's keys (multiply-rotate per word).
#[derive(Default)]
struct MixHasher(u64);

impl Hasher for MixHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u32(&mut self, i: u32) {
        self.write_u64(u64::from(i));
    }

    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x51_7C_C1_B7_27_22_0A_95);
    }

    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }
}
