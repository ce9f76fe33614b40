//! How many steps an engine's search takes on an instance, to compare search trees rather than
//! times (`backref bench --steps`): the steps of each stage a solve searched, each found by
//! [`Matcher::search_steps`](backref_engine::Matcher::search_steps).

use std::time::{Duration, Instant};

use backref_engine::{Engine, Flags};

use crate::error::Error;
use crate::instance::Instance;
use crate::report::{SolveReport, StageOutcome};
use crate::solve::Request;

/// The engine's first-match search steps over the stages `report` searched (those that matched
/// or found no solution; ruled-out stages cost none), on the patterns `request` compiles.
/// `None` when the engine cannot tell, a stage's pattern is hand-built (it needs engine flags),
/// or finding out would take more than `budget` of matching in all.
pub fn search_steps(
    instance: &dyn Instance,
    engine: &dyn Engine,
    request: &Request,
    report: &SolveReport,
    budget: Duration,
) -> Result<Option<u64>, Error> {
    let labels = instance.stages();
    let start = Instant::now();
    let mut total = 0u64;
    for stage in &report.stages {
        if !matches!(
            stage.outcome,
            StageOutcome::Solved | StageOutcome::NoSolution
        ) {
            continue;
        }
        let Some(index) = labels.iter().position(|l| *l == stage.stage) else {
            return Ok(None);
        };
        let emitted = instance.emit(&request.settings, &request.options, index)?;
        if emitted.hand_built.is_some() {
            return Ok(None);
        }
        let matcher = engine.compile(&emitted.pattern, &Flags::NONE)?;
        let left = budget.saturating_sub(start.elapsed());
        match matcher.search_steps(&emitted.subject, left)? {
            Some(steps) => total += steps,
            None => return Ok(None),
        }
    }
    Ok(Some(total))
}
