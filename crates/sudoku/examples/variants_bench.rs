//! Solves each of Abigail's instance files (clue grid, `Solution`, `Create` chain), or any
//! Sudoku file, through the pipeline on PCRE2 with the default settings and compares the answer
//! with his `Solution` (when the file has one; is his valid under the rule checker otherwise). One line per file: outcome, wall clock of the
//! solve (generate + compile + match + the native cross-check), the stage figures, and whether
//! the answer equals his.
//!
//!     cargo run --release -p backref-sudoku --example variants_bench -- FILE|DIR... [--timeout S] [--propagate LEVEL]

use std::time::{Duration, Instant};

use backref_pipeline::{solve, Outcome, Request};
use backref_sudoku::abigail::{is_abigail, solution};
use backref_sudoku::grid::parse;
use backref_sudoku::verify::check;

fn main() {
    let mut paths = Vec::new();
    let mut timeout = 20u64;
    let mut propagation = None;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--timeout" => {
                timeout = args
                    .next()
                    .and_then(|k| k.parse().ok())
                    .expect("--timeout S")
            }
            "--propagate" => {
                propagation = args
                    .next()
                    .and_then(|p| backref_program::Propagation::from_name(&p));
                assert!(propagation.is_some(), "--propagate LEVEL");
            }
            _ => paths.push(std::path::PathBuf::from(a)),
        }
    }
    let mut files = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut inner: Vec<_> = std::fs::read_dir(&p)
                .expect("a readable directory")
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|f| f.is_file())
                .collect();
            inner.sort();
            files.extend(inner);
        } else {
            files.push(p);
        }
    }
    let engine = backref_engine::engine_by_name("pcre2").expect("PCRE2 is built in");
    let mut request = Request::new(&*engine);
    request.options.propagation = propagation;
    request.limits.timeout = Some(Duration::from_secs(timeout));
    println!("| file | outcome | wall ms | generate ms | compile ms | match ms | native ms | pattern KB | his Solution |");
    println!("|---|---|---|---|---|---|---|---|---|");
    let mut worst = 0.0f64;
    for file in files {
        let name = file.file_name().unwrap().to_string_lossy().to_string();
        let Ok(text) = std::fs::read_to_string(&file) else {
            continue;
        };
        if name.starts_with('_') || name.ends_with(".expected") {
            continue;
        }
        let sudoku = match parse(&text) {
            Ok(s) => s,
            Err(e) => {
                println!("| {name} | parse error: {e} | | | | | | | |");
                continue;
            }
        };
        let clock = Instant::now();
        let report = match solve(&sudoku, &*engine, &request) {
            Ok(r) => r,
            Err(e) => {
                println!("| {name} | error: {e} | | | | | | | |");
                continue;
            }
        };
        let wall = clock.elapsed().as_secs_f64() * 1e3;
        worst = worst.max(wall);
        let outcome = match report.outcome {
            Outcome::Solved if report.trusted() => "solved (verified)".to_string(),
            Outcome::NoSolution if report.problems.is_empty() => "no solution".to_string(),
            Outcome::GaveUp { .. } => "gave up".to_string(),
            _ => format!("untrusted: {:?}", report.problems),
        };
        let his = Some(&text)
            .filter(|t| is_abigail(t))
            .and_then(|t| solution(t))
            .filter(|rows| !rows.is_empty());
        let versus = match (&his, &report.solution) {
            (None, _) => "none in the file".to_string(),
            (Some(h), Some(s)) if *h == s.grid => "equal".to_string(),
            (Some(h), _) => match check(&sudoku, h) {
                Ok(()) => "valid, differs".to_string(),
                Err(v) => format!("his is invalid ({} violations)", v.len()),
            },
        };
        println!(
            "| {name} | {outcome} | {wall:.1} | {:.1} | {:.1} | {:.2} | {:.2} | {:.0} | {versus} |",
            report.total(|s| s.generate_ms),
            report.total(|s| s.compile_ms),
            report.total(|s| s.match_ms),
            report.total(|s| s.native_ms),
            report
                .stages
                .iter()
                .map(|s| s.pattern_bytes as f64)
                .sum::<f64>()
                / 1e3,
        );
    }
    eprintln!("worst wall {worst:.1} ms");
}
