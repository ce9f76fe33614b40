//! Static decision orders, from the model's structure only.
//!
//! - `declaration`: the model's own variables in file order, the compiler's introduced ones
//!   after them.
//! - `greedy`: from the first of those, next the variable that completes the most constraints
//!   (a constraint is complete when every decision it depends on, directly or through defined
//!   variables, is made), ties to the one in the most constraints already begun, then to the
//!   declaration order. Constraints are then checked as early as the order allows.

/// The available orders.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OrderKind {
    /// File order (introduced variables last).
    Declaration,
    /// Most constraints completed first.
    Greedy,
}

/// Every order with its command-line name.
pub const ORDERS: [(&str, OrderKind); 2] = [
    ("greedy", OrderKind::Greedy),
    ("declaration", OrderKind::Declaration),
];

/// Reorders `decisions` (model variables in declaration order). `supports[c]` lists the
/// decisions constraint `c` depends on.
pub fn greedy(decisions: &[usize], supports: &[Vec<usize>], nvars: usize) -> Vec<usize> {
    let mut rank = vec![usize::MAX; nvars];
    for (i, v) in decisions.iter().enumerate() {
        rank[*v] = i;
    }
    let mut touching: Vec<Vec<usize>> = vec![Vec::new(); nvars];
    let mut remaining: Vec<usize> = Vec::with_capacity(supports.len());
    for (c, s) in supports.iter().enumerate() {
        for v in s {
            touching[*v].push(c);
        }
        remaining.push(s.len());
    }
    let mut done = vec![false; nvars];
    let mut out = Vec::with_capacity(decisions.len());
    while out.len() < decisions.len() {
        let best = decisions
            .iter()
            .filter(|v| !done[**v])
            .max_by_key(|v| {
                let complete = touching[**v].iter().filter(|c| remaining[**c] == 1).count();
                let begun = touching[**v]
                    .iter()
                    .filter(|c| remaining[**c] < supports[**c].len())
                    .count();
                (complete, begun, std::cmp::Reverse(rank[**v]))
            })
            .copied()
            .expect("one left");
        done[best] = true;
        for c in &touching[best] {
            remaining[*c] -= 1;
        }
        out.push(best);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn completes_constraints_first() {
        // 0-1, 2-3, 1-3: from 0, then 1 (completes 0-1), then 3 (completes 1-3), then 2.
        let supports = vec![vec![0, 1], vec![2, 3], vec![1, 3]];
        assert_eq!(greedy(&[0, 1, 2, 3], &supports, 4), vec![0, 1, 3, 2]);
    }
}
