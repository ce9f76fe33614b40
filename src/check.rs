//! `backref check`: one instance on every engine, each in its own dialect, compared.
//!
//! Every engine runs through [`crate::solve::execute`], which decodes the match, runs the IR
//! checker and the rule checker, and cross-checks the outcome with the native solver. On top of
//! that, `check` compares the engines with each other: every engine that finished (solved or
//! exhausted its search) must reach the same outcome at the same stage, and every one must be
//! verified. Engines may find different solutions where several exist; the table says whether
//! each one's answer is the same as the reference's (the first engine's solution, normally
//! PCRE2's). An engine that gave up is shown but is no disagreement; an engine that failed with
//! an error is a failure.
//!
//! Exit codes: 0 agreement; 1 a disagreement, a failed verification or an engine error; 3 every
//! engine that ran gave up; 2 bad usage, bad input, or no engine available.

use std::collections::BTreeMap;
use std::time::Duration;

use backref_engine::{Engine, Limits, ENGINE_NAMES};
use backref_program::Options;
use serde::Serialize;
use serde_json::json;

use crate::cli::{CheckArgs, Format};
use crate::exit::{Exit, Failure};
use crate::progress::Progress;
use crate::puzzle::Solution;
use crate::solve::{engine, execute, settings, SolveResult};

/// One engine's line of the table.
#[derive(Debug, Serialize)]
struct Row {
    /// Engine name.
    engine: &'static str,
    /// `solved`, `no_solution`, `gave_up`, `error` or `unavailable`.
    outcome: &'static str,
    /// Whether the decoded solution equals the reference solution (`null` without a solution).
    same_solution: Option<bool>,
    /// Solved: the IR and rule checkers accepted the answer and the native solver agrees.
    /// No solution: the native solver found none either. `null` when the engine did not finish.
    verified: Option<bool>,
    /// Engine compile time over every stage, ms.
    compile_ms: Option<f64>,
    /// Engine match time over every stage, ms.
    match_ms: Option<f64>,
    /// Failed checks and disagreements with the native solver.
    problems: Vec<String>,
    /// Capture groups in the (last stage's) pattern.
    groups: Option<usize>,
    /// Length of the (last stage's) pattern in bytes.
    pattern_bytes: Option<usize>,
    /// The stage the engine ended at (fillit's square size), when the puzzle has stages.
    #[serde(skip_serializing_if = "Option::is_none")]
    stage: Option<String>,
    /// The limit that ended a run, the error, or why the engine is unavailable.
    note: Option<String>,
    #[serde(skip)]
    solution: Option<Solution>,
}

impl Row {
    fn empty(engine: &'static str, outcome: &'static str, note: String) -> Row {
        Row {
            engine,
            outcome,
            same_solution: None,
            verified: None,
            compile_ms: None,
            match_ms: None,
            groups: None,
            pattern_bytes: None,
            problems: Vec::new(),
            stage: None,
            note: Some(note),
            solution: None,
        }
    }

    fn from_result(engine: &'static str, r: SolveResult) -> Row {
        let finished = matches!(r.outcome, "solved" | "no_solution");
        let verified =
            finished.then(|| r.problems.is_empty() && (r.outcome != "solved" || r.verified));
        let last = r.stages.last();
        let note = match &r.gave_up {
            Some(g) => Some(format!(
                "{} after {:.0} ms",
                g["limit"].as_str().unwrap_or("a limit"),
                g["elapsed_ms"].as_f64().unwrap_or(0.0)
            )),
            None => last.filter(|s| s.jit).map(|_| "JIT".to_string()),
        };
        Row {
            engine,
            outcome: r.outcome,
            same_solution: None,
            verified,
            compile_ms: Some(r.total(|s| s.compile_ms)),
            match_ms: Some(r.total(|s| s.match_ms)),
            groups: last.map(|s| s.groups),
            pattern_bytes: last.map(|s| s.pattern_bytes),
            stage: last.map(|s| s.stage.clone()).filter(|s| !s.is_empty()),
            note,
            problems: r.problems,
            solution: r.solution,
        }
    }

    fn finished(&self) -> bool {
        matches!(self.outcome, "solved" | "no_solution")
    }
}

/// The engines to run: `--engines` (deduplicated, in the order given) or every engine.
fn engines(args: &CheckArgs) -> Result<Vec<Box<dyn Engine>>, Failure> {
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
    if !(args.timeout.is_finite() && args.timeout > 0.0) {
        return Err(Failure::usage(format!(
            "--timeout must be a positive number of seconds; got {}",
            args.timeout
        )));
    }
    let instance =
        crate::puzzles::load(&args.puzzle.puzzle, &args.puzzle.input).map_err(Failure::input)?;
    let engines = engines(args)?;
    let settings = settings(&args.puzzle);
    let timeout = Duration::from_secs_f64(args.timeout);

    // fancy-regex cannot be interrupted: after a timeout its worker thread keeps running until the
    // process exits, so it runs last, where it cannot slow the other engines down.
    let mut order: Vec<usize> = (0..engines.len()).collect();
    order.sort_by_key(|&i| engines[i].name() == "fancy");
    let mut rows: Vec<Option<Row>> = engines.iter().map(|_| None).collect();
    let total = engines.len();
    for (k, &i) in order.iter().enumerate() {
        let engine = &engines[i];
        let info = engine.info();
        if !info.available {
            let hint = info
                .install_hint
                .map(|h| format!(" (install: {h})"))
                .unwrap_or_default();
            rows[i] = Some(Row::empty(
                engine.name(),
                "unavailable",
                format!("{}{hint}", info.version),
            ));
            continue;
        }
        let progress = Progress::start(format!(
            "check {} {}: {} ({}/{total})",
            instance.puzzle(),
            short_input(&args.puzzle.input),
            engine.name(),
            k + 1
        ));
        let limits = Limits {
            timeout: Some(timeout),
            progress: progress.steps(),
            ..Limits::default()
        };
        // Every run has a timeout, which PCRE2 checks at callouts; other dialects print none.
        let options = Options {
            portable: args.puzzle.portable,
            callouts: true,
            ..Options::new(engine.dialect())
        };
        let result = execute(&*instance, &**engine, &settings, &options, &limits);
        drop(progress);
        rows[i] = Some(match result {
            Ok(r) => Row::from_result(engine.name(), r),
            // Bad input is the same for every engine.
            Err(f) if f.code == 2 => return Err(f),
            Err(f) => Row::empty(engine.name(), "error", format!("{:#}", f.error)),
        });
    }
    let mut rows: Vec<Row> = rows
        .into_iter()
        .map(|r| r.expect("every row ran"))
        .collect();
    if rows.iter().all(|r| r.outcome == "unavailable") {
        return Err(Failure::usage(format!(
            "none of the engines asked for is available here: {}",
            rows.iter()
                .map(|r| format!("{} ({})", r.engine, r.note.as_deref().unwrap_or("")))
                .collect::<Vec<_>>()
                .join("; ")
        )));
    }

    // The reference solution: the first engine's (in table order) that found one.
    let reference = rows.iter().find_map(|r| r.solution.clone());
    for r in &mut rows {
        if let (Some(mine), Some(theirs)) = (&r.solution, &reference) {
            r.same_solution = Some(mine == theirs);
        }
    }

    let failures = failures(&rows);
    let agree = failures.is_empty();
    let ran = rows.iter().filter(|r| r.outcome != "unavailable").count();
    let gave_up = rows.iter().filter(|r| r.outcome == "gave_up").count();
    let satisfiable = rows
        .iter()
        .find(|r| r.finished())
        .map(|r| r.outcome == "solved");

    match args.format {
        Format::Json => {
            let v = json!({
                "puzzle": instance.puzzle(),
                "input": args.puzzle.input,
                "encoding": args.puzzle.encoding,
                "order": args.puzzle.order,
                "portable": args.puzzle.portable,
                "timeout_s": args.timeout,
                "rows": rows,
                "agree": agree,
                "satisfiable": if agree { satisfiable } else { None },
                "failures": failures,
            });
            println!("{v}");
        }
        Format::Text => print_table(args, instance.puzzle(), &rows, agree, satisfiable),
    }
    for f in &failures {
        eprintln!("error: {f}");
    }
    Ok(if !agree {
        Exit::Disagreement
    } else if gave_up == ran {
        Exit::GaveUp
    } else {
        Exit::Ok
    })
}

/// Everything that makes the check fail, each naming the engine(s).
fn failures(rows: &[Row]) -> Vec<String> {
    let mut out = Vec::new();
    // Satisfiability: engines that finished, grouped by outcome and stage.
    let mut groups: BTreeMap<(String, &str), Vec<&str>> = BTreeMap::new();
    for r in rows.iter().filter(|r| r.finished()) {
        let what = match (&r.stage, r.outcome) {
            (Some(s), "solved") => format!("solved at stage {s}"),
            (_, "solved") => "solvable".to_string(),
            _ => "no solution".to_string(),
        };
        groups.entry((what, r.outcome)).or_default().push(r.engine);
    }
    if groups.len() > 1 {
        out.push(format!(
            "the engines disagree: {}",
            groups
                .iter()
                .map(|((what, _), engines)| format!("{} say {what}", engines.join(", ")))
                .collect::<Vec<_>>()
                .join("; ")
        ));
    }
    for r in rows {
        if r.verified == Some(false) {
            let detail = if r.problems.is_empty() {
                "the answer was not verified".to_string()
            } else {
                r.problems.join("; ")
            };
            out.push(format!("{}: {detail}", r.engine));
        }
        if r.outcome == "error" {
            out.push(format!(
                "{} failed: {}",
                r.engine,
                r.note.as_deref().unwrap_or("unknown error")
            ));
        }
    }
    out
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
    args: &CheckArgs,
    puzzle: &str,
    rows: &[Row],
    agree: bool,
    satisfiable: Option<bool>,
) {
    let finished = rows.iter().filter(|r| r.finished()).count();
    let ran = rows.iter().filter(|r| r.outcome != "unavailable").count();
    let verdict = match (agree, satisfiable) {
        (false, _) => "FAILED".to_string(),
        (true, Some(true)) => "agree: solvable, every answer verified".to_string(),
        (true, Some(false)) => "agree: no solution".to_string(),
        (true, None) => "nothing known: every engine gave up".to_string(),
    };
    println!(
        "{puzzle} {}{}: {ran} of {} engines ran, {finished} finished; {verdict}",
        args.puzzle.input,
        if args.puzzle.portable {
            " (portable)"
        } else {
            ""
        },
        rows.len()
    );
    println!(
        "{:<13} {:<12} {:<5} {:<8} {:>11} {:>12}  note",
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
            "{:<13} {:<12} {:<5} {:<8} {:>11} {:>12}  {note}",
            r.engine,
            r.outcome,
            yes_no(r.same_solution),
            yes_no(r.verified),
            ms(r.compile_ms),
            ms(r.match_ms),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(engine: &'static str, outcome: &'static str, verified: Option<bool>) -> Row {
        Row {
            verified,
            note: None,
            ..Row::empty(engine, outcome, String::new())
        }
    }

    #[test]
    fn engines_that_finish_alike_and_verify_agree() {
        let rows = [
            row("pcre2", "solved", Some(true)),
            row("fancy", "gave_up", None),
            row("perl", "solved", Some(true)),
            row("node", "unavailable", None),
        ];
        assert!(failures(&rows).is_empty());
    }

    #[test]
    fn a_satisfiability_disagreement_names_both_sides() {
        let rows = [
            row("pcre2", "solved", Some(true)),
            row("perl", "solved", Some(true)),
            row("python", "no_solution", Some(true)),
        ];
        assert_eq!(
            failures(&rows),
            ["the engines disagree: python say no solution; pcre2, perl say solvable"]
        );
    }

    #[test]
    fn stages_count_in_the_comparison() {
        let mut a = row("pcre2", "solved", Some(true));
        a.stage = Some("4".into());
        let mut b = row("perl", "solved", Some(true));
        b.stage = Some("5".into());
        let f = failures(&[a, b]);
        assert_eq!(f.len(), 1);
        assert!(f[0].contains("pcre2 say solved at stage 4"), "{f:?}");
    }

    #[test]
    fn failed_verifications_and_errors_fail() {
        let mut bad = row("fancy", "solved", Some(false));
        bad.problems = vec!["rule check: two queens share a row".into()];
        let mut err = row("node", "error", None);
        err.note = Some("node could not compile the pattern".into());
        let f = failures(&[row("pcre2", "solved", Some(true)), bad, err]);
        assert_eq!(
            f,
            [
                "fancy: rule check: two queens share a row",
                "node failed: node could not compile the pattern"
            ]
        );
    }
}
