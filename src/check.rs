//! `backref check`: one instance on every engine, each in its own dialect, compared.
//!
//! Every engine runs through the pipeline's [`backref_pipeline::check_engine`], which solves,
//! decodes, checks and cross-checks with the native solver; [`backref_pipeline::compare`] then
//! judges the rows: every engine that finished must reach the same outcome at the same stage, and
//! every one must be verified. An engine that gave up is shown but is no disagreement; an engine
//! that failed with an error is a failure.
//!
//! Exit codes: 0 agreement; 1 a disagreement, a failed verification or an engine error; 3 every
//! engine that ran gave up; 2 bad usage, bad input, or no engine available.

use std::time::Duration;

use backref_engine::{Engine, Limits, ENGINE_NAMES};
use backref_pipeline::{compare, Instance, Request, Row, RowOutcome, Settings};
use backref_program::Options;
use serde_json::json;

use crate::cli::{CheckArgs, Format, PuzzleArgs};
use crate::exit::{Exit, Failure};
use crate::progress::Progress;
use crate::solve::{engine, settings};

/// Per-engine timeout of a single-instance check.
const DEFAULT_TIMEOUT: Duration = Duration::from_secs(60);

/// The engines to run: `--engines` (deduplicated, in the order given) or every engine.
pub(crate) fn engines(args: &CheckArgs) -> Result<Vec<Box<dyn Engine>>, Failure> {
    let mut names: Vec<&str> = Vec::new();
    if args.engines.is_empty() {
        names.extend(ENGINE_NAMES);
    } else {
        for n in args
            .engines
            .iter()
            .map(|n| n.trim())
            .filter(|n| !n.is_empty())
        {
            if !names.contains(&n) {
                names.push(n);
            }
        }
    }
    if names.is_empty() {
        return Err(Failure::usage("--engines names no engine".into()));
    }
    names.into_iter().map(engine).collect()
}

/// A short name for the input, for the progress line.
fn short_input(input: &str) -> String {
    std::path::Path::new(input)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| input.to_string())
}

/// Runs `backref check`.
pub fn run(args: &CheckArgs) -> Result<Exit, Failure> {
    let Some(puzzle) = args.puzzle_args() else {
        return crate::corpus::run(args);
    };
    let settings = settings(&puzzle)?;
    let instance = backref_puzzles::load(&puzzle.puzzle, &puzzle.input)?;
    let engines = engines(args)?;
    let timeout = args.timeout.map_or(DEFAULT_TIMEOUT, |t| t.0);

    let label = format!("check {} {}", instance.name(), short_input(&puzzle.input));
    let mut rows = run_rows(
        &*instance,
        &settings,
        &engines,
        timeout,
        puzzle.portable,
        puzzle.propagate,
        Some(&label),
    )?;
    if rows.iter().all(|r| r.outcome == RowOutcome::Unavailable) {
        return Err(Failure::usage(format!(
            "none of the engines asked for is available here: {}",
            rows.iter()
                .map(|r| format!("{} ({})", r.engine, r.note.as_deref().unwrap_or("")))
                .collect::<Vec<_>>()
                .join("; ")
        )));
    }
    let verdict = compare(&mut rows);
    match args.format {
        Format::Json => {
            let v = json!({
                "puzzle": instance.name(),
                "input": puzzle.input,
                "encoding": puzzle.encoding,
                "order": puzzle.order,
                "portable": puzzle.portable,
                "timeout_s": timeout.as_secs_f64(),
                "rows": rows,
                "agree": verdict.agree(),
                "satisfiable": verdict.satisfiable,
                "failures": verdict.failures,
            });
            println!("{v}");
        }
        // `--format svg` and `--format html` are refused before these commands run
        // (`Command::svg_refused`).
        Format::Text | Format::Svg | Format::Html => print_table(
            &puzzle,
            instance.name(),
            &rows,
            verdict.agree(),
            verdict.satisfiable,
        ),
    }
    for f in &verdict.failures {
        eprintln!("error: {f}");
    }
    Ok(if !verdict.agree() {
        Exit::Disagreement
    } else if verdict.all_gave_up {
        Exit::GaveUp
    } else {
        Exit::Ok
    })
}

/// Runs `instance` on every engine, each in its own dialect with `timeout`, and returns one row
/// per engine in the order given. With a `label`, each run draws the progress line.
pub(crate) fn run_rows(
    instance: &dyn Instance,
    settings: &Settings,
    engines: &[Box<dyn Engine>],
    timeout: Duration,
    portable: bool,
    propagation: Option<backref_program::Propagation>,
    label: Option<&str>,
) -> Result<Vec<Row>, Failure> {
    // An engine that cannot be interrupted keeps running after a timeout until the process
    // exits, so such engines run last, where they cannot slow the others down.
    let mut order: Vec<usize> = (0..engines.len()).collect();
    order.sort_by_key(|&i| engines[i].outlives_timeout());
    let mut rows: Vec<Option<Row>> = engines.iter().map(|_| None).collect();
    let total = engines.len();
    for (k, &i) in order.iter().enumerate() {
        let engine = &engines[i];
        let progress = label.map(|label| {
            Progress::start(format!("{label}: {} ({}/{total})", engine.name(), k + 1))
        });
        // Every run has a timeout, which PCRE2 keeps by a calibrated match limit (or by callouts,
        // for long timeouts); other dialects print no callouts.
        let request = Request {
            settings: settings.clone(),
            options: Options {
                portable,
                propagation,
                callouts: backref_engine::callouts_for_timeout(&**engine, Some(timeout)),
                ..Options::new(engine.dialect())
            },
            limits: Limits {
                timeout: Some(timeout),
                progress: progress.as_ref().and_then(Progress::steps),
                ..Limits::default()
            },
            // A comparison table has no drawing.
            svg: false,
            ..Request::new(&**engine)
        };
        let row = instance.check_engine(&**engine, &request);
        drop(progress);
        rows[i] = Some(row?);
    }
    Ok(rows
        .into_iter()
        .map(|r| r.expect("every row ran"))
        .collect())
}

/// Notes longer than this are cut in the text table (an engine's error may quote the pattern);
/// `--format json` has them whole.
const NOTE_WIDTH: usize = 100;

fn ms(v: Option<f64>) -> String {
    v.map(|v| format!("{v:.3}")).unwrap_or_else(|| "-".into())
}

fn yes_no(v: Option<bool>) -> &'static str {
    match v {
        Some(true) => "yes",
        Some(false) => "NO",
        None => "-",
    }
}

fn print_table(
    args: &PuzzleArgs,
    puzzle: &str,
    rows: &[Row],
    agree: bool,
    satisfiable: Option<bool>,
) {
    let finished = rows.iter().filter(|r| r.outcome.finished()).count();
    let ran = rows
        .iter()
        .filter(|r| r.outcome != RowOutcome::Unavailable)
        .count();
    let verdict = match (agree, satisfiable) {
        (false, _) => "FAILED".to_string(),
        (true, Some(true)) => "agree: solvable, every answer verified".to_string(),
        (true, Some(false)) => "agree: no solution".to_string(),
        (true, None) => "nothing known: every engine gave up".to_string(),
    };
    println!(
        "{puzzle} {}{}: {ran} of {} engines ran, {finished} finished; {verdict}",
        args.input,
        if args.portable { " (portable)" } else { "" },
        rows.len()
    );
    println!(
        "{:<21} {:<12} {:<5} {:<8} {:>11} {:>12}  note",
        "engine", "outcome", "same", "verified", "compile ms", "match ms"
    );
    for r in rows {
        let mut note = r.note.clone().unwrap_or_default();
        if let Some(s) = &r.stage {
            note = if note.is_empty() {
                format!("stage {s}")
            } else {
                format!("stage {s}, {note}")
            };
        }
        if note.chars().count() > NOTE_WIDTH {
            note = note.chars().take(NOTE_WIDTH - 1).collect::<String>() + "…";
        }
        println!(
            "{:<21} {:<12} {:<5} {:<8} {:>11} {:>12}  {note}",
            r.engine,
            r.outcome.as_str(),
            yes_no(r.same_solution),
            yes_no(r.verified),
            ms(r.compile_ms),
            ms(r.match_ms),
        );
    }
}
