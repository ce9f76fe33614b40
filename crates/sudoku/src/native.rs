//! The native depth-first search: the same empty cells in the same static order, the same
//! candidates in the same (increasing) order, and the same checks (a value once per house, the
//! pairwise relations with cells already filled, and, like the encoder's must-cover resources,
//! each value a full house lacks is checked placed right after the last cell of that house that
//! could take it), so its search tree is the regex engine's. Conditions over more than two
//! cells (killer cages, quadruples, anti-Battenburgs, little killers, arrows, sandwiches) are
//! checked here from their rules on the
//! cells already filled, without the encoder's cubes: the tree then differs from the engine's,
//! the solutions do not.
//!
//! Under propagation ([`search_tree`] with [`Propagation::Light`], the default for a classic
//! 9×9, or [`Propagation::Forward`]) it also mirrors the pattern's checks ([`checks`]), so that
//! its tree stays the engine's.

mod checks;

use backref_program::Propagation;

use crate::model::{Cond, Model};

/// Whether condition `k` can still hold with the values of `grid` (numbers are values + 1).
fn may_hold(k: &Cond, grid: &[Option<u8>], n: usize) -> bool {
    let filled: Vec<u32> = k
        .cells()
        .iter()
        .filter_map(|&c| grid[c].map(|x| x as u32 + 1))
        .collect();
    let open = k.cells().len() - filled.len();
    match k {
        Cond::Sum { sum, .. } => {
            let total: u32 = filled.iter().sum();
            // Each open cell adds at least 1.
            if open == 0 {
                total == *sum
            } else {
                total + open as u32 <= *sum
            }
        }
        Cond::Contains { cells, values } => {
            let mut missing = 0;
            let mut distinct = values.clone();
            distinct.dedup();
            distinct.sort_unstable();
            distinct.dedup();
            for v in distinct {
                let want = values.iter().filter(|&&w| w == v).count();
                let have = cells.iter().filter(|&&c| grid[c] == Some(v)).count();
                missing += want.saturating_sub(have);
            }
            missing <= open
        }
        Cond::NotCheckerboard { cells } => {
            let p: Vec<Option<u8>> = cells.iter().map(|&c| grid[c].map(|x| x % 2)).collect();
            match (p[0], p[1], p[2], p[3]) {
                (Some(a), Some(b), Some(c), Some(d)) => !(a == d && b == c && a != b),
                _ => true,
            }
        }
        Cond::Linear {
            cells,
            coefs,
            target,
        } => {
            // The filled cells' part, and what the open ones (numbers 1 to n) can still add.
            let (mut lo, mut hi) = (0i64, 0i64);
            for (&c, &k) in cells.iter().zip(coefs) {
                let k = k as i64;
                match grid[c] {
                    Some(x) => {
                        lo += k * (x as i64 + 1);
                        hi += k * (x as i64 + 1);
                    }
                    None => {
                        let (a, b) = (k, k * n as i64);
                        lo += a.min(b);
                        hi += a.max(b);
                    }
                }
            }
            (lo..=hi).contains(&(*target as i64))
        }
        Cond::Sandwich { cells, sum } => {
            let at = |v: u8| cells.iter().position(|&c| grid[c] == Some(v));
            let (Some(p), Some(q)) = (at(0), at(n as u8 - 1)) else {
                return true;
            };
            let between = &cells[p.min(q) + 1..p.max(q)];
            let total: u32 = between
                .iter()
                .filter_map(|&c| grid[c].map(|x| x as u32 + 1))
                .sum();
            if between.iter().all(|&c| grid[c].is_some()) {
                total == *sum
            } else {
                total <= *sum
            }
        }
    }
}

/// What a native search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Search {
    /// The first solution: a value per cell, row-major.
    pub first: Option<Vec<u8>>,
    /// Solutions found (up to the cap).
    pub solutions: u64,
    /// Values placed (search-tree nodes).
    pub nodes: u64,
    /// Cells the search opened (its calls below an unfinished grid): the times the pattern
    /// enters an item, which its per-item callouts count, so that a test can tell the trees
    /// are the same.
    pub visits: u64,
}

struct State<'a> {
    m: &'a Model,
    order: &'a [usize],
    used: Vec<u32>,
    grid: Vec<Option<u8>>,
    /// `due[d]`: the (house, value) pairs that must be placed once the cell at depth `d` is.
    due: Vec<Vec<(usize, u8)>>,
    cap: u64,
    node_limit: u64,
    /// The propagation's checks, when the pattern has them.
    checks: Option<checks::Checks>,
    out: Search,
}

impl State<'_> {
    fn fits(&mut self, c: usize, x: u8) -> bool {
        let bit = 1u32 << x;
        if self.m.houses_of[c].iter().any(|&h| self.used[h] & bit != 0) {
            return false;
        }
        if !self.m.conditions_of[c].is_empty() {
            self.grid[c] = Some(x);
            let ok = self.m.conditions_of[c]
                .iter()
                .all(|&k| may_hold(&self.m.conditions[k], &self.grid, self.m.n));
            self.grid[c] = None;
            if !ok {
                return false;
            }
        }
        self.m.relations_of[c].iter().all(|&i| {
            let r = self.m.relations[i];
            if r.a == c {
                self.grid[r.b].is_none_or(|y| r.rel.allows(x, y))
            } else {
                self.grid[r.a].is_none_or(|y| r.rel.allows(y, x))
            }
        })
    }

    /// Returns true to stop.
    fn go(&mut self, depth: usize) -> bool {
        let Some(&c) = self.order.get(depth) else {
            self.out.solutions += 1;
            if self.out.first.is_none() {
                self.out.first = Some(self.grid.iter().map(|v| v.unwrap_or(0)).collect());
            }
            return self.out.solutions >= self.cap;
        };
        self.out.visits += 1;
        for i in 0..self.m.domains[c].len() {
            let x = self.m.domains[c][i];
            if !self.fits(c, x) {
                continue;
            }
            self.out.nodes += 1;
            if self.out.nodes > self.node_limit {
                return true;
            }
            for &h in &self.m.houses_of[c] {
                self.used[h] |= 1 << x;
            }
            self.grid[c] = Some(x);
            let covered = self.due[depth]
                .iter()
                .all(|&(h, v)| self.used[h] & (1 << v) != 0)
                && (self.checks.as_ref())
                    .is_none_or(|k| k.hold(self.m, depth, i, &self.used, &self.grid));
            let stop = covered && self.go(depth + 1);
            self.grid[c] = None;
            for &h in &self.m.houses_of[c] {
                self.used[h] &= !(1 << x);
            }
            if stop {
                return true;
            }
        }
        false
    }
}

/// Searches `m` in `order` (its empty cells) until `cap` solutions are found.
pub fn search(m: &Model, order: &[usize], cap: u64) -> Search {
    search_bounded(m, order, cap, u64::MAX)
}

/// [`search`], stopping after `node_limit` nodes (then `nodes` is `node_limit + 1`; for
/// comparing orders).
pub fn search_bounded(m: &Model, order: &[usize], cap: u64, node_limit: u64) -> Search {
    search_tree(m, order, cap, node_limit, Propagation::None)
}

/// [`search_bounded`] on the tree of a pattern with `propagation`: under
/// [`Propagation::Light`] and [`Propagation::Forward`] the checks prune it as the pattern's do.
pub fn search_tree(
    m: &Model,
    order: &[usize],
    cap: u64,
    node_limit: u64,
    propagation: Propagation,
) -> Search {
    let (due, never) = due(m, order);
    let checks = match propagation {
        // The packing lookahead is not mirrored: the native tree is the unpropagated one.
        Propagation::None | Propagation::Complete => None,
        Propagation::Light => checks::Checks::new(m, order, false),
        Propagation::Forward => checks::Checks::new(m, order, true),
    };
    let mut s = State {
        m,
        order,
        due,
        used: vec![0; m.houses.len()],
        grid: m.givens.clone(),
        cap: cap.max(1),
        node_limit,
        checks,
        out: Search {
            first: None,
            solutions: 0,
            nodes: 0,
            visits: 0,
        },
    };
    if m.contradiction.is_some()
        || never
        || !m.conditions.iter().all(|k| may_hold(k, &m.givens, m.n))
    {
        return s.out;
    }
    for (c, g) in m.givens.iter().enumerate() {
        if let Some(x) = g {
            for &h in &m.houses_of[c] {
                s.used[h] |= 1 << x;
            }
        }
    }
    s.go(0);
    s.out
}

/// For each depth of `order`, the (house, value) pairs of full houses (as many cells as values)
/// lacking that value among their givens whose last cell that could take the value is the one
/// at that depth; and whether some such pair has no cell at all (then there is no solution).
fn due(m: &Model, order: &[usize]) -> (Vec<Vec<(usize, u8)>>, bool) {
    let mut at = vec![usize::MAX; m.n * m.n];
    for (d, &c) in order.iter().enumerate() {
        at[c] = d;
    }
    let mut due = vec![Vec::new(); order.len()];
    let mut never = false;
    for (h, house) in m.houses.iter().enumerate() {
        if house.len() != m.n {
            continue;
        }
        for x in 0..m.n as u8 {
            if house.iter().any(|&c| m.givens[c] == Some(x)) {
                continue;
            }
            let last = house
                .iter()
                .filter(|&&c| m.givens[c].is_none() && m.domains[c].contains(&x))
                .map(|&c| at[c])
                .max();
            match last {
                Some(d) => due[d].push((h, x)),
                None => never = true,
            }
        }
    }
    (due, never)
}
