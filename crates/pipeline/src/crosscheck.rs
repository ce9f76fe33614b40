//! Comparing engines on one instance: each engine's solve becomes a row (outcome, verified,
//! timings), and the rows must agree: every engine that finished reaches the same outcome at the
//! same stage, and every answer is verified. Engines may find different solutions where several
//! exist; a row says whether its answer is the reference's (the first row's that has one).

use std::collections::BTreeMap;

use backref_engine::Engine;
use serde::Serialize;

use crate::error::Error;
use crate::puzzle::{Puzzle, Solution};
use crate::report::{Outcome, SolveReport};
use crate::solve::{solve, Request};

/// How one engine's run ended, as a row of the comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RowOutcome {
    /// The engine matched.
    Solved,
    /// The engine exhausted its search.
    NoSolution,
    /// A limit ended the search.
    GaveUp,
    /// The engine failed with an error.
    Error,
    /// The engine is not installed here.
    Unavailable,
    /// The pattern is beyond one of the engine's fixed limits (said in the note): nothing is
    /// known, and nothing is wrong.
    TooLarge,
}

impl RowOutcome {
    /// The name the table and JSON use.
    pub fn as_str(&self) -> &'static str {
        match self {
            RowOutcome::Solved => "solved",
            RowOutcome::NoSolution => "no_solution",
            RowOutcome::GaveUp => "gave_up",
            RowOutcome::Error => "error",
            RowOutcome::TooLarge => "too_large",
            RowOutcome::Unavailable => "unavailable",
        }
    }

    /// Solved or exhausted.
    pub fn finished(&self) -> bool {
        matches!(self, RowOutcome::Solved | RowOutcome::NoSolution)
    }
}

/// One engine's line of the comparison.
#[derive(Debug, Serialize)]
pub struct Row {
    /// Engine name.
    pub engine: &'static str,
    /// How its run ended.
    pub outcome: RowOutcome,
    /// Whether the decoded solution equals the reference solution (`None` without a solution).
    pub same_solution: Option<bool>,
    /// Solved: the IR and rule checkers accepted the answer and the native solver agrees.
    /// No solution: the native solver found none either. `None` when the engine did not finish.
    pub verified: Option<bool>,
    /// Engine compile time over every stage, ms.
    pub compile_ms: Option<f64>,
    /// Engine match time over every stage, ms.
    pub match_ms: Option<f64>,
    /// Failed checks and disagreements with the native solver.
    pub problems: Vec<String>,
    /// Capture groups in the (last stage's) pattern.
    pub groups: Option<usize>,
    /// Length of the (last stage's) pattern in bytes.
    pub pattern_bytes: Option<usize>,
    /// The stage the engine ended at (fillit's square size), when the puzzle has stages.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stage: Option<String>,
    /// The limit that ended a run, the error, or why the engine is unavailable.
    pub note: Option<String>,
    /// The decoded answer, for comparing engines.
    #[serde(skip)]
    pub solution: Option<Solution>,
}

impl Row {
    /// A row without a run: an engine that failed or is unavailable, with why.
    pub fn empty(engine: &'static str, outcome: RowOutcome, note: String) -> Row {
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

    /// The row of a finished or given-up solve.
    pub fn from_report(engine: &'static str, r: SolveReport) -> Row {
        let outcome = match r.outcome {
            Outcome::Solved => RowOutcome::Solved,
            Outcome::NoSolution => RowOutcome::NoSolution,
            Outcome::GaveUp { .. } => RowOutcome::GaveUp,
        };
        let finished = outcome.finished();
        let verified = finished.then(|| r.confirmed());
        let last = r.stages.last();
        let note = match r.outcome {
            Outcome::GaveUp { limit, elapsed } => Some(format!(
                "{limit} after {:.0} ms",
                elapsed.as_secs_f64() * 1e3
            )),
            _ => last.filter(|s| s.jit).map(|_| "JIT".to_string()),
        };
        Row {
            engine,
            outcome,
            same_solution: None,
            verified,
            compile_ms: Some(r.total(|s| s.compile_ms)),
            match_ms: Some(r.total(|s| s.match_ms)),
            groups: last.map(|s| s.groups),
            pattern_bytes: last.map(|s| s.pattern_bytes),
            stage: last.map(|s| s.stage.clone()).filter(|s| !s.is_empty()),
            note,
            problems: r.problems.iter().map(|p| p.to_string()).collect(),
            solution: r.solution,
        }
    }
}

/// Runs `puzzle` on one engine for the comparison: an unavailable engine or an engine error
/// becomes a row; bad input (the same for every engine) is an error.
pub fn check_engine<P: Puzzle + ?Sized>(
    puzzle: &P,
    engine: &dyn Engine,
    request: &Request,
) -> Result<Row, Error> {
    let info = engine.info();
    if !info.available {
        let hint = info
            .install_hint
            .map(|h| format!(" (install: {h})"))
            .unwrap_or_default();
        return Ok(Row::empty(
            engine.name(),
            RowOutcome::Unavailable,
            format!("{}{hint}", info.version),
        ));
    }
    match solve(puzzle, engine, request) {
        Ok(r) => Ok(Row::from_report(engine.name(), r)),
        Err(e @ (Error::Input(_) | Error::Usage(_))) => Err(e),
        Err(e @ Error::TooLarge(_)) => Ok(Row::empty(
            engine.name(),
            RowOutcome::TooLarge,
            e.to_string(),
        )),
        Err(e) => Ok(Row::empty(engine.name(), RowOutcome::Error, e.to_string())),
    }
}

/// The verdict over every row.
#[derive(Debug)]
pub struct Verdict {
    /// Everything that makes the check fail, each naming the engine(s).
    pub failures: Vec<String>,
    /// Whether the instance has a solution, as the engines that finished say (`None` when none
    /// finished or they disagree).
    pub satisfiable: Option<bool>,
    /// Whether every engine that ran gave up.
    pub all_gave_up: bool,
}

impl Verdict {
    /// No failure.
    pub fn agree(&self) -> bool {
        self.failures.is_empty()
    }
}

/// Marks each row's answer as the same as the reference's or not, and judges the rows.
pub fn compare(rows: &mut [Row]) -> Verdict {
    let reference = rows.iter().find_map(|r| r.solution.clone());
    for r in rows.iter_mut() {
        if let (Some(mine), Some(theirs)) = (&r.solution, &reference) {
            r.same_solution = Some(mine == theirs);
        }
    }
    let failures = failures(rows);
    let ran = rows
        .iter()
        .filter(|r| r.outcome != RowOutcome::Unavailable)
        .count();
    let gave_up = rows
        .iter()
        .filter(|r| r.outcome == RowOutcome::GaveUp)
        .count();
    let satisfiable = rows
        .iter()
        .find(|r| r.outcome.finished())
        .map(|r| r.outcome == RowOutcome::Solved)
        .filter(|_| failures.is_empty());
    Verdict {
        failures,
        satisfiable,
        all_gave_up: gave_up == ran,
    }
}

/// Everything that makes the check fail, each naming the engine(s).
pub fn failures(rows: &[Row]) -> Vec<String> {
    let mut out = Vec::new();
    // Satisfiability: engines that finished, grouped by outcome and stage.
    let mut groups: BTreeMap<(String, RowOutcome), Vec<&str>> = BTreeMap::new();
    for r in rows.iter().filter(|r| r.outcome.finished()) {
        let what = match (&r.stage, r.outcome) {
            (Some(s), RowOutcome::Solved) => format!("solved at stage {s}"),
            (_, RowOutcome::Solved) => "solvable".to_string(),
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
        if r.outcome == RowOutcome::Error {
            out.push(format!(
                "{} failed: {}",
                r.engine,
                r.note.as_deref().unwrap_or("unknown error")
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(engine: &'static str, outcome: RowOutcome, verified: Option<bool>) -> Row {
        Row {
            verified,
            note: None,
            ..Row::empty(engine, outcome, String::new())
        }
    }

    #[test]
    fn engines_that_finish_alike_and_verify_agree() {
        let rows = [
            row("pcre2", RowOutcome::Solved, Some(true)),
            row("fancy", RowOutcome::GaveUp, None),
            row("perl", RowOutcome::Solved, Some(true)),
            row("node", RowOutcome::Unavailable, None),
        ];
        assert!(failures(&rows).is_empty());
    }

    #[test]
    fn a_satisfiability_disagreement_names_both_sides() {
        let rows = [
            row("pcre2", RowOutcome::Solved, Some(true)),
            row("perl", RowOutcome::Solved, Some(true)),
            row("python", RowOutcome::NoSolution, Some(true)),
        ];
        assert_eq!(
            failures(&rows),
            ["the engines disagree: python say no solution; pcre2, perl say solvable"]
        );
    }

    #[test]
    fn stages_count_in_the_comparison() {
        let mut a = row("pcre2", RowOutcome::Solved, Some(true));
        a.stage = Some("4".into());
        let mut b = row("perl", RowOutcome::Solved, Some(true));
        b.stage = Some("5".into());
        let f = failures(&[a, b]);
        assert_eq!(f.len(), 1);
        assert!(f[0].contains("pcre2 say solved at stage 4"), "{f:?}");
    }

    #[test]
    fn failed_verifications_and_errors_fail() {
        let mut bad = row("fancy", RowOutcome::Solved, Some(false));
        bad.problems = vec!["rule check: two queens share a row".into()];
        let mut err = row("node", RowOutcome::Error, None);
        err.note = Some("node could not compile the pattern".into());
        let f = failures(&[row("pcre2", RowOutcome::Solved, Some(true)), bad, err]);
        assert_eq!(
            f,
            [
                "fancy: rule check: two queens share a row",
                "node failed: node could not compile the pattern"
            ]
        );
    }
}
