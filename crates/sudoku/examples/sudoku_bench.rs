//! Solves every puzzle of one or more collections (one puzzle per line in the one-line form;
//! blank lines, `#` comments and lines that are no puzzle, like a count or a title, skipped)
//! through the pipeline on PCRE2 (`solve_raced`: with no `--order` the default order, or the
//! portfolio of static orders racing on threads when `RACE_BY_DEFAULT` is on),
//! and prints a summary per file. `total` is the
//! wall clock of the solve minus the winner's native cross-check (which the pipeline runs after
//! the match, and which the race waits for); `winner` counts which order won.
//!
//!     cargo run --release -p backref-sudoku --example sudoku_bench -- FILE... \
//!         [--limit K] [--order NAME] [--each] [--engine NAME]
//!
//! `--each` also prints one line per puzzle on stderr: its number, wall, match and native ms.

use std::time::Instant;

use backref_pipeline::{solve_raced, Outcome, Request};
use backref_sudoku::grid::{parse, SIZES};

fn median(v: &mut [f64]) -> f64 {
    quantile(v, 0.5)
}

fn quantile(v: &mut [f64], q: f64) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[((v.len() - 1) as f64 * q).round() as usize]
}

fn main() {
    let mut files = Vec::new();
    let mut limit = usize::MAX;
    let mut order = None;
    let mut each = false;
    let mut engine_name = "pcre2".to_string();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--limit" => limit = args.next().and_then(|k| k.parse().ok()).expect("--limit K"),
            "--order" => order = args.next(),
            "--each" => each = true,
            "--engine" => engine_name = args.next().expect("--engine NAME"),
            _ => files.push(a),
        }
    }
    if files.is_empty() {
        eprintln!(
            "usage: sudoku_bench FILE... [--limit K] [--order NAME] [--each] [--engine NAME]"
        );
        std::process::exit(2);
    }
    // The CLI always has a second thread (its watchdog), and glibc's allocator takes a faster
    // path while a process has only one: without this, a race's first thread would slow every
    // later allocation and make one order look faster than it is in the CLI.
    std::thread::spawn(|| {}).join().expect("a thread");
    let engine = backref_engine::engine_by_name(&engine_name).expect("a registered engine");
    let mut request = Request::new(&*engine);
    request.settings.order = order;
    request.limits.timeout = Some(std::time::Duration::from_secs(20));
    println!(
        "| file | puzzles | solved (verified) | no solution | gave up | failed | total ms | median ms | p90 ms | max ms | over 100 ms | median match ms | median compile ms | median match/native |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    for file in files {
        let text = std::fs::read_to_string(&file).expect("a readable file");
        let puzzles: Vec<&str> = text
            .lines()
            .map(|l| l.split('#').next().unwrap_or("").trim())
            .filter(|l| SIZES.iter().any(|s| s.0 * s.0 == l.chars().count()))
            .take(limit)
            .collect();
        let (mut solved, mut none, mut gave_up, mut failed) = (0, 0, 0, 0);
        let (mut totals, mut matches, mut compiles, mut ratios) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        let started = Instant::now();
        let mut winners = std::collections::BTreeMap::new();
        for (i, line) in puzzles.iter().enumerate() {
            let sudoku = match parse(line) {
                Ok(s) => s,
                Err(e) => {
                    eprintln!("{file}: puzzle {}: {e}", i + 1);
                    failed += 1;
                    continue;
                }
            };
            let clock = Instant::now();
            let result = solve_raced(&sudoku, &*engine, &request);
            let wall = clock.elapsed().as_secs_f64() * 1e3;
            let report = match result {
                Ok(r) => r,
                Err(e) => {
                    eprintln!("{file}: puzzle {}: {e}", i + 1);
                    failed += 1;
                    continue;
                }
            };
            match report.outcome {
                Outcome::Solved if report.trusted() => solved += 1,
                Outcome::NoSolution if report.problems.is_empty() => none += 1,
                Outcome::GaveUp { .. } => gave_up += 1,
                _ => {
                    eprintln!("{file}: puzzle {}: untrusted: {:?}", i + 1, report.problems);
                    failed += 1;
                }
            }
            let m = report.total(|s| s.match_ms);
            let native = report.total(|s| s.native_ms);
            let total = wall - native;
            if let Some(w) = report.raced.as_ref().and_then(|r| r.winner.clone()) {
                *winners.entry(w).or_insert(0usize) += 1;
            }
            if each {
                eprintln!(
                    "puzzle {} wall {total:.2} match {m:.2} native {native:.2}",
                    i + 1
                );
            }
            if total > 100.0 {
                eprintln!(
                    "{file}: puzzle {} took {total:.1} ms (match {m:.1}, native {native:.1})",
                    i + 1
                );
            }
            totals.push(total);
            matches.push(m);
            compiles.push(report.total(|s| s.compile_ms));
            if native > 0.0 {
                ratios.push(m / native);
            }
        }
        let sum: f64 = totals.iter().sum();
        println!(
            "| {} | {} | {solved} | {none} | {gave_up} | {failed} | {sum:.0} | {:.2} | {:.2} | {:.2} | {} | {:.2} | {:.2} | {:.2} |",
            std::path::Path::new(&file).file_name().unwrap().to_string_lossy(),
            puzzles.len(),
            median(&mut totals),
            quantile(&mut totals, 0.9),
            quantile(&mut totals, 1.0),
            totals.iter().filter(|&&t| t > 100.0).count(),
            median(&mut matches),
            median(&mut compiles),
            median(&mut ratios),
        );
        eprintln!(
            "({file}: {:.1} s wall clock, native cross-checks included; winners {winners:?})",
            started.elapsed().as_secs_f64()
        );
    }
}
