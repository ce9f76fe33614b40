//! Counting on engines that cannot count inside the match: solve, exclude the solution found
//! ([`backref_program::Program::exclude`] over every variable), solve again, until the engine
//! finds no more, a limit ends a run, or `max` solutions are found. Every solution is decoded
//! and checked by the IR checker (exclusions included, so each differs from the ones before)
//! and by the puzzle's rule checker. A match that reads as several assignments (a packing item
//! read from resources, two of its options using the same ones) counts each of them.

use std::time::Duration;

use backref_engine::{Engine, Mode, Outcome};
use backref_program::{compile, ProgramError, VarId};

use crate::count::{
    check_values, enumerating_settings, hand_built, native_cross_check, CountReport, Method,
};
use crate::error::Error;
use crate::puzzle::{Puzzle, Source};
use crate::report::Problem;
use crate::solve::Request;

/// Finds up to `max` solutions of a single-stage `puzzle` on `engine` by re-solving, keeping
/// and checking the first `keep`.
pub fn resolve<P: Puzzle + ?Sized>(
    puzzle: &P,
    engine: &dyn Engine,
    request: &Request,
    keep: usize,
    max: u64,
) -> Result<CountReport, Error> {
    let request = &request.started();
    let settings = enumerating_settings(puzzle, request)?;
    let Source::Ir(encoded) = puzzle.encode(0, &settings)? else {
        return Err(hand_built());
    };
    let mut program = encoded.program.clone();
    let vars: Vec<VarId> = (0..program.vars.len() as u32).map(VarId).collect();
    let mut report = CountReport {
        count: 0,
        gave_up: None,
        reached_max: false,
        native_count: None,
        solutions: Vec::new(),
        match_time: Duration::ZERO,
        problems: Vec::new(),
        method: Method::Resolve,
        runs: 0,
    };
    let max = max.max(1);
    loop {
        let compiled =
            compile(&program, &encoded.order, &request.options).map_err(|e| match e {
                ProgramError::Unsupported(what) => Error::usage(format!(
                    "{} cannot count on engine {}: {what}",
                    puzzle.name(),
                    engine.name()
                )),
                e => Error::Program(e),
            })?;
        crate::size::within(&compiled)?;
        let run = engine.run(
            &compiled.pattern,
            &compiled.subject,
            Mode::First,
            &request.limits_now(),
        )?;
        report.runs += 1;
        report.match_time += run.timing.matching;
        let caps = match run.outcome {
            Outcome::Solved(caps) => caps,
            Outcome::NoSolution => break,
            Outcome::GaveUp { limit, .. } => {
                report.gave_up = Some(limit);
                break;
            }
        };
        let values = match compiled.decode(&program, |n| caps.get(n)) {
            Ok(values) => values,
            Err(e) => {
                // Nothing to exclude: the enumeration cannot go on.
                report.problems.push(Problem::Decode(e.to_string()));
                break;
            }
        };
        // The match and every assignment it reads as alike (`Compiled::readings`): each is a
        // solution, and the exclusion of the first excludes them all.
        let left = usize::try_from(max - report.count).unwrap_or(usize::MAX);
        let readings = compiled.readings(&program, &values, left);
        let mut repeated = false;
        for reading in &readings {
            let (solution, problems) =
                check_values(puzzle, &settings, &program, &encoded.decode, reading);
            repeated |= !problems.is_empty();
            report.problems.extend(problems);
            report.count += 1;
            if report.solutions.len() < keep {
                report.solutions.push(solution);
            }
        }
        if report.count >= max {
            report.reached_max = true;
            break;
        }
        if repeated {
            // A match that fails its checks may be one found before: stop rather than loop.
            break;
        }
        program.exclude(&vars, readings)?;
    }
    report.native_count = native_cross_check(
        puzzle,
        &settings,
        engine,
        report.count,
        report.reached_max,
        report.gave_up,
        &mut report.problems,
    );
    Ok(report)
}
