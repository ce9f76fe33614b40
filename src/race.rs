//! Races alternative settings of one instance (a portfolio, [`Instance::portfolio`]) on
//! threads: the first run to finish the search wins and the others are cancelled.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use backref_engine::{Engine, Limits};
use backref_program::Options;
use serde_json::json;

use crate::exit::Failure;
use crate::puzzle::{Instance, Settings};
use crate::solve::{execute, SolveResult};

/// Solves `instance`, racing its portfolio when it has one and the engine can be stopped
/// (callouts); otherwise one plain [`execute`]. The winner's result is returned with a `raced`
/// note naming every contender and the one that won.
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
    std::thread::scope(|scope| {
        for (i, (_, contender)) in contenders.iter().enumerate() {
            let limits = Limits {
                cancel: Some(cancel.clone()),
                ..limits.clone()
            };
            let (cancel, finished, options) = (&cancel, &finished, &options);
            scope.spawn(move || {
                let result = execute(instance, engine, contender, options, &limits);
                let done = result.as_ref().is_ok_and(|r| r.outcome != "gave_up");
                if done {
                    cancel.store(true, Ordering::Relaxed);
                }
                finished.lock().expect("no panics").push((i, result));
            });
        }
    });
    let mut finished = finished.into_inner().expect("no panics");
    // The first to finish the search wins; when all gave up, the first to give up (a real
    // limit: nothing cancelled it).
    let winner = finished
        .iter()
        .position(|(_, r)| r.as_ref().is_ok_and(|r| r.outcome != "gave_up"))
        .unwrap_or(0);
    let (index, result) = finished.swap_remove(winner);
    let mut result = result?;
    result.raced = Some(json!({
        "contenders": contenders.iter().map(|(label, _)| label).collect::<Vec<_>>(),
        "winner": contenders[index].0,
    }));
    Ok(result)
}
