//! Static search orders, computed from the board's shape alone (never from a solution).
//!
//! An order says which row is decided first and, in each row, which columns are tried first.
//! The encoder lays out statements in this order and the native solver searches in it, so both
//! walk the same search tree.

use serde::Serialize;

/// A search order: rows in decision order, and per row (by row index) its columns in try order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Order {
    /// Rows, in the order they are decided.
    pub rows: Vec<usize>,
    /// `cols[r]`: the columns of row `r`, in the order they are tried.
    pub cols: Vec<Vec<usize>>,
}

/// The named ordering rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum OrderKind {
    /// Rows top-down, columns left to right.
    Natural,
    /// Rows and columns from the middle outwards.
    MiddleOut,
    /// Rows middle-out; in each row, squares attacking the fewest squares of later rows first
    /// (ties middle-out).
    FewestAttacks,
    /// As fewest-attacks, but rows are grouped into eight classes in decision order and every row
    /// of a class tries columns in the order of the class's first row. The default.
    Classes,
    /// As fewest-attacks, but squares that attack equally many are tried in a pseudo-random order
    /// fixed by the seed (SplitMix64) instead of middle-out. How long a static order searches
    /// swings by orders of magnitude with small changes; a few such variants, raced, cover the
    /// sizes where the two rules above both search for long (docs/queens.md).
    Shuffled(u64),
    /// Rows top-down; each row tries its columns in its own pseudo-random order fixed by the
    /// seed (SplitMix64). One such order alone is a gamble, but over seeds the nodes to a first
    /// solution are small far more often than for any rule above; the default's restarts run a
    /// sequence of them with growing match limits (docs/queens.md). Named `random-K`.
    Random(u64),
    /// Rows middle-out; each row tries its columns in its own pseudo-random order fixed by the
    /// seed (the same column orders as `random-K` for the same seed). The rows at the board's
    /// edges, decided last, cross the shortest diagonals and keep the most free squares: from
    /// N≈500 on, far more seeds find a solution within a few N² candidates than with rows
    /// top-down (docs/queens.md). Named `middle-random-K`; the restarts' orders from
    /// [`LARGE_N`] on.
    MiddleRandom(u64),
}

/// The board size from which the default's restarts run `middle-random-K` orders instead of
/// `random-K` (docs/queens.md, "Orders"): natively the two succeed about equally often at
/// N = 300 and 400 within 20·N² candidates, and from N = 500 on rows middle-out do 3–4× as often.
pub const LARGE_N: usize = 300;

/// The prefix of the `middle-random-K` order names, K a seed from 1.
pub const MIDDLE_RANDOM_PREFIX: &str = "middle-random-";

/// The prefix of the `random-K` order names, K a seed from 1.
pub const RANDOM_PREFIX: &str = "random-";

/// The order named `name`: one of [`ORDERS`], or `random-K` for a seed K ≥ 1.
pub fn parse(name: &str) -> Option<OrderKind> {
    let seeded = |seed: &str| {
        seed.parse::<u64>()
            .ok()
            .filter(|&k| k >= 1 && !seed.starts_with('0'))
    };
    if let Some(seed) = name.strip_prefix(RANDOM_PREFIX) {
        return seeded(seed).map(OrderKind::Random);
    }
    if let Some(seed) = name.strip_prefix(MIDDLE_RANDOM_PREFIX) {
        return seeded(seed).map(OrderKind::MiddleRandom);
    }
    ORDERS.iter().find(|(n, _)| *n == name).map(|(_, k)| *k)
}

/// Every ordering rule with its command-line name.
pub const ORDERS: [(&str, OrderKind); 8] = [
    ("natural", OrderKind::Natural),
    ("middle-out", OrderKind::MiddleOut),
    ("fewest-attacks", OrderKind::FewestAttacks),
    ("classes", OrderKind::Classes),
    ("shuffled-1", OrderKind::Shuffled(1)),
    ("shuffled-2", OrderKind::Shuffled(2)),
    ("shuffled-3", OrderKind::Shuffled(3)),
    ("shuffled-4", OrderKind::Shuffled(4)),
];

/// Positions `0..n` from the middle outwards: for 5, `2 1 3 0 4`.
pub fn middle_out(n: usize) -> Vec<usize> {
    let mut v: Vec<usize> = (0..n).collect();
    let mid = (n as f64 - 1.0) / 2.0;
    v.sort_by(|a, b| {
        let da = (*a as f64 - mid).abs();
        let db = (*b as f64 - mid).abs();
        da.partial_cmp(&db).unwrap().then(a.cmp(b))
    });
    v
}

impl Order {
    /// The order `kind` for an `n`×`n` board.
    pub fn new(kind: OrderKind, n: usize) -> Order {
        match kind {
            OrderKind::Natural => Order {
                rows: (0..n).collect(),
                cols: vec![(0..n).collect(); n],
            },
            OrderKind::MiddleOut => Order {
                rows: middle_out(n),
                cols: vec![middle_out(n); n],
            },
            OrderKind::Classes => {
                let base = Order::new(OrderKind::FewestAttacks, n);
                let mut cols = base.cols.clone();
                let per_class = n.div_ceil(8).max(1);
                for chunk in base.rows.chunks(per_class) {
                    let lead = base.cols[chunk[0]].clone();
                    for &r in chunk {
                        cols[r] = lead.clone();
                    }
                }
                Order {
                    rows: base.rows,
                    cols,
                }
            }
            OrderKind::FewestAttacks => {
                let mid = middle_out(n);
                let mut place = vec![0; n];
                for (i, &c) in mid.iter().enumerate() {
                    place[c] = i as u64;
                }
                fewest_attacks(n, |_, c| place[c])
            }
            OrderKind::Shuffled(seed) => {
                let mut rng = backref_rng::Rng::new(seed);
                let keys: Vec<Vec<u64>> = (0..n)
                    .map(|_| (0..n).map(|_| rng.next_u64()).collect())
                    .collect();
                fewest_attacks(n, |r, c| keys[r][c])
            }
            OrderKind::Random(seed) => Order {
                rows: (0..n).collect(),
                cols: random_columns(n, seed),
            },
            OrderKind::MiddleRandom(seed) => Order {
                rows: middle_out(n),
                cols: random_columns(n, seed),
            },
        }
    }
}

/// Per row (by row index), its columns in a pseudo-random order fixed by `seed` (SplitMix64
/// and Fisher–Yates, row 0 first).
fn random_columns(n: usize, seed: u64) -> Vec<Vec<usize>> {
    let mut rng = backref_rng::Rng::new(seed);
    (0..n)
        .map(|_| {
            let mut row: Vec<usize> = (0..n).collect();
            rng.shuffle(&mut row);
            row
        })
        .collect()
}

/// Rows middle-out; in each row, the squares that attack the fewest squares of rows decided
/// later first, ties broken by `tie(row, column)` (smallest first).
fn fewest_attacks(n: usize, tie: impl Fn(usize, usize) -> u64) -> Order {
    let rows = middle_out(n);
    let mut rank = vec![0; n];
    for (i, &row) in rows.iter().enumerate() {
        rank[row] = i;
    }
    let mut cols = vec![Vec::new(); n];
    for &r in &rows {
        // Diagonal squares this square attacks in rows decided after it.
        let attacks = |c: usize| -> usize {
            (0..n)
                .filter(|&r2| rank[r2] > rank[r])
                .map(|r2| {
                    let d = r.abs_diff(r2);
                    usize::from(c >= d) + usize::from(c + d < n)
                })
                .sum()
        };
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&c| (attacks(c), tie(r, c)));
        cols[r] = order;
    }
    Order { rows, cols }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_orders_are_fixed_by_the_seed_and_keep_every_square() {
        let a = Order::new(OrderKind::Random(5), 12);
        assert_eq!(a, Order::new(OrderKind::Random(5), 12));
        assert_ne!(a, Order::new(OrderKind::Random(6), 12));
        assert_eq!(a.rows, (0..12).collect::<Vec<_>>());
        for row in &a.cols {
            let mut sorted = row.clone();
            sorted.sort();
            assert_eq!(sorted, (0..12).collect::<Vec<_>>());
        }
    }

    #[test]
    fn middle_random_orders_take_random_columns_with_rows_middle_out() {
        let m = Order::new(OrderKind::MiddleRandom(5), 12);
        assert_eq!(m.rows, middle_out(12));
        assert_eq!(m.cols, Order::new(OrderKind::Random(5), 12).cols);
    }

    #[test]
    fn order_names_parse_the_table_and_the_random_family() {
        assert_eq!(parse("classes"), Some(OrderKind::Classes));
        assert_eq!(parse("random-1"), Some(OrderKind::Random(1)));
        assert_eq!(parse("random-250"), Some(OrderKind::Random(250)));
        assert_eq!(parse("middle-random-3"), Some(OrderKind::MiddleRandom(3)));
        for bad in [
            "random-0",
            "random-",
            "random-07",
            "random-x",
            "chaos",
            "middle-random-0",
            "middle-random-",
        ] {
            assert_eq!(parse(bad), None, "{bad}");
        }
    }
}
