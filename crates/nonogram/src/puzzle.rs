//! Nonograms on the pipeline: [`NonogramPuzzle`] implements the pipeline's `Puzzle`, and
//! [`ENTRY`] registers it.

use backref_pipeline::{
    Choices, Encoded, Error, Input, InputKind, Instance, Puzzle, PuzzleEntry, Settings, Solution,
    Source,
};
use backref_program::Program;

use crate::{encode, native, parse, render, verify, Nonogram, Picture, Violation};

/// A nonogram instance for the pipeline.
pub struct NonogramPuzzle {
    puzzle: Nonogram,
}

impl NonogramPuzzle {
    /// The instance of parsed clues.
    pub fn new(puzzle: Nonogram) -> NonogramPuzzle {
        NonogramPuzzle { puzzle }
    }
}

/// Nonograms in the registry.
pub const ENTRY: PuzzleEntry = PuzzleEntry {
    name: "nonogram",
    about: "fill cells so that every row's and column's runs match its clue",
    input: InputKind::File,
    input_help: "a clue file (plain: rows, a blank line, columns; or .non), or -",
    choices: Choices {
        encodings: &["regular"],
        orders: &[],
        switches: &[],
    },
    parse: load,
};

fn load(input: &Input) -> Result<Box<dyn Instance>, Error> {
    let puzzle = parse(input.text()?, &input.origin).map_err(Error::input)?;
    Ok(Box::new(NonogramPuzzle { puzzle }))
}

impl Puzzle for NonogramPuzzle {
    type Answer = Picture;
    type Violation = Violation;

    fn name(&self) -> &'static str {
        "nonogram"
    }

    fn encode(&self, _stage: usize, _settings: &Settings) -> Result<Source<'_, Picture>, Error> {
        let mut e = encode::encode(&self.puzzle)?;
        let program = std::mem::replace(&mut e.program, Program::new(encode::FILLED));
        let order = std::mem::take(&mut e.order);
        Ok(Source::Ir(Encoded::new(program, order, move |values| {
            e.picture(values)
        })))
    }

    fn check(
        &self,
        _stage: usize,
        _settings: &Settings,
        p: &Picture,
    ) -> Result<(), Vec<Violation>> {
        verify::check(&self.puzzle, p)
    }

    fn native(&self, _stage: usize, _settings: &Settings) -> Result<Option<Picture>, Error> {
        Ok(native::solve(&self.puzzle))
    }

    fn native_count(&self, _stage: usize, _settings: &Settings, cap: u64) -> Option<u64> {
        Some(native::count(&self.puzzle, cap))
    }

    fn render(&self, p: &Picture) -> Solution {
        Solution::new(p.rows(), render::picture_text(&self.puzzle, p))
    }

    fn svg(&self, p: &Picture) -> Option<String> {
        Some(crate::svg::draw(&self.puzzle, p))
    }
}
