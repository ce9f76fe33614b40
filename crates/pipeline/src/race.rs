//! Racing alternative settings of one instance (a portfolio, [`crate::Puzzle::portfolio`]) on
//! threads: the first run to finish the search wins and the others are cancelled. A contender
//! may join late ([`crate::Contender::start_after`]); one whose turn comes after the race is
//! over never runs.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use backref_engine::{Engine, Limits};
use backref_program::Options;

use crate::error::Error;
use crate::puzzle::Puzzle;
use crate::report::{RaceReport, SolveReport};
use crate::solve::{solve, Request};

/// How often a contender waiting for its turn looks at the race.
const WAIT_STEP: Duration = Duration::from_millis(5);

/// Solves `puzzle` by its restart plan when it has one ([`crate::restart`]); else racing its portfolio when it has one and the engine can be stopped
/// (callouts); otherwise one plain [`solve`]. The winner's report is returned with a
/// [`RaceReport`] naming every contender, those that ran, and the one that won (`None` when
/// every one gave up; the report is then the first to give up).
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
    if contenders.len() < 2 || !request.options.dialect.features.callouts || !engine.stoppable() {
        return solve(puzzle, engine, request);
    }
    let cancel = Arc::new(AtomicBool::new(false));
    let finished: Mutex<Vec<(usize, Result<SolveReport, Error>)>> = Mutex::new(Vec::new());
    // Callouts let a run notice the cancel flag.
    let options = Options {
        callouts: true,
        ..request.options
    };
    let start = Instant::now();
    std::thread::scope(|scope| {
        for (i, contender) in contenders.iter().enumerate() {
            let (cancel, finished) = (&cancel, &finished);
            scope.spawn(move || {
                let delay = contender.start_after;
                while start.elapsed() < delay {
                    if cancel.load(Ordering::Relaxed) {
                        return;
                    }
                    std::thread::sleep(WAIT_STEP);
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
                        ..request.limits.clone()
                    },
                    deadline: request.deadline,
                };
                let result = solve(puzzle, engine, &run);
                if result.as_ref().is_ok_and(|r| r.outcome.finished()) {
                    cancel.store(true, Ordering::Relaxed);
                }
                finished.lock().expect("no panics").push((i, result));
            });
        }
    });
    let mut finished = finished.into_inner().expect("no panics");
    let mut started: Vec<usize> = finished.iter().map(|(i, _)| *i).collect();
    started.sort();
    // The first to finish the search wins; when all gave up, the report is the first to give
    // up (a real limit: nothing cancelled it) and there is no winner.
    let winner = finished
        .iter()
        .position(|(_, r)| r.as_ref().is_ok_and(|r| r.outcome.finished()));
    let (index, result) = finished.swap_remove(winner.unwrap_or(0));
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
