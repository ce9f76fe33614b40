//! `backref sat FILE`: a drop-in SAT solver in the SAT-competition output format. The formula
//! is solved through a regex engine (PCRE2 by default), the model checked clause by clause and
//! satisfiability cross-checked by the native DPLL solver; then
//!
//! - `s SATISFIABLE` and the model on `v` lines ending in `0` (exit 10),
//! - `s UNSATISFIABLE` (the engine exhausted its search; exit 20),
//! - `s UNKNOWN` when the time bound ended the search (exit 0).
//!
//! Statistics are `c` comment lines. A file that is not DIMACS CNF is an error on stderr
//! (exit 2); a disagreement between the engine and the checks prints `s UNKNOWN` with the
//! problems as comments (exit 1). Nothing is printed before the answer is known, and the
//! answer is printed once: by the run, or by the time bound's watchdog.

use std::io::Write;
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use backref_engine::Limits;
use backref_pipeline::{Outcome, Request, Settings};
use backref_program::Options;

use crate::cli::SatArgs;

/// Exit code of a satisfiable formula.
pub const EXIT_SAT: u8 = 10;
/// Exit code of an unsatisfiable formula.
pub const EXIT_UNSAT: u8 = 20;
/// Exit code when nothing is known.
pub const EXIT_UNKNOWN: u8 = 0;

/// Literals per `v` line.
const PER_LINE: usize = 10;

/// The answer lines for a model given as DIMACS literals.
pub fn model_lines(model: &[i64]) -> String {
    let mut out = String::new();
    for chunk in model.chunks(PER_LINE) {
        let line: Vec<String> = chunk.iter().map(i64::to_string).collect();
        out.push_str(&format!("v {}\n", line.join(" ")));
    }
    out.push_str("v 0\n");
    out
}

/// Runs `backref sat`.
pub fn run(args: &SatArgs) -> ExitCode {
    let started = Instant::now();
    let instance = match backref_puzzles::load("cnf", &args.file) {
        Ok(i) => i,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let engine = match backref_engine::engine_by_name(&args.engine) {
        Some(e) => e,
        None => {
            eprintln!(
                "error: unknown engine {:?}; choose one of: {}",
                args.engine,
                backref_engine::ENGINE_NAMES.join(", ")
            );
            return ExitCode::from(2);
        }
    };
    if let Err(e) = backref_pipeline::require_available(&*engine) {
        eprintln!("error: {e}");
        return ExitCode::from(2);
    }
    let settings = Settings {
        order: args.order.clone(),
        ..Settings::default()
    };
    let entry = backref_puzzles::find("cnf").expect("cnf is registered");
    if let Err(e) = settings.validate(entry.name, &entry.choices) {
        eprintln!("error: {e}");
        return ExitCode::from(2);
    }
    let bound = args
        .timeout
        .map(|t| t.0)
        .unwrap_or(crate::watchdog::DEFAULT_BOUND);
    // The answer is printed once: whoever takes the lock first and finds it unprinted.
    let printed = Arc::new(Mutex::new(false));
    {
        let printed = Arc::clone(&printed);
        let _ = std::thread::Builder::new()
            .name("sat-timeout".into())
            .spawn(move || {
                std::thread::sleep(bound);
                let mut done = printed.lock().unwrap_or_else(|e| e.into_inner());
                if !*done {
                    *done = true;
                    print!(
                        "c gave up: the time bound of {} s passed\ns UNKNOWN\n",
                        bound.as_secs_f64()
                    );
                    let _ = std::io::stdout().flush();
                    std::process::exit(EXIT_UNKNOWN as i32);
                }
            });
    }
    // No callouts (under the JIT they slow patterns with many groups down): the watchdog
    // above ends the run at the bound instead.
    let request = Request {
        settings,
        options: Options {
            callouts: false,
            ..Options::new(engine.dialect())
        },
        limits: Limits {
            timeout: Some(bound),
            ..Limits::default()
        },
        ..Request::new(&*engine)
    };
    let result = instance.solve(&*engine, &request);
    let mut done = printed.lock().unwrap_or_else(|e| e.into_inner());
    if *done {
        // The watchdog answered already; it exits the process.
        std::thread::sleep(Duration::from_secs(1));
    }
    *done = true;
    let mut out = String::new();
    let code = match result {
        Err(e) => {
            drop(done);
            eprintln!("error: {e}");
            return ExitCode::from(match e {
                backref_pipeline::Error::Input(_)
                | backref_pipeline::Error::Usage(_)
                | backref_pipeline::Error::TooLarge(_) => 2,
                _ => 1,
            });
        }
        Ok(report) => {
            out.push_str(&format!(
                "c backref: {} through {}, {:.1} ms in all\n",
                args.file,
                engine.name(),
                started.elapsed().as_secs_f64() * 1e3
            ));
            for p in &report.problems {
                out.push_str(&format!("c error: {p}\n"));
            }
            if !report.problems.is_empty() {
                out.push_str("s UNKNOWN\n");
                1
            } else {
                match (&report.outcome, &report.solution) {
                    (Outcome::Solved, Some(solution)) => {
                        let model: Vec<i64> = solution
                            .extra
                            .get("model")
                            .and_then(|m| m.as_array())
                            .map(|a| a.iter().filter_map(|v| v.as_i64()).collect())
                            .unwrap_or_default();
                        out.push_str("s SATISFIABLE\n");
                        out.push_str(&model_lines(&model));
                        EXIT_SAT
                    }
                    (Outcome::NoSolution, _) => {
                        out.push_str("s UNSATISFIABLE\n");
                        EXIT_UNSAT
                    }
                    (outcome, _) => {
                        out.push_str(&format!("c gave up: {}\ns UNKNOWN\n", outcome.as_str()));
                        EXIT_UNKNOWN
                    }
                }
            }
        }
    };
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(out.as_bytes());
    let _ = stdout.flush();
    drop(done);
    ExitCode::from(code)
}
