//! `backref solve` on a file of several instances, one per line (public Sudoku collections,
//! aquarium task lists): every instance solved through the pipeline on `--jobs` threads, the
//! output in input order — a table and a summary, or one JSON object per line.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use backref_engine::{Engine, Limits};
use backref_pipeline::{Member, Outcome, Request, Settings, SolveReport};
use backref_program::Options;

use crate::cli::{Format, SolveArgs};
use crate::exit::{Exit, Failure};
use crate::solve::report_json;

/// One instance's result: its line and the report, or the error that stopped it.
type Done = (usize, Result<SolveReport, backref_pipeline::Error>);

/// Solves every member of a collection and prints the results in input order.
pub fn run(
    args: &SolveArgs,
    settings: Settings,
    members: &[Member],
    engine: &dyn Engine,
) -> Result<Exit, Failure> {
    if args.format == Format::Svg {
        return Err(Failure::usage(
            "--format svg draws one answer; this file holds several instances".into(),
        ));
    }
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .clamp(1, members.len());
    let timeout = args.timeout.map(|t| t.0);
    let request = Request {
        settings,
        // Each instance gets the time limit, which PCRE2 keeps by a calibrated match limit (or
        // by callouts, for long limits).
        options: Options {
            portable: args.puzzle.portable,
            propagation: args.puzzle.propagate,
            callouts: backref_engine::callouts_for_timeout(engine, timeout),
            ..Options::new(engine.dialect())
        },
        limits: Limits {
            timeout,
            match_limit: args.match_limit,
            depth_limit: args.depth_limit,
            ..Limits::default()
        },
        // A collection prints a table and JSON lines, never a drawing.
        svg: false,
        ..Request::new(engine)
    };
    let progress = crate::progress::Progress::start(format!(
        "solve {} {}: {} instances on {jobs} threads",
        args.puzzle.puzzle,
        args.puzzle.input,
        members.len()
    ));
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Done>>> = Mutex::new((0..members.len()).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some((line, instance)) = members.get(i) else {
                    break;
                };
                let report = instance.solve(engine, &request);
                results.lock().expect("no panics")[i] = Some((*line, report));
            });
        }
    });
    drop(progress);
    let results: Vec<Done> = results
        .into_inner()
        .expect("no panics")
        .into_iter()
        .map(|r| r.expect("every instance ran"))
        .collect();
    let puzzle = members[0].1.name();
    let mut summary = Summary::default();
    if args.format == Format::Text {
        println!("| line | outcome | verified | generate ms | compile ms | match ms | native ms |");
        println!("|---|---|---|---|---|---|---|");
    }
    for (line, result) in &results {
        summary.add(result);
        match (args.format, result) {
            (Format::Json, Ok(r)) => {
                let mut v = report_json(puzzle, engine.name(), r);
                v["line"] = (*line).into();
                println!("{v}");
            }
            (Format::Json, Err(e)) => println!(
                "{}",
                serde_json::json!({"line": line, "error": e.to_string(), "kind": e.kind()})
            ),
            (_, Ok(r)) => println!(
                "| {line} | {} | {} | {:.2} | {:.2} | {:.2} | {:.2} |",
                r.outcome.as_str(),
                if r.confirmed() { "yes" } else { "NO" },
                r.total(|s| s.generate_ms),
                r.total(|s| s.compile_ms),
                r.total(|s| s.match_ms),
                r.total(|s| s.native_ms),
            ),
            (_, Err(e)) => println!("| {line} | error | - | - | - | - | - |  {e}"),
        }
        if let Ok(r) = result {
            for p in &r.problems {
                eprintln!("error: line {line}: {p}");
            }
        }
    }
    if args.format == Format::Text {
        println!(
            "{}",
            summary.line(puzzle, &args.puzzle.input, engine.name())
        );
    }
    Ok(summary.exit())
}

/// Counts and times over a collection.
#[derive(Default)]
struct Summary {
    solved: usize,
    no_solution: usize,
    gave_up: usize,
    failed: usize,
    errors: usize,
    /// Generate + compile + match, per instance that ran, ms.
    totals: Vec<f64>,
}

impl Summary {
    fn add(&mut self, result: &Result<SolveReport, backref_pipeline::Error>) {
        let Ok(r) = result else {
            self.errors += 1;
            return;
        };
        match r.outcome {
            Outcome::Solved => self.solved += 1,
            Outcome::NoSolution => self.no_solution += 1,
            Outcome::GaveUp { .. } => self.gave_up += 1,
        }
        if !r.problems.is_empty() {
            self.failed += 1;
        }
        self.totals
            .push(r.total(|s| s.generate_ms + s.compile_ms + s.match_ms));
    }

    fn line(&self, puzzle: &str, input: &str, engine: &str) -> String {
        let mut t = self.totals.clone();
        t.sort_by(f64::total_cmp);
        let median = t.get(t.len() / 2).copied().unwrap_or(0.0);
        let max = t.last().copied().unwrap_or(0.0);
        format!(
            "{puzzle} {input}: {} instances by {engine}: {} solved, {} no solution, {} gave up, {} failed a check, {} errors; per instance (generate + compile + match) median {median:.2} ms, max {max:.2} ms, total {:.1} ms",
            self.totals.len() + self.errors,
            self.solved,
            self.no_solution,
            self.gave_up,
            self.failed,
            self.errors,
            t.iter().sum::<f64>()
        )
    }

    fn exit(&self) -> Exit {
        if self.failed > 0 || self.errors > 0 {
            Exit::Disagreement
        } else if self.gave_up > 0 {
            Exit::GaveUp
        } else {
            Exit::Ok
        }
    }
}
