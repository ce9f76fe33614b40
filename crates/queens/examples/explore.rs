//! Explores ordering rules: for each rule, how many N in 4..=100 need more than a million
//! native nodes to a first solution. `cargo run --release -p backref-queens --example explore`.

use backref_queens::order::middle_out;
use backref_queens::{native, Order};

fn attacks_later(n: usize, rows: &[usize], r: usize, c: usize) -> usize {
    let pos = rows.iter().position(|&x| x == r).unwrap();
    rows[pos + 1..]
        .iter()
        .map(|&r2| {
            let d = r.abs_diff(r2);
            usize::from(c >= d) + usize::from(c + d < n)
        })
        .sum()
}

fn build(n: usize, rows: Vec<usize>, tie: &dyn Fn(usize) -> Vec<usize>) -> Order {
    let mut cols = vec![Vec::new(); n];
    for &r in &rows {
        let mut o = tie(r);
        o.sort_by_key(|&c| attacks_later(n, &rows, r, c));
        cols[r] = o;
    }
    Order { rows, cols }
}

fn main() {
    let limit = 2_000_000u64;
    type Rule = (&'static str, fn(usize) -> Order);
    let rules: Vec<Rule> = vec![
        ("mid rows, mid ties", |n| {
            build(n, middle_out(n), &|_| middle_out(n))
        }),
        ("natural rows, mid ties", |n| {
            build(n, (0..n).collect(), &|_| middle_out(n))
        }),
        ("mid rows, natural ties", |n| {
            build(n, middle_out(n), &|_| (0..n).collect())
        }),
        ("mid rows, rotated ties", |n| {
            build(n, middle_out(n), &|r| {
                let m = middle_out(n);
                let k = r % n;
                m[k..].iter().chain(&m[..k]).copied().collect()
            })
        }),
        ("mid rows, knight ties", |n| {
            build(n, middle_out(n), &|r| {
                (0..n)
                    .map(|i| (2 * i + r) % n)
                    .collect::<std::collections::BTreeSet<_>>()
                    .into_iter()
                    .chain(0..n)
                    .collect::<Vec<_>>()
                    .into_iter()
                    .fold(Vec::new(), |mut v, c| {
                        if !v.contains(&c) {
                            v.push(c)
                        }
                        v
                    })
            })
        }),
        ("knight, no sort", |n| {
            let rows = middle_out(n);
            let cols = (0..n)
                .map(|r| {
                    let mut v: Vec<usize> = Vec::new();
                    for i in 0..n {
                        let c = (2 * i + r) % n;
                        if !v.contains(&c) {
                            v.push(c)
                        }
                    }
                    for c in 0..n {
                        if !v.contains(&c) {
                            v.push(c)
                        }
                    }
                    v
                })
                .collect();
            Order { rows, cols }
        }),
    ];
    for (name, rule) in &rules {
        let mut bad = Vec::new();
        let mut total = 0u64;
        for n in 4..=100 {
            let s = native::solve_limited(n, &rule(n), limit);
            total += s.nodes.min(limit);
            if s.first.is_none() {
                bad.push(n);
            }
        }
        println!(
            "{name:<28} over {limit}: {:>3}  total nodes {total:>12}  {:?}",
            bad.len(),
            bad
        );
    }
}
