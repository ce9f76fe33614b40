//! fillit on the pipeline: [`Fillit`] implements [`Puzzle`] with one stage per square size,
//! smallest first, and [`ENTRY`] registers it.

use std::sync::OnceLock;
use std::time::Duration;

use backref_pipeline::{
    Choices, Contender, Encoded, Error, Input, InputKind, Instance, Puzzle, PuzzleEntry, Refuter,
    Settings, Solution as Rendered, Source, TreeWalk,
};
use backref_program::{Program, Propagation};

use crate::bound::counting_bound;
use crate::cover::cover;
use crate::encode::encode;
use crate::tree::{search_tree, Lookahead};
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

/// The propagation levels raced when the user names none: the classic search alone, which ends
/// most inputs in milliseconds, and the packing lookahead, which decides every classic node by
/// an order-free search inside the pattern and so finishes the hard inputs (docs/fillit.md,
/// "The packing lookahead"), joining after [`LOOKAHEAD_AFTER_PER_PIECE_CELL`] per piece and
/// cell of the first square.
pub const RACED_PROPAGATION: [Propagation; 2] = [Propagation::None, Propagation::Complete];

/// How long the classic search runs alone, per piece and cell of the first square, before the
/// packing lookahead joins the race: about what the classic search's pattern takes to build and
/// compile (the lookahead's takes 2–3 times as long, and a contender that has started compiling
/// cannot be stopped, so joining earlier makes the easy inputs wait for it: random_26a 0.26 →
/// 0.42 s with a 10 ms start).
pub const LOOKAHEAD_AFTER_PER_PIECE_CELL: Duration = Duration::from_micros(60);

/// The most cells of a square whose refutation runs before its classic search when the pieces
/// fill it with no cell to spare ([`Puzzle::refute_first`]). Of 300 random sets of 9 pieces
/// (the 19 shapes drawn uniformly), 238 were ruled out at 6×6 by the lattice bounds, 55 had no
/// arrangement and 7 had one (against 196 of 200 sets of 8 pieces, with 4 cells to spare); a
/// 6×6 refutation costs about 0.3 ms, found or not. Refuting first saves the classic pattern's
/// JIT compile where the square has no arrangement (anisg_valid_19's 6×6) and costs the
/// refutation's search where it has one; at 8×8, 10 of 60 random sets of 16 pieces had one,
/// and such a refutation costs milliseconds (16 squares: 1.8 → 4.2 ms), so larger exact fits
/// keep the classic order first (docs/performance.md, "Refuting small exact fits first").
pub const REFUTE_FIRST_MOST_CELLS: usize = 36;

/// Whether a compile with `settings` gets the packing lookahead.
fn looks_ahead(settings: &Settings) -> bool {
    settings.propagation == Some(Propagation::Complete)
        && Propagation::Complete.within(settings.features) == Propagation::Complete
}

/// A fillit instance: its tetriminos, in input order.
pub struct Fillit {
    pieces: Vec<Piece>,
    first_side: usize,
    /// The native solver's classic answer per stage, found once: the rule check compares the
    /// engine's answer with it and the pipeline's cross-check asks for it again.
    classic: Vec<OnceLock<Option<Solution>>>,
}

impl Fillit {
    /// The instance of parsed pieces.
    pub fn new(pieces: Vec<Piece>) -> Fillit {
        let mut fillit = Fillit {
            first_side: lower_bound(&pieces),
            pieces,
            classic: Vec::new(),
        };
        fillit.classic = Puzzle::stages(&fillit)
            .iter()
            .map(|_| OnceLock::new())
            .collect();
        fillit
    }

    fn side(&self, stage: usize) -> usize {
        self.first_side + stage
    }

    /// The native solver's first arrangement at `stage` in classic order (`None`: none fits),
    /// searched once per stage.
    fn classic(&self, stage: usize) -> Option<Solution> {
        let find = || native::solve_size(&self.pieces, self.side(stage)).solution;
        match self.classic.get(stage) {
            Some(cell) => cell.get_or_init(find).clone(),
            // Not a stage of `stages`: nothing to keep it in.
            None => find(),
        }
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

    fn encode(&self, stage: usize, settings: &Settings) -> Result<Source<'_, Solution>, Error> {
        let mut e = encode(&self.pieces, self.side(stage))?;
        let mut program = std::mem::replace(&mut e.program, Program::new('P'));
        // A contender of the race (see `portfolio`) names its propagation in its settings.
        if let Some(p) = settings.propagation {
            program.propagation = p;
        }
        let order = e.order.clone();
        Ok(Source::Ir(Encoded::new(program, order, move |values| {
            e.solution(values)
        })))
    }

    fn refutation(&self, stage: usize, settings: &Settings) -> Option<Refuter<'_>> {
        if looks_ahead(settings) {
            // The packing lookahead runs once before the first piece: an order-free search of
            // the whole square, which settles a size without an arrangement by itself.
            return None;
        }
        // Cell by cell, a size without any arrangement runs out of options quickly; the
        // classic order may try every placement of the first pieces first (random_16's 8x8:
        // 73 million nodes natively, against 825 thousand cell by cell).
        let side = self.side(stage);
        Some(Box::new(move || {
            let c = cover(&self.pieces, side)?;
            Ok(Encoded::feasibility(c.program, c.order))
        }))
    }

    fn refute_first(&self, stage: usize, _settings: &Settings) -> bool {
        let cells = self.side(stage).pow(2);
        4 * self.pieces.len() == cells && cells <= REFUTE_FIRST_MOST_CELLS
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
        if let Some(classic) = self.classic(stage) {
            let expected = render(&classic, &self.pieces);
            if expected != text {
                return Err(vec![Violation::NotClassic { expected }]);
            }
        }
        Ok(())
    }

    fn portfolio(&self, settings: &Settings) -> Vec<Contender> {
        if settings.propagation.is_some()
            || settings.enumerating
            || Propagation::Complete.within(settings.features) != Propagation::Complete
        {
            return Vec::new();
        }
        let cells = self.first_side * self.first_side * self.pieces.len();
        let after = [
            Duration::ZERO,
            LOOKAHEAD_AFTER_PER_PIECE_CELL * cells as u32,
        ];
        RACED_PROPAGATION
            .iter()
            .zip(after)
            .map(|(p, start_after)| Contender {
                label: format!("propagate {}", p.name()),
                settings: Settings {
                    propagation: Some(*p),
                    ..settings.clone()
                },
                start_after,
                match_limit: None,
            })
            .collect()
    }

    fn native(&self, stage: usize, _settings: &Settings) -> Result<Option<Solution>, Error> {
        Ok(self.classic(stage))
    }

    fn native_tree(&self, stage: usize, settings: &Settings) -> TreeWalk<Solution> {
        // The levels this compile honours (Light adds nothing to a packing without must-cover
        // resources); forward checking is not mirrored here: the IR walks it.
        let lookahead = match settings
            .propagation
            .unwrap_or_default()
            .within(settings.features)
        {
            Propagation::None | Propagation::Light => Lookahead::None,
            Propagation::Complete => Lookahead::Complete,
            Propagation::Forward => return TreeWalk::Unmirrored,
        };
        TreeWalk::Walked(Ok(
            search_tree(&self.pieces, self.side(stage), lookahead).first
        ))
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
