//! Regex engines behind one trait.
//!
//! An [`Engine`] compiles a pattern printed in its [`Dialect`] and matches it against a subject,
//! anchored at both ends. Every run ends in an [`Outcome`] that tells apart an exhausted search
//! ([`Outcome::NoSolution`]) from a search that a limit cut short ([`Outcome::GaveUp`]).

#![warn(missing_docs)]

use std::sync::atomic::{AtomicBool, AtomicU64};
use std::sync::Arc;
use std::time::Duration;

use backref_program::dialect::Dialect;
use serde::Serialize;

mod captures;
mod external;
mod fancy;
mod pcre2;
mod registry;

pub use captures::Captures;
pub use external::{Dotnet, DotnetOptions, External, ExternalKind, DEFAULT_EXTERNAL_TIMEOUT};
pub use fancy::Fancy;
pub use pcre2::{pcre2_link_size, Pcre2, Pcre2Config, COUNT_CALLOUT};
pub use registry::{all_engines, engine_by_name, ENGINE_NAMES};

/// What a run should do once the pattern matches.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub enum Mode {
    /// Stop at the first match and return its captures.
    #[default]
    First,
    /// Count every match inside the engine (engines with [`EngineInfo::can_count`] only),
    /// keeping the captures of at most `keep` of them.
    Count {
        /// How many matches' captures to keep (for `solve --all`).
        keep: usize,
    },
}

/// Bounds on one run. `None` means the engine's own (high) default.
///
/// Not `Copy` because of [`Limits::progress`]; clone it (cheap) where a copy is needed.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Limits {
    /// Wall-clock bound on compile plus match.
    pub timeout: Option<Duration>,
    /// PCRE2 match limit; fancy-regex backtrack limit.
    pub match_limit: Option<u64>,
    /// PCRE2 depth limit.
    pub depth_limit: Option<u64>,
    /// PCRE2 heap limit in KiB.
    pub heap_limit_kib: Option<u64>,
    /// A counter that PCRE2 keeps up to date (every 1024 callouts) with the number of callouts
    /// `(?C1)`..`(?C254)` executed so far in this run, for a progress display. Only patterns
    /// that contain callouts move it. Compared by identity in `PartialEq`; not serialized.
    #[serde(skip)]
    pub progress: Option<Arc<AtomicU64>>,
    /// A flag another thread may raise to stop the run (checked by PCRE2 every 1024 callouts;
    /// only patterns that contain callouts stop early); the run then gives up with
    /// [`Limit::Cancelled`]. Compared by identity in `PartialEq`; not serialized.
    #[serde(skip)]
    pub cancel: Option<Arc<AtomicBool>>,
}

impl PartialEq for Limits {
    fn eq(&self, other: &Limits) -> bool {
        self.timeout == other.timeout
            && self.match_limit == other.match_limit
            && self.depth_limit == other.depth_limit
            && self.heap_limit_kib == other.heap_limit_kib
            && match (&self.progress, &other.progress) {
                (None, None) => true,
                (Some(a), Some(b)) => Arc::ptr_eq(a, b),
                _ => false,
            }
            && match (&self.cancel, &other.cancel) {
                (None, None) => true,
                (Some(a), Some(b)) => Arc::ptr_eq(a, b),
                _ => false,
            }
    }
}

impl Eq for Limits {}

/// Which bound ended a search early.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Limit {
    /// The wall-clock timeout.
    Timeout,
    /// PCRE2's match limit or fancy-regex's backtrack limit.
    MatchLimit,
    /// PCRE2's depth limit.
    DepthLimit,
    /// PCRE2's heap limit.
    HeapLimit,
    /// The JIT stack or a fixed backtracking stack ran out.
    Stack,
    /// Another thread raised [`Limits::cancel`].
    Cancelled,
}

impl std::fmt::Display for Limit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Limit::Timeout => "timeout",
            Limit::MatchLimit => "match limit",
            Limit::DepthLimit => "depth limit",
            Limit::HeapLimit => "heap limit",
            Limit::Stack => "stack limit",
            Limit::Cancelled => "cancelled",
        })
    }
}

/// How a run ended.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// The pattern matched; these are the captures of the (first) match.
    Solved(Captures),
    /// The engine exhausted the search without a match.
    NoSolution,
    /// A limit ended the search before it was exhausted: nothing is known.
    GaveUp {
        /// The bound that was hit.
        limit: Limit,
        /// Time spent before giving up.
        elapsed: Duration,
    },
}

/// Every match of a counting run, as far as the engine got.
#[derive(Clone, Debug, PartialEq)]
pub struct Count {
    /// Matches found.
    pub matches: u64,
    /// Captures of the first matches (as many as [`Mode::Count::keep`] asked for).
    pub kept: Vec<Captures>,
    /// `Some` when a limit ended the enumeration early, so `matches` is only a lower bound.
    pub gave_up: Option<Limit>,
}

/// Timings of one run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Timing {
    /// Time to compile the pattern (including JIT compilation).
    pub compile: Duration,
    /// Time to match.
    pub matching: Duration,
    /// Whether the JIT ran the match (PCRE2 only).
    pub jit: bool,
}

/// The result of [`Engine::run`].
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    /// How the first-match search ended (for [`Mode::First`]).
    pub outcome: Outcome,
    /// The enumeration result (for [`Mode::Count`]).
    pub count: Option<Count>,
    /// Timings.
    pub timing: Timing,
    /// Callouts executed, when the engine ran a callout function (PCRE2 with a timeout, a
    /// progress counter or counting); `None` otherwise.
    pub steps: Option<u64>,
    /// Remarks worth showing the user, e.g. why PCRE2 fell back from the JIT to the interpreter.
    pub notes: Vec<String>,
}

/// A static description of an engine, for `backref engines`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EngineInfo {
    /// The name users pass to `--engine`.
    pub name: &'static str,
    /// The engine's version as it reports it, or why it is unavailable.
    pub version: String,
    /// Whether the engine can run here now.
    pub available: bool,
    /// What to install when it is not.
    pub install_hint: Option<&'static str>,
    /// Whether JIT compilation is on.
    pub jit: bool,
    /// PCRE2's link size, where that applies.
    pub link_size: Option<u32>,
    /// Whether [`Mode::Count`] runs inside the engine.
    pub can_count: bool,
}

impl EngineInfo {
    /// The description of a subprocess engine (no JIT, no counting) from its version probe:
    /// available with the version it reported, or unavailable with the reason and `hint`.
    pub fn probed(name: &'static str, version: Result<String, String>, hint: &'static str) -> Self {
        EngineInfo {
            name,
            available: version.is_ok(),
            install_hint: version.is_err().then_some(hint),
            version: version.unwrap_or_else(|e| e),
            jit: false,
            link_size: None,
            can_count: false,
        }
    }
}

/// Failures that are neither a match nor a non-match.
#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    /// The engine rejected the pattern.
    #[error("{engine} could not compile the pattern: {message}")]
    Compile {
        /// Engine name.
        engine: &'static str,
        /// The engine's message.
        message: String,
    },
    /// The engine is not installed or not usable here.
    #[error("engine {engine} is unavailable: {reason}")]
    Unavailable {
        /// Engine name.
        engine: &'static str,
        /// Why, with an install hint where one helps.
        reason: String,
    },
    /// The engine does not support what was asked (e.g. counting).
    #[error("engine {engine} does not support {what}")]
    Unsupported {
        /// Engine name.
        engine: &'static str,
        /// What was asked.
        what: String,
    },
    /// Anything else the engine reported while matching.
    #[error("{engine} failed while matching: {message}")]
    Match {
        /// Engine name.
        engine: &'static str,
        /// The engine's message.
        message: String,
    },
}

/// The error an engine without in-engine counting returns for [`Mode::Count`].
pub(crate) fn first_match_only(engine: &'static str, mode: Mode) -> Result<(), EngineError> {
    match mode {
        Mode::First => Ok(()),
        Mode::Count { .. } => Err(EngineError::Unsupported {
            engine,
            what: "counting matches (Mode::Count)".into(),
        }),
    }
}

/// A regex engine that backref can drive.
pub trait Engine: Sync {
    /// The engine's name, as users pass it to `--engine`.
    fn name(&self) -> &'static str;
    /// The dialect its patterns must be printed in.
    fn dialect(&self) -> &'static Dialect;
    /// Version, availability and capabilities.
    fn info(&self) -> EngineInfo;
    /// Compiles `pattern` and matches it against the whole of `subject`.
    fn run(
        &self,
        pattern: &str,
        subject: &str,
        mode: Mode,
        limits: &Limits,
    ) -> Result<Run, EngineError>;
    /// Whether [`Limits::cancel`] can stop a run early (PCRE2, through callouts).
    fn stoppable(&self) -> bool {
        false
    }
}
