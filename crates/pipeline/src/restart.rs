//! Restarts over static orders: one instance solved by a sequence of runs, each on its own
//! static order ([`Puzzle::restarts`]) and each bounded by a match limit that grows along the
//! Luby sequence (1, 1, 2, 1, 1, 2, 4, 1, ..) times a unit. Searches whose length swings by
//! orders of magnitude with the order (heavy-tailed) are cut short and tried again on the next
//! order, instead of waiting on one unlucky order.
//!
//! Outcomes stay honest: a run that ends within its limit is a complete search of its order,
//! so its solution or its "no solution" is the answer (cross-checked by the native solver on
//! that order, as every [`solve`] is); a run cut by its own limit says nothing and the next
//! order runs; the last order of the plan runs without a limit of its own. The shared
//! deadline (`--timeout`) and a user's match limit end the sequence as a gave-up.
//!
//! A run's generation and compile cost is paid on every restart, so a run's search should cost
//! about as much. Before anything is measured, the first run's match limit is at least
//! [`Restarts::steps_per_byte`] steps per byte of its pattern and subject (generation and
//! compile take time in proportion to those); after a run cut by its limit, the unit becomes
//! the steps that run matched in the time its generation and compile took (the engine's step
//! rate varies with the pattern: PCRE2's JIT runs about 35 million a second on queens' N=100
//! pattern, 6.6 million on N=500's), never less than the plan's own unit: a cheap setup must
//! not cut runs below the search the puzzle says a run needs (faster generation once took
//! N=1000 queens from 4 runs to 15). So later limits follow the measured times, and which run
//! solves may vary from machine to machine; each run's order and outcome stay static and
//! honest.

use std::time::{Duration, Instant};

use backref_engine::{Engine, Limit, Limits};
use serde::Serialize;

use crate::error::Error;
use crate::puzzle::Puzzle;
use crate::report::{Outcome, SolveReport};
use crate::reuse::Reuse;
use crate::settings::Settings;
use crate::solve::{sized_limit, solve_sized, tighter, Request, Sequenced};

/// A restart plan: static orders to run one after another, and the match limit of the shortest
/// run.
#[derive(Clone, Debug)]
pub struct Restarts {
    /// The runs' settings (each with its static order) with a label naming each, in the order
    /// they are tried. The last runs without a match limit of its own.
    pub runs: Vec<(String, Settings)>,
    /// Match steps of the shortest run until one has been measured, and the least unit after;
    /// run `i` (from 1) gets `unit × luby(i)` (see the module documentation for how the unit
    /// follows the measured cost of a restart).
    pub unit: u64,
    /// The least match limit of the first run per byte of its pattern and subject (0: none).
    /// Not applied under a user's match limit.
    pub steps_per_byte: u64,
}

/// The least unit a measured setup sets.
const MIN_UNIT: u64 = 10_000;

/// What the restarts did, for the report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RestartReport {
    /// The label of every run made, in order; the last is the one reported.
    pub runs: Vec<String>,
    /// Each run's match limit (`None`: no limit of its own).
    pub limits: Vec<Option<u64>>,
    /// Time the runs before the reported one took in all (generate, compile and match), ms.
    pub earlier_ms: f64,
}

/// The `i`-th term (from 1) of the Luby sequence: 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, ..
pub fn luby(i: u64) -> u64 {
    let mut i = i.max(1);
    loop {
        // The smallest k with 2^k − 1 ≥ i.
        let mut k = 1;
        while (1u64 << k) - 1 < i {
            k += 1;
        }
        if (1u64 << k) - 1 == i {
            return 1 << (k - 1);
        }
        i -= (1 << (k - 1)) - 1;
    }
}

/// Solves `puzzle` by `plan`'s runs, one after another (see the module documentation). The
/// report is the last run's, with [`SolveReport::restarts`] naming every run. A plan without
/// runs is one plain [`crate::solve()`].
pub fn solve_restarted<P: Puzzle + ?Sized>(
    puzzle: &P,
    engine: &dyn Engine,
    request: &Request,
    plan: &Restarts,
) -> Result<SolveReport, Error> {
    let request = &request.started();
    if plan.runs.is_empty() {
        return crate::solve::solve(puzzle, engine, request);
    }
    let start = Instant::now();
    let user_limit = request.limits.match_limit;
    let mut unit = plan.unit.max(1);
    let mut done = RestartReport {
        runs: Vec::new(),
        limits: Vec::new(),
        earlier_ms: 0.0,
    };
    let mut last: Option<SolveReport> = None;
    // Orders that change only the subject leave the pattern as it was: compiled once.
    let reuse = Reuse::default();
    for (i, (label, settings)) in plan.runs.iter().enumerate() {
        // A run whose generation and compile alone would outlast the deadline cannot finish
        // anything: the sequence ends there (as a timeout) instead of overrunning it.
        let setup = last.as_ref().map_or(Duration::ZERO, setup_time);
        if i > 0
            && request
                .deadline
                .is_some_and(|d| Instant::now() + setup >= d)
        {
            break;
        }
        let own = (i + 1 < plan.runs.len()).then(|| unit.saturating_mul(luby(i as u64 + 1)));
        let limit = tighter(own, user_limit);
        let run = Request {
            settings: settings.clone(),
            limits: Limits {
                match_limit: limit,
                ..request.limits.clone()
            },
            ..request.clone()
        };
        if let Some(r) = &last {
            done.earlier_ms += total_ms(r);
        }
        let per_byte = if user_limit.is_none() && last.is_none() {
            plan.steps_per_byte
        } else {
            0
        };
        let sequenced = Sequenced {
            steps_per_byte: per_byte,
            reuse: Some(&reuse),
        };
        let report = solve_sized(puzzle, engine, &run, sequenced)?;
        // The limit the run had: its own, raised to its size (as `solve_sized` did).
        let limit = limit.map(|l| {
            report.stages.last().map_or(l, |s| {
                l.max(sized_limit(per_byte, s.pattern_bytes, s.subject_bytes))
            })
        });
        done.runs.push(label.clone());
        done.limits.push(limit);
        let cut_by_own_limit = matches!(
            report.outcome,
            Outcome::GaveUp {
                limit: Limit::MatchLimit,
                ..
            }
        ) && own.is_some()
            && limit != user_limit;
        if !cut_by_own_limit {
            return Ok(finish(report, done, start));
        }
        if let (Some(steps), Some(stage)) = (limit, report.stages.last()) {
            // A reused pattern compiled in no time; the limits stay sized on what a run
            // costs with its compile, as they were measured and tuned.
            let setup = stage.generate_ms + stage.compile_ms.max(reuse.compile_ms());
            if stage.match_ms > 0.0 {
                let rate = steps as f64 / stage.match_ms;
                // The plan's own unit stays the least: a cheap setup must not cut runs
                // shorter than the search the puzzle says a run needs.
                unit = ((rate * setup) as u64).max(plan.unit).max(MIN_UNIT);
            }
        }
        last = Some(report);
    }
    // Out of time between runs: the last run's report, as a timeout.
    let mut report = last.expect("a plan runs at least once");
    report.outcome = Outcome::GaveUp {
        limit: Limit::Timeout,
        elapsed: Duration::ZERO,
    };
    Ok(finish(report, done, start))
}

/// Generation and compile time of every stage of a report.
fn setup_time(r: &SolveReport) -> Duration {
    let ms: f64 = r.stages.iter().map(|s| s.generate_ms + s.compile_ms).sum();
    Duration::from_secs_f64(ms / 1e3)
}

/// Generation, compile and match time of every stage of a report, ms.
fn total_ms(r: &SolveReport) -> f64 {
    r.stages
        .iter()
        .map(|s| s.generate_ms + s.compile_ms + s.match_ms)
        .sum()
}

/// The last run's report with the restarts recorded, and a gave-up's time counted from the
/// start of the first run.
fn finish(mut report: SolveReport, done: RestartReport, start: Instant) -> SolveReport {
    if let Outcome::GaveUp { elapsed, .. } = &mut report.outcome {
        *elapsed = start.elapsed();
    }
    if done.runs.len() > 1 {
        report.notes.push(format!(
            "restarted over static orders: {} runs ({}), the earlier ones cut by their match \
             limits after {:.1} ms in all",
            done.runs.len(),
            done.runs.join(", "),
            done.earlier_ms
        ));
    }
    report.restarts = Some(done);
    report
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_luby_sequence() {
        let got: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(got, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }
}
