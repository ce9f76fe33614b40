//! The SAT benchmark: every DIMACS file of the given directories (or files) through PCRE2's
//! JIT, checked (solved and verified for `uf*`, no solution for `uuf*`, the native DPLL
//! agreeing), with the time of generation + compile + match, and the same-tree native search
//! (same order, same lookahead) for the regex/native ratio; `--count` also counts models inside
//! the engine and compares them with the native count; `--random N` runs N seeded uniform
//! random 3-SAT formulas of 100 variables and 430 clauses (uf100-430's shape) instead.
//!
//! `cargo run --release -p backref-cnf --example sat_bench -- [--count] [--timeout S]
//! [--encoding E] [--order O] PATH...`

use std::path::PathBuf;
use std::time::{Duration, Instant};

use backref_cnf::{generate::random_ksat, Sat};
use backref_engine::Limits;
use backref_pipeline::{Outcome, Request, Settings};
use backref_program::Options;

struct Row {
    name: String,
    outcome: Outcome,
    ok: bool,
    total_ms: f64,
    match_ms: f64,
    tree_ms: f64,
    nodes: u64,
}

fn main() {
    let mut args = std::env::args().skip(1).peekable();
    let mut count = false;
    let mut race = false;
    let mut timeout = 20.0;
    let mut random = 0u64;
    let mut settings = Settings::default();
    let mut paths = vec![];
    while let Some(a) = args.next() {
        match a.as_str() {
            "--count" => count = true,
            "--race" => race = true,
            "--timeout" => timeout = args.next().expect("seconds").parse().expect("a number"),
            "--random" => random = args.next().expect("N").parse().expect("a number"),
            "--encoding" => settings.encoding = args.next(),
            "--order" => settings.order = args.next(),
            p => paths.push(PathBuf::from(p)),
        }
    }
    let engine = backref_engine::engine_by_name("pcre2").expect("built in");
    // No callouts (they slow the JIT down); the match limit bounds a run at about the JIT's
    // step rate times the timeout, as `backref bench` does.
    let request = Request {
        settings: settings.clone(),
        options: Options {
            callouts: false,
            ..Options::new(engine.dialect())
        },
        limits: Limits {
            timeout: Some(Duration::from_secs_f64(timeout)),
            match_limit: Some((timeout * 5e7) as u64),
            ..Limits::default()
        },
        ..Request::new(&*engine)
    };
    let mut instances: Vec<(String, Option<bool>, Sat)> = vec![];
    for p in &paths {
        let mut files: Vec<PathBuf> = if p.is_dir() {
            std::fs::read_dir(p)
                .expect("a directory")
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|f| f.extension().is_some_and(|e| e == "cnf"))
                .collect()
        } else {
            vec![p.clone()]
        };
        files.sort();
        for f in files {
            let text = std::fs::read_to_string(&f).expect("readable");
            let cnf = backref_cnf::parse(&text, &f.display().to_string()).expect("DIMACS");
            let name = f.file_stem().unwrap().to_string_lossy().into_owned();
            let expect = if name.starts_with("uuf") {
                Some(false)
            } else if name.starts_with("uf") {
                Some(true)
            } else {
                None
            };
            instances.push((name, expect, Sat::new(cnf)));
        }
    }
    for seed in 1..=random {
        let cnf = random_ksat(100, 430, 3, 1000 + seed);
        instances.push((
            format!("random100-430-s{}", 1000 + seed),
            None,
            Sat::new(cnf),
        ));
    }
    println!("| instance | outcome | ok | total ms | match ms | same-tree native ms | nodes | match/native |");
    println!("|---|---|---|---|---|---|---|---|");
    let mut rows = vec![];
    for (name, expect, sat) in instances {
        let mut best: Option<Row> = None;
        for _ in 0..3 {
            let r = if race {
                backref_pipeline::solve_raced(&sat, &*engine, &request)
            } else {
                backref_pipeline::solve(&sat, &*engine, &request)
            }
            .expect("runs");
            let total =
                r.total(|s| s.generate_ms) + r.total(|s| s.compile_ms) + r.total(|s| s.match_ms);
            let ok = r.problems.is_empty()
                && r.confirmed()
                && expect.is_none_or(|e| e == (r.outcome == Outcome::Solved));
            let t = Instant::now();
            let tree = sat.same_tree(&settings, u64::MAX).expect("settings");
            let tree_ms = t.elapsed().as_secs_f64() * 1e3;
            let row = Row {
                name: name.clone(),
                outcome: r.outcome,
                ok,
                total_ms: total,
                match_ms: r.total(|s| s.match_ms),
                tree_ms,
                nodes: tree.nodes,
            };
            let slow = row.total_ms > 1000.0;
            best = Some(match best {
                Some(b) if b.total_ms <= row.total_ms => Row {
                    tree_ms: b.tree_ms.min(row.tree_ms),
                    ..b
                },
                Some(b) => Row {
                    tree_ms: b.tree_ms.min(row.tree_ms),
                    ..row
                },
                None => row,
            });
            if slow || !r.outcome.finished() {
                break;
            }
        }
        let row = best.expect("one run");
        if count {
            let c = backref_pipeline::count(&sat, &*engine, &request, 0).expect("counts");
            let agree = c.problems.is_empty() && c.native_count == Some(c.count);
            println!(
                "count {}: {} (native {:?}) {}",
                row.name,
                c.count,
                c.native_count,
                if agree { "agree" } else { "DISAGREE" }
            );
        }
        println!(
            "| {} | {} | {} | {:.1} | {:.1} | {:.1} | {} | {:.2} |",
            row.name,
            row.outcome.as_str(),
            if row.ok { "yes" } else { "NO" },
            row.total_ms,
            row.match_ms,
            row.tree_ms,
            row.nodes,
            row.match_ms / row.tree_ms.max(1e-3)
        );
        rows.push(row);
    }
    let n = rows.len();
    let ok = rows.iter().filter(|r| r.ok).count();
    let mut totals: Vec<f64> = rows.iter().map(|r| r.total_ms).collect();
    totals.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let mut ratios: Vec<f64> = rows
        .iter()
        .map(|r| r.match_ms / r.tree_ms.max(1e-3))
        .collect();
    ratios.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let solved = rows.iter().filter(|r| r.outcome.finished()).count();
    if n > 0 {
        println!(
            "\nsummary: {n} instances, {ok} correct, {solved} finished; total ms median {:.1}, max {:.1}; match/native median {:.2}, max {:.2}",
            totals[n / 2],
            totals[n - 1],
            ratios[n / 2],
            ratios[n - 1]
        );
    }
}
