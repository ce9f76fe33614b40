//! fancy-regex 0.20, with its backtrack limit and a wall-clock timeout.
//!
//! [`Engine::compile`] builds the `Regex` once (on a worker thread with a large stack, as the
//! parser recurses on nested groups); each [`Matcher::run`] shares it. fancy-regex fixes the
//! backtrack limit when it builds a `Regex`, so a run asking for another
//! [`Limits::match_limit`] builds (and keeps) a `Regex` with that limit, and reports the time in
//! its [`Timing::compile`]. fancy-regex cannot be
//! interrupted, so every run matches on a worker thread too. When a timeout passes first, the run
//! reports [`Limit::Timeout`] and the worker thread is detached: it keeps matching in the
//! background until it finishes or the process exits. That is acceptable for a command-line
//! tool, but a long-lived process that times out many fancy-regex runs keeps burning CPU for each
//! of them. The timeout of [`Engine::run`] starts before compiling, but a compilation is never
//! cut short: one that outlasts the timeout gives up right after it.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use backref_program::dialect::{Dialect, FANCY};
use fancy_regex::{CompileError, Error, ParseError, Regex, RegexBuilder, RuntimeError};

use crate::shape::thousands;
use crate::worker::{on_worker, WorkerResult};
use crate::{
    first_match_only, run_compiled, Captures, Engine, EngineError, EngineInfo, Flags, Limit,
    Limits, Matcher, Mode, Outcome, Run, Timing,
};

/// Default backtrack limit: far above fancy-regex's own 1,000,000, which generated patterns
/// exhaust quickly.
pub const DEFAULT_BACKTRACK_LIMIT: u64 = 1_000_000_000;

const NAME: &str = "fancy";

/// The fancy-regex engine (name `fancy`); [`Limits::match_limit`] sets its backtrack limit. It
/// honours every [`Flags`] flag.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fancy;

impl Fancy {
    /// The fancy-regex engine.
    pub fn new() -> Fancy {
        Fancy
    }
}

/// The error for a pattern fancy-regex refused: [`EngineError::TooLarge`] for its limits.
fn compile_error(e: Error) -> EngineError {
    let too_large = match &e {
        Error::ParseError(_, ParseError::RecursionExceeded) => {
            Some("parentheses are nested deeper than fancy-regex's parser allows".to_string())
        }
        Error::CompileError(c) => match c.as_ref() {
            CompileError::PatternTooComplex => {
                Some("the compiled program exceeds fancy-regex's size limit".to_string())
            }
            CompileError::InnerError(inner) => inner.size_limit().map(|limit| {
                format!(
                    "a part delegated to the regex crate compiles to more than its size limit \
                     ({} bytes)",
                    thousands(limit as u64)
                )
            }),
            _ => None,
        },
        _ => None,
    };
    match too_large {
        Some(what) => EngineError::TooLarge {
            engine: NAME,
            what: format!("{what} ({e})"),
        },
        None => EngineError::Compile {
            engine: NAME,
            message: e.to_string(),
        },
    }
}

/// Builds the regex on a worker thread.
fn build(pattern: &str, flags: Flags, backtrack_limit: usize) -> Result<Arc<Regex>, EngineError> {
    let pattern = pattern.to_owned();
    let regex = on_worker(NAME, "compile", None, None, move || {
        RegexBuilder::new(&pattern)
            .ignore_whitespace(flags.ignore_whitespace)
            .multi_line(flags.multiline)
            .dot_matches_new_line(flags.dot_all)
            .backtrack_limit(backtrack_limit)
            .build()
            .map_err(compile_error)
    })?
    .expect("no timeout while compiling")?;
    Ok(Arc::new(regex))
}

/// The backtrack limit a run asks for.
fn backtrack_limit(limits: &Limits) -> usize {
    let limit = limits.match_limit.unwrap_or(DEFAULT_BACKTRACK_LIMIT);
    usize::try_from(limit).unwrap_or(usize::MAX)
}

/// Matches on the current thread.
fn find(regex: &Regex, subject: &str, start: Instant) -> WorkerResult {
    let match_start = Instant::now();
    let result = regex.captures(subject);
    let matching = match_start.elapsed();
    let gave_up = |limit| Outcome::GaveUp {
        limit,
        elapsed: start.elapsed(),
    };
    let outcome = match result {
        Ok(Some(caps)) => {
            let groups = (0..caps.len())
                .map(|i| caps.get(i).map(|m| m.as_str().to_owned()))
                .collect();
            let names: BTreeMap<String, usize> = regex
                .capture_names()
                .enumerate()
                .filter_map(|(i, n)| n.map(|n| (n.to_owned(), i)))
                .collect();
            Outcome::Solved(Captures::new(groups).with_names(names))
        }
        Ok(None) => Outcome::NoSolution,
        Err(Error::RuntimeError(RuntimeError::BacktrackLimitExceeded)) => {
            gave_up(Limit::MatchLimit)
        }
        Err(Error::RuntimeError(RuntimeError::StackOverflow)) => gave_up(Limit::Stack),
        Err(e) => {
            return Err(EngineError::Match {
                engine: NAME,
                message: e.to_string(),
            })
        }
    };
    Ok((outcome, matching))
}

impl Engine for Fancy {
    fn name(&self) -> &'static str {
        NAME
    }

    fn outlives_timeout(&self) -> bool {
        true
    }

    fn dialect(&self) -> &'static Dialect {
        &FANCY
    }

    fn info(&self) -> EngineInfo {
        EngineInfo {
            name: NAME,
            version: "fancy-regex 0.20".into(),
            available: true,
            install_hint: None,
            jit: false,
            link_size: None,
            can_count: false,
        }
    }

    /// Builds the `Regex` with the default backtrack limit (10⁹, far above fancy-regex's own).
    fn compile(&self, pattern: &str, flags: &Flags) -> Result<Box<dyn Matcher>, EngineError> {
        let limit = backtrack_limit(&Limits::default());
        Ok(Box::new(FancyMatcher::new(pattern, flags, limit)?))
    }

    /// Builds the `Regex` with the run's backtrack limit, then matches.
    fn run(
        &self,
        pattern: &str,
        subject: &str,
        mode: Mode,
        limits: &Limits,
    ) -> Result<Run, EngineError> {
        let start = Instant::now();
        let matcher = FancyMatcher::new(pattern, &Flags::NONE, backtrack_limit(limits))?;
        run_compiled(&matcher, start, subject, mode, limits)
    }
}

/// A fancy-regex pattern: its `Regex` for each backtrack limit asked for so far, shared by
/// every run (each matches on its own worker thread).
struct FancyMatcher {
    pattern: String,
    flags: Flags,
    regexes: Mutex<Vec<(usize, Arc<Regex>)>>,
    compile_time: Duration,
}

impl FancyMatcher {
    fn new(pattern: &str, flags: &Flags, limit: usize) -> Result<FancyMatcher, EngineError> {
        flags.check(Flags::ALL, NAME)?;
        let start = Instant::now();
        let regex = build(pattern, *flags, limit)?;
        Ok(FancyMatcher {
            pattern: pattern.to_owned(),
            flags: *flags,
            regexes: Mutex::new(vec![(limit, regex)]),
            compile_time: start.elapsed(),
        })
    }

    /// The `Regex` with backtrack limit `limit`, and how long building it took now (zero when
    /// it was built before).
    fn regex(&self, limit: usize) -> Result<(Arc<Regex>, Duration), EngineError> {
        let built = |regexes: &[(usize, Arc<Regex>)]| {
            regexes
                .iter()
                .find(|(l, _)| *l == limit)
                .map(|(_, r)| Arc::clone(r))
        };
        if let Some(regex) = built(&self.regexes.lock().unwrap_or_else(|e| e.into_inner())) {
            return Ok((regex, Duration::ZERO));
        }
        let start = Instant::now();
        let regex = build(&self.pattern, self.flags, limit)?;
        let took = start.elapsed();
        let mut regexes = self.regexes.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(regex) = built(&regexes) {
            return Ok((regex, took));
        }
        regexes.push((limit, Arc::clone(&regex)));
        Ok((regex, took))
    }
}

impl Matcher for FancyMatcher {
    fn engine(&self) -> &'static str {
        NAME
    }

    fn compile_time(&self) -> Duration {
        self.compile_time
    }

    fn run(&self, subject: &str, mode: Mode, limits: &Limits) -> Result<Run, EngineError> {
        first_match_only(NAME, mode)?;
        let start = Instant::now();
        let (regex, compiled_now) = self.regex(backtrack_limit(limits))?;
        let mut notes = Vec::new();
        if compiled_now > Duration::ZERO {
            notes.push(format!(
                "built the fancy-regex Regex again for this run's backtrack limit in {:.1} ms",
                compiled_now.as_secs_f64() * 1e3
            ));
        }
        let remaining = limits.timeout.map(|t| t.saturating_sub(start.elapsed()));
        let subject = subject.to_owned();
        let found = if remaining == Some(Duration::ZERO) {
            None
        } else {
            on_worker(NAME, "match", remaining, None, move || {
                find(&regex, &subject, start)
            })?
        };
        let Some(result) = found else {
            let elapsed = start.elapsed();
            let timing = Timing {
                compile: compiled_now,
                matching: elapsed.saturating_sub(compiled_now),
                ..Timing::default()
            };
            let mut run = Run::gave_up_before_matching(mode, Limit::Timeout, elapsed, timing);
            if remaining != Some(Duration::ZERO) {
                notes.push("the fancy-regex worker thread was left running".into());
            }
            run.notes = notes;
            return Ok(run);
        };
        let (outcome, matching) = result?;
        Ok(Run {
            outcome,
            count: None,
            timing: Timing {
                compile: compiled_now,
                matching,
                jit: false,
            },
            steps: None,
            jit_fallback: None,
            notes,
        })
    }
}
