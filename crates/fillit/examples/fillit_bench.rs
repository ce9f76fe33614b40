//! Times the native solver on random piece sets and compares it with the plain classic search.
//!
//! `cargo run --release -p backref-fillit --example fillit_bench -- PIECES COUNT [PLAIN_LIMIT [FIRST_SEED]]`
//!
//! Environment: `LIMIT` (node limit), `NO_LOOKAHEAD`, `EXACT` (the exact lookahead).

use std::time::Instant;

use backref_fillit::{solve_with, SearchOptions, Shape};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let n: usize = args.first().map_or(26, |s| s.parse().unwrap());
    let count: u64 = args.get(1).map_or(20, |s| s.parse().unwrap());
    let plain_limit: u64 = args.get(2).map_or(0, |s| s.parse().unwrap());
    let first: u64 = args.get(3).map_or(1, |s| s.parse().unwrap());
    let mut worst = 0f64;
    for seed in first..first + count {
        let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let pieces: Vec<_> = (0..n)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                Shape::ALL[(state % 19) as usize].piece()
            })
            .collect();
        let t = Instant::now();
        let report = solve_with(
            &pieces,
            &SearchOptions {
                node_limit: std::env::var("LIMIT").ok().map(|v| v.parse().unwrap()),
                lookahead: std::env::var_os("NO_LOOKAHEAD").is_none(),
                exact: std::env::var_os("EXACT").is_some(),
                ..SearchOptions::default()
            },
        );
        if report.solution.is_none() {
            println!(
                "seed {seed}: limit reached {:?}",
                report
                    .sizes
                    .iter()
                    .map(|s| (s.side, s.status, s.nodes, s.lookahead_nodes))
                    .collect::<Vec<_>>()
            );
            continue;
        }
        let fast = t.elapsed().as_secs_f64();
        worst = worst.max(fast);
        let sol = report.solution.clone().unwrap();
        let mut line = format!(
            "seed {seed}: side {} nodes {} time {:.3}s lookahead {}",
            sol.side,
            report.nodes(),
            fast,
            report.lookahead_nodes()
        );
        if plain_limit > 0 {
            let t = Instant::now();
            let plain = solve_with(
                &pieces,
                &SearchOptions {
                    node_limit: Some(plain_limit),
                    ..SearchOptions::plain()
                },
            );
            match &plain.solution {
                Some(p) => {
                    assert_eq!(p, &sol, "seed {seed}: pruned and plain searches differ");
                    line += &format!(
                        " | plain nodes {} time {:.3}s (same)",
                        plain.nodes(),
                        t.elapsed().as_secs_f64()
                    );
                }
                None => line += " | plain: limit reached",
            }
        }
        println!("{line}");
    }
    println!("worst {worst:.3}s");
}
