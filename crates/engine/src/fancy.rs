//! fancy-regex 0.20, with its backtrack limit and a wall-clock timeout.
//!
//! fancy-regex cannot be interrupted, so every run happens on a worker thread (with a large
//! stack, as the parser recurses on nested groups). When a timeout passes first, the run reports
//! [`Limit::Timeout`] and the worker thread is detached: it keeps matching in the background
//! until it finishes or the process exits. That is acceptable for a command-line tool, but a
//! long-lived process that times out many fancy-regex runs keeps burning CPU for each of them.

use std::collections::BTreeMap;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use backref_program::dialect::{Dialect, FANCY};
use fancy_regex::{Error, RegexBuilder, RuntimeError};

use crate::{
    first_match_only, Captures, Engine, EngineError, EngineInfo, Limit, Limits, Mode, Outcome, Run,
    Timing,
};

/// Default backtrack limit: far above fancy-regex's own 1,000,000, which generated patterns
/// exhaust quickly.
pub const DEFAULT_BACKTRACK_LIMIT: u64 = 1_000_000_000;

/// Stack of the worker thread (the parser and analyser recurse on nesting depth).
const WORKER_STACK: usize = 256 * 1024 * 1024;

const NAME: &str = "fancy";

/// The fancy-regex engine (name `fancy`); [`Limits::match_limit`] sets its backtrack limit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fancy;

impl Fancy {
    /// The fancy-regex engine.
    pub fn new() -> Fancy {
        Fancy
    }
}

/// What the worker thread sends back.
type WorkerResult = Result<(Outcome, Timing), EngineError>;

/// Compiles and matches on the current thread.
fn compile_and_match(pattern: &str, subject: &str, backtrack_limit: usize) -> WorkerResult {
    let start = Instant::now();
    let regex = RegexBuilder::new(pattern)
        .backtrack_limit(backtrack_limit)
        .build()
        .map_err(|e| EngineError::Compile {
            engine: NAME,
            message: e.to_string(),
        })?;
    let compile = start.elapsed();
    let match_start = Instant::now();
    let result = regex.captures(subject);
    let matching = match_start.elapsed();
    let timing = Timing {
        compile,
        matching,
        jit: false,
    };
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
    Ok((outcome, timing))
}

impl Engine for Fancy {
    fn name(&self) -> &'static str {
        NAME
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

    fn run(
        &self,
        pattern: &str,
        subject: &str,
        mode: Mode,
        limits: &Limits,
    ) -> Result<Run, EngineError> {
        first_match_only(NAME, mode)?;
        let backtrack_limit = limits.match_limit.unwrap_or(DEFAULT_BACKTRACK_LIMIT);
        let backtrack_limit = usize::try_from(backtrack_limit).unwrap_or(usize::MAX);
        let start = Instant::now();
        let (tx, rx) = mpsc::channel::<WorkerResult>();
        let (pattern, subject) = (pattern.to_owned(), subject.to_owned());
        let worker = std::thread::Builder::new()
            .name("fancy-regex".into())
            .stack_size(WORKER_STACK)
            .spawn(move || {
                // The receiver may be gone after a timeout; nothing to do then.
                let _ = tx.send(compile_and_match(&pattern, &subject, backtrack_limit));
            })
            .map_err(|e| EngineError::Match {
                engine: NAME,
                message: format!("could not start the worker thread: {e}"),
            })?;
        let received = match limits.timeout {
            None => rx.recv().map_err(|_| ()),
            Some(timeout) => match rx.recv_timeout(timeout) {
                Ok(r) => Ok(r),
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    // Detach: the worker finishes (or not) on its own.
                    drop(worker);
                    let elapsed = start.elapsed();
                    return Ok(Run {
                        outcome: Outcome::GaveUp {
                            limit: Limit::Timeout,
                            elapsed,
                        },
                        count: None,
                        timing: Timing {
                            compile: Duration::ZERO,
                            matching: elapsed,
                            jit: false,
                        },
                        steps: None,
                        notes: vec!["the fancy-regex worker thread was left running".into()],
                    });
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => Err(()),
            },
        };
        match received {
            Ok(result) => {
                let _ = worker.join();
                let (outcome, timing) = result?;
                Ok(Run {
                    outcome,
                    count: None,
                    timing,
                    steps: None,
                    notes: Vec::new(),
                })
            }
            // The sender was dropped without sending: the worker panicked.
            Err(()) => {
                let message = match worker.join() {
                    Err(panic) => panic
                        .downcast_ref::<&str>()
                        .map(|s| s.to_string())
                        .or_else(|| panic.downcast_ref::<String>().cloned())
                        .unwrap_or_else(|| "unknown panic".into()),
                    Ok(()) => "the worker thread ended without a result".into(),
                };
                Err(EngineError::Match {
                    engine: NAME,
                    message: format!("fancy-regex panicked: {message}"),
                })
            }
        }
    }
}
