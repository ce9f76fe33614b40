//! Racing alternative settings of one instance (a portfolio, [`crate::Puzzle::portfolio`]) on
//! threads: the first run to finish the search wins and the others are cancelled. A contender
//! may join late ([`crate::Contender::start_after`]); one whose turn comes after the race is
//! over never runs.

use std::sync::{Arc, Mutex};
use std::time::Instant;

use backref_engine::{Cancel, Engine, Limits};

use crate::error::Error;
use crate::puzzle::{Contender, Puzzle};
use crate::report::{RaceReport, SolveReport};
use crate::solve::{solve, tighter, Request};

/// Solves `puzzle` by its restart plan when it has one ([`crate::restart`]); else racing its
/// portfolio when it has one and the engine can be stopped ([`Engine::stoppable`]); otherwise
/// one plain [`solve`]. The patterns keep the callouts they would have alone: PCRE2 stops a
/// callout-free loser by leaving its match to finish on a worker thread, so a contender
/// matches as fast as it does alone, and a loser costs at most the rest of its own search,
/// off the winner's path. The winner's report is returned with a
/// [`RaceReport`] naming every contender, those that ran, and the one that won (`None` when
/// every one gave up; the report is then the first contender's).
pub fn solve_raced<P: Puzzle + ?Sized>(
    puzzle: &P,
    engine: &dyn Engine,
    request: &Request,
) -> Result<SolveReport, Error> {
    let request = &request.started();
    if let Some(plan) = puzzle
        .restarts(&request.settings.for_options(&request.options))
        .filter(|p| !p.runs.is_empty())
    {
        return crate::restart::solve_restarted(puzzle, engine, request, &plan);
    }
    let contenders = puzzle.portfolio(&request.settings.for_options(&request.options));
    if contenders.len() < 2 || !engine.stoppable() {
        return solve(puzzle, engine, request);
    }
    // Raised by the first search that settles the solve (see `solve`); it also wakes the
    // contenders still waiting for their turn.
    let cancel = Arc::new(Cancel::new());
    let finished: Mutex<Vec<(usize, Result<SolveReport, Error>)>> = Mutex::new(Vec::new());
    let options = request.options;
    let start = Instant::now();
    let race = |i: usize, contender: &Contender| {
        let wait = contender.start_after.saturating_sub(start.elapsed());
        if !wait.is_zero() && cancel.wait_timeout(wait) {
            return;
        }
        // A late contender gets what is left of the time limit: none past the deadline.
        if request.deadline.is_some_and(|d| Instant::now() >= d) {
            return;
        }
        let run = Request {
            settings: contender.settings.clone(),
            options,
            limits: Limits {
                cancel: Some(cancel.clone()),
                match_limit: tighter(request.limits.match_limit, contender.match_limit),
                ..request.limits.clone()
            },
            deadline: request.deadline,
            refute_after: request.refute_after,
            refute_first: request.refute_first,
            svg: request.svg,
        };
        let result = solve(puzzle, engine, &run);
        if result.as_ref().is_ok_and(|r| r.outcome.finished()) {
            // Raised already by its search, unless the solve settled otherwise.
            cancel.raise();
        }
        finished.lock().expect("no panics").push((i, result));
    };
    // The first contender runs on this thread, whose allocator is warm (a fresh thread's first
    // allocations cost about 2 ms of a 9×9 Sudoku's 9); the others on threads of their own.
    std::thread::scope(|scope| {
        for (i, contender) in contenders.iter().enumerate().skip(1) {
            let race = &race;
            scope.spawn(move || race(i, contender));
        }
        race(0, &contenders[0]);
    });
    let mut finished = finished.into_inner().expect("no panics");
    let mut started: Vec<usize> = finished.iter().map(|(i, _)| *i).collect();
    started.sort();
    // The first to finish the search wins; when all gave up, the report is the first
    // contender's (its limits are the user's: a reserve may have had a match limit of its
    // own, and nothing cancelled anyone) and there is no winner.
    let winner = finished
        .iter()
        .position(|(_, r)| r.as_ref().is_ok_and(|r| r.outcome.finished()));
    let fallback = || {
        (0..finished.len())
            .min_by_key(|&k| finished[k].0)
            .unwrap_or(0)
    };
    let (index, result) = finished.swap_remove(winner.unwrap_or_else(fallback));
    let mut report = result?;
    report.raced = Some(RaceReport {
        contenders: contenders.iter().map(|c| c.label.clone()).collect(),
        started: started
            .iter()
            .map(|&i| contenders[i].label.clone())
            .collect(),
        winner: winner.map(|_| contenders[index].label.clone()),
    });
    Ok(report)
}
