//! The native search on the pattern's own tree, timed: the other side of `bench`'s match/native
//! ratio for puzzles whose cross-checking solver searches a different (smaller) tree.

use std::time::Instant;

use crate::error::Error;
use crate::puzzle::Puzzle;
use crate::report::{ms, SolveReport, StageOutcome};
use crate::solve::Request;

/// Milliseconds of [`Puzzle::native_tree`] over the stages `report` searched (those that
/// matched or found no solution), under the settings of the run that decided them: `request`'s,
/// or the race winner's. `None` when the puzzle has no such search (its
/// [`Puzzle::native`] walks the pattern's tree already) or a stage is unknown.
pub fn native_tree_ms<P: Puzzle + ?Sized>(
    puzzle: &P,
    request: &Request,
    report: &SolveReport,
) -> Result<Option<f64>, Error> {
    let mut settings = request.settings.for_options(&request.options);
    if let Some(winner) = report.raced.as_ref().and_then(|r| r.winner.as_ref()) {
        if let Some(c) = puzzle
            .portfolio(&settings)
            .into_iter()
            .find(|c| c.label == *winner)
        {
            settings = c.settings.for_options(&request.options);
        }
    }
    let labels = puzzle.stages();
    let mut total = 0.0;
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
        let start = Instant::now();
        match puzzle.native_tree(index, &settings) {
            None => return Ok(None),
            Some(found) => {
                found?;
            }
        }
        total += ms(start.elapsed());
    }
    Ok(Some(total))
}
