//! Counting every solution inside the engine (PCRE2 callouts force it to backtrack after each
//! match), checking every kept match, and comparing with the native solver's count.

use std::time::Duration;

use backref_engine::{Engine, Limit, Mode};
use backref_program::compile;

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
}

/// Checks that `engine` counts inside the match, naming the engines that do when it does not.
pub fn require_counting(engine: &dyn Engine) -> Result<(), Error> {
    let info = engine.info();
    if info.can_count && info.available {
        return Ok(());
    }
    let counters: Vec<&str> = backref_engine::all_engines()
        .iter()
        .filter(|e| e.info().can_count)
        .map(|e| e.name())
        .collect();
    Err(Error::usage(format!(
        "counting runs inside the engine through PCRE2 callouts; engine {} cannot count (use --engine {})",
        info.name,
        counters.join(" or ")
    )))
}

/// Counts the solutions of a single-stage `puzzle` inside `engine`, keeping and checking the
/// first `keep` of them.
pub fn count<P: Puzzle + ?Sized>(
    puzzle: &P,
    engine: &dyn Engine,
    request: &Request,
    keep: usize,
) -> Result<CountReport, Error> {
    enumerate(puzzle, engine, request, Mode::Count { keep })
}

/// Whether a single-stage `puzzle` has exactly one solution: the engine stops at the second
/// match ([`Mode::AtMost`]), and both matches are kept, checked and rendered. See
/// [`CountReport::uniqueness`].
pub fn unique<P: Puzzle + ?Sized>(
    puzzle: &P,
    engine: &dyn Engine,
    request: &Request,
) -> Result<CountReport, Error> {
    enumerate(puzzle, engine, request, Mode::AtMost { max: 2, keep: 2 })
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
    require_counting(engine)?;
    let request = &request.started();
    if puzzle.stages().len() > 1 {
        return Err(Error::usage(format!(
            "counting is not available for {}: its answer is searched over several sizes",
            puzzle.name()
        )));
    }
    let settings = Settings {
        enumerating: true,
        ..request.settings.for_options(&request.options)
    };
    let Source::Ir(encoded) = puzzle.encode(0, &settings)? else {
        return Err(Error::usage(
            "counting needs a pattern from the IR; a hand-built encoding only finds a first match",
        ));
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
                problems.extend(
                    backref_program::check(&encoded.program, &values)
                        .into_iter()
                        .map(|v| Problem::IrCheck {
                            statement: v.statement,
                            what: v.what,
                        }),
                );
                let answer = (encoded.decode)(&values);
                if let Err(violations) = puzzle.check(0, &settings, &answer) {
                    problems.extend(
                        violations
                            .into_iter()
                            .map(|v| Problem::RuleCheck(Box::new(v))),
                    );
                }
                let mut solution = puzzle.render(&answer);
                solution.svg = puzzle.svg(&answer);
                solutions.push(solution);
            }
            Err(e) => problems.push(Problem::Decode(e.to_string())),
        }
    }
    // The native count up to one past what the engine found (or up to the engine's stop).
    let cap = count.matches + u64::from(!count.reached_max);
    let native_count = if count.gave_up.is_none() {
        puzzle.native_count(0, &settings, cap)
    } else {
        None
    };
    let agrees = |n: u64| match count.reached_max {
        true => n >= count.matches,
        false => n == count.matches,
    };
    if let Some(n) = native_count.filter(|&n| !agrees(n)) {
        // A native count that reached its cap is a lower bound.
        let at_least = if n >= cap { "at least " } else { "" };
        problems.push(Problem::Disagreement(format!(
            "{} counted {} solutions, the native solver {at_least}{n}",
            engine.name(),
            count.matches
        )));
    }
    Ok(CountReport {
        count: count.matches,
        gave_up: count.gave_up,
        reached_max: count.reached_max,
        native_count,
        solutions,
        match_time: run.timing.matching,
        problems,
    })
}
