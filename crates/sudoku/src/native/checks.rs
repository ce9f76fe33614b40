//! The native mirror of the pattern's propagation checks (`--propagate light` and `forward`):
//! after a cell takes a value, whatever the choice may have cut off must still be possible.
//!
//! A *pair* is a full house and a value not given in it (a must-cover resource): under `light`
//! only those that at most two empty cells can take (the IR's `LIGHT_USERS`), under `forward`
//! all. The choice of value `x` for cell `c` cuts off `c`'s other candidates and, in the houses
//! through `c`, the candidate `x` of the cells that come later in the order; a pair that one of
//! those candidates serves is *at risk* (unless the choice itself covers it), and under
//! `forward` so is each of those later cells (it must keep a candidate). After the choice, each
//! pair at risk must be covered already, or one of its cells must still be able to take its
//! value: no house through that cell holds the value yet, and under `forward` the cell is still
//! empty (light's check, like the pattern's, does not ask). Each cell at risk must have a
//! candidate that no house through it holds yet.
//!
//! The checks are fixed per (depth, candidate) before the search, as the pattern's calls are,
//! and past the IR's `FORWARD_BUDGET` calls there are none (the IR then lowers the packing at a
//! weaker level, past `SCAN_BUDGET` too, and the walk runs at the level the pattern carried).
//! Only the houses' resources are mirrored: on puzzles with relations or conditions (the
//! pattern's checks also follow their resources) the native tree is then larger than the
//! engine's, never smaller, and its solutions are the same.

use std::collections::BTreeSet;

use backref_program::lower::{FORWARD_BUDGET, LIGHT_USERS};

use crate::model::Model;

/// What a choice puts at risk.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Risk {
    /// A pair: a house and a value it must hold.
    Pair(usize, u8),
    /// A later cell, which must keep a candidate (`forward` only).
    Cell(usize),
}

/// The checks each choice calls, and the cells of each pair.
pub(super) struct Checks {
    /// `risk[d][k]`: what to check after the cell at depth `d` takes its `k`-th candidate.
    risk: Vec<Vec<Vec<Risk>>>,
    /// `cells[h * n + v]`: the empty cells of house `h` that can take value `v` (for pairs).
    cells: Vec<Vec<usize>>,
    /// Forward checking (every pair, later cells, a pair's cell must be empty) rather than light.
    forward: bool,
}

impl Checks {
    /// The checks for `m` searched in `order`, `forward` or light; `None` when they would pass
    /// the IR's budget of calls (the pattern then has none either).
    pub(super) fn new(m: &Model, order: &[usize], forward: bool) -> Option<Checks> {
        let n = m.n;
        let mut depth = vec![usize::MAX; n * n];
        for (d, &c) in order.iter().enumerate() {
            depth[c] = d;
        }
        let mut cells = vec![Vec::new(); m.houses.len() * n];
        let mut pair = vec![false; m.houses.len() * n];
        for (h, house) in m.houses.iter().enumerate() {
            if house.len() != n {
                continue;
            }
            for x in 0..n as u8 {
                if house.iter().any(|&c| m.givens[c] == Some(x)) {
                    continue;
                }
                let users: Vec<usize> = house
                    .iter()
                    .copied()
                    .filter(|&c| m.givens[c].is_none() && m.domains[c].contains(&x))
                    .collect();
                let k = h * n + x as usize;
                pair[k] = forward || users.len() <= LIGHT_USERS;
                cells[k] = users;
            }
        }
        let mut calls = 0usize;
        let mut risk = Vec::with_capacity(order.len());
        for (d, &c) in order.iter().enumerate() {
            let mut per = Vec::with_capacity(m.domains[c].len());
            for &x in &m.domains[c] {
                // The candidates this choice cuts off: c's others, and x in the later cells of
                // c's houses.
                let mut cut: Vec<(usize, u8)> = m.domains[c]
                    .iter()
                    .filter(|&&y| y != x)
                    .map(|&y| (c, y))
                    .collect();
                for &h in &m.houses_of[c] {
                    for &c2 in &m.houses[h] {
                        if c2 != c
                            && m.givens[c2].is_none()
                            && depth[c2] > d
                            && m.domains[c2].contains(&x)
                        {
                            cut.push((c2, x));
                        }
                    }
                }
                let mut set = BTreeSet::new();
                for (c2, y) in cut {
                    if forward && c2 != c {
                        set.insert(Risk::Cell(c2));
                    }
                    for &h in &m.houses_of[c2] {
                        let covered_by_choice = y == x && m.houses_of[c].contains(&h);
                        if pair[h * n + y as usize] && !covered_by_choice {
                            set.insert(Risk::Pair(h, y));
                        }
                    }
                }
                calls += set.len();
                if calls > FORWARD_BUDGET {
                    return None;
                }
                per.push(set.into_iter().collect());
            }
            risk.push(per);
        }
        Some(Checks {
            risk,
            cells,
            forward,
        })
    }

    /// Whether everything at risk after the cell at `depth` took its `k`-th candidate is still
    /// possible, with `used[h]` the values house `h` holds and `grid` the cells' values (the
    /// choice included in both).
    pub(super) fn hold(
        &self,
        m: &Model,
        depth: usize,
        k: usize,
        used: &[u32],
        grid: &[Option<u8>],
    ) -> bool {
        let free = |u: usize, v: u8| m.houses_of[u].iter().all(|&h| used[h] & (1 << v) == 0);
        self.risk[depth][k].iter().all(|&r| match r {
            Risk::Pair(h, v) => {
                used[h] & (1 << v) != 0
                    || self.cells[h * m.n + v as usize]
                        .iter()
                        .any(|&u| (!self.forward || grid[u].is_none()) && free(u, v))
            }
            Risk::Cell(c) => m.domains[c].iter().any(|&v| free(c, v)),
        })
    }
}
