//! Kakuro on the pipeline: [`KakuroPuzzle`] implements the pipeline's `Puzzle`, and [`ENTRY`]
//! registers it.

use backref_pipeline::{
    Choices, Encoded, Error, Input, InputKind, Instance, Puzzle, PuzzleEntry, Settings, Solution,
    Source, TreeWalk,
};
use backref_program::Program;

use crate::{encode, native, parse, render, verify, Fill, Kakuro, Violation};

/// A Kakuro instance for the pipeline.
pub struct KakuroPuzzle {
    puzzle: Kakuro,
}

impl KakuroPuzzle {
    /// The instance of a parsed grid.
    pub fn new(puzzle: Kakuro) -> KakuroPuzzle {
        KakuroPuzzle { puzzle }
    }
}

/// Kakuro in the registry.
pub const ENTRY: PuzzleEntry = PuzzleEntry {
    name: "kakuro",
    about: "fill white cells with 1-9: every run adds up to its clue with distinct digits",
    input: InputKind::File,
    input_help: "a grid file (. white, # black, D\\R clues), or -",
    choices: Choices {
        encodings: &["sums"],
        orders: &[],
        switches: &[],
    },
    parse: load,
};

fn load(input: &Input) -> Result<Box<dyn Instance>, Error> {
    let puzzle = parse(input.text()?, &input.origin).map_err(Error::input)?;
    Ok(Box::new(KakuroPuzzle { puzzle }))
}

impl Puzzle for KakuroPuzzle {
    type Answer = Fill;
    type Violation = Violation;

    fn name(&self) -> &'static str {
        "kakuro"
    }

    fn encode(&self, _stage: usize, _settings: &Settings) -> Result<Source<'_, Fill>, Error> {
        let mut e = encode::encode(&self.puzzle)?;
        let program = std::mem::replace(&mut e.program, Program::new(encode::TRUE));
        let order = std::mem::take(&mut e.order);
        Ok(Source::Ir(Encoded::new(program, order, move |values| {
            e.fill(values)
        })))
    }

    fn check(&self, _stage: usize, _settings: &Settings, f: &Fill) -> Result<(), Vec<Violation>> {
        verify::check(&self.puzzle, f)
    }

    fn native(&self, _stage: usize, _settings: &Settings) -> Result<Option<Fill>, Error> {
        Ok(native::solve(&self.puzzle))
    }

    fn native_tree(&self, _stage: usize, _settings: &Settings) -> TreeWalk<Fill> {
        // The native solver picks the open cell with the fewest digits next (a dynamic order),
        // another tree: the IR walks the pattern's static one (`backref_program::walk_steps`).
        TreeWalk::Unmirrored
    }

    fn native_count(&self, _stage: usize, _settings: &Settings, cap: u64) -> Option<u64> {
        Some(native::count(&self.puzzle, cap))
    }

    fn render(&self, f: &Fill) -> Solution {
        Solution::new(f.rows(), render::fill_text(f))
    }

    fn svg(&self, f: &Fill) -> Option<String> {
        Some(crate::svg::draw(&self.puzzle, f))
    }
}
