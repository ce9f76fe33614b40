//! Regex engines behind one trait.
//!
//! An [`Engine`] compiles a pattern printed in its [`Dialect`] into a [`Matcher`] once
//! ([`Engine::compile`], with engine-neutral [`Flags`]); the matcher then matches the whole of
//! any number of subjects ([`Matcher::run`]), anchored by the pattern itself. [`Engine::run`]
//! does both in one call. Every run ends in an [`Outcome`] that tells apart an exhausted search
//! ([`Outcome::NoSolution`]) from a search that a limit cut short ([`Outcome::GaveUp`]).
//!
//! Engines are listed in one table ([`ENGINE_NAMES`], [`engine_by_name`], [`all_engines`]).

#![warn(missing_docs)]

use std::sync::atomic::AtomicU64;
use std::sync::Arc;
use std::time::{Duration, Instant};

use backref_program::dialect::Dialect;
use serde::Serialize;

mod cancel;
mod captures;
mod detach;
mod external;
mod fancy;
mod flags;
mod onig;
mod pcre2;
mod registry;
mod shape;
mod skip;
mod worker;

pub use cancel::Cancel;
pub use captures::Captures;
pub use external::{
    Built, BuiltKind, Dotnet, DotnetOptions, DotnetRuntime, External, ExternalKind,
    DEFAULT_EXTERNAL_TIMEOUT,
};
pub use fancy::Fancy;
pub use flags::Flags;
pub use onig::Onig;
pub use pcre2::{
    pcre2_link_size, JitFallback, Pcre2, Pcre2Config, COUNT_CALLOUT, DETACHED_COMPILE_FROM,
};
pub use registry::{all_engines, engine_by_name, EngineEntry, ENGINES, ENGINE_NAMES};
pub use skip::{require_or_skip, CI_VAR};

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
    /// Like [`Mode::Count`], but stop as soon as `max` matches have been found
    /// ([`Count::reached_max`] then says so): `AtMost { max: 2, keep: 2 }` tells a unique
    /// solution from several without enumerating them all ([`Count::is_unique`]). A `max` of 0
    /// is taken as 1.
    AtMost {
        /// Stop at this many matches.
        max: u64,
        /// How many matches' captures to keep.
        keep: usize,
    },
}

impl Mode {
    /// Stop at the `n`-th match, keeping the captures of every match found.
    pub fn at_most(n: u64) -> Mode {
        Mode::AtMost {
            max: n,
            keep: usize::try_from(n).unwrap_or(usize::MAX),
        }
    }

    /// Whether the run enumerates matches ([`Mode::Count`] or [`Mode::AtMost`]), which only
    /// engines with [`EngineInfo::can_count`] do.
    pub fn counts(self) -> bool {
        !matches!(self, Mode::First)
    }

    /// How many matches' captures a counting run keeps (0 for [`Mode::First`]).
    pub fn keep(self) -> usize {
        match self {
            Mode::First => 0,
            Mode::Count { keep } | Mode::AtMost { keep, .. } => keep,
        }
    }

    /// The match at which a counting run stops, if any (at least 1).
    pub fn max(self) -> Option<u64> {
        match self {
            Mode::AtMost { max, .. } => Some(max.max(1)),
            _ => None,
        }
    }
}

/// Bounds on one run. `None` means the engine's own (high) default.
///
/// Not `Copy` because of [`Limits::progress`]; clone it (cheap) where a copy is needed.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Limits {
    /// Wall-clock bound on the run: compile plus match for [`Engine::run`], the match alone for
    /// [`Matcher::run`].
    pub timeout: Option<Duration>,
    /// PCRE2 match limit; fancy-regex backtrack limit.
    pub match_limit: Option<u64>,
    /// `match_limit` is a budget for a first look, counted in whichever form the engine runs,
    /// not a bound the caller wants honoured exactly: a caller that will try something else when
    /// the budget runs out (a refutation after a stage's first try). An engine that would
    /// recompile to go on past it (the lazy JIT, whose interpreter counts more steps than the
    /// JIT) gives up where it stands instead. Other engines ignore it.
    pub first_look: bool,
    /// PCRE2 depth limit.
    pub depth_limit: Option<u64>,
    /// PCRE2 heap limit in KiB.
    pub heap_limit_kib: Option<u64>,
    /// A counter that PCRE2 keeps up to date (every 1024 callouts) with the number of callouts
    /// `(?C1)`..`(?C254)` executed so far in this run, for a progress display. Only patterns
    /// that contain callouts move it. Compared by identity in `PartialEq`; not serialized.
    #[serde(skip)]
    pub progress: Option<Arc<AtomicU64>>,
    /// A flag another thread may raise to stop the run, which then gives up with
    /// [`Limit::Cancelled`]. PCRE2 checks it every 1024 callouts in a pattern that has them;
    /// a pattern without callouts matches on a worker thread, which the run leaves behind,
    /// still running, the moment the flag rises. Compared by identity in `PartialEq`; not
    /// serialized.
    #[serde(skip)]
    pub cancel: Option<Arc<Cancel>>,
}

impl PartialEq for Limits {
    fn eq(&self, other: &Limits) -> bool {
        self.timeout == other.timeout
            && self.match_limit == other.match_limit
            && self.first_look == other.first_look
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
    /// Captures of the first matches (as many as the mode's `keep` asked for).
    pub kept: Vec<Captures>,
    /// `Some` when a limit ended the enumeration early, so `matches` is only a lower bound.
    pub gave_up: Option<Limit>,
    /// Whether the enumeration stopped because it reached [`Mode::AtMost`]'s `max`: there may be
    /// more matches, so `matches` is only a lower bound.
    pub reached_max: bool,
}

impl Count {
    /// Whether `matches` is the exact number of matches: the search was exhausted.
    pub fn is_exact(&self) -> bool {
        self.gave_up.is_none() && !self.reached_max
    }

    /// Whether there is exactly one match: `Some(true)` when the search was exhausted after one,
    /// `Some(false)` when there are none or at least two, `None` when a limit ended the search
    /// before it could tell (fewer than two found).
    pub fn is_unique(&self) -> Option<bool> {
        if self.matches >= 2 {
            Some(false)
        } else if self.is_exact() {
            Some(self.matches == 1)
        } else {
            None
        }
    }
}

/// Timings of one run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Timing {
    /// Time spent compiling for this run (including JIT compilation). [`Engine::run`] includes
    /// the compilation of the pattern; [`Matcher::run`] includes only what that run compiled
    /// (external engines compile in every run; PCRE2 compiles its counting form on the first
    /// counting run), so add [`Matcher::compile_time`] once per matcher.
    pub compile: Duration,
    /// Time to match.
    pub matching: Duration,
    /// Whether the JIT ran the match (PCRE2 only).
    pub jit: bool,
}

/// The result of [`Engine::run`] and [`Matcher::run`].
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    /// How the first-match search ended (also for the counting modes: the first match found).
    pub outcome: Outcome,
    /// The enumeration result (for [`Mode::Count`] and [`Mode::AtMost`]).
    pub count: Option<Count>,
    /// Timings.
    pub timing: Timing,
    /// Callouts executed, when the engine ran a callout function (PCRE2 with a timeout, a
    /// progress counter or counting); `None` otherwise.
    pub steps: Option<u64>,
    /// Why PCRE2's JIT could not compile the pattern this run matched with, which then ran on
    /// the interpreter (much slower); `None` when the JIT ran it or was not asked for.
    pub jit_fallback: Option<JitFallback>,
    /// Remarks worth showing the user, e.g. why PCRE2 fell back from the JIT to the interpreter.
    pub notes: Vec<String>,
}

impl Run {
    /// A run that gave up on `limit` before matching anything: [`Outcome::GaveUp`], and for a
    /// counting `mode` an empty count that gave up too.
    pub fn gave_up_before_matching(
        mode: Mode,
        limit: Limit,
        elapsed: Duration,
        timing: Timing,
    ) -> Run {
        Run {
            outcome: Outcome::GaveUp { limit, elapsed },
            count: mode.counts().then(|| Count {
                matches: 0,
                kept: Vec::new(),
                gave_up: Some(limit),
                reached_max: false,
            }),
            timing,
            steps: None,
            jit_fallback: None,
            notes: Vec::new(),
        }
    }
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
    /// Whether [`Mode::Count`] and [`Mode::AtMost`] run inside the engine.
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
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EngineError {
    /// The engine rejected the pattern.
    #[error("{engine} could not compile the pattern: {message}")]
    Compile {
        /// Engine name.
        engine: &'static str,
        /// The engine's message.
        message: String,
    },
    /// The pattern exceeds one of the engine's fixed limits (capture groups, compiled size,
    /// nesting depth, ...): a valid pattern, too large for this engine. Another encoding, a
    /// smaller instance or another engine may fit.
    #[error("the pattern is too large for {engine}: {what}")]
    TooLarge {
        /// Engine name.
        engine: &'static str,
        /// Which limit, in words, with the pattern's figure where known, e.g. "the pattern has
        /// 70,000 capturing groups; PCRE2 allows at most 65,535".
        what: String,
    },
    /// The engine is not installed or not usable here.
    #[error("engine {engine} is unavailable: {reason}")]
    Unavailable {
        /// Engine name.
        engine: &'static str,
        /// Why, with an install hint where one helps.
        reason: String,
    },
    /// The engine does not support what was asked (e.g. counting, or a [`Flags`] flag).
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

impl EngineError {
    /// The name of the engine that failed.
    pub fn engine(&self) -> &'static str {
        match self {
            EngineError::Compile { engine, .. }
            | EngineError::TooLarge { engine, .. }
            | EngineError::Unavailable { engine, .. }
            | EngineError::Unsupported { engine, .. }
            | EngineError::Match { engine, .. } => engine,
        }
    }
}

/// The error an engine without in-engine counting returns for a counting [`Mode`].
pub(crate) fn first_match_only(engine: &'static str, mode: Mode) -> Result<(), EngineError> {
    match mode {
        Mode::First => Ok(()),
        Mode::Count { .. } => Err(EngineError::Unsupported {
            engine,
            what: "counting matches (Mode::Count)".into(),
        }),
        Mode::AtMost { .. } => Err(EngineError::Unsupported {
            engine,
            what: "counting matches up to a bound (Mode::AtMost)".into(),
        }),
    }
}

/// Whether a run of `engine` bounded by `timeout` needs a pattern compiled with callouts: only
/// when the timeout is longer than the engine can honour without them. Callouts cost a
/// backtracking engine 1.15–3× under PCRE2's JIT (each copies every capture), so a timed run
/// should not pay for them when it need not.
pub fn callouts_for_timeout(engine: &dyn Engine, timeout: Option<Duration>) -> bool {
    timeout.is_some_and(|t| t > engine.timeout_without_callouts())
}

/// The callouts a pattern compiled with them passes before its first match (or before its
/// search ends without one), and whether it matched: with the callout a compile puts at each
/// statement's start and one per item a packing's loop enters, the items the engine's search
/// entered plus one. For comparing the engine's search tree with a native walk of it; `None`
/// when the engine does not count callouts.
pub fn callouts_to_first_match(
    engine: &dyn Engine,
    pattern: &str,
    subject: &str,
) -> Result<Option<(u64, bool)>, EngineError> {
    let limits = Limits {
        progress: Some(Arc::new(AtomicU64::new(0))),
        ..Limits::default()
    };
    let run = engine.run(pattern, subject, Mode::First, &limits)?;
    Ok(run
        .steps
        .map(|steps| (steps, matches!(run.outcome, Outcome::Solved(_)))))
}

/// A regex engine that backref can drive.
pub trait Engine: Sync {
    /// The engine's name, as users pass it to `--engine`.
    fn name(&self) -> &'static str;
    /// The dialect its patterns must be printed in.
    fn dialect(&self) -> &'static Dialect;
    /// Version, availability and capabilities.
    fn info(&self) -> EngineInfo;
    /// Compiles `pattern` with `flags` into a [`Matcher`] that can match many subjects, from
    /// several threads at once. Flags the engine cannot honour fail with
    /// [`EngineError::Unsupported`] (before anything else is tried); patterns beyond the
    /// engine's fixed limits with [`EngineError::TooLarge`]. Subprocess engines only check the
    /// flags and that their program exists here: their pattern is compiled (and its errors
    /// reported) in each [`Matcher::run`].
    fn compile(&self, pattern: &str, flags: &Flags) -> Result<Box<dyn Matcher>, EngineError>;
    /// [`Engine::compile`], unless `cancel` rises first: then `None`, and a compile already
    /// under way may be left to finish on a thread of its own (PCRE2, for large patterns), so
    /// that a race's loser does not hold up its winner. The default checks the flag once, then
    /// compiles.
    fn compile_unless_cancelled(
        &self,
        pattern: &str,
        flags: &Flags,
        cancel: &Cancel,
    ) -> Result<Option<Box<dyn Matcher>>, EngineError> {
        if cancel.is_raised() {
            return Ok(None);
        }
        self.compile(pattern, flags).map(Some)
    }
    /// Compiles `pattern` without flags and matches it against the whole of `subject`;
    /// [`Limits::timeout`] bounds both, and [`Timing::compile`] includes the compilation.
    fn run(
        &self,
        pattern: &str,
        subject: &str,
        mode: Mode,
        limits: &Limits,
    ) -> Result<Run, EngineError> {
        let start = Instant::now();
        let matcher = self.compile(pattern, &Flags::NONE)?;
        run_compiled(&*matcher, start, subject, mode, limits)
    }
    /// This engine in the form for a search expected to end within a few thousand steps (a
    /// stage's refutation): one that does not pay up front for a compile such a search does not
    /// need, and compiles fully only for a search that runs long. `None`: the engine itself
    /// serves (PCRE2's JIT answers its lazy form, [`crate::Pcre2::lazy_jit`]).
    fn for_short_searches(&self) -> Option<Box<dyn Engine>> {
        None
    }
    /// Whether [`Limits::cancel`] can stop a run early (PCRE2: through callouts, or by leaving
    /// a callout-free match to finish on its worker thread).
    fn stoppable(&self) -> bool {
        false
    }
    /// The longest [`Limits::timeout`] this engine honours in a pattern without callouts
    /// (PCRE2: by a match limit calibrated on the pattern itself, which costs next to nothing;
    /// see `pcre2.rs`). Callers compile with callouts only for longer timeouts
    /// ([`callouts_for_timeout`]). Zero: the engine needs callouts for any timeout, or has none.
    fn timeout_without_callouts(&self) -> Duration {
        Duration::ZERO
    }
    /// Whether a run that times out keeps working in the background until the process exits
    /// (fancy-regex cannot be interrupted: its worker thread is left running), so that callers
    /// running several engines can run such engines last.
    fn outlives_timeout(&self) -> bool {
        false
    }
}

/// A pattern compiled by [`Engine::compile`], ready to match any number of subjects.
///
/// Matchers are `Send + Sync`: one matcher may run on several threads at once (each run has its
/// own match state), e.g. to race one pattern on different subjects.
pub trait Matcher: Send + Sync {
    /// The name of the engine that compiled it.
    fn engine(&self) -> &'static str;
    /// Matches the pattern against the whole of `subject`. [`Limits::timeout`] bounds this run
    /// (the match; plus whatever the run compiles, see [`Timing::compile`]).
    fn run(&self, subject: &str, mode: Mode, limits: &Limits) -> Result<Run, EngineError>;
    /// The time [`Engine::compile`] took (including JIT compilation), which the runs do not
    /// repeat in their [`Timing::compile`].
    fn compile_time(&self) -> Duration;
    /// Why the JIT could not compile the pattern, which then matches on the interpreter
    /// (PCRE2 only; `None` elsewhere).
    fn jit_fallback(&self) -> Option<&JitFallback> {
        None
    }
    /// How many steps a first-match search of `subject` takes, for comparing search trees
    /// (`backref bench --steps`): `Ok(None)` where the engine cannot tell, or when finding out
    /// would take more than `budget` of matching. PCRE2 reports the least match limit under
    /// which the search ends, to within [`STEPS_PRECISION`].
    fn search_steps(&self, subject: &str, budget: Duration) -> Result<Option<u64>, EngineError> {
        let _ = (subject, budget);
        Ok(None)
    }
}

/// The relative precision of [`Matcher::search_steps`]: the count it reports is at most this
/// fraction above the exact one (the bisection stops there, saving about ten reruns).
pub const STEPS_PRECISION: f64 = 1e-3;

/// Runs a freshly compiled `matcher` as [`Engine::run`] does: `start` is when compiling began;
/// the timeout covers compile and match, [`Timing::compile`] and [`Outcome::GaveUp`]'s elapsed
/// time include the compilation.
pub(crate) fn run_compiled(
    matcher: &dyn Matcher,
    start: Instant,
    subject: &str,
    mode: Mode,
    limits: &Limits,
) -> Result<Run, EngineError> {
    let before = start.elapsed();
    let compile = matcher.compile_time();
    let remaining = limits.timeout.map(|t| t.saturating_sub(before));
    if remaining == Some(Duration::ZERO) {
        let timing = Timing {
            compile,
            ..Timing::default()
        };
        let mut run = Run::gave_up_before_matching(mode, Limit::Timeout, before, timing);
        if let Some(fallback) = matcher.jit_fallback() {
            run.notes.push(fallback.note());
            run.jit_fallback = Some(fallback.clone());
        }
        return Ok(run);
    }
    let limits = Limits {
        timeout: remaining,
        ..limits.clone()
    };
    let mut run = matcher.run(subject, mode, &limits)?;
    run.timing.compile += compile;
    if let Outcome::GaveUp { elapsed, .. } = &mut run.outcome {
        *elapsed += before;
    }
    Ok(run)
}
