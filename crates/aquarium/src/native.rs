//! A native aquarium solver: bounds propagation plus backtracking.
//!
//! # Model
//!
//! By the level and settling rules, an aquarium (region id) is fully described by one
//! *level* `k`: list the distinct rows that hold a cell of the region, top to bottom, as
//! `rows[0..h]`; level `k ∈ 0..=h` means rows `rows[k..]` are water and rows `rows[..k]` are
//! empty (`k = h` is an empty aquarium, `k = 0` a full one).
//!
//! Every row and column count is a sum of per-region contributions that are monotone
//! (non-increasing) in the region's level, so the set of levels of one region that can still
//! meet one count, given the other regions' current bounds, is an interval. The solver keeps an
//! interval `[lo, hi]` of levels per region and tightens both ends to a fixpoint (bounds
//! consistency), then branches on the undecided region with the smallest interval.

use crate::{Puzzle, Solution};

/// One region's geometry, precomputed.
#[derive(Debug)]
struct Region {
    /// Distinct rows holding a cell of the region, top to bottom.
    rows: Vec<usize>,
    /// `widths[i]`: cells of the region in `rows[i]`.
    widths: Vec<usize>,
    /// For every column the region touches: the column and `suffix[k]` = cells of the region in
    /// that column whose row index (into `rows`) is ≥ k (so `suffix.len() == h + 1`).
    cols: Vec<(usize, Vec<usize>)>,
}

impl Region {
    fn height(&self) -> usize {
        self.rows.len()
    }
}

#[derive(Debug)]
struct Model {
    n: usize,
    regions: Vec<Region>,
    row_target: Vec<usize>,
    col_target: Vec<usize>,
    /// `owner[y][x]`: index into `regions` of the cell's region.
    owner: Vec<Vec<usize>>,
}

/// The search state: level intervals and the resulting count bounds.
#[derive(Clone, Debug)]
struct State {
    lo: Vec<usize>,
    hi: Vec<usize>,
    /// Water forced in each row (every region at its `hi`).
    row_min: Vec<usize>,
    /// Water possible in each row (every region at its `lo`).
    row_max: Vec<usize>,
    col_min: Vec<usize>,
    col_max: Vec<usize>,
}

impl Model {
    fn new(p: &Puzzle) -> Model {
        let n = p.n();
        let ids = p.region_ids();
        let index_of = |id: u32| ids.binary_search(&id).unwrap_or(0);
        // cells[region] = list of (row, col)
        let mut cells: Vec<Vec<(usize, usize)>> = vec![Vec::new(); ids.len()];
        for (y, row) in p.regions().iter().enumerate() {
            for (x, &id) in row.iter().enumerate() {
                cells[index_of(id)].push((y, x));
            }
        }
        let regions = cells
            .into_iter()
            .map(|cells| {
                let mut rows: Vec<usize> = cells.iter().map(|&(y, _)| y).collect();
                rows.sort_unstable();
                rows.dedup();
                let h = rows.len();
                let row_index = |y: usize| rows.binary_search(&y).unwrap_or(0);
                let mut widths = vec![0; h];
                let mut col_list: Vec<usize> = cells.iter().map(|&(_, x)| x).collect();
                col_list.sort_unstable();
                col_list.dedup();
                let mut cols: Vec<(usize, Vec<usize>)> =
                    col_list.iter().map(|&x| (x, vec![0; h + 1])).collect();
                for &(y, x) in &cells {
                    let i = row_index(y);
                    widths[i] += 1;
                    let c = col_list.binary_search(&x).unwrap_or(0);
                    // The cell counts towards suffix[k] for every k ≤ i.
                    for s in &mut cols[c].1[..=i] {
                        *s += 1;
                    }
                }
                Region { rows, widths, cols }
            })
            .collect();
        Model {
            n,
            regions,
            row_target: p.row_counts().to_vec(),
            col_target: p.col_counts().to_vec(),
            owner: p
                .regions()
                .iter()
                .map(|row| row.iter().map(|&id| index_of(id)).collect())
                .collect(),
        }
    }

    fn initial_state(&self) -> State {
        let mut s = State {
            lo: vec![0; self.regions.len()],
            hi: self.regions.iter().map(Region::height).collect(),
            row_min: vec![0; self.n],
            row_max: vec![0; self.n],
            col_min: vec![0; self.n],
            col_max: vec![0; self.n],
        };
        for (r, reg) in self.regions.iter().enumerate() {
            self.add_bounds(&mut s, r, reg, true);
        }
        s
    }

    /// Adds (`add == true`) or removes region `r`'s contribution at its current bounds.
    fn add_bounds(&self, s: &mut State, r: usize, reg: &Region, add: bool) {
        let (lo, hi) = (s.lo[r], s.hi[r]);
        for (i, &y) in reg.rows.iter().enumerate() {
            let w = reg.widths[i];
            let min = if hi <= i { w } else { 0 };
            let max = if lo <= i { w } else { 0 };
            if add {
                s.row_min[y] += min;
                s.row_max[y] += max;
            } else {
                s.row_min[y] -= min;
                s.row_max[y] -= max;
            }
        }
        for (x, suf) in &reg.cols {
            if add {
                s.col_min[*x] += suf[hi];
                s.col_max[*x] += suf[lo];
            } else {
                s.col_min[*x] -= suf[hi];
                s.col_max[*x] -= suf[lo];
            }
        }
    }

    /// Can region `r` take level `k`, given the other regions' bounds?
    fn feasible(&self, s: &State, r: usize, k: usize) -> bool {
        let reg = &self.regions[r];
        let (lo, hi) = (s.lo[r], s.hi[r]);
        for (i, &y) in reg.rows.iter().enumerate() {
            let w = reg.widths[i];
            let c = if k <= i { w } else { 0 };
            let other_min = s.row_min[y] - if hi <= i { w } else { 0 };
            let other_max = s.row_max[y] - if lo <= i { w } else { 0 };
            let t = self.row_target[y];
            if other_min + c > t || other_max + c < t {
                return false;
            }
        }
        for (x, suf) in &reg.cols {
            let c = suf[k];
            let other_min = s.col_min[*x] - suf[hi];
            let other_max = s.col_max[*x] - suf[lo];
            let t = self.col_target[*x];
            if other_min + c > t || other_max + c < t {
                return false;
            }
        }
        true
    }

    /// Narrows region `r` to `[lo, hi]`, keeping the count bounds in step.
    fn set_bounds(&self, s: &mut State, r: usize, lo: usize, hi: usize) {
        let reg = &self.regions[r];
        self.add_bounds(s, r, reg, false);
        s.lo[r] = lo;
        s.hi[r] = hi;
        self.add_bounds(s, r, reg, true);
    }

    /// Tightens all intervals to a fixpoint; `false` on a contradiction.
    fn propagate(&self, s: &mut State) -> bool {
        loop {
            let mut changed = false;
            for r in 0..self.regions.len() {
                let (mut lo, mut hi) = (s.lo[r], s.hi[r]);
                while lo <= hi && !self.feasible(s, r, lo) {
                    lo += 1;
                }
                if lo > hi {
                    return false;
                }
                while hi > lo && !self.feasible(s, r, hi) {
                    hi -= 1;
                }
                if (lo, hi) != (s.lo[r], s.hi[r]) {
                    self.set_bounds(s, r, lo, hi);
                    changed = true;
                }
            }
            if !changed {
                return true;
            }
        }
    }

    fn solution(&self, s: &State) -> Solution {
        let water = self
            .owner
            .iter()
            .enumerate()
            .map(|(y, row)| {
                row.iter()
                    .map(|&r| {
                        let reg = &self.regions[r];
                        let i = reg.rows.binary_search(&y).unwrap_or(0);
                        i >= s.lo[r]
                    })
                    .collect()
            })
            .collect();
        Solution { water }
    }

    /// The undecided region with the smallest interval (ties: the larger region), if any.
    fn branch_region(&self, s: &State) -> Option<usize> {
        (0..self.regions.len())
            .filter(|&r| s.lo[r] < s.hi[r])
            .min_by_key(|&r| {
                let area: usize = self.regions[r].widths.iter().sum();
                (s.hi[r] - s.lo[r], usize::MAX - area)
            })
    }

    /// Depth-first search; calls `found` on each solution until it returns `false`.
    /// Returns `false` once the search was stopped.
    fn search(&self, s: &mut State, found: &mut dyn FnMut(&State) -> bool) -> bool {
        if !self.propagate(s) {
            return true;
        }
        let Some(r) = self.branch_region(s) else {
            return found(s);
        };
        for k in s.lo[r]..=s.hi[r] {
            let mut child = s.clone();
            self.set_bounds(&mut child, r, k, k);
            if !self.search(&mut child, found) {
                return false;
            }
        }
        true
    }
}

/// Runs the search, handing each solution to `found` until it returns `false`.
fn run(p: &Puzzle, found: &mut dyn FnMut(Solution) -> bool) {
    let model = Model::new(p);
    let mut state = model.initial_state();
    model.search(&mut state, &mut |s| found(model.solution(s)));
}

/// Finds one solution, or `None` if the puzzle has none.
pub fn solve_first(p: &Puzzle) -> Option<Solution> {
    backref_visit::first(|found| run(p, found))
}

/// Counts the solutions, stopping as soon as `limit` are found (so the result is at most
/// `limit`). `count(p, 2)` tells apart "none", "unique" and "several".
pub fn count(p: &Puzzle, limit: usize) -> usize {
    backref_visit::count(limit, |found| run(p, found))
}

/// Returns up to `limit` solutions, in search order.
pub fn solve_all(p: &Puzzle, limit: usize) -> Vec<Solution> {
    backref_visit::all(limit, |found| run(p, found))
}
