//! The native backtracking solver. It decides rows in an [`Order`] and tries columns in the
//! order's column order, so its search tree is the one the regex engine walks.

use crate::board::Board;
use crate::order::Order;

/// What a native search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Search {
    /// The first solution, if any.
    pub first: Option<Board>,
    /// Number of solutions found (1 at most unless counting).
    pub solutions: u64,
    /// Queens placed during the search (search-tree nodes).
    pub nodes: u64,
}

struct State<'a> {
    n: usize,
    order: &'a Order,
    col: Vec<bool>,
    diag: Vec<bool>,
    anti: Vec<bool>,
    placed: Vec<usize>,
    nodes: u64,
    solutions: u64,
    first: Option<Board>,
    count_all: bool,
    node_limit: u64,
}

impl State<'_> {
    fn go(&mut self, depth: usize) -> bool {
        if depth == self.n {
            self.solutions += 1;
            if self.first.is_none() {
                self.first = Some(Board {
                    cols: self.placed.clone(),
                });
            }
            return !self.count_all;
        }
        let r = self.order.rows[depth];
        for i in 0..self.order.cols[r].len() {
            let c = self.order.cols[r][i];
            let d = r + c;
            let a = r + self.n - 1 - c;
            if self.col[c] || self.diag[d] || self.anti[a] {
                continue;
            }
            self.nodes += 1;
            if self.nodes > self.node_limit {
                return true;
            }
            self.col[c] = true;
            self.diag[d] = true;
            self.anti[a] = true;
            self.placed[r] = c;
            let done = self.go(depth + 1);
            self.col[c] = false;
            self.diag[d] = false;
            self.anti[a] = false;
            if done {
                return true;
            }
        }
        false
    }
}

fn search(n: usize, order: &Order, count_all: bool, node_limit: u64) -> Search {
    let mut s = State {
        n,
        order,
        col: vec![false; n],
        diag: vec![false; 2 * n],
        anti: vec![false; 2 * n],
        placed: vec![0; n],
        nodes: 0,
        solutions: 0,
        first: None,
        count_all,
        node_limit,
    };
    s.go(0);
    Search {
        first: s.first,
        solutions: s.solutions,
        nodes: s.nodes,
    }
}

/// Finds the first solution in `order`.
pub fn solve(n: usize, order: &Order) -> Search {
    search(n, order, false, u64::MAX)
}

/// Finds the first solution in `order`, giving up after `node_limit` placements.
pub fn solve_limited(n: usize, order: &Order, node_limit: u64) -> Search {
    search(n, order, false, node_limit)
}

/// Counts every solution.
pub fn count(n: usize, order: &Order) -> Search {
    search(n, order, true, u64::MAX)
}
