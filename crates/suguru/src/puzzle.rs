//! Suguru on the pipeline: [`SuguruPuzzle`] implements the pipeline's `Puzzle`, and [`ENTRY`]
//! registers it.

use backref_pipeline::{
    Choices, Encoded, Error, Input, InputKind, Instance, Puzzle, PuzzleEntry, Settings, Solution,
    Source,
};
use backref_program::Program;

use crate::{encode, native, parse, render, verify, Digits, Suguru, Violation};

/// A Suguru instance for the pipeline.
pub struct SuguruPuzzle {
    puzzle: Suguru,
}

impl SuguruPuzzle {
    /// The instance of a parsed grid.
    pub fn new(puzzle: Suguru) -> SuguruPuzzle {
        SuguruPuzzle { puzzle }
    }
}

/// Suguru in the registry.
pub const ENTRY: PuzzleEntry = PuzzleEntry {
    name: "suguru",
    about: "fill each region of k cells with 1..k; equal digits never touch",
    input: InputKind::File,
    input_help: "a file: the region grid, a blank line, the givens (. blank), or -",
    choices: Choices {
        encodings: &["cells"],
        orders: &[],
        switches: &[],
    },
    parse: load,
};

fn load(input: &Input) -> Result<Box<dyn Instance>, Error> {
    let puzzle = parse(input.text()?, &input.origin).map_err(Error::input)?;
    Ok(Box::new(SuguruPuzzle { puzzle }))
}

impl Puzzle for SuguruPuzzle {
    type Answer = Digits;
    type Violation = Violation;

    fn name(&self) -> &'static str {
        "suguru"
    }

    fn encode(&self, _stage: usize, _settings: &Settings) -> Result<Source<'_, Digits>, Error> {
        let mut e = encode::encode(&self.puzzle)?;
        let program = std::mem::replace(&mut e.program, Program::new(encode::TRUE));
        let order = std::mem::take(&mut e.order);
        Ok(Source::Ir(Encoded::new(program, order, move |values| {
            e.answer(values)
        })))
    }

    fn check(&self, _stage: usize, _settings: &Settings, d: &Digits) -> Result<(), Vec<Violation>> {
        verify::check(&self.puzzle, d)
    }

    fn native(&self, _stage: usize, _settings: &Settings) -> Result<Option<Digits>, Error> {
        Ok(native::solve(&self.puzzle))
    }

    fn native_count(&self, _stage: usize, _settings: &Settings, cap: u64) -> Option<u64> {
        Some(native::count(&self.puzzle, cap))
    }

    fn render(&self, d: &Digits) -> Solution {
        Solution::new(d.rows(), render::answer_text(d))
    }

    fn svg(&self, d: &Digits) -> Option<String> {
        Some(crate::svg::draw(&self.puzzle, d))
    }
}
