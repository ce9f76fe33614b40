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
    /// The greedy order, each cell's candidates tried from the largest down.
    GreedyDown,
    /// The greedy order computed with seeded noise on every score (a static rule of the givens'
    /// structure and the seed: the factor of a cell is a hash of its index and the seed, up to
    /// [`SPREAD`] either way), candidates tried from the largest down.
    Shuffled(u64),
}

/// Every order with its command-line name.
pub const ORDERS: [(&str, OrderKind); 6] = [
    ("greedy", OrderKind::Greedy),
    ("smallest-domain", OrderKind::SmallestDomain),
    ("row-major", OrderKind::RowMajor),
    ("greedy-down", OrderKind::GreedyDown),
    ("shuffled-1", OrderKind::Shuffled(1)),
    ("shuffled-3", OrderKind::Shuffled(3)),
];

impl OrderKind {
    /// Whether each cell's candidates are tried from the largest down.
    pub fn descending(self) -> bool {
        matches!(self, OrderKind::GreedyDown | OrderKind::Shuffled(_))
    }
}

/// A factor in [1 - spread, 1 + spread) from a hash of `seed` and `c` (SplitMix64).
fn noise(seed: u64, c: usize, spread: f64) -> f64 {
    let mut z = seed
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add((c as u64 + 1).wrapping_mul(0xBF58_476D_1CE4_E5B9));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    let u = (z >> 11) as f64 / (1u64 << 53) as f64;
    1.0 + spread * (2.0 * u - 1.0)
}

/// The empty cells of `m` in the order `kind` decides them.
pub fn order(m: &Model, kind: OrderKind) -> Vec<usize> {
    match kind {
        OrderKind::RowMajor => m.empty.clone(),
        OrderKind::SmallestDomain => {
            let mut cells = m.empty.clone();
            cells.sort_by_key(|&c| (m.domains[c].len(), c));
            cells
        }
        OrderKind::Greedy | OrderKind::GreedyDown => greedy(m, None, 0.0),
        OrderKind::Shuffled(seed) => greedy(m, Some(seed), SPREAD),
    }
}

/// How far the seeded noise moves a score, either way.
pub const SPREAD: f64 = 0.15;

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

/// The greedy order; with a seed, every score is multiplied by a factor from
/// `1 - spread` to `1 + spread` hashed from the seed and the cell.
pub fn greedy(m: &Model, seed: Option<u64>, spread: f64) -> Vec<usize> {
    greedy_weighed(m, seed, spread).0
}

/// The greedy order and, per cell (indexed by cell), the weight of each of its candidates when
/// the cell was taken: the chance the cells before it leave that candidate allowed.
pub fn greedy_weighed(m: &Model, seed: Option<u64>, spread: f64) -> (Vec<usize>, Vec<Vec<f64>>) {
    let cells = &m.empty;
    let mut free: Vec<Vec<f64>> = vec![Vec::new(); m.n * m.n];
    for &c in cells {
        free[c] = vec![1.0; m.domains[c].len()];
    }
    let mut done = vec![false; m.n * m.n];
    let mut out = Vec::with_capacity(cells.len());
    let mut weights = vec![Vec::new(); m.n * m.n];
    for _ in 0..cells.len() {
        let score =
            |c: usize| free[c].iter().sum::<f64>() * seed.map_or(1.0, |s| noise(s, c, spread));
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
        weights[p] = free[p].clone();
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
    (out, weights)
}
