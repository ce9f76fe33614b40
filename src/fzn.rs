//! `backref fzn FILE.fzn`: backref as a FlatZinc solver, the interface MiniZinc drives
//! (`minizinc --solver backref model.mzn`). Each solution prints as `name = value;` lines and
//! `----------`; `==========` when the search is complete, `=====UNSATISFIABLE=====` when there
//! is no solution, `=====UNKNOWN=====` when the time limit ended the search first. Every
//! solution is checked by the FlatZinc evaluator and cross-checked by the native search; a
//! disagreement is an error on stderr (exit 1). `minimize`/`maximize` solve again with the
//! bound tightened past each solution until none is left (the last one printed is optimal).

use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use backref_engine::Engine;
use backref_flatzinc::{Ending, Fzn, Objective};
use backref_pipeline::{Outcome, Request, Solution};

use crate::cli::FznArgs;

/// MiniZinc's marker after each solution.
const SOLUTION_END: &str = "----------";
/// The search is complete.
const COMPLETE: &str = "==========";
/// There is no solution.
const UNSATISFIABLE: &str = "=====UNSATISFIABLE=====";
/// A limit ended the search before anything was known.
const UNKNOWN: &str = "=====UNKNOWN=====";

/// What one run found, for the statistics.
#[derive(Default)]
struct Stats {
    solutions: usize,
    solves: usize,
    match_time: Duration,
}

/// Whether the run has printed its last line (the time-bound watchdog then stays silent).
static DONE: Mutex<bool> = Mutex::new(false);
/// Whether a solution was printed.
static FOUND: AtomicBool = AtomicBool::new(false);
/// Whether the final status line was printed.
static ANSWERED: AtomicBool = AtomicBool::new(false);

/// How long past the time limit the watchdog waits for the run to end by itself.
const GRACE: Duration = Duration::from_secs(1);

fn emit(text: &str) {
    let done = DONE.lock().unwrap_or_else(|e| e.into_inner());
    if *done {
        return;
    }
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes());
    let _ = out.flush();
    if [COMPLETE, UNSATISFIABLE, UNKNOWN]
        .iter()
        .any(|m| text.trim_end() == *m)
    {
        ANSWERED.store(true, Ordering::SeqCst);
    }
}

fn print_solution(s: &Solution, stats: &mut Stats) {
    stats.solutions += 1;
    emit(&format!("{}{SOLUTION_END}\n", s.text));
    FOUND.store(true, Ordering::SeqCst);
}

/// Ends the process at the time limit plus [`GRACE`] when the run (an engine that cannot be
/// interrupted, the native cross-check) has not: `=====UNKNOWN=====` when nothing was found,
/// else the solutions printed so far stand, without `==========`.
fn watchdog(bound: Duration) {
    let _ = std::thread::Builder::new()
        .name("fzn-time-limit".into())
        .spawn(move || {
            std::thread::sleep(bound + GRACE);
            let mut done = DONE.lock().unwrap_or_else(|e| e.into_inner());
            if !*done {
                *done = true;
                if !FOUND.load(Ordering::SeqCst) && !ANSWERED.load(Ordering::SeqCst) {
                    println!("{UNKNOWN}");
                }
                let _ = std::io::stdout().flush();
                std::process::exit(0);
            }
        });
}

/// Runs `backref fzn`.
pub fn run(args: &FznArgs) -> ExitCode {
    let started = Instant::now();
    let text = match std::fs::read_to_string(&args.file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", args.file);
            return ExitCode::from(2);
        }
    };
    let model = match backref_flatzinc::parse(&text, &args.file) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let Some(engine) = backref_engine::engine_by_name(&args.engine) else {
        eprintln!(
            "error: unknown engine {:?}; choose one of: {}",
            args.engine,
            backref_engine::ENGINE_NAMES.join(", ")
        );
        return ExitCode::from(2);
    };
    if let Err(e) = backref_pipeline::require_available(&*engine) {
        eprintln!("error: {e}");
        return ExitCode::from(2);
    }
    let bound = args
        .time_limit
        .map(Duration::from_millis)
        .unwrap_or(crate::watchdog::DEFAULT_BOUND);
    let mut request = Request::new(&*engine);
    // Callouts let PCRE2 stop at the deadline; the watchdog covers the rest.
    request.options.callouts = backref_engine::callouts_for_timeout(&*engine, Some(bound));
    watchdog(bound);
    request.settings.order = args.order.clone();
    let entry = backref_flatzinc::ENTRY;
    if let Err(e) = request.settings.validate(entry.name, &entry.choices) {
        eprintln!("error: {e}");
        return ExitCode::from(2);
    }
    request.limits.timeout = Some(bound);
    request.deadline = Some(started + bound);
    let fzn = Fzn::new(model);
    let mut stats = Stats::default();
    let result = match fzn.model().objective {
        Objective::Satisfy if args.all_solutions || args.num_solutions.is_some_and(|n| n > 1) => {
            enumerate(&fzn, &*engine, &request, args, &mut stats)
        }
        Objective::Satisfy => optimise(&fzn, &*engine, &request, false, &mut stats),
        _ => optimise(&fzn, &*engine, &request, true, &mut stats),
    };
    if args.statistics {
        emit(&format!(
            "%%%mzn-stat: solutions={}\n%%%mzn-stat: solves={}\n%%%mzn-stat: matchTime={:.3}\n%%%mzn-stat: solveTime={:.3}\n%%%mzn-stat-end\n",
            stats.solutions,
            stats.solves,
            stats.match_time.as_secs_f64(),
            started.elapsed().as_secs_f64()
        ));
    }
    *DONE.lock().unwrap_or_else(|e| e.into_inner()) = true;
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err((code, message)) => {
            eprintln!("error: {message}");
            ExitCode::from(code)
        }
    }
}

type Failed = (u8, String);

fn failed(e: backref_pipeline::Error) -> Failed {
    let f = crate::exit::Failure::from(e);
    (f.code, format!("{:#}", f.error))
}

/// Every solution (`-a`) or the first N (`-n N`, with or without `-a`) of a satisfaction
/// problem: the engine stops at the N-th (inside the match, or by re-solving), so `-n N` costs
/// what N solutions cost, and `==========` follows only a search that ended by itself.
fn enumerate(
    fzn: &Fzn,
    engine: &dyn Engine,
    request: &Request,
    args: &FznArgs,
    stats: &mut Stats,
) -> Result<(), Failed> {
    let max = args.num_solutions;
    let keep = match max {
        Some(n) => usize::try_from(n).unwrap_or(usize::MAX),
        None if args.all_solutions => usize::MAX,
        None => 1,
    };
    let report = backref_pipeline::count_capped(fzn, engine, request, keep, max).map_err(failed)?;
    stats.solves += 1;
    stats.match_time += report.match_time;
    if !report.problems.is_empty() {
        let all: Vec<String> = report.problems.iter().map(|p| p.to_string()).collect();
        return Err((1, all.join("; ")));
    }
    for s in &report.solutions {
        print_solution(s, stats);
    }
    // A re-solve stops at its default cap (`reached_max`): not a complete search either.
    let complete = report.gave_up.is_none() && !report.reached_max;
    if complete && report.count == 0 {
        emit(&format!("{UNSATISFIABLE}\n"));
    } else if complete && report.solutions.len() as u64 == report.count {
        emit(&format!("{COMPLETE}\n"));
    } else if report.count == 0 {
        emit(&format!("{UNKNOWN}\n"));
    }
    Ok(())
}

/// One solution of a satisfaction problem, or the optimum of an optimisation problem by
/// solving again with a tightened bound until no solution is left
/// ([`backref_flatzinc::optimise()`]), each solution printed as it is found.
fn optimise(
    fzn: &Fzn,
    engine: &dyn Engine,
    request: &Request,
    optimising: bool,
    stats: &mut Stats,
) -> Result<(), Failed> {
    let mut found = false;
    let ending = backref_flatzinc::optimise(fzn, engine, request, optimising, |report| {
        stats.solves += 1;
        stats.match_time += report
            .stages
            .iter()
            .map(|s| Duration::from_secs_f64(s.match_ms / 1e3))
            .sum::<Duration>();
        if let (true, Outcome::Solved, Some(s)) =
            (report.problems.is_empty(), report.outcome, &report.solution)
        {
            print_solution(s, stats);
            found = true;
        }
    })
    .map_err(failed)?;
    match ending {
        Ending::Satisfied => {}
        Ending::Optimal => emit(&format!("{COMPLETE}\n")),
        Ending::Unsatisfiable => emit(&format!("{UNSATISFIABLE}\n")),
        Ending::GaveUp if !found => emit(&format!("{UNKNOWN}\n")),
        Ending::GaveUp => {}
        Ending::Problems(all) => return Err((1, all.join("; "))),
    }
    Ok(())
}
