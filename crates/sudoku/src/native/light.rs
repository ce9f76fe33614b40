//! The native mirror of the pattern's light propagation (`--propagate light`): after a cell takes
//! a value, every must-cover pair the choice may have cut off must still have a place.
//!
//! A *pair* is a full house and a value not given in it that at most two empty cells can take
//! (the IR's `LIGHT_USERS`). The choice of value `x` for cell `c` cuts off `c`'s other
//! candidates and, in the houses through `c`, the candidate `x` of the cells that come later in
//! the order; a pair that one of those candidates serves is *at risk* (unless the choice itself
//! covers it). After the choice, each pair at risk must be covered already, or one of its cells
//! must still be able to take its value: no house through that cell has the value yet. Like the
//! pattern's check, this does not ask whether that cell is already filled with another value.
//!
//! The pairs at risk are fixed per (depth, candidate) before the search, as the pattern's calls
//! are, and past the IR's `FORWARD_BUDGET` calls there are none. Only the houses' resources
//! are mirrored: on puzzles with relations or conditions (the pattern's checks also follow
//! their resources) the native tree is then larger than the engine's, never smaller, and its
//! solutions are the same.

use std::collections::BTreeSet;

use backref_program::lower::{FORWARD_BUDGET, LIGHT_USERS};

use crate::model::Model;

/// The pairs each choice puts at risk, and the cells of each pair.
pub(super) struct Light {
    /// `risk[d][k]`: the pairs (house, value) to check after the cell at depth `d` takes its
    /// `k`-th candidate.
    risk: Vec<Vec<Vec<(usize, u8)>>>,
    /// `cells[h * n + v]`: the empty cells of house `h` that can take value `v` (for pairs).
    cells: Vec<Vec<usize>>,
}

impl Light {
    /// The checks for `m` searched in `order`; `None` when they would pass the IR's budget of
    /// calls (the pattern then has none either).
    pub(super) fn new(m: &Model, order: &[usize]) -> Option<Light> {
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
                pair[k] = users.len() <= LIGHT_USERS;
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
                    for &h in &m.houses_of[c2] {
                        let k = h * n + y as usize;
                        let covered_by_choice = y == x && m.houses_of[c].contains(&h);
                        if pair[k] && !covered_by_choice {
                            set.insert((h, y));
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
        Some(Light { risk, cells })
    }

    /// Whether every pair at risk after the cell at `depth` took its `k`-th candidate still has
    /// a place, with `used[h]` the values house `h` holds (the choice included).
    pub(super) fn holds(&self, m: &Model, depth: usize, k: usize, used: &[u32]) -> bool {
        self.risk[depth][k].iter().all(|&(h, v)| {
            let bit = 1u32 << v;
            used[h] & bit != 0
                || self.cells[h * m.n + v as usize]
                    .iter()
                    .any(|&u| m.houses_of[u].iter().all(|&h2| used[h2] & bit == 0))
        })
    }
}
