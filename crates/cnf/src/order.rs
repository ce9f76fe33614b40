//! Static search orders, computed from the formula's structure alone (never from a model): the
//! order variables are decided in, and which value each tries first.
//!
//! The encoder lays out its statements in this order and the same-tree search ([`crate::tree`])
//! decides variables in it, so both walk the same search tree.

use backref_rng::Rng;

/// A search order over variables `0..vars` (variable `v` of the file is index `v - 1`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Order {
    /// Variable indices in decision order (every variable once).
    pub vars: Vec<usize>,
    /// `true_first[v]`: whether variable `v` tries true before false.
    pub true_first: Vec<bool>,
}

/// The named ordering rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OrderKind {
    /// Next, the variable that completes the most clauses (all of whose variables are then
    /// decided); ties go to the one sharing the most clause slots with the variables already
    /// decided, then to the most occurrences, then to the lowest number. Clauses are checked
    /// as early as possible, so failures come early. The default on sparse formulas.
    Greedy,
    /// As greedy, with ties after the completed-clause count broken in a seeded pseudo-random
    /// order (for racing: how long a static order searches swings widely between neighbours).
    Shuffled(u64),
    /// Most occurrences first.
    Occurrence,
    /// Most occurrences first; ties go to the variable that completes the most clauses, then
    /// to the one sharing the most clause slots with the variables already decided. With the
    /// clause lookahead the most constrained variables first force the others soonest: on
    /// uuf75-325 its trees are half the size of greedy's (docs/cnf.md). The default on dense
    /// formulas (see `Sat::default_order`).
    OccurrenceGreedy,
    /// Variables 1, 2, 3, ...
    Natural,
}

/// Every ordering rule with its command-line name.
pub const ORDERS: [(&str, OrderKind); 7] = [
    ("occurrence-greedy", OrderKind::OccurrenceGreedy),
    ("greedy", OrderKind::Greedy),
    ("shuffled-1", OrderKind::Shuffled(1)),
    ("shuffled-2", OrderKind::Shuffled(2)),
    ("shuffled-3", OrderKind::Shuffled(3)),
    ("occurrence", OrderKind::Occurrence),
    ("natural", OrderKind::Natural),
];

impl Order {
    /// The order `kind` for `vars` variables and the (normalised) `clauses`. Each variable
    /// tries first the value that satisfies more of its occurrences (true on ties).
    pub fn new(kind: OrderKind, vars: usize, clauses: &[Vec<i32>]) -> Order {
        let mut pos = vec![0usize; vars];
        let mut neg = vec![0usize; vars];
        let mut occ: Vec<Vec<usize>> = vec![Vec::new(); vars];
        for (ci, c) in clauses.iter().enumerate() {
            for &l in c {
                let v = l.unsigned_abs() as usize - 1;
                if l > 0 {
                    pos[v] += 1;
                } else {
                    neg[v] += 1;
                }
                occ[v].push(ci);
            }
        }
        let true_first = (0..vars).map(|v| pos[v] >= neg[v]).collect();
        let count = |v: usize| pos[v] + neg[v];
        let order = match kind {
            OrderKind::Natural => (0..vars).collect(),
            OrderKind::Occurrence => {
                let mut o: Vec<usize> = (0..vars).collect();
                o.sort_by_key(|&v| (std::cmp::Reverse(count(v)), v));
                o
            }
            OrderKind::Greedy => greedy(vars, clauses, &occ, Key::Completes),
            OrderKind::OccurrenceGreedy => greedy(vars, clauses, &occ, Key::Occurrences),
            OrderKind::Shuffled(seed) => {
                let mut rank: Vec<usize> = (0..vars).collect();
                Rng::new(seed).shuffle(&mut rank);
                greedy(vars, clauses, &occ, Key::Shuffled(&rank))
            }
        };
        Order {
            vars: order,
            true_first,
        }
    }
}

/// What the greedy rule maximises first.
enum Key<'a> {
    /// Clauses completed, then shared slots, occurrences, lowest number.
    Completes,
    /// Clauses completed, then the seeded rank.
    Shuffled(&'a [usize]),
    /// Occurrences, then clauses completed, shared slots, lowest number.
    Occurrences,
}

/// The greedy rule: next, the variable with the largest key.
fn greedy(vars: usize, clauses: &[Vec<i32>], occ: &[Vec<usize>], rule: Key) -> Vec<usize> {
    let mut open: Vec<usize> = clauses.iter().map(Vec::len).collect();
    let mut chosen = vec![false; vars];
    let mut order = Vec::with_capacity(vars);
    for _ in 0..vars {
        let mut best: Option<((usize, usize, usize, usize), usize)> = None;
        for v in (0..vars).filter(|&v| !chosen[v]) {
            let completes = occ[v].iter().filter(|&&c| open[c] == 1).count();
            let shared: usize = occ[v].iter().map(|&c| clauses[c].len() - open[c]).sum();
            let key = match rule {
                Key::Completes => (completes, shared, occ[v].len(), usize::MAX - v),
                Key::Shuffled(rank) => (completes, usize::MAX - rank[v], shared, occ[v].len()),
                Key::Occurrences => (occ[v].len(), completes, shared, usize::MAX - v),
            };
            if best.is_none_or(|(k, _)| key > k) {
                best = Some((key, v));
            }
        }
        let (_, v) = best.expect("a variable is left");
        chosen[v] = true;
        for &c in &occ[v] {
            open[c] -= 1;
        }
        order.push(v);
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_order_is_a_permutation_and_greedy_completes_clauses_early() {
        let clauses = vec![vec![1, 2], vec![-2, 3], vec![3, 4, -5, 6], vec![3, -5]];
        for (_, kind) in ORDERS {
            let o = Order::new(kind, 6, &clauses);
            let mut s = o.vars.clone();
            s.sort();
            assert_eq!(s, (0..6).collect::<Vec<_>>());
        }
        let g = Order::new(OrderKind::Greedy, 6, &clauses);
        // Variable 3 (index 2) occurs most; then 5 completes `3 -5` (and shares slots with 3
        // in two clauses, where 2 completes nothing).
        assert_eq!(&g.vars[..2], &[2, 4]);
        // Variable 2: one plain, one negated occurrence: true first on ties; 5 false first.
        assert!(g.true_first[1]);
        assert!(!g.true_first[4]);
        // Occurrence-greedy: 3 first, then among the two-occurrence variables 2 and 5, the one
        // completing a clause.
        let o = Order::new(OrderKind::OccurrenceGreedy, 6, &clauses);
        assert_eq!(&o.vars[..2], &[2, 4]);
    }
}
