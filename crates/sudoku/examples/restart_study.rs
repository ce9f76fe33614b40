//! Simulates restart plans natively on a collection: for each puzzle, the nodes each static
//! order needs to a first solution, then the cost of Luby restarts over a plan of orders, with
//! a setup cost per run counted in nodes.
//!
//! A run cut by its limit costs its limit; the last order of a plan runs to the end. Prints
//! each order alone and each plan with its first limit and unit: the median, p90, p99 and
//! worst cost, the sum, and the puzzles over 2.2 million (about 100 ms through PCRE2 on the
//! 17-clue set). `SHOW=PLAN/FIRST/UNIT` lists the puzzles restarts make slower.
//!
//!     cargo run --release -p backref-sudoku --example restart_study -- FILE [SETUP_NODES]

use backref_pipeline::restart::luby;
use backref_sudoku::grid::{parse, SIZES};
use backref_sudoku::model::Model;
use backref_sudoku::native::search_bounded;
use backref_sudoku::order::{order, OrderKind};

/// Node budget per order and puzzle.
const LIMIT: u64 = 3_000_000;

fn main() {
    let mut args = std::env::args().skip(1);
    let file = args.next().expect("FILE");
    let setup: u64 = args
        .next()
        .map_or(25_000, |s| s.parse().expect("SETUP_NODES"));
    let text = std::fs::read_to_string(&file).expect("a readable file");
    let puzzles: Vec<&str> = text
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| SIZES.iter().any(|s| s.0 * s.0 == l.chars().count()))
        .collect();
    let mut kinds = vec![
        ("cover", OrderKind::Cover),
        ("greedy", OrderKind::Greedy),
        ("greedy-down", OrderKind::GreedyDown),
    ];
    let names: Vec<String> = (1..=8).map(|k| format!("shuffled-{k}")).collect();
    for (k, n) in names.iter().enumerate() {
        kinds.push((n.as_str(), OrderKind::Shuffled(k as u64 + 1)));
    }
    // nodes[p][o]: nodes order o needs on puzzle p (LIMIT + 1: more than LIMIT).
    let nodes: Vec<Vec<u64>> = puzzles
        .iter()
        .map(|line| {
            let s = parse(line).expect("a puzzle");
            let m = Model::new(&s);
            kinds
                .iter()
                .map(|&(_, k)| {
                    let cells = order(&m, k);
                    let mm = if k.descending() {
                        m.clone().descending()
                    } else {
                        m.clone()
                    };
                    search_bounded(&mm, &cells, 1, LIMIT).nodes
                })
                .collect()
        })
        .collect();
    let stat = |v: &mut Vec<u64>| {
        v.sort();
        (
            v[v.len() / 2],
            v[v.len() * 9 / 10],
            v[v.len() * 99 / 100],
            v[v.len() - 1],
        )
    };
    for (o, (name, _)) in kinds.iter().enumerate() {
        let mut v: Vec<u64> = nodes.iter().map(|r| r[o] + setup).collect();
        let over = v.iter().filter(|&&c| c > 2_200_000).count();
        println!(
            "{name}: median/p90/p99/max {:?} over 2.2M {over}",
            stat(&mut v)
        );
    }
    let plans: Vec<(&str, Vec<usize>)> = vec![
        ("cover,greedy,shuffled-1..8", {
            let mut p = vec![0, 1];
            p.extend(3..kinds.len());
            p
        }),
        ("cover,shuffled-1..8", {
            let mut p = vec![0];
            p.extend(3..kinds.len());
            p
        }),
        (
            "cover,greedy,greedy-down,shuffled-1..8",
            (0..kinds.len()).collect(),
        ),
    ];
    // Two orders racing on two cores, each with its own setup: the first to finish.
    for o in 1..kinds.len() {
        let mut costs: Vec<u64> = nodes.iter().map(|r| setup + r[0].min(r[o])).collect();
        let over = costs.iter().filter(|&&c| c > 2_200_000).count();
        println!(
            "race cover + {}: median/p90/p99/max {:?} over 2.2M {over}",
            kinds[o].0,
            stat(&mut costs)
        );
    }
    // A race whose loser is left to finish in the background (no callouts, no rounds): cover
    // from the start, one or two reserves joining once the race has run `delay` nodes' worth.
    for reserves in [
        vec![2usize],
        vec![3],
        vec![4],
        vec![2, 3],
        vec![3, 4],
        vec![2, 4],
    ] {
        for delay in [0u64, 200_000, 450_000, 700_000] {
            let mut costs: Vec<u64> = nodes
                .iter()
                .map(|r| {
                    let reserve = reserves.iter().map(|&o| r[o]).min().unwrap_or(u64::MAX);
                    (setup + r[0]).min(delay + setup + reserve)
                })
                .collect();
            let over = costs.iter().filter(|&&c| c > 2_200_000).count();
            let joined = nodes.iter().filter(|r| setup + r[0] > delay).count();
            let names: Vec<&str> = reserves.iter().map(|&o| kinds[o].0).collect();
            println!(
                "abandoning race cover + {} at {delay}: median/p90/p99/max {:?} over 2.2M {over}, reserves joined on {joined}",
                names.join(" + "),
                stat(&mut costs)
            );
        }
    }
    // The same race where neither can be stopped mid-match: each runs in rounds of growing
    // match limits (first `l0`, ×`g`) and looks at the other between rounds; the second
    // starts `delay` later. The race ends when the loser notices.
    let finish = |need: u64, start: u64, l0: u64, g: u64| -> (u64, Vec<u64>) {
        // Returns the finish time and each round's end time.
        let (mut t, mut limit, mut ends) = (start + setup, l0, Vec::new());
        loop {
            if need <= limit {
                ends.push(t + need);
                return (t + need, ends);
            }
            t += limit;
            ends.push(t);
            limit *= g;
        }
    };
    for o in [1usize, 2, 4, 8, 9] {
        for (l0, g, delay) in [
            (100_000u64, 2u64, 0u64),
            (100_000, 2, 250_000),
            (250_000, 2, 250_000),
            (100_000, 4, 250_000),
            (250_000, 3, 250_000),
        ] {
            let mut costs: Vec<u64> = nodes
                .iter()
                .map(|r| {
                    let (ta, ea) = finish(r[0], 0, l0, g);
                    let (tb, eb) = finish(r[o], delay, l0, g);
                    if ta <= tb || delay >= ta {
                        // B notices at the end of its round running at ta (or never started).
                        if delay >= ta {
                            return ta;
                        }
                        eb.iter().copied().find(|&e| e >= ta).unwrap_or(tb).max(ta)
                    } else {
                        ea.iter().copied().find(|&e| e >= tb).unwrap_or(ta).max(tb)
                    }
                })
                .collect();
            let over = costs.iter().filter(|&&c| c > 2_200_000).count();
            let sum: u64 = costs.iter().sum();
            println!(
                "rounds race cover + {} (first {l0}, ×{g}, delay {delay}): median/p90/p99/max {:?} sum {sum} over 2.2M {over}",
                kinds[o].0,
                stat(&mut costs)
            );
        }
    }
    // Rounds over two or three orders with their compiled patterns kept: round k runs each
    // order with a limit of `first × 2^k`, a setup paid once per order.
    for orders in [vec![0usize, 1], vec![0, 3], vec![0, 1, 3]] {
        for first in [setup, 2 * setup, 4 * setup, 8 * setup, 16 * setup] {
            let mut costs: Vec<u64> = nodes
                .iter()
                .map(|r| {
                    let mut cost = 0;
                    let mut limit = first;
                    for round in 0.. {
                        for &o in &orders {
                            if round == 0 {
                                cost += setup;
                            }
                            if r[o] <= limit || limit > LIMIT {
                                return cost + r[o].min(limit);
                            }
                            cost += limit;
                        }
                        limit *= 2;
                    }
                    unreachable!()
                })
                .collect();
            let over = costs.iter().filter(|&&c| c > 2_200_000).count();
            let sum: u64 = costs.iter().sum();
            println!(
                "rounds over {orders:?}, first limit {first}: median/p90/p99/max {:?} sum {sum} over 2.2M {over}",
                stat(&mut costs)
            );
        }
    }
    for (label, plan) in &plans {
        for first in [1u64, 2, 4, 8, 10, 12, 14, 16] {
            for unit in [setup / 2, setup] {
                let mut costs: Vec<u64> = nodes
                    .iter()
                    .map(|r| {
                        let mut cost = 0;
                        for (i, &o) in plan.iter().enumerate() {
                            let last = i + 1 == plan.len();
                            let limit = if i == 0 {
                                unit * first
                            } else {
                                unit * luby(i as u64 + 1)
                            };
                            cost += setup;
                            if last || r[o] <= limit {
                                return cost + r[o];
                            }
                            cost += limit;
                        }
                        unreachable!()
                    })
                    .collect();
                if std::env::var("SHOW").is_ok_and(|v| v == format!("{label}/{first}/{unit}")) {
                    for (p, r) in nodes.iter().enumerate() {
                        if costs[p] > r[0] + 3 * setup {
                            println!(
                                "  puzzle {}: cover {} restarts {} orders {:?}",
                                p + 1,
                                r[0] + setup,
                                costs[p],
                                r
                            );
                        }
                    }
                }
                let sum: u64 = costs.iter().sum();
                let over = costs.iter().filter(|&&c| c > 2_200_000).count();
                println!(
                    "{label} first {first}×unit, unit {unit}: median/p90/p99/max {:?} sum {sum} over 2.2M {over}",
                    stat(&mut costs)
                );
            }
        }
    }
}
