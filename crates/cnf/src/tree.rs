//! The same-tree search: plain backtracking in a static [`Order`], checking each clause as soon
//! as its last variable is decided and, with lookahead, after each decision whether every later
//! variable of a clause whose other variables are all decided still has a value satisfying
//! all such clauses. This is the tree the pattern's engine walks, so its node count and time
//! give the regex/native ratio. (The cross-check uses [`crate::dpll`] instead.)

use crate::order::Order;

/// What a same-tree search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Search {
    /// The first model, if any (`model[v]`: variable `v + 1`).
    pub first: Option<Vec<bool>>,
    /// Models found (1 at most unless counting).
    pub models: u64,
    /// Values tried (search-tree nodes).
    pub nodes: u64,
    /// Whether the node limit ended the search.
    pub gave_up: bool,
}

/// One lookahead check at a step: variable `var` (decided later) must have a value satisfying
/// both clause lists: `if_true` are clauses where `var` occurs negated (its other literals must
/// hold if it is true), `if_false` where it occurs plainly.
struct Look {
    var: usize,
    if_true: Vec<usize>,
    if_false: Vec<usize>,
}

struct Tree<'a> {
    clauses: &'a [Vec<i32>],
    order: &'a Order,
    /// `checks[i]`: clauses whose last variable is decided at step `i`.
    checks: Vec<Vec<usize>>,
    /// `looks[i]`: lookahead checks after step `i`.
    looks: Vec<Vec<Look>>,
    value: Vec<bool>,
    nodes: u64,
    models: u64,
    first: Option<Vec<bool>>,
    count_all: bool,
    limit: u64,
    gave_up: bool,
}

impl Tree<'_> {
    fn holds(&self, c: usize, skip: Option<usize>) -> bool {
        self.clauses[c].iter().any(|&l| {
            let v = l.unsigned_abs() as usize - 1;
            Some(v) != skip && self.value[v] == (l > 0)
        })
    }

    fn go(&mut self, depth: usize) -> bool {
        if depth == self.order.vars.len() {
            self.models += 1;
            if self.first.is_none() {
                self.first = Some(self.value.clone());
            }
            return !self.count_all;
        }
        let v = self.order.vars[depth];
        let first = self.order.true_first[v];
        for value in [first, !first] {
            self.nodes += 1;
            if self.nodes > self.limit {
                self.gave_up = true;
                return true;
            }
            self.value[v] = value;
            if !self.checks[depth].iter().all(|&c| self.holds(c, None)) {
                continue;
            }
            let settable = self.looks[depth].iter().all(|k| {
                k.if_true.iter().all(|&c| self.holds(c, Some(k.var)))
                    || k.if_false.iter().all(|&c| self.holds(c, Some(k.var)))
            });
            if settable && self.go(depth + 1) {
                return true;
            }
        }
        false
    }
}

fn search(
    clauses: &[Vec<i32>],
    order: &Order,
    lookahead: bool,
    count_all: bool,
    limit: u64,
) -> Search {
    let n = order.vars.len();
    let mut pos = vec![0; n];
    for (i, &v) in order.vars.iter().enumerate() {
        pos[v] = i;
    }
    let mut checks = vec![Vec::new(); n];
    let mut looks: Vec<Vec<Look>> = (0..n).map(|_| Vec::new()).collect();
    let mut empty = false;
    for (c, lits) in clauses.iter().enumerate() {
        match lits
            .iter()
            .map(|l| pos[l.unsigned_abs() as usize - 1])
            .max()
        {
            Some(last) => checks[last].push(c),
            None => empty = true,
        }
    }
    if lookahead {
        // For each step and each later variable: the clauses whose other variables are all
        // decided by then; a check where one of them became so at this very step.
        for (step, here) in looks.iter_mut().enumerate() {
            let mut by_var: Vec<(usize, bool, usize)> = Vec::new(); // (var, positive, clause)
            let mut fresh: Vec<usize> = Vec::new();
            for (c, lits) in clauses.iter().enumerate().filter(|(_, l)| l.len() > 1) {
                let mut later = lits
                    .iter()
                    .filter(|l| pos[l.unsigned_abs() as usize - 1] > step);
                let (Some(&y), None) = (later.next(), later.next()) else {
                    continue;
                };
                let yv = y.unsigned_abs() as usize - 1;
                by_var.push((yv, y > 0, c));
                let others_last = lits
                    .iter()
                    .filter(|&&l| l != y)
                    .map(|l| pos[l.unsigned_abs() as usize - 1])
                    .max();
                if others_last == Some(step) {
                    fresh.push(yv);
                }
            }
            fresh.sort();
            fresh.dedup();
            fresh.sort_by_key(|&v| pos[v]);
            for y in fresh {
                let if_true: Vec<usize> = by_var
                    .iter()
                    .filter(|t| t.0 == y && !t.1)
                    .map(|t| t.2)
                    .collect();
                let if_false: Vec<usize> = by_var
                    .iter()
                    .filter(|t| t.0 == y && t.1)
                    .map(|t| t.2)
                    .collect();
                if !if_true.is_empty() && !if_false.is_empty() {
                    here.push(Look {
                        var: y,
                        if_true,
                        if_false,
                    });
                }
            }
        }
    }
    let mut t = Tree {
        clauses,
        order,
        checks,
        looks,
        value: vec![false; n],
        nodes: 0,
        models: 0,
        first: None,
        count_all,
        limit,
        gave_up: false,
    };
    if !empty {
        t.go(0);
    }
    Search {
        first: t.first,
        models: t.models,
        nodes: t.nodes,
        gave_up: t.gave_up,
    }
}

/// The first model in `order` over the normalised `clauses`, with or without lookahead,
/// giving up after `limit` nodes.
pub fn solve(clauses: &[Vec<i32>], order: &Order, lookahead: bool, limit: u64) -> Search {
    search(clauses, order, lookahead, false, limit)
}

/// Every model, counted, on the same tree.
pub fn count(clauses: &[Vec<i32>], order: &Order, lookahead: bool, limit: u64) -> Search {
    search(clauses, order, lookahead, true, limit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::order::{OrderKind, ORDERS};

    #[test]
    fn counts_agree_with_and_without_lookahead() {
        let clauses = vec![
            vec![1, 2, -3],
            vec![-1, 3],
            vec![-2, -3, 4],
            vec![-4, 1],
            vec![2, 4],
        ];
        for (_, kind) in ORDERS {
            let o = Order::new(kind, 4, &clauses);
            let a = count(&clauses, &o, false, u64::MAX);
            let b = count(&clauses, &o, true, u64::MAX);
            assert_eq!(a.models, b.models);
            assert!(b.nodes <= a.nodes);
        }
        let o = Order::new(OrderKind::Greedy, 4, &clauses);
        // Brute force over 16 assignments.
        let brute = (0..16u32)
            .filter(|m| {
                clauses.iter().all(|c| {
                    c.iter()
                        .any(|&l| ((m >> (l.abs() - 1)) & 1 == 1) == (l > 0))
                })
            })
            .count() as u64;
        assert_eq!(count(&clauses, &o, true, u64::MAX).models, brute);
    }

    /// The lookahead never changes the models: on seeded random formulas around the hard
    /// ratio, the same-tree count with and without it equals the independent DPLL count, and
    /// the first model is the same (the lookahead only cuts subtrees without models).
    #[test]
    fn the_lookahead_keeps_every_model_on_random_formulas() {
        use crate::generate::random_ksat;
        use crate::simplify::normalise;
        for seed in 0..40 {
            let vars = 8 + (seed as usize % 9);
            let cnf = random_ksat(vars, vars * 4 + seed as usize % 5, 3, seed);
            let clauses = normalise(&cnf);
            let dpll = crate::dpll::count(&cnf, u64::MAX);
            for (_, kind) in ORDERS {
                let o = Order::new(kind, vars, &clauses);
                let plain = count(&clauses, &o, false, u64::MAX);
                let look = count(&clauses, &o, true, u64::MAX);
                assert_eq!((plain.models, look.models), (dpll, dpll), "seed {seed}");
                assert!(look.nodes <= plain.nodes, "seed {seed}");
                assert_eq!(
                    solve(&clauses, &o, false, u64::MAX).first,
                    solve(&clauses, &o, true, u64::MAX).first,
                    "seed {seed}"
                );
            }
        }
    }
}
