//! Aquarium on the pipeline: [`Aquarium`] implements [`Puzzle`], and [`ENTRY`] registers it.

use backref_pipeline::{
    choose, names, Choices, Encoded, Error, Input, InputKind, Instance, Puzzle as Pipeline,
    PuzzleEntry, Settings, Solution as Rendered, Source, TreeWalk,
};
use backref_program::Program;

use crate::encode::{encode, Encoding, ENCODINGS};
use crate::{native, parse_with_solution, render, verify, Puzzle, Solution, Violation};

/// An Aquarium instance.
pub struct Aquarium {
    puzzle: Puzzle,
    /// The water grid the input gives after its task string (the public corpus files' layout),
    /// compared with the solved one.
    published: Option<Solution>,
}

impl Aquarium {
    /// The instance of a parsed puzzle.
    pub fn new(puzzle: Puzzle) -> Aquarium {
        Aquarium {
            puzzle,
            published: None,
        }
    }

    fn encoding(settings: &Settings) -> Result<Encoding, Error> {
        Ok(match settings.encoding.as_deref() {
            None => Encoding::Bands,
            Some(name) => choose(&ENCODINGS, name, "encoding")?,
        })
    }
}

const ENCODING_NAMES: [&str; ENCODINGS.len()] = names(&ENCODINGS);

/// Aquarium in the registry: a task string (puzzle-aquarium.com's), written out or in a file.
pub const ENTRY: PuzzleEntry = PuzzleEntry {
    name: "aquarium",
    about: "fill regions with water to a level so that the row and column counts hold",
    input: InputKind::FileOrLiteral {
        // A task string always has the `;` between the counts and the regions.
        literal: |arg| arg.contains(';'),
    },
    input_help: "a task string (counts;regions), a file holding one (and optionally its answer: a blank line, then rows of W and .), or -",
    choices: Choices {
        encodings: &ENCODING_NAMES,
        orders: &[],
        switches: &[],
    },
    parse: load,
};

fn load(input: &Input) -> Result<Box<dyn Instance>, Error> {
    let (puzzle, published) =
        parse_with_solution(input.text()?, &input.origin).map_err(Error::input)?;
    Ok(Box::new(Aquarium { puzzle, published }))
}

impl Pipeline for Aquarium {
    type Answer = Solution;
    type Violation = Violation;

    fn name(&self) -> &'static str {
        "aquarium"
    }

    fn encode(&self, _stage: usize, settings: &Settings) -> Result<Source<'_, Solution>, Error> {
        let mut e = encode(&self.puzzle, Self::encoding(settings)?)?;
        let program = std::mem::replace(&mut e.program, Program::new('W'));
        let order = std::mem::take(&mut e.order);
        Ok(Source::Ir(Encoded::new(program, order, move |values| {
            e.solution(&self.puzzle, values)
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
        // The native solver propagates row and column bounds and branches on the region with
        // the fewest levels left, another tree: the IR walks the pattern's static one
        // (`backref_program::walk_steps`).
        TreeWalk::Unmirrored
    }

    fn native_count(&self, _stage: usize, _settings: &Settings, cap: u64) -> Option<u64> {
        Some(native::count(&self.puzzle, cap as usize) as u64)
    }

    fn published(&self, _stage: usize) -> Option<Solution> {
        self.published.clone()
    }

    fn render(&self, water: &Solution) -> Rendered {
        Rendered::new(
            render::solution_rows(water),
            render::render_text(&self.puzzle, Some(water)),
        )
    }

    fn svg(&self, water: &Solution) -> Option<String> {
        Some(crate::svg::draw(&self.puzzle, water))
    }
}
