//! Star Battle on the pipeline: [`StarBattlePuzzle`] implements the pipeline's `Puzzle`, and
//! [`ENTRY`] registers it. The number of stars comes from the valued switch `stars=K`
//! (`--stars K`), else from the instance's `stars: K` line, else 1.

use backref_pipeline::{
    Choices, Encoded, Error, Input, InputKind, Instance, Puzzle, PuzzleEntry, Settings, Solution,
    Source,
};
use backref_program::Program;

use crate::{encode, native, parse, render, verify, StarBattle, Stars, Violation};

/// A Star Battle instance for the pipeline.
pub struct StarBattlePuzzle {
    puzzle: StarBattle,
}

impl StarBattlePuzzle {
    /// The instance of a parsed grid.
    pub fn new(puzzle: StarBattle) -> StarBattlePuzzle {
        StarBattlePuzzle { puzzle }
    }
}

/// The number of stars: `--stars K` (the valued switch `stars=K`), else the instance's own
/// `stars: K` line, else 1. A `--stars` that contradicts the instance is a usage error.
pub fn stars(puzzle: &StarBattle, settings: &Settings) -> Result<u32, Error> {
    let given = match settings.value("stars") {
        None => None,
        Some(v) => match v.parse::<u32>() {
            Ok(k) if k >= 1 => Some(k),
            _ => {
                return Err(Error::usage(format!(
                    "--stars takes a whole number of at least 1, got {v:?}"
                )))
            }
        },
    };
    match (given, puzzle.stars) {
        (Some(a), Some(b)) if a != b => Err(Error::usage(format!(
            "--stars {a} contradicts the instance's `stars: {b}`"
        ))),
        (Some(k), _) | (None, Some(k)) => Ok(k),
        (None, None) => Ok(1),
    }
}

/// Whether a command-line argument is a one-line instance rather than a file name.
fn literal(arg: &str) -> bool {
    arg.contains(',') && arg.chars().all(|c| c.is_ascii_alphanumeric() || c == ',')
}

/// Star Battle in the registry.
pub const ENTRY: PuzzleEntry = PuzzleEntry {
    name: "starbattle",
    about: "place k stars in every row, column and region, no two touching (--stars K)",
    input: InputKind::FileOrLiteral { literal },
    input_help: "a region grid file, a comma-separated line of region numbers, or -",
    choices: Choices {
        encodings: &["cells", "plain"],
        orders: &[],
        switches: &[("stars=K", "stars per row, column and region (default 1)")],
    },
    parse: load,
};

fn load(input: &Input) -> Result<Box<dyn Instance>, Error> {
    let puzzle = parse(input.text()?, &input.origin).map_err(Error::input)?;
    Ok(Box::new(StarBattlePuzzle { puzzle }))
}

impl Puzzle for StarBattlePuzzle {
    type Answer = Stars;
    type Violation = Violation;

    fn name(&self) -> &'static str {
        "starbattle"
    }

    fn ruled_out(&self, _stage: usize, settings: &Settings) -> Option<String> {
        let k = stars(&self.puzzle, settings).ok()? as usize;
        let n = self.puzzle.size();
        // k stars in a row need 2k − 1 cells at least (no two touch).
        (2 * k > n + 1).then(|| format!("{k} stars cannot fit apart in a row of {n}"))
    }

    fn encode(&self, _stage: usize, settings: &Settings) -> Result<Source<'_, Stars>, Error> {
        let room = match settings.encoding.as_deref() {
            None | Some("cells") => true,
            Some("plain") => false,
            Some(name) => {
                return Err(Error::usage(format!(
                    "unknown encoding {name:?}; choose one of: cells, plain"
                )))
            }
        };
        let mut e = encode::encode(&self.puzzle, stars(&self.puzzle, settings)?, room)?;
        let program = std::mem::replace(&mut e.program, Program::new(encode::STAR));
        let order = std::mem::take(&mut e.order);
        Ok(Source::Ir(Encoded::new(program, order, move |values| {
            e.stars(values)
        })))
    }

    fn check(
        &self,
        _stage: usize,
        settings: &Settings,
        answer: &Stars,
    ) -> Result<(), Vec<Violation>> {
        let k = stars(&self.puzzle, settings).unwrap_or(1);
        verify::check(&self.puzzle, k, answer)
    }

    fn native(&self, _stage: usize, settings: &Settings) -> Result<Option<Stars>, Error> {
        Ok(native::solve(&self.puzzle, stars(&self.puzzle, settings)?))
    }

    fn native_count(&self, _stage: usize, settings: &Settings, cap: u64) -> Option<u64> {
        Some(native::count(
            &self.puzzle,
            stars(&self.puzzle, settings).ok()?,
            cap,
        ))
    }

    fn render(&self, answer: &Stars) -> Solution {
        Solution::new(answer.rows(), render::answer_text(&self.puzzle, answer))
    }

    fn svg(&self, answer: &Stars) -> Option<String> {
        Some(crate::svg::draw(&self.puzzle, answer))
    }
}
