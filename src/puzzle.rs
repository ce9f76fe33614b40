//! What the CLI needs from a puzzle: encode a stage, decode and check a match, solve natively.
//!
//! Each puzzle crate is adapted to [`Instance`] in its own module under `puzzles/`; the rest of
//! the CLI is the same for every puzzle.

use std::time::Duration;

use anyhow::Result;
use backref_program::{Program, VarId};
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

/// One puzzle instance, possibly solved in stages (fillit tries growing squares).
pub trait Instance {
    /// The puzzle's name, as in `backref solve NAME`.
    fn puzzle(&self) -> &'static str;
    /// Labels of the stages, tried in order until one has a solution.
    fn stages(&self) -> Vec<String> {
        vec![String::new()]
    }
    /// States stage `stage` through the IR.
    fn encode(&self, stage: usize, settings: &Settings) -> Result<Encoded>;
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
    /// Counts solutions natively, up to `cap`, when the puzzle can.
    fn native_count(&self, _stage: usize, _settings: &Settings, _cap: u64) -> Option<u64> {
        None
    }
}
