//! What the CLI needs from a puzzle: encode a stage, decode and check a match, solve natively.
//!
//! Each puzzle crate is adapted to [`Instance`] in its own module under `puzzles/`; the rest of
//! the CLI is the same for every puzzle.

use std::time::Duration;

use anyhow::Result;
use backref_engine::{Captures, DotnetOptions};
use backref_program::{Features, Program, VarId};
use serde_json::Value;

/// Encoding choices from the command line.
#[derive(Clone, Debug, Default)]
pub struct Settings {
    /// `--encoding`, when given.
    pub encoding: Option<String>,
    /// `--order`, when given.
    pub order: Option<String>,
    /// `--no-rotation` (rectangles).
    pub no_rotation: bool,
    /// `--reuse` (rectangles).
    pub reuse: bool,
    /// What the target engine runs (none beyond backreferences under `--portable`); a puzzle
    /// may pick its default encoding from it. Filled in from the compile options.
    pub features: Features,
}

impl Settings {
    /// These settings for a compile with `options`.
    pub fn for_options(&self, options: &backref_program::Options) -> Settings {
        Settings {
            features: options.features(),
            ..self.clone()
        }
    }
}

/// A program ready to compile, with its decision order.
pub struct Encoded {
    /// The program.
    pub program: Program,
    /// Decision variables in search order.
    pub order: Vec<VarId>,
}

/// A decoded answer in the common shape.
#[derive(Clone, Debug, PartialEq)]
pub struct Solution {
    /// Rows for JSON `grid`.
    pub grid: Vec<String>,
    /// The answer drawn for a terminal.
    pub text: String,
    /// Puzzle-specific JSON fields (e.g. `placements`).
    pub extra: serde_json::Map<String, Value>,
}

/// What the native solver found for one stage.
pub struct Native {
    /// Its first solution, if any.
    pub solution: Option<Solution>,
    /// Time it took.
    pub elapsed: Duration,
}

/// A pattern composed by hand for one engine instead of through the IR (rectangles' .NET
/// balancing-group encoding): the subject, the pattern, and how to read a match back.
pub struct HandBuilt<'a> {
    /// The `--encoding` name, for messages.
    pub encoding: &'static str,
    /// The only engine that can run it, as `--engine` names it.
    pub engine: &'static str,
    /// Why that engine, for the message when another is asked for.
    pub why: &'static str,
    /// The `RegexOptions` the pattern needs (for `engine` = `dotnet`).
    pub options: DotnetOptions,
    /// Their names, for `emit`.
    pub option_names: Vec<&'static str>,
    /// The subject.
    pub subject: String,
    /// The pattern.
    pub pattern: String,
    /// Capture groups (distinct names).
    pub groups: usize,
    /// Backreferences.
    pub backrefs: usize,
    /// Time to generate subject and pattern.
    pub generate: Duration,
    /// A debug pattern that matches partial answers: they are shown and checked, but not
    /// compared with the native solver.
    pub partial: bool,
    /// Reads a match (every capture of every group) back into an answer.
    #[allow(clippy::type_complexity)]
    pub decode: Box<dyn Fn(&Captures) -> Result<Solution> + 'a>,
}

/// One puzzle instance, possibly solved in stages (fillit tries growing squares).
pub trait Instance: Sync {
    /// The puzzle's name, as in `backref solve NAME`.
    fn puzzle(&self) -> &'static str;
    /// Labels of the stages, tried in order until one has a solution.
    fn stages(&self) -> Vec<String> {
        vec![String::new()]
    }
    /// Why stage `stage` cannot have a solution, when the encoder proves it without any search
    /// (e.g. fillit's counting bounds); such a stage is reported as ruled out, not run.
    fn ruled_out(&self, _stage: usize, _settings: &Settings) -> Option<String> {
        None
    }
    /// States stage `stage` through the IR.
    fn encode(&self, stage: usize, settings: &Settings) -> Result<Encoded>;
    /// A second program for stage `stage` that asks only whether the stage has a solution, in a
    /// search order suited to proving that it has none (fillit: cell by cell). When the stage's
    /// own search outgrows its first budget, this one runs; if it exhausts its search the stage
    /// is ruled out, otherwise the stage's own search resumes. `None`: no such program.
    fn refutation(&self, _stage: usize, _settings: &Settings) -> Result<Option<Encoded>> {
        Ok(None)
    }
    /// Turns decoded variable values into an answer (before checking).
    fn decode(&self, stage: usize, encoded: &Encoded, values: &[String]) -> Solution;
    /// The independent rule checker, under the rules the settings chose.
    fn check(
        &self,
        stage: usize,
        settings: &Settings,
        solution: &Solution,
    ) -> Result<(), Vec<String>>;
    /// The native solver on the same static order.
    fn native(&self, stage: usize, settings: &Settings) -> Result<Native>;
    /// A hand-built pattern for stage `stage` when the settings ask for one; `None` means the
    /// stage goes through the IR ([`Instance::encode`]).
    fn hand_built(&self, _stage: usize, _settings: &Settings) -> Result<Option<HandBuilt<'_>>> {
        Ok(None)
    }
    /// Counts solutions natively, up to `cap`, when the puzzle can.
    fn native_count(&self, _stage: usize, _settings: &Settings, _cap: u64) -> Option<u64> {
        None
    }
    /// Alternative settings to race against each other when the user left the choice to the
    /// puzzle (e.g. static search orders); empty for a single run.
    fn portfolio(&self, _settings: &Settings) -> Vec<Contender> {
        Vec::new()
    }
}

/// One entry of an [`Instance::portfolio`]: settings to race, a label naming them, and how long
/// the race must have gone on before they join it (so that reserves do not slow down the
/// favourites on instances those finish quickly).
#[derive(Clone, Debug)]
pub struct Contender {
    /// How the output names this contender, e.g. `order classes`.
    pub label: String,
    /// The settings it runs with.
    pub settings: Settings,
    /// It starts once the race has run this long without a winner.
    pub start_after: std::time::Duration,
}
