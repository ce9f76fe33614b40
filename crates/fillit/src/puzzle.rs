//! fillit on the pipeline: [`Fillit`] implements [`Puzzle`] with one stage per square size,
//! smallest first, and [`ENTRY`] registers it.

use backref_pipeline::{
    Choices, Encoded, Error, Input, InputKind, Instance, Puzzle, PuzzleEntry, Settings,
    Solution as Rendered, Source,
};
use backref_program::Program;

use crate::bound::counting_bound;
use crate::cover::cover;
use crate::encode::encode;
use crate::{
    check_output, letter, lower_bound, native, parse, render, Piece, Solution, VerifyError,
};

/// A broken rule in a fillit answer.
#[derive(Debug, thiserror::Error)]
pub enum Violation {
    /// The printed square breaks the rules.
    #[error(transparent)]
    Rule(#[from] VerifyError),
    /// The square is valid but not the classic program's first arrangement.
    #[error(
        "the engine's arrangement is valid but not the classic program's first one:\n{expected}"
    )]
    NotClassic {
        /// The classic program's square.
        expected: String,
    },
}

/// A fillit instance: its tetriminos, in input order.
pub struct Fillit {
    pieces: Vec<Piece>,
    first_side: usize,
}

impl Fillit {
    /// The instance of parsed pieces.
    pub fn new(pieces: Vec<Piece>) -> Fillit {
        Fillit {
            first_side: lower_bound(&pieces),
            pieces,
        }
    }

    fn side(&self, stage: usize) -> usize {
        self.first_side + stage
    }
}

/// fillit in the registry: a tetrimino file.
pub const ENTRY: PuzzleEntry = PuzzleEntry {
    name: "fillit",
    about: "pack tetriminos into the smallest square (the 42 school project)",
    input: InputKind::File,
    input_help: "a tetrimino file, or -",
    choices: Choices {
        encodings: &["packing"],
        orders: &[],
        switches: &[],
    },
    parse: load,
};

fn load(input: &Input) -> Result<Box<dyn Instance>, Error> {
    let pieces = parse(&input.bytes).map_err(|e| Error::input(format!("{}: {e}", input.origin)))?;
    Ok(Box::new(Fillit::new(pieces)))
}

impl Puzzle for Fillit {
    type Answer = Solution;
    type Violation = Violation;

    fn name(&self) -> &'static str {
        "fillit"
    }

    fn stages(&self) -> Vec<String> {
        // Every piece fits in its own 4x4 block of a square this big, so the last stage succeeds.
        let blocks = (self.pieces.len() as f64).sqrt().ceil() as usize;
        (self.first_side..=(4 * blocks).max(self.first_side))
            .map(|s| format!("{s}x{s}"))
            .collect()
    }

    fn ruled_out(&self, stage: usize, _settings: &Settings) -> Option<String> {
        counting_bound(&self.pieces, self.side(stage)).map(|proof| proof.to_string())
    }

    fn encode(&self, stage: usize, _settings: &Settings) -> Result<Source<'_, Solution>, Error> {
        let mut e = encode(&self.pieces, self.side(stage))?;
        let program = std::mem::replace(&mut e.program, Program::new('P'));
        let order = e.order.clone();
        Ok(Source::Ir(Encoded::new(program, order, move |values| {
            e.solution(values)
        })))
    }

    fn refutation(
        &self,
        stage: usize,
        _settings: &Settings,
    ) -> Result<Option<Encoded<'_, ()>>, Error> {
        // Cell by cell, a size without any arrangement runs out of options quickly; the
        // classic order may try every placement of the first pieces first (random_16's 8x8:
        // 73 million nodes natively, against 825 thousand cell by cell).
        let c = cover(&self.pieces, self.side(stage))?;
        Ok(Some(Encoded::feasibility(c.program, c.order)))
    }

    fn check(
        &self,
        stage: usize,
        _settings: &Settings,
        answer: &Solution,
    ) -> Result<(), Vec<Violation>> {
        let side = self.side(stage);
        let text = render(answer, &self.pieces);
        check_output(&text, &self.pieces, Some(side)).map_err(|e| vec![e.into()])?;
        // The classic program's answer is the first arrangement in its order: the engine's
        // first match must be that one.
        if let Some(classic) = native::solve_size(&self.pieces, side).solution {
            let expected = render(&classic, &self.pieces);
            if expected != text {
                return Err(vec![Violation::NotClassic { expected }]);
            }
        }
        Ok(())
    }

    fn native(&self, stage: usize, _settings: &Settings) -> Result<Option<Solution>, Error> {
        Ok(native::solve_size(&self.pieces, self.side(stage)).solution)
    }

    fn render(&self, packing: &Solution) -> Rendered {
        let text = render(packing, &self.pieces);
        let placements = packing
            .placements
            .iter()
            .enumerate()
            .map(|(i, (r, c))| serde_json::json!({"piece": i, "letter": letter(i).to_string(), "row": r, "col": c}))
            .collect();
        let mut out = Rendered::new(text.lines().map(String::from).collect(), text);
        out.extra.insert("side".into(), packing.side.into());
        out.extra
            .insert("placements".into(), serde_json::Value::Array(placements));
        out
    }

    fn svg(&self, packing: &Solution) -> Option<String> {
        Some(crate::svg::draw(packing, &self.pieces))
    }
}
