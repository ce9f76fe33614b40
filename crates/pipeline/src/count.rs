//! Counting every solution, checking every kept match, and comparing with the native solver's
//! count. Engines that can count inside the match (PCRE2: callouts force it to backtrack after
//! each match) do; every other engine re-solves with the solutions found so far excluded
//! (`resolve.rs`).

use std::time::Duration;

use backref_engine::{Engine, Limit, Mode};
use backref_program::{compile, Program};

use crate::error::Error;
use crate::puzzle::{Puzzle, Solution, Source};
use crate::report::Problem;
use crate::settings::Settings;
use crate::solve::Request;

/// What a count found.
#[derive(Debug)]
pub struct CountReport {
    /// Matches found (every one, unless `gave_up`).
    pub count: u64,
    /// The limit that ended the enumeration early, so `count` is only a lower bound.
    pub gave_up: Option<Limit>,
    /// The enumeration stopped at the number of matches asked for ([`unique`] stops at two).
    pub reached_max: bool,
    /// The native solver's count, when the puzzle can count and the engine finished.
    pub native_count: Option<u64>,
    /// The first matches, decoded (as many as asked for).
    pub solutions: Vec<Solution>,
    /// Engine match time.
    pub match_time: Duration,
    /// Failed checks of kept matches, and a disagreement with the native count.
    pub problems: Vec<Problem>,
    /// How the solutions were found.
    pub method: Method,
    /// Engine runs: one for an in-engine count, one per solution plus the last for a re-solve.
    pub runs: u64,
}

/// How an engine counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Inside one match: the engine backtracks after each match (PCRE2 callouts).
    InEngine,
    /// One match per solution, each run with the solutions found before excluded
    /// ([`backref_program::Program::exclude`]).
    Resolve,
}

impl Method {
    /// The name JSON uses: `in_engine` or `resolve`.
    pub fn as_str(&self) -> &'static str {
        match self {
            Method::InEngine => "in_engine",
            Method::Resolve => "resolve",
        }
    }

    /// The method in words, for text output.
    pub fn describe(&self) -> &'static str {
        match self {
            Method::InEngine => "(inside the engine)",
            Method::Resolve => "(re-solving with each solution found excluded)",
        }
    }
}

/// The most solutions `count` finds by re-solving when no `max` is given: each one is a
/// further engine run on a pattern one exclusion longer.
pub const RESOLVE_MAX: u64 = 1000;

/// How `engine` counts: inside the match where it can, otherwise by re-solving; an error
/// when the engine is not installed here.
pub fn counting_method(engine: &dyn Engine) -> Result<Method, Error> {
    let info = engine.info();
    if !info.available {
        return Err(Error::usage(format!(
            "engine {} is not available here{}",
            info.name,
            info.install_hint
                .map(|h| format!(" ({h})"))
                .unwrap_or_default()
        )));
    }
    Ok(if info.can_count {
        Method::InEngine
    } else {
        Method::Resolve
    })
}

/// Counts every solution of a single-stage `puzzle` on `engine`, keeping and checking the
/// first `keep` of them: [`count_capped`] with no cap (a re-solve still stops at
/// [`RESOLVE_MAX`]).
pub fn count<P: Puzzle + ?Sized>(
    puzzle: &P,
    engine: &dyn Engine,
    request: &Request,
    keep: usize,
) -> Result<CountReport, Error> {
    count_capped(puzzle, engine, request, keep, None)
}

/// Counts the solutions of a single-stage `puzzle` on `engine`, keeping and checking the first
/// `keep` of them and stopping at `max` (for a re-solve, [`RESOLVE_MAX`] when `None`; then
/// [`CountReport::reached_max`] says the count is a lower bound).
pub fn count_capped<P: Puzzle + ?Sized>(
    puzzle: &P,
    engine: &dyn Engine,
    request: &Request,
    keep: usize,
    max: Option<u64>,
) -> Result<CountReport, Error> {
    match counting_method(engine)? {
        Method::InEngine => {
            let mode = match max {
                Some(max) => Mode::AtMost { max, keep },
                None => Mode::Count { keep },
            };
            enumerate(puzzle, engine, request, mode)
        }
        Method::Resolve => {
            crate::resolve::resolve(puzzle, engine, request, keep, max.unwrap_or(RESOLVE_MAX))
        }
    }
}

/// Whether a single-stage `puzzle` has exactly one solution: the engine stops at the second
/// match ([`Mode::AtMost`]) or, re-solving, the second run excludes the first solution; both
/// solutions are kept, checked and rendered. See [`CountReport::uniqueness`].
pub fn unique<P: Puzzle + ?Sized>(
    puzzle: &P,
    engine: &dyn Engine,
    request: &Request,
) -> Result<CountReport, Error> {
    match counting_method(engine)? {
        Method::InEngine => enumerate(puzzle, engine, request, Mode::AtMost { max: 2, keep: 2 }),
        Method::Resolve => crate::resolve::resolve(puzzle, engine, request, 2, 2),
    }
}

/// For generators: `puzzle`'s solutions up to 2, counted through [`unique`] on `engine`, with
/// the native count (when the puzzle has one) required to agree. The error says what failed:
/// the run, a limit, a rejected solution or a disagreement.
pub fn checked_count_up_to_two<P: Puzzle + ?Sized>(
    puzzle: &P,
    engine: &dyn Engine,
) -> Result<u64, String> {
    let report = unique(puzzle, engine, &Request::new(engine)).map_err(|e| e.to_string())?;
    if report.gave_up.is_some() || !report.problems.is_empty() {
        return Err(format!("the engine's count failed: {:?}", report.problems));
    }
    if report
        .native_count
        .is_some_and(|n| n.min(2) != report.count)
    {
        return Err(format!(
            "{} counted {}, the native solver {:?}",
            engine.info().name,
            report.count,
            report.native_count
        ));
    }
    Ok(report.count)
}

/// What a uniqueness check found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Uniqueness {
    /// Exactly one solution (the search was exhausted after it).
    Unique,
    /// At least two solutions.
    NotUnique,
    /// No solution.
    NoSolution,
    /// A limit ended the search before it could tell.
    GaveUp(Limit),
}

impl Uniqueness {
    /// The name JSON uses.
    pub fn as_str(&self) -> &'static str {
        match self {
            Uniqueness::Unique => "unique",
            Uniqueness::NotUnique => "not_unique",
            Uniqueness::NoSolution => "no_solution",
            Uniqueness::GaveUp(_) => "gave_up",
        }
    }
}

impl CountReport {
    /// The verdict of a uniqueness check ([`unique`]).
    pub fn uniqueness(&self) -> Uniqueness {
        match (self.count, self.gave_up) {
            (c, _) if c >= 2 => Uniqueness::NotUnique,
            (_, Some(limit)) => Uniqueness::GaveUp(limit),
            (0, None) => Uniqueness::NoSolution,
            _ => Uniqueness::Unique,
        }
    }
}

/// Enumerates matches in `mode` (counting or at most some), checking every kept one.
fn enumerate<P: Puzzle + ?Sized>(
    puzzle: &P,
    engine: &dyn Engine,
    request: &Request,
    mode: Mode,
) -> Result<CountReport, Error> {
    let request = &request.started();
    let settings = enumerating_settings(puzzle, request)?;
    let Source::Ir(encoded) = puzzle.encode(0, &settings)? else {
        return Err(hand_built());
    };
    let compiled = compile(&encoded.program, &encoded.order, &request.options)?;
    crate::size::within(&compiled)?;
    let run = engine.run(
        &compiled.pattern,
        &compiled.subject,
        mode,
        &request.limits_now(),
    )?;
    let count = run
        .count
        .ok_or_else(|| Error::Internal("the engine returned no count".into()))?;
    let mut problems = Vec::new();
    let mut solutions = Vec::new();
    for caps in &count.kept {
        match compiled.decode(&encoded.program, |n| caps.get(n)) {
            Ok(values) => {
                let (solution, found) = check_values(
                    puzzle,
                    &settings,
                    &encoded.program,
                    &encoded.decode,
                    &values,
                );
                problems.extend(found);
                solutions.push(solution);
            }
            Err(e) => problems.push(Problem::Decode(e.to_string())),
        }
    }
    let native_count = native_cross_check(
        puzzle,
        &settings,
        engine,
        count.matches,
        count.reached_max,
        count.gave_up,
        &mut problems,
    );
    Ok(CountReport {
        count: count.matches,
        gave_up: count.gave_up,
        reached_max: count.reached_max,
        native_count,
        solutions,
        match_time: run.timing.matching,
        problems,
        method: Method::InEngine,
        runs: 1,
    })
}

/// The settings of an enumeration (hints that skip equivalent solutions stay out), after
/// checking that the puzzle has one stage.
pub(crate) fn enumerating_settings<P: Puzzle + ?Sized>(
    puzzle: &P,
    request: &Request,
) -> Result<Settings, Error> {
    if puzzle.stages().len() > 1 {
        return Err(Error::usage(format!(
            "counting is not available for {}: its answer is searched over several sizes",
            puzzle.name()
        )));
    }
    Ok(Settings {
        enumerating: true,
        ..request.settings.for_options(&request.options)
    })
}

/// The usage error for a hand-built encoding, which only finds a first match.
pub(crate) fn hand_built() -> Error {
    Error::usage(
        "counting needs a pattern from the IR; a hand-built encoding only finds a first match",
    )
}

/// Checks one decoded match against the IR (`program`, with any exclusions) and the puzzle's
/// rules, and renders it: the solution and the problems found.
pub(crate) fn check_values<P: Puzzle + ?Sized>(
    puzzle: &P,
    settings: &Settings,
    program: &Program,
    decode: &dyn Fn(&[String]) -> P::Answer,
    values: &[String],
) -> (Solution, Vec<Problem>) {
    let mut problems: Vec<Problem> = backref_program::check(program, values)
        .into_iter()
        .map(|v| Problem::IrCheck {
            statement: v.statement,
            what: v.what,
        })
        .collect();
    let answer = decode(values);
    if let Err(violations) = puzzle.check(0, settings, &answer) {
        problems.extend(
            violations
                .into_iter()
                .map(|v| Problem::RuleCheck(Box::new(v))),
        );
    }
    let mut solution = puzzle.render(&answer);
    solution.svg = puzzle.svg(&answer);
    (solution, problems)
}

/// The native solver's count, up to one past what the engine found (or up to the engine's
/// stop), unless the engine gave up; a disagreement goes to `problems`.
pub(crate) fn native_cross_check<P: Puzzle + ?Sized>(
    puzzle: &P,
    settings: &Settings,
    engine: &dyn Engine,
    matches: u64,
    reached_max: bool,
    gave_up: Option<Limit>,
    problems: &mut Vec<Problem>,
) -> Option<u64> {
    let cap = matches + u64::from(!reached_max);
    let native_count = if gave_up.is_none() {
        puzzle.native_count(0, settings, cap)
    } else {
        None
    };
    let agrees = |n: u64| match reached_max {
        true => n >= matches,
        false => n == matches,
    };
    if let Some(n) = native_count.filter(|&n| !agrees(n)) {
        // A native count that reached its cap is a lower bound.
        let at_least = if n >= cap { "at least " } else { "" };
        problems.push(Problem::Disagreement(format!(
            "{} counted {matches} solutions, the native solver {at_least}{n}",
            engine.name(),
        )));
    }
    native_count
}
