//! Oniguruma 6.9 (the Ruby-family engine) in process, through the `onig` crate's vendored build.
//!
//! [`Engine::compile`] builds the `Regex` once with Oniguruma's own syntax
//! (`ONIG_SYNTAX_ONIGURUMA`); each [`Matcher::run`] searches on a worker thread with a large
//! stack. Oniguruma counts backtracking retries and stops a search at its retry limit
//! (default 10 million, which generated patterns reach quickly): backref sets it from
//! [`Limits::match_limit`], else from the timeout (10⁸ retries a second, so that a search left
//! running after its timeout stops soon after), else [`DEFAULT_RETRY_LIMIT`], and reports
//! hitting it as [`Limit::MatchLimit`]. A search cannot be interrupted: at the timeout the run
//! gives up with [`Limit::Timeout`] and the worker is left running until its retry limit.
//!
//! `^` and `$` always match at line breaks in this syntax (backref's patterns use `\A` and
//! `\z`), so [`Flags::multiline`] needs nothing; [`Flags::dot_all`] is Oniguruma's
//! `ONIG_OPTION_MULTILINE` and [`Flags::ignore_whitespace`] its `ONIG_OPTION_EXTEND`.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use backref_program::dialect::{Dialect, ONIGURUMA};
use onig::{MatchParam, Regex, RegexOptions, Region, SearchOptions, Syntax};

use crate::worker::{on_worker, WorkerResult};
use crate::{
    first_match_only, Captures, Engine, EngineError, EngineInfo, Flags, Limit, Limits, Matcher,
    Mode, Outcome, Run, Timing,
};

const NAME: &str = "oniguruma";

/// Retry limit of a search when [`Limits::match_limit`] is unset: the largest Oniguruma takes.
pub const DEFAULT_RETRY_LIMIT: u32 = u32::MAX;

// Oniguruma's error codes (oniguruma.h) that mean "a limit", not "a bad pattern".
const ONIGERR_MEMORY: i32 = -5;
const ONIGERR_MATCH_STACK_LIMIT_OVER: i32 = -15;
const ONIGERR_PARSE_DEPTH_LIMIT_OVER: i32 = -16;
const ONIGERR_RETRY_LIMIT_IN_MATCH_OVER: i32 = -17;
const ONIGERR_RETRY_LIMIT_IN_SEARCH_OVER: i32 = -18;
const ONIGERR_TOO_BIG_NUMBER: i32 = -200;
const ONIGERR_TOO_MANY_CAPTURES: i32 = -210;

/// Retries per second of timeout allowed when no match limit is given: well above what
/// Oniguruma does here, so that a search that outlives its timeout stops on its own soon after
/// instead of burning a core until the process exits.
const RETRIES_PER_SECOND: f64 = 1e8;

/// The retry limit of a run: [`Limits::match_limit`], else one scaled from the timeout, else
/// [`DEFAULT_RETRY_LIMIT`].
fn retry_limit(limits: &Limits) -> u32 {
    match (limits.match_limit, limits.timeout) {
        (Some(l), _) => u32::try_from(l).unwrap_or(u32::MAX),
        (None, Some(t)) => {
            (t.as_secs_f64() * RETRIES_PER_SECOND).clamp(1e6, f64::from(u32::MAX)) as u32
        }
        (None, None) => DEFAULT_RETRY_LIMIT,
    }
}

/// The Oniguruma engine (name `oniguruma`), in process.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Onig;

impl Onig {
    /// The Oniguruma engine.
    pub fn new() -> Onig {
        Onig
    }
}

fn options(flags: Flags) -> RegexOptions {
    let mut options = RegexOptions::REGEX_OPTION_NONE;
    if flags.ignore_whitespace {
        options |= RegexOptions::REGEX_OPTION_EXTEND;
    }
    if flags.dot_all {
        options |= RegexOptions::REGEX_OPTION_MULTILINE;
    }
    options
}

/// The error for a pattern Oniguruma refused: [`EngineError::TooLarge`] for its limits.
fn compile_error(e: onig::Error) -> EngineError {
    let too_large = match e.code() {
        ONIGERR_PARSE_DEPTH_LIMIT_OVER => {
            Some("parentheses are nested deeper than Oniguruma allows")
        }
        ONIGERR_TOO_MANY_CAPTURES => {
            Some("the pattern has more capture groups than Oniguruma allows")
        }
        ONIGERR_MEMORY => Some("Oniguruma ran out of memory compiling the pattern"),
        ONIGERR_TOO_BIG_NUMBER => Some("a number in the pattern is beyond Oniguruma's limit"),
        _ => None,
    };
    match too_large {
        Some(what) => EngineError::TooLarge {
            engine: NAME,
            what: format!("{what} ({})", e.description()),
        },
        None => EngineError::Compile {
            engine: NAME,
            message: e.description().to_string(),
        },
    }
}

/// The group names of `regex`, by number.
fn names(regex: &Regex) -> BTreeMap<String, usize> {
    let mut names = BTreeMap::new();
    regex.foreach_name(|name, numbers| {
        for &n in numbers {
            names.insert(name.to_string(), n as usize);
        }
        true
    });
    names
}

/// Searches on the current thread; the match time and the outcome.
fn find(regex: &Regex, subject: &str, retry_limit: u32, start: Instant) -> WorkerResult {
    let mut param = MatchParam::default();
    param.set_retry_limit_in_match(retry_limit);
    let mut region = Region::new();
    let match_start = Instant::now();
    let result = regex.search_with_param(
        subject,
        0,
        subject.len(),
        SearchOptions::SEARCH_OPTION_NONE,
        Some(&mut region),
        param,
    );
    let matching = match_start.elapsed();
    let gave_up = |limit| Outcome::GaveUp {
        limit,
        elapsed: start.elapsed(),
    };
    let outcome = match result {
        Ok(Some(_)) => {
            let groups = (0..region.len())
                .map(|i| region.pos(i).map(|(a, b)| subject[a..b].to_owned()))
                .collect();
            Outcome::Solved(Captures::new(groups).with_names(names(regex)))
        }
        Ok(None) => Outcome::NoSolution,
        Err(e) => match e.code() {
            ONIGERR_RETRY_LIMIT_IN_MATCH_OVER | ONIGERR_RETRY_LIMIT_IN_SEARCH_OVER => {
                gave_up(Limit::MatchLimit)
            }
            ONIGERR_MATCH_STACK_LIMIT_OVER | ONIGERR_MEMORY => gave_up(Limit::Stack),
            _ => {
                return Err(EngineError::Match {
                    engine: NAME,
                    message: e.description().to_string(),
                })
            }
        },
    };
    Ok((outcome, matching))
}

impl Engine for Onig {
    fn name(&self) -> &'static str {
        NAME
    }

    fn outlives_timeout(&self) -> bool {
        true
    }

    fn dialect(&self) -> &'static Dialect {
        &ONIGURUMA
    }

    fn info(&self) -> EngineInfo {
        EngineInfo {
            name: NAME,
            version: format!("Oniguruma {} (onig crate, vendored)", onig::version()),
            available: true,
            install_hint: None,
            jit: false,
            link_size: None,
            can_count: false,
        }
    }

    fn compile(&self, pattern: &str, flags: &Flags) -> Result<Box<dyn Matcher>, EngineError> {
        flags.check(Flags::ALL, NAME)?;
        let start = Instant::now();
        let owned = pattern.to_owned();
        let options = options(*flags);
        let regex = on_worker(NAME, "compile", None, None, move || {
            Regex::with_options(&owned, options, Syntax::oniguruma()).map_err(compile_error)
        })?
        .expect("no timeout while compiling")?;
        Ok(Box::new(OnigMatcher {
            regex: Arc::new(regex),
            compile_time: start.elapsed(),
        }))
    }
}

/// A compiled Oniguruma pattern, shared by every run.
struct OnigMatcher {
    regex: Arc<Regex>,
    compile_time: Duration,
}

impl Matcher for OnigMatcher {
    fn engine(&self) -> &'static str {
        NAME
    }

    fn compile_time(&self) -> Duration {
        self.compile_time
    }

    fn run(&self, subject: &str, mode: Mode, limits: &Limits) -> Result<Run, EngineError> {
        first_match_only(NAME, mode)?;
        let start = Instant::now();
        let retry_limit = retry_limit(limits);
        let regex = Arc::clone(&self.regex);
        let subject = subject.to_owned();
        let found = if limits.timeout == Some(Duration::ZERO) {
            None
        } else {
            on_worker(NAME, "match", limits.timeout, None, move || {
                find(&regex, &subject, retry_limit, start)
            })?
        };
        let Some(result) = found else {
            let elapsed = start.elapsed();
            let timing = Timing {
                matching: elapsed,
                ..Timing::default()
            };
            let mut run = Run::gave_up_before_matching(mode, Limit::Timeout, elapsed, timing);
            run.notes
                .push("the Oniguruma worker thread was left running".into());
            return Ok(run);
        };
        let (outcome, matching) = result?;
        Ok(Run {
            outcome,
            count: None,
            timing: Timing {
                compile: Duration::ZERO,
                matching,
                jit: false,
            },
            steps: None,
            jit_fallback: None,
            notes: Vec::new(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(pattern: &str, subject: &str) -> Outcome {
        Onig.run(pattern, subject, Mode::First, &Limits::default())
            .unwrap()
            .outcome
    }

    #[test]
    fn the_dialect_constructs_run() {
        // Backreferences by number and name, conditionals, possessive and atomic items.
        assert!(matches!(run(r"\A(a)\k<1>\z", "aa"), Outcome::Solved(_)));
        assert!(matches!(run(r"\A(?<x>a)\k<x>\z", "aa"), Outcome::Solved(_)));
        assert!(matches!(
            run(r"\A(?:(a)|b)(?(1)c|d)\z", "bd"),
            Outcome::Solved(_)
        ));
        assert!(matches!(run(r"\A(a?+)(?>b)\z", "ab"), Outcome::Solved(_)));
        assert_eq!(run(r"\A(?:(a)|b)(?(1)c|d)\z", "bc"), Outcome::NoSolution);
        match run(r"\A(?<x>a)(b)?\z", "a") {
            Outcome::Solved(c) => assert_eq!(c.name("x"), Some("a")),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn retry_limit_gives_up() {
        let limits = Limits {
            match_limit: Some(1000),
            ..Limits::default()
        };
        let r = Onig
            .run(
                r"\A(?:(a)|aa)*(?:(a)|aa)*\k<1>b\z",
                &format!("{}bb", "a".repeat(40)),
                Mode::First,
                &limits,
            )
            .unwrap();
        assert!(
            matches!(
                r.outcome,
                Outcome::GaveUp {
                    limit: Limit::MatchLimit,
                    ..
                }
            ),
            "{:?}",
            r.outcome
        );
    }

    #[test]
    fn forward_references_are_refused() {
        // Oniguruma resolves a backreference when it is parsed, so a group must come first.
        assert!(matches!(
            Onig.compile(r"\A(?:\k<2>?(a))+\z", &Flags::NONE),
            Err(EngineError::Compile { .. })
        ));
    }
}
