//! Races alternative settings of one instance (a portfolio, [`Instance::portfolio`]) on
//! threads: the first run to finish the search wins and the others are cancelled. A contender
//! may join late ([`crate::puzzle::Contender::start_after`]); one whose turn comes after the race
//! is over never runs.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use backref_engine::{Engine, Limits};
use backref_program::Options;
use serde_json::json;

use crate::exit::Failure;
use crate::puzzle::{Instance, Settings};
use crate::solve::{execute, SolveResult};

/// How often a contender waiting for its turn looks at the race.
const WAIT_STEP: Duration = Duration::from_millis(5);

/// Solves `instance`, racing its portfolio when it has one and the engine can be stopped
/// (callouts); otherwise one plain [`execute`]. The winner's result is returned with a `raced`
/// note naming every contender, those that ran, and the one that won (`null` when every one
/// gave up; the result is then the first to give up).
pub fn execute_raced(
    instance: &dyn Instance,
    engine: &dyn Engine,
    settings: &Settings,
    options: &Options,
    limits: &Limits,
) -> Result<SolveResult, Failure> {
    let contenders = instance.portfolio(&settings.for_options(options));
    if contenders.len() < 2 || !options.dialect.features.callouts || !engine.stoppable() {
        return execute(instance, engine, settings, options, limits);
    }
    let cancel = Arc::new(AtomicBool::new(false));
    let finished: Mutex<Vec<(usize, Result<SolveResult, Failure>)>> = Mutex::new(Vec::new());
    // Callouts let a run notice the cancel flag.
    let options = Options {
        callouts: true,
        ..*options
    };
    let start = Instant::now();
    std::thread::scope(|scope| {
        for (i, contender) in contenders.iter().enumerate() {
            let (cancel, finished, options) = (&cancel, &finished, &options);
            scope.spawn(move || {
                let delay = contender.start_after;
                while start.elapsed() < delay {
                    if cancel.load(Ordering::Relaxed) {
                        return;
                    }
                    std::thread::sleep(WAIT_STEP);
                }
                // A late contender gets what is left of the time limit.
                let timeout = match limits.timeout.map(|t| t.checked_sub(delay)) {
                    Some(None) => return,
                    Some(left) => left,
                    None => None,
                };
                let limits = Limits {
                    cancel: Some(cancel.clone()),
                    timeout,
                    ..limits.clone()
                };
                let result = execute(instance, engine, &contender.settings, options, &limits);
                let done = result.as_ref().is_ok_and(|r| r.outcome != "gave_up");
                if done {
                    cancel.store(true, Ordering::Relaxed);
                }
                finished.lock().expect("no panics").push((i, result));
            });
        }
    });
    let mut finished = finished.into_inner().expect("no panics");
    let mut started: Vec<usize> = finished.iter().map(|(i, _)| *i).collect();
    started.sort();
    // The first to finish the search wins; when all gave up, the result is the first to give
    // up (a real limit: nothing cancelled it) and there is no winner.
    let winner = finished
        .iter()
        .position(|(_, r)| r.as_ref().is_ok_and(|r| r.outcome != "gave_up"));
    let (index, result) = finished.swap_remove(winner.unwrap_or(0));
    let mut result = result?;
    result.raced = Some(json!({
        "contenders": contenders.iter().map(|c| &c.label).collect::<Vec<_>>(),
        "started": started.iter().map(|&i| &contenders[i].label).collect::<Vec<_>>(),
        "winner": winner.map(|_| &contenders[index].label),
    }));
    Ok(result)
}
