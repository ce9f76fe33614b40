//! `backref check --corpus DIR|fixtures`: every instance of every puzzle in a folder on every
//! engine, as one matrix (instance × engine) with a summary line per engine.
//!
//! The folder holds one sub-folder per puzzle (`DIR/<puzzle>/**/*.txt`, as `fixtures/` does); a
//! file of several one-line instances counts each line. Files meant to be rejected (a
//! `.expected` of `error`, or under a folder called `invalid`) are listed as skipped; folders
//! called `slow` (instances that take a minute or more) are left out unless `--slow`. Instances
//! run `--jobs` at a time, each on every engine in turn exactly as `backref check` runs them;
//! the output keeps the file order whatever finishes first. Exit 1 on any disagreement, failed
//! verification, engine error (other than a pattern too large for an engine) or unreadable
//! instance; otherwise 0.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use backref_pipeline::{compare, Instance, Row, RowOutcome};
use serde::Serialize;
use serde_json::json;

use crate::check::{engines, run_rows};
use crate::cli::{CheckArgs, Format, PuzzleArgs};
use crate::exit::{Exit, Failure};
use crate::solve::settings;

/// Per-engine timeout of a corpus check unless `--timeout` says otherwise.
const DEFAULT_TIMEOUT: Duration = Duration::from_secs(3);

/// The start of an engine error that means "too large for this engine" (`EngineError::TooLarge`).
const TOO_LARGE: &str = "the pattern is too large for ";

/// One instance to check: its puzzle, where it comes from, and the instance itself (or why it
/// could not be read).
pub(crate) struct Item {
    pub(crate) puzzle: &'static str,
    pub(crate) input: String,
    pub(crate) instance: Result<Box<dyn Instance>, String>,
}

/// What checking one instance gave.
struct Checked {
    rows: Vec<Row>,
    failures: Vec<String>,
    satisfiable: Option<bool>,
}

/// Per-engine totals over the corpus.
#[derive(Default, Serialize)]
struct Summary {
    agree: usize,
    disagree: usize,
    gave_up: usize,
    error: usize,
    too_large: usize,
    unavailable: usize,
    compile_ms: f64,
    match_ms: f64,
}

/// The folder `arg` names: `fixtures` is the project's own when there is no such folder here.
pub(crate) fn corpus_dir(arg: &str) -> Result<PathBuf, Failure> {
    let path = PathBuf::from(arg);
    if path.is_dir() {
        return Ok(path);
    }
    if arg == "fixtures" {
        let built_in = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
        if built_in.is_dir() {
            return Ok(built_in);
        }
    }
    Err(Failure::usage(format!(
        "--corpus {arg}: no such folder (expected DIR/<puzzle>/*.txt, or `fixtures`)"
    )))
}

/// Every `.txt` file under `dir`, sorted by path; folders called `slow` only when `slow`.
fn text_files(dir: &Path, slow: bool, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            if slow || p.file_name().is_none_or(|n| n != "slow") {
                text_files(&p, slow, out);
            }
        } else if p.extension().is_some_and(|e| e == "txt") {
            out.push(p);
        }
    }
}

/// Why a file is not an instance to check but an input meant to be rejected, if it is one.
fn meant_to_fail(path: &Path) -> Option<&'static str> {
    let expected = std::fs::read_to_string(path.with_extension("expected")).unwrap_or_default();
    if expected.trim() == "error" {
        return Some("its .expected says error");
    }
    if path.components().any(|c| c.as_os_str() == "invalid") {
        return Some("it is under invalid/");
    }
    None
}

/// The instances of the corpus in order (folders called `slow` only when `slow`), and the
/// files skipped with why.
pub(crate) fn collect(dir: &Path, slow: bool) -> (Vec<Item>, Vec<(String, String)>) {
    let mut items = Vec::new();
    let mut skipped = Vec::new();
    for puzzle in backref_puzzles::names() {
        let mut files = Vec::new();
        text_files(&dir.join(puzzle), slow, &mut files);
        for file in files {
            let shown = file
                .strip_prefix(dir)
                .unwrap_or(&file)
                .display()
                .to_string();
            if let Some(why) = meant_to_fail(&file) {
                skipped.push((shown, why.to_string()));
                continue;
            }
            match backref_puzzles::load_many(puzzle, &file.to_string_lossy()) {
                Ok(collection) => {
                    let many = collection.members.len() > 1;
                    for (line, instance) in collection.members {
                        items.push(Item {
                            puzzle,
                            input: if many {
                                format!("{shown}:{line}")
                            } else {
                                shown.clone()
                            },
                            instance: Ok(instance),
                        });
                    }
                }
                Err(e) => items.push(Item {
                    puzzle,
                    input: shown,
                    instance: Err(format!("{e:#}")),
                }),
            }
        }
    }
    (items, skipped)
}

/// Whether an error row is an engine refusing a pattern beyond its fixed limits.
fn too_large(row: &Row) -> bool {
    row.outcome == RowOutcome::TooLarge
        || (row.outcome == RowOutcome::Error
            && row.note.as_deref().is_some_and(|n| n.contains(TOO_LARGE)))
}

/// Checks one instance on every engine.
fn check_one(
    item: &Item,
    args: &CheckArgs,
    engines: &[Box<dyn backref_engine::Engine>],
    timeout: Duration,
) -> Result<Checked, String> {
    let instance = item.instance.as_ref().map_err(Clone::clone)?;
    let settings = settings(&PuzzleArgs {
        puzzle: item.puzzle.to_string(),
        input: item.input.clone(),
        encoding: None,
        order: None,
        portable: args.portable,
        no_rotation: false,
        reuse: false,
        propagate: args.propagate,
        stars: None,
    })
    .map_err(|f| format!("{:#}", f.error))?;
    let mut rows = run_rows(
        &**instance,
        &settings,
        engines,
        timeout,
        args.portable,
        args.propagate,
        None,
    )
    .map_err(|f| format!("{:#}", f.error))?;
    let verdict = compare(&mut rows);
    let large: Vec<String> = rows
        .iter()
        .filter(|r| too_large(r))
        .map(|r| format!("{} failed: ", r.engine))
        .collect();
    let failures = verdict
        .failures
        .into_iter()
        .filter(|f| !large.iter().any(|l| f.starts_with(l.as_str())))
        .collect();
    Ok(Checked {
        rows,
        failures,
        satisfiable: verdict.satisfiable,
    })
}

/// A table cell: the outcome and the engine's time (compile + match, ms).
fn cell(row: &Row) -> String {
    let ms = row.compile_ms.unwrap_or(0.0) + row.match_ms.unwrap_or(0.0);
    let time = if ms < 10.0 {
        format!("{ms:.2}")
    } else {
        format!("{ms:.0}")
    };
    let mark = if row.verified == Some(false) {
        " ✗"
    } else {
        ""
    };
    match row.outcome {
        RowOutcome::Solved => format!("solved {time}{mark}"),
        RowOutcome::NoSolution => format!("none {time}{mark}"),
        RowOutcome::GaveUp => "gave up".into(),
        RowOutcome::TooLarge => "too large".into(),
        RowOutcome::Error if too_large(row) => "too large".into(),
        RowOutcome::Error => "**error**".into(),
        RowOutcome::Unavailable => "n/a".into(),
    }
}

fn summarize(names: &[&'static str], results: &[Result<Checked, String>]) -> Vec<Summary> {
    let mut sums: Vec<Summary> = names.iter().map(|_| Summary::default()).collect();
    for checked in results.iter().flatten() {
        for (s, r) in sums.iter_mut().zip(&checked.rows) {
            s.compile_ms += r.compile_ms.unwrap_or(0.0);
            s.match_ms += r.match_ms.unwrap_or(0.0);
            match r.outcome {
                RowOutcome::Solved | RowOutcome::NoSolution => {
                    let agrees = r.verified == Some(true)
                        && checked
                            .satisfiable
                            .is_none_or(|sat| sat == (r.outcome == RowOutcome::Solved));
                    if agrees {
                        s.agree += 1;
                    } else {
                        s.disagree += 1;
                    }
                }
                RowOutcome::GaveUp => s.gave_up += 1,
                RowOutcome::TooLarge => s.too_large += 1,
                RowOutcome::Error if too_large(r) => s.too_large += 1,
                RowOutcome::Error => s.error += 1,
                RowOutcome::Unavailable => s.unavailable += 1,
            }
        }
    }
    sums
}

/// Draws `done/total` on stderr when progress is shown.
fn draw_progress(done: usize, total: usize, start: Instant) {
    if crate::progress::enabled() {
        use std::io::Write;
        let mut err = std::io::stderr().lock();
        let _ = write!(
            err,
            "\r\x1b[2Kcheck --corpus: {done}/{total} instances, {:.0} s",
            start.elapsed().as_secs_f64()
        );
        let _ = err.flush();
    }
}

/// Runs `backref check --corpus`.
pub fn run(args: &CheckArgs) -> Result<Exit, Failure> {
    let arg = args
        .corpus
        .as_deref()
        .expect("check without a puzzle has --corpus");
    let dir = corpus_dir(arg)?;
    let engines = engines(args)?;
    let names: Vec<&'static str> = engines.iter().map(|e| e.name()).collect();
    let timeout = args.timeout.map_or(DEFAULT_TIMEOUT, |t| t.0);
    let (items, skipped) = collect(&dir, args.slow);
    if items.is_empty() {
        return Err(Failure::usage(format!(
            "--corpus {arg}: no instances (expected DIR/<puzzle>/*.txt for a puzzle among {})",
            backref_puzzles::names().join(", ")
        )));
    }
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .clamp(1, items.len());
    let start = Instant::now();
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let slots: Vec<Mutex<Option<Result<Checked, String>>>> =
        items.iter().map(|_| Mutex::new(None)).collect();
    draw_progress(0, items.len(), start);
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(item) = items.get(i) else { break };
                let result = check_one(item, args, &engines, timeout);
                *slots[i].lock().unwrap_or_else(|e| e.into_inner()) = Some(result);
                let finished = done.fetch_add(1, Ordering::Relaxed) + 1;
                draw_progress(finished, items.len(), start);
            });
        }
    });
    if crate::progress::enabled() {
        eprint!("\r\x1b[2K");
    }
    let results: Vec<Result<Checked, String>> = slots
        .into_iter()
        .map(|s| {
            s.into_inner()
                .unwrap_or_else(|e| e.into_inner())
                .expect("every instance ran")
        })
        .collect();
    let sums = summarize(&names, &results);
    let mut failures = Vec::new();
    for (item, result) in items.iter().zip(&results) {
        let name = format!("{} {}", item.puzzle, item.input);
        match result {
            Ok(c) => failures.extend(c.failures.iter().map(|f| format!("{name}: {f}"))),
            Err(e) => failures.push(format!("{name}: {e}")),
        }
    }
    let elapsed = start.elapsed().as_secs_f64();
    match args.format {
        Format::Json => print_json(
            arg, &names, timeout, &items, &results, &sums, &skipped, &failures, elapsed,
        ),
        // `--format svg` and `--format html` are refused before `check` runs.
        Format::Text | Format::Svg | Format::Html => print_markdown(
            &names, &items, &results, &sums, &skipped, &failures, elapsed,
        ),
    }
    for f in &failures {
        eprintln!("error: {f}");
    }
    Ok(if failures.is_empty() {
        Exit::Ok
    } else {
        Exit::Disagreement
    })
}

#[allow(clippy::too_many_arguments)]
fn print_json(
    arg: &str,
    names: &[&'static str],
    timeout: Duration,
    items: &[Item],
    results: &[Result<Checked, String>],
    sums: &[Summary],
    skipped: &[(String, String)],
    failures: &[String],
    elapsed: f64,
) {
    let instances: Vec<_> = items
        .iter()
        .zip(results)
        .map(|(item, result)| match result {
            Ok(c) => json!({
                "puzzle": item.puzzle,
                "input": item.input,
                "rows": c.rows,
                "agree": c.failures.is_empty(),
                "satisfiable": c.satisfiable,
                "failures": c.failures,
            }),
            Err(e) => json!({
                "puzzle": item.puzzle,
                "input": item.input,
                "error": e,
                "agree": false,
            }),
        })
        .collect();
    let summary: BTreeMap<&str, &Summary> = names.iter().copied().zip(sums).collect();
    let v = json!({
        "corpus": arg,
        "engines": names,
        "timeout_s": timeout.as_secs_f64(),
        "instances": instances,
        "summary": summary,
        "skipped": skipped.iter().map(|(f, why)| json!({"input": f, "why": why})).collect::<Vec<_>>(),
        "failures": failures,
        "agree": failures.is_empty(),
        "elapsed_s": elapsed,
    });
    println!("{v}");
}

fn print_markdown(
    names: &[&'static str],
    items: &[Item],
    results: &[Result<Checked, String>],
    sums: &[Summary],
    skipped: &[(String, String)],
    failures: &[String],
    elapsed: f64,
) {
    println!(
        "{} instances × {} engines in {elapsed:.1} s; {}",
        items.len(),
        names.len(),
        if failures.is_empty() {
            "every engine that finished agrees and every answer is verified".to_string()
        } else {
            format!("{} FAILURES", failures.len())
        }
    );
    println!();
    println!("| instance | {} | verdict |", names.join(" | "));
    println!("|---|{}---|", "---|".repeat(names.len()));
    for (item, result) in items.iter().zip(results) {
        let name = format!("{} {}", item.puzzle, item.input);
        match result {
            Ok(c) => {
                let cells: Vec<String> = c.rows.iter().map(cell).collect();
                let verdict = match (c.failures.is_empty(), c.satisfiable) {
                    (false, _) => "**FAIL**",
                    (true, Some(true)) => "solvable",
                    (true, Some(false)) => "no solution",
                    (true, None) => "unknown",
                };
                println!("| {name} | {} | {verdict} |", cells.join(" | "));
            }
            Err(e) => println!(
                "| {name} | {}**input error**: {} |",
                "| ".repeat(names.len()),
                e.replace('|', "\\|")
            ),
        }
    }
    println!();
    println!("Cells: outcome and the engine's compile + match ms; ✗ not verified.");
    println!();
    println!("| engine | agree | disagree | gave up | error | too large | unavailable | compile ms | match ms |");
    println!("|---|---|---|---|---|---|---|---|---|");
    for (name, s) in names.iter().zip(sums) {
        println!(
            "| {name} | {} | {} | {} | {} | {} | {} | {:.0} | {:.0} |",
            s.agree,
            s.disagree,
            s.gave_up,
            s.error,
            s.too_large,
            s.unavailable,
            s.compile_ms,
            s.match_ms
        );
    }
    if !skipped.is_empty() {
        println!();
        println!("Skipped {} inputs meant to be rejected:", skipped.len());
        for (f, why) in skipped {
            println!("- {f} ({why})");
        }
    }
    if !failures.is_empty() {
        println!();
        println!("Failures:");
        for f in failures {
            println!("- {}", f.replace('\n', " "));
        }
    }
}
