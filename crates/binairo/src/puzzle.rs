//! Binairo on the pipeline: [`BinairoPuzzle`] implements the pipeline's `Puzzle`, and
//! [`ENTRY`] registers it.

use backref_pipeline::{
    Choices, Encoded, Error, Input, InputKind, Instance, Puzzle, PuzzleEntry, Settings, Solution,
    Source,
};
use backref_program::Program;

use crate::{encode, native, parse, render, verify, Binairo, Grid, Violation};

/// A Binairo instance for the pipeline.
pub struct BinairoPuzzle {
    puzzle: Binairo,
}

impl BinairoPuzzle {
    /// The instance of a parsed puzzle.
    pub fn new(puzzle: Binairo) -> BinairoPuzzle {
        BinairoPuzzle { puzzle }
    }
}

/// Whether a command-line argument is a one-line instance rather than a file name.
fn literal(arg: &str) -> bool {
    arg.len() >= 4
        && arg
            .chars()
            .all(|c| c.is_ascii_lowercase() || matches!(c, '0' | '1' | '.'))
        && arg.chars().any(|c| c == '0' || c == '1')
}

/// Binairo in the registry.
pub const ENTRY: PuzzleEntry = PuzzleEntry {
    name: "binairo",
    about: "fill a grid with 0 and 1: halves per line, no three alike in a row, no equal lines",
    input: InputKind::FileOrLiteral { literal },
    input_help: "a grid file (rows of 0, 1 and .), a one-line run-length grid, or -",
    choices: Choices {
        encodings: &["lines"],
        orders: &[],
        switches: &[],
    },
    parse: load,
};

fn load(input: &Input) -> Result<Box<dyn Instance>, Error> {
    let puzzle = parse(input.text()?, &input.origin).map_err(Error::input)?;
    Ok(Box::new(BinairoPuzzle { puzzle }))
}

impl Puzzle for BinairoPuzzle {
    type Answer = Grid;
    type Violation = Violation;

    fn name(&self) -> &'static str {
        "binairo"
    }

    fn encode(&self, _stage: usize, _settings: &Settings) -> Result<Source<'_, Grid>, Error> {
        let mut e = encode::encode(&self.puzzle)?;
        let program = std::mem::replace(&mut e.program, Program::new(encode::ONE));
        let order = std::mem::take(&mut e.order);
        Ok(Source::Ir(Encoded::new(program, order, move |values| {
            e.grid(values)
        })))
    }

    fn check(
        &self,
        _stage: usize,
        _settings: &Settings,
        grid: &Grid,
    ) -> Result<(), Vec<Violation>> {
        verify::check(&self.puzzle, grid)
    }

    fn native(&self, _stage: usize, _settings: &Settings) -> Result<Option<Grid>, Error> {
        Ok(native::solve(&self.puzzle))
    }

    fn native_count(&self, _stage: usize, _settings: &Settings, cap: u64) -> Option<u64> {
        Some(native::count(&self.puzzle, cap))
    }

    fn render(&self, grid: &Grid) -> Solution {
        Solution::new(grid.rows(), render::grid_text(grid))
    }

    fn svg(&self, grid: &Grid) -> Option<String> {
        Some(crate::svg::draw(&self.puzzle, grid))
    }
}
