//! Typed results of a solve: the outcome, per-stage statistics, problems found by the checks,
//! and the race's report.

use std::time::Duration;

use backref_engine::Limit;
use serde::{Serialize, Serializer};

use crate::error::BoxError;
use crate::puzzle::Solution;

/// How a solve ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The engine matched; the answer is in the report (see [`SolveReport::verified`]).
    Solved,
    /// The engine exhausted its search at every stage (or the encoder ruled stages out).
    NoSolution,
    /// A limit ended the search: nothing is known about the instance.
    GaveUp {
        /// The limit that was hit.
        limit: Limit,
        /// Time spent before giving up.
        elapsed: Duration,
    },
}

impl Outcome {
    /// The outcome as JSON and the tables name it: `solved`, `no_solution`, `gave_up`.
    pub fn as_str(&self) -> &'static str {
        match self {
            Outcome::Solved => "solved",
            Outcome::NoSolution => "no_solution",
            Outcome::GaveUp { .. } => "gave_up",
        }
    }

    /// Whether the search was finished (solved or exhausted), i.e. not given up.
    pub fn finished(&self) -> bool {
        !matches!(self, Outcome::GaveUp { .. })
    }
}

/// How one stage ended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum StageOutcome {
    /// The engine matched.
    Solved,
    /// The engine exhausted the search (or a refutation did).
    #[default]
    NoSolution,
    /// A limit ended the search.
    GaveUp,
    /// The encoder proved the stage has no solution without any search.
    RuledOut,
}

impl StageOutcome {
    /// The name JSON and text use.
    pub fn as_str(&self) -> &'static str {
        match self {
            StageOutcome::Solved => "solved",
            StageOutcome::NoSolution => "no_solution",
            StageOutcome::GaveUp => "gave_up",
            StageOutcome::RuledOut => "ruled_out",
        }
    }
}

impl std::fmt::Display for StageOutcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The statistics of one stage's run.
#[derive(Clone, Debug, Default, Serialize)]
pub struct StageStats {
    /// Stage label (e.g. fillit's square size), empty for single-stage puzzles.
    pub stage: String,
    /// How the stage ended.
    pub outcome: StageOutcome,
    /// Why a ruled-out stage cannot have a solution, or how a refutation settled or handed
    /// back the stage.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// Subject length.
    pub subject_bytes: usize,
    /// Pattern length.
    pub pattern_bytes: usize,
    /// Segments.
    pub statements: usize,
    /// Capture groups.
    pub groups: usize,
    /// Backreferences.
    pub backrefs: usize,
    /// The propagation the pattern carried: the asked level (`--propagate`, or the puzzle's
    /// default), or weaker where the pattern's form or its budget of checks left them out.
    pub propagation: backref_program::Propagation,
    /// Time to generate subject and pattern.
    pub generate_ms: f64,
    /// Engine compile time.
    pub compile_ms: f64,
    /// Engine match time.
    pub match_ms: f64,
    /// Native solver time on the same order.
    pub native_ms: f64,
    /// Whether PCRE2's JIT ran the match.
    pub jit: bool,
}

/// Milliseconds, rounded to microseconds, as reports show them.
pub fn ms(d: Duration) -> f64 {
    (d.as_secs_f64() * 1e6).round() / 1e3
}

/// Something a check found wrong: each is a reason not to trust the run.
#[derive(Debug)]
pub enum Problem {
    /// The puzzle's rule checker rejected the decoded answer (its own violation type).
    RuleCheck(BoxError),
    /// The IR checker found a statement that the match does not satisfy.
    IrCheck {
        /// The statement's index.
        statement: usize,
        /// What it states.
        what: String,
    },
    /// The match could not be read back.
    Decode(String),
    /// The engine and the native solver (or two searches) disagree about satisfiability.
    Disagreement(String),
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Problem::RuleCheck(e) => write!(f, "rule check: {e}"),
            Problem::IrCheck { statement, what } => {
                write!(f, "IR check: statement {statement} ({what}) does not hold")
            }
            Problem::Decode(e) => write!(f, "decoding the match failed: {e}"),
            Problem::Disagreement(e) => f.write_str(e),
        }
    }
}

impl Serialize for Problem {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// Which contenders of a race ran and which won.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RaceReport {
    /// Every contender's label, in portfolio order.
    pub contenders: Vec<String>,
    /// Those that started (the others were in reserve when the race ended).
    pub started: Vec<String>,
    /// The first to finish its search; `None` when every one gave up.
    pub winner: Option<String>,
}

/// How a solve's answer compares with the one the input gives ([`crate::Puzzle::published`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Published {
    /// The same answer.
    Equal,
    /// Another answer, and the input's keeps every rule too: the puzzle has more than one.
    Different,
    /// Another answer, and the input's breaks a rule (the rule checker's count of violations).
    BreaksRules(usize),
}

impl Published {
    /// Its name in JSON: `equal`, `different` or `breaks_rules`.
    pub fn as_str(self) -> &'static str {
        match self {
            Published::Equal => "equal",
            Published::Different => "different",
            Published::BreaksRules(_) => "breaks_rules",
        }
    }
}

impl std::fmt::Display for Published {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Published::Equal => f.write_str("equal"),
            Published::Different => {
                f.write_str("different, and it keeps every rule too: more than one solution")
            }
            Published::BreaksRules(n) => write!(
                f,
                "different, and it breaks the rules ({n} violation{})",
                if *n == 1 { "" } else { "s" }
            ),
        }
    }
}

/// Everything one solve found out.
#[derive(Debug)]
pub struct SolveReport {
    /// How it ended.
    pub outcome: Outcome,
    /// The decoded answer (also when it failed verification: see `problems`).
    pub solution: Option<Solution>,
    /// Whether the IR checker and the rule checker accepted the answer.
    pub verified: bool,
    /// Per-stage statistics.
    pub stages: Vec<StageStats>,
    /// Disagreements and failed checks.
    pub problems: Vec<Problem>,
    /// Remarks worth showing (e.g. why PCRE2 ran without its JIT).
    pub notes: Vec<String>,
    /// When settings were raced: the contenders and the winner.
    pub raced: Option<RaceReport>,
    /// When the instance was solved by restarts over static orders: every run made.
    pub restarts: Option<crate::restart::RestartReport>,
    /// When the input gives an answer of its own and the solve found one: how they compare.
    pub published: Option<Published>,
}

impl SolveReport {
    /// An empty report that has found nothing yet.
    pub(crate) fn new() -> SolveReport {
        SolveReport {
            outcome: Outcome::NoSolution,
            solution: None,
            verified: false,
            stages: Vec::new(),
            problems: Vec::new(),
            notes: Vec::new(),
            raced: None,
            restarts: None,
            published: None,
        }
    }

    /// Solved, verified, and no disagreement: an answer to trust.
    pub fn trusted(&self) -> bool {
        self.outcome == Outcome::Solved && self.confirmed()
    }

    /// The outcome was confirmed by every check (what `verified` means in `solve` and `check`
    /// alike): a solved run's answer passed the IR and rule checkers and the native solver
    /// agrees; a run without a solution agrees with the native solver. A run that gave up
    /// confirms nothing.
    pub fn confirmed(&self) -> bool {
        self.outcome.finished()
            && self.problems.is_empty()
            && (self.outcome != Outcome::Solved || self.verified)
    }

    /// Sums a statistic over the stages.
    pub fn total(&self, f: fn(&StageStats) -> f64) -> f64 {
        (self.stages.iter().map(f).sum::<f64>() * 1e3).round() / 1e3
    }
}
