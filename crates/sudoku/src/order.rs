//! Static search orders from the puzzle's structure (the regex and the native solver decide the
//! empty cells in this order and try each cell's candidates in increasing order).
//!
//! The default, `greedy`, is the order measured best in the Sudoku experiment (docs/sudoku.md):
//! repeatedly take the cell with the smallest *expected number of still-free candidates*,
//! where each candidate counts as the chance that the cells ordered before it leave it allowed,
//! each of them taking one of its own candidates with equal chance.

use crate::model::Model;

/// The static orders.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OrderKind {
    /// Smallest expected number of still-free candidates first (greedy). The default.
    Greedy,
    /// Smallest domain first (ties row-major).
    SmallestDomain,
    /// Row by row.
    RowMajor,
}

/// Every order with its command-line name.
pub const ORDERS: [(&str, OrderKind); 3] = [
    ("greedy", OrderKind::Greedy),
    ("smallest-domain", OrderKind::SmallestDomain),
    ("row-major", OrderKind::RowMajor),
];

/// The empty cells of `m` in the order `kind` decides them.
pub fn order(m: &Model, kind: OrderKind) -> Vec<usize> {
    match kind {
        OrderKind::RowMajor => m.empty.clone(),
        OrderKind::SmallestDomain => {
            let mut cells = m.empty.clone();
            cells.sort_by_key(|&c| (m.domains[c].len(), c));
            cells
        }
        OrderKind::Greedy => greedy(m),
    }
}

/// Whether empty cells `p` = `y` and `q` = `x` may stand together.
fn compatible(m: &Model, p: usize, y: u8, q: usize, x: u8) -> bool {
    if x == y && m.houses_of[p].iter().any(|h| m.houses_of[q].contains(h)) {
        return false;
    }
    m.relations_of[p].iter().all(|&i| {
        let r = m.relations[i];
        if r.a == p && r.b == q {
            r.rel.allows(y, x)
        } else if r.a == q && r.b == p {
            r.rel.allows(x, y)
        } else {
            true
        }
    })
}

fn greedy(m: &Model) -> Vec<usize> {
    let cells = &m.empty;
    let mut free: Vec<Vec<f64>> = vec![Vec::new(); m.n * m.n];
    for &c in cells {
        free[c] = vec![1.0; m.domains[c].len()];
    }
    let mut done = vec![false; m.n * m.n];
    let mut out = Vec::with_capacity(cells.len());
    for _ in 0..cells.len() {
        let score = |c: usize| free[c].iter().sum::<f64>();
        let p = *cells
            .iter()
            .filter(|&&c| !done[c])
            .min_by(|&&a, &&b| {
                score(a)
                    .partial_cmp(&score(b))
                    .unwrap_or(std::cmp::Ordering::Equal)
                    .then(m.domains[a].len().cmp(&m.domains[b].len()))
                    .then(a.cmp(&b))
            })
            .expect("a cell left");
        done[p] = true;
        out.push(p);
        let dp = &m.domains[p];
        for q in m.peers(p) {
            if done[q] {
                continue;
            }
            for (i, &x) in m.domains[q].iter().enumerate() {
                let ok = dp.iter().filter(|&&y| compatible(m, p, y, q, x)).count();
                free[q][i] *= ok as f64 / dp.len() as f64;
            }
        }
    }
    out
}
