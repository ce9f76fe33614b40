//! Runs the native classic-order solver on fillit files, reporting nodes and time per size.
//!
//! `cargo run --release -p backref-fillit --example fillit_hard -- [--limit N] FILE...`
//!
//! With `--plain` the pruning is off (the plain classic search, to cross-check answers). Each
//! file's answer is compared with `FILE.expected` (same stem) when present.

use std::time::Instant;

use backref_fillit::{check_output, parse, render, solve_with, SearchOptions};

fn main() {
    let mut limit = None;
    let mut options = SearchOptions::default();
    let mut files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--limit" => limit = args.next().map(|s| s.parse::<u64>().expect("a node count")),
            "--plain" => options = SearchOptions::plain(),
            "--exact" => options = SearchOptions::exact(),
            _ => files.push(a),
        }
    }
    options.node_limit = limit;
    for file in files {
        let bytes = std::fs::read(&file).expect("readable file");
        let pieces = parse(&bytes).expect("a valid fillit file");
        let start = Instant::now();
        let report = solve_with(&pieces, &options);
        let elapsed = start.elapsed();
        let sizes: Vec<String> = report
            .sizes
            .iter()
            .map(|s| {
                format!(
                    "{}:{:?} {}+{}",
                    s.side, s.status, s.nodes, s.lookahead_nodes
                )
            })
            .collect();
        let verdict = match &report.solution {
            None => "limit reached".to_string(),
            Some(solution) => {
                let out = render(solution, &pieces);
                check_output(&out, &pieces, Some(solution.side)).expect("a valid square");
                let expected = std::path::Path::new(&file).with_extension("expected");
                match std::fs::read_to_string(expected) {
                    Ok(e) if e == out => "matches expected".to_string(),
                    Ok(_) => format!("DIFFERS from expected:\n{out}"),
                    Err(_) => "no expected file".to_string(),
                }
            }
        };
        println!(
            "{file}: {} pieces, {:.3} s, [{}] {verdict}",
            pieces.len(),
            elapsed.as_secs_f64(),
            sizes.join(", ")
        );
    }
}
