//! The native search on the pattern's own tree, timed: the other side of `bench`'s match/native
//! ratio for puzzles whose cross-checking solver searches a different (smaller) tree.

use std::time::Instant;

use backref_program::walk_program;

use crate::error::Error;
use crate::puzzle::{Puzzle, Source, TreeWalk};
use crate::report::{ms, SolveReport, StageOutcome};
use crate::settings::Settings;
use crate::solve::Request;

/// What [`native_tree_ms`] found.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum NativeTree {
    /// The puzzle's native solver ([`Puzzle::native`]) walks the pattern's tree already: its
    /// own time is the one to compare.
    Native,
    /// Milliseconds of [`Puzzle::native_tree`] over the searched stages (its search alone where
    /// it says so), or where the puzzle has no mirror of the pattern's checks, of the IR's walk
    /// of the pattern's tree ([`backref_program::walk_program`]).
    Ms(f64),
    /// No tree to time: a refutation (another program) took part in a stage's search, a stage
    /// is not the puzzle's, or nothing walks the pattern's tree.
    Untimed,
}

/// Milliseconds of the IR's native walk of stage `index`'s tree ([`walk_program`]) under the
/// features and propagation `settings` carry, its search only (not the encoding, nor the
/// lists of checks the pattern's compile also builds); `None` when the stage's program is one
/// the walk does not follow (a packing among other statements).
fn walk_ir_ms<P: Puzzle + ?Sized>(
    puzzle: &P,
    index: usize,
    settings: &Settings,
) -> Result<Option<f64>, Error> {
    let Source::Ir(encoded) = puzzle.encode(index, settings)? else {
        return Ok(None);
    };
    let level = settings.propagation.unwrap_or_default();
    let walked = walk_program(
        &encoded.program,
        &encoded.order,
        settings.features,
        level,
        1,
    );
    Ok(walked.map(|w| ms(w.search)))
}

/// Times [`Puzzle::native_tree`] over the stages `report` searched (those that matched or
/// found no solution), under the settings of the run that decided them: `request`'s, or the
/// race winner's.
pub fn native_tree_ms<P: Puzzle + ?Sized>(
    puzzle: &P,
    request: &Request,
    report: &SolveReport,
) -> Result<NativeTree, Error> {
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
    let searched: Vec<_> = report
        .stages
        .iter()
        .filter(|s| matches!(s.outcome, StageOutcome::Solved | StageOutcome::NoSolution))
        .collect();
    // A stage a refutation settled or handed back has a reason: its search was in part
    // another program's.
    if searched.iter().any(|s| s.reason.is_some()) {
        return Ok(NativeTree::Untimed);
    }
    let mut total = 0.0;
    for stage in searched {
        let Some(index) = labels.iter().position(|l| *l == stage.stage) else {
            return Ok(NativeTree::Untimed);
        };
        // The walk mirrors what the pattern carried, not what was asked.
        let carried = Settings {
            propagation: Some(stage.propagation),
            ..settings.clone()
        };
        let start = Instant::now();
        match puzzle.native_tree(index, &carried) {
            TreeWalk::ByNative => return Ok(NativeTree::Native),
            TreeWalk::Unmirrored => match walk_ir_ms(puzzle, index, &carried)? {
                Some(t) => total += t,
                None => return Ok(NativeTree::Untimed),
            },
            TreeWalk::Walked(found) => {
                found?;
                total += ms(start.elapsed());
            }
            TreeWalk::Timed(search) => total += ms(search),
        }
    }
    Ok(NativeTree::Ms(total))
}
