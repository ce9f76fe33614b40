//! Light Up on the pipeline: [`LightUpPuzzle`] implements the pipeline's `Puzzle`, and
//! [`ENTRY`] registers it.

use backref_pipeline::{
    Choices, Encoded, Error, Input, InputKind, Instance, Puzzle, PuzzleEntry, Settings, Solution,
    Source,
};
use backref_program::Program;

use crate::{encode, native, parse, render, verify, Bulbs, LightUp, Violation};

/// A Light Up instance for the pipeline.
pub struct LightUpPuzzle {
    puzzle: LightUp,
}

impl LightUpPuzzle {
    /// The instance of a parsed grid.
    pub fn new(puzzle: LightUp) -> LightUpPuzzle {
        LightUpPuzzle { puzzle }
    }
}

/// Light Up in the registry.
pub const ENTRY: PuzzleEntry = PuzzleEntry {
    name: "lightup",
    about: "place bulbs so every white cell is lit, no bulb lights another, numbers count bulbs",
    input: InputKind::File,
    input_help: "a grid file (. white, * black, 0-4 numbers), or -",
    choices: Choices {
        encodings: &["cells"],
        orders: &[],
        switches: &[],
    },
    parse: load,
};

fn load(input: &Input) -> Result<Box<dyn Instance>, Error> {
    let puzzle = parse(input.text()?, &input.origin).map_err(Error::input)?;
    Ok(Box::new(LightUpPuzzle { puzzle }))
}

impl Puzzle for LightUpPuzzle {
    type Answer = Bulbs;
    type Violation = Violation;

    fn name(&self) -> &'static str {
        "lightup"
    }

    fn encode(&self, _stage: usize, _settings: &Settings) -> Result<Source<'_, Bulbs>, Error> {
        let mut e = encode::encode(&self.puzzle)?;
        let program = std::mem::replace(&mut e.program, Program::new(encode::BULB));
        let order = std::mem::take(&mut e.order);
        Ok(Source::Ir(Encoded::new(program, order, move |values| {
            e.bulbs(values)
        })))
    }

    fn check(&self, _stage: usize, _settings: &Settings, b: &Bulbs) -> Result<(), Vec<Violation>> {
        verify::check(&self.puzzle, b)
    }

    fn native(&self, _stage: usize, _settings: &Settings) -> Result<Option<Bulbs>, Error> {
        Ok(native::solve(&self.puzzle))
    }

    fn native_count(&self, _stage: usize, _settings: &Settings, cap: u64) -> Option<u64> {
        Some(native::count(&self.puzzle, cap))
    }

    fn render(&self, b: &Bulbs) -> Solution {
        Solution::new(b.rows(&self.puzzle), render::answer_text(&self.puzzle, b))
    }

    fn svg(&self, b: &Bulbs) -> Option<String> {
        Some(crate::svg::draw(&self.puzzle, b))
    }
}
