//! The colour grid on the pipeline: [`ColorGrid`] implements [`Puzzle`], and [`ENTRY`]
//! registers it.

use std::io::IsTerminal;

use backref_pipeline::{
    Choices, Encoded, Error, Input, InputKind, Instance, Puzzle as Pipeline, PuzzleEntry, Settings,
    Solution as Rendered, Source, TreeWalk,
};
use backref_program::Program;

use crate::encode::encode;
use crate::{native, parse_str, render, verify, Puzzle, Solution, Violation};

/// A colour-grid instance.
pub struct ColorGrid {
    puzzle: Puzzle,
}

impl ColorGrid {
    /// The instance of a parsed puzzle.
    pub fn new(puzzle: Puzzle) -> ColorGrid {
        ColorGrid { puzzle }
    }
}

/// The colour grid in the registry: a clue file.
pub const ENTRY: PuzzleEntry = PuzzleEntry {
    name: "colorgrid",
    about: "colour a grid so that every row and column matches its colour clue",
    input: InputKind::File,
    input_help:
        "a clue file (`rows:` / `cols:` lines, or the Stack Overflow question's grid), or -",
    choices: Choices {
        encodings: &["regular"],
        orders: &[],
        switches: &[],
    },
    parse: load,
};

fn load(input: &Input) -> Result<Box<dyn Instance>, Error> {
    let puzzle = parse_str(input.text()?, &input.origin).map_err(Error::input)?;
    Ok(Box::new(ColorGrid { puzzle }))
}

impl Pipeline for ColorGrid {
    type Answer = Solution;
    type Violation = Violation;

    fn name(&self) -> &'static str {
        "colorgrid"
    }

    fn encode(&self, _stage: usize, _settings: &Settings) -> Result<Source<'_, Solution>, Error> {
        let mut e = encode(&self.puzzle)?;
        let program = std::mem::replace(&mut e.program, Program::new('X'));
        let order = std::mem::take(&mut e.order);
        Ok(Source::Ir(Encoded::new(program, order, move |values| {
            e.solution(values)
        })))
    }

    fn check(
        &self,
        _stage: usize,
        _settings: &Settings,
        answer: &Solution,
    ) -> Result<(), Vec<Violation>> {
        verify::check(&self.puzzle, answer)
    }

    fn native(&self, _stage: usize, _settings: &Settings) -> Result<Option<Solution>, Error> {
        Ok(native::solve_first(&self.puzzle))
    }

    fn native_tree(&self, _stage: usize, _settings: &Settings) -> TreeWalk<Solution> {
        // The native solver propagates lines before it branches, another tree: the IR walks
        // the pattern's static one (`backref_program::walk_steps`).
        TreeWalk::Unmirrored
    }

    fn native_count(&self, _stage: usize, _settings: &Settings, cap: u64) -> Option<u64> {
        Some(native::count(&self.puzzle, cap as usize) as u64)
    }

    fn render(&self, grid: &Solution) -> Rendered {
        Rendered::new(
            render::solution_rows(grid),
            render::render_text(&self.puzzle, Some(grid), std::io::stdout().is_terminal()),
        )
    }

    fn svg(&self, grid: &Solution) -> Option<String> {
        Some(crate::svg::draw(&self.puzzle, grid))
    }
}
