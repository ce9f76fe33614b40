//! Compares static order families on large boards natively, counting candidates (squares
//! tested, what the regex pays for) rather than placements:
//! `cargo run --release -p backref-queens --example large_orders -- N SEEDS BUDGET FAMILY..`.
//! For each family, how many seeds of `1..=SEEDS` find a solution within `BUDGET` candidates,
//! and what a Luby plan of runs (`BUDGET × luby(k)` candidates for seed k) costs in all.
//! Families: `random` (rows top-down, as `random-K`), `middle-random` (rows middle-out, as
//! `middle-random-K`), `outside-in` (rows from the edges inwards), `random-rows` (rows in a
//! random order), `middle-edge` and `middle-centre` (rows middle-out; columns by a random key
//! plus `W` (environment, default 1) times the distance from the centre, edges or centre first).
//! With `PER_SEED=1`, the first family's candidates seed by seed.

use backref_pipeline::restart::luby;
use backref_queens::order::middle_out;
use backref_rng::Rng;

/// A depth-first search over a static order that counts every candidate it tests.
struct Search {
    n: usize,
    rows: Vec<usize>,
    cols: Vec<Vec<usize>>,
    col: Vec<bool>,
    diag: Vec<bool>,
    anti: Vec<bool>,
    candidates: u64,
    limit: u64,
}

impl Search {
    /// `Some(true)`: solved; `Some(false)`: this subtree has none; `None`: out of budget.
    fn go(&mut self, depth: usize) -> Option<bool> {
        if depth == self.n {
            return Some(true);
        }
        let r = self.rows[depth];
        for i in 0..self.n {
            let c = self.cols[r][i];
            self.candidates += 1;
            if self.candidates > self.limit {
                return None;
            }
            let (d, a) = (r + c, r + self.n - 1 - c);
            if self.col[c] || self.diag[d] || self.anti[a] {
                continue;
            }
            (self.col[c], self.diag[d], self.anti[a]) = (true, true, true);
            let found = self.go(depth + 1);
            (self.col[c], self.diag[d], self.anti[a]) = (false, false, false);
            if found != Some(false) {
                return found;
            }
        }
        Some(false)
    }
}

/// Whether the order finds a solution within `limit` candidates, and the candidates tested.
fn run(n: usize, (rows, cols): (Vec<usize>, Vec<Vec<usize>>), limit: u64) -> (bool, u64) {
    let mut s = Search {
        n,
        rows,
        cols,
        col: vec![false; n],
        diag: vec![false; 2 * n],
        anti: vec![false; 2 * n],
        candidates: 0,
        limit,
    };
    let solved = s.go(0) == Some(true);
    (solved, s.candidates.min(limit))
}

/// The order of `family` for seed `seed`: rows in decision order, columns per row.
fn family(name: &str, n: usize, seed: u64) -> (Vec<usize>, Vec<Vec<usize>>) {
    let mut rng = Rng::new(seed);
    let shuffled = |rng: &mut Rng| {
        let mut v: Vec<usize> = (0..n).collect();
        rng.shuffle(&mut v);
        v
    };
    let mid = (n as f64 - 1.0) / 2.0;
    let w: f64 = std::env::var("W")
        .ok()
        .and_then(|x| x.parse().ok())
        .unwrap_or(1.0);
    let rows = match name {
        "random" => (0..n).collect(),
        "middle-random" | "middle-edge" | "middle-centre" => middle_out(n),
        "outside-in" => middle_out(n).into_iter().rev().collect(),
        "random-rows" => shuffled(&mut rng),
        _ => panic!("unknown family {name}"),
    };
    let cols = (0..n)
        .map(|_| match name {
            "middle-edge" | "middle-centre" => {
                let sign = if name == "middle-edge" { -1.0 } else { 1.0 };
                let mut keyed: Vec<(f64, usize)> = (0..n)
                    .map(|c| {
                        let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
                        (u + sign * w * (c as f64 - mid).abs() / n as f64, c)
                    })
                    .collect();
                keyed.sort_by(|a, b| a.0.total_cmp(&b.0));
                keyed.into_iter().map(|x| x.1).collect()
            }
            _ => shuffled(&mut rng),
        })
        .collect();
    (rows, cols)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: large_orders N SEEDS BUDGET FAMILY..";
    let n: usize = args.first().and_then(|a| a.parse().ok()).expect(usage);
    let seeds: u64 = args.get(1).and_then(|a| a.parse().ok()).expect(usage);
    let budget: u64 = args.get(2).and_then(|a| a.parse().ok()).expect(usage);
    if std::env::var("PER_SEED").is_ok() {
        for k in 1..=seeds {
            let (solved, c) = run(n, family(&args[3], n, k), budget);
            println!("seed {k}: solved {solved}, {c} candidates");
        }
        return;
    }
    for name in &args[3..] {
        let mut wins = Vec::new();
        let (mut plan, mut runs, mut done) = (0u64, 0, false);
        for k in 1..=seeds {
            let (solved, c) = run(n, family(name, n, k), budget);
            if solved {
                wins.push(c);
            }
            if !done {
                let limit = budget * luby(k);
                let (solved, c) = if limit == budget {
                    (solved, c)
                } else {
                    run(n, family(name, n, k), limit)
                };
                (plan, runs, done) = (plan + c, runs + 1, solved);
            }
        }
        wins.sort();
        println!(
            "N={n} {name:>13}: {}/{seeds} seeds solve within {budget} candidates (median {}, \
             least {}); Luby plan: {runs} runs, {plan} candidates{}",
            wins.len(),
            wins.get(wins.len() / 2).map_or("-".into(), u64::to_string),
            wins.first().map_or("-".into(), u64::to_string),
            if done { "" } else { ", unsolved" }
        );
    }
}
