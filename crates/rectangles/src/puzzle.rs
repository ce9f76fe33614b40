//! Rectangle packing on the pipeline: [`Rectangles`] implements [`Puzzle`] (the segment
//! encoding through the IR, or the hand-built .NET balancing-group pattern), and [`ENTRY`]
//! registers it.

use std::time::Instant;

use backref_engine::Flags;
use backref_pipeline::{
    Choices, Encoded, Error, HandBuilt, Input, InputKind, Instance, Needs, Puzzle as Pipeline,
    PuzzleEntry, Settings, Solution, Source,
};
use backref_program::Program;
use serde_json::json;

use crate::encode::encode;
use crate::{
    balancing, check, native, parse, render, Options, PieceOrder, Placement, Puzzle, VerifyError,
};

/// `--encoding balancing`: the .NET balancing-group pattern (see `docs/rectangles.md`).
const BALANCING: &str = "balancing";
/// `--encoding balancing-debug`: the same without its final assertion (partial fills match).
const BALANCING_DEBUG: &str = "balancing-debug";

/// What the balancing pattern needs of an engine.
const BALANCING_GROUPS: Needs = Needs {
    supported: |features| features.balancing_groups,
    what: ".NET balancing groups",
};

/// A rectangles instance.
pub struct Rectangles {
    puzzle: Puzzle,
}

impl Rectangles {
    /// The instance of a parsed puzzle.
    pub fn new(puzzle: Puzzle) -> Rectangles {
        Rectangles { puzzle }
    }

    fn options(settings: &Settings) -> Options {
        Options {
            allow_rotation: !settings.switch("no-rotation"),
            allow_reuse: settings.switch("reuse"),
            every_solution: settings.enumerating,
            order: settings
                .order
                .as_deref()
                .and_then(PieceOrder::from_name)
                .unwrap_or_default(),
        }
    }
}

/// Rectangle packing in the registry: a pieces-and-canvas file.
pub const ENTRY: PuzzleEntry = PuzzleEntry {
    name: "rectangles",
    about: "fill a canvas with some of the given rectangular blocks",
    input: InputKind::File,
    input_help: "a pieces-and-canvas file, or -",
    choices: Choices {
        encodings: &["segment", BALANCING, BALANCING_DEBUG],
        orders: &["area", "input"],
        switches: &[
            ("no-rotation", "do not rotate pieces"),
            ("reuse", "allow a piece to be used more than once"),
        ],
    },
    parse: load,
};

fn load(input: &Input) -> Result<Box<dyn Instance>, Error> {
    let puzzle =
        parse(input.text()?).map_err(|e| Error::input(format!("{}: {e}", input.origin)))?;
    Ok(Box::new(Rectangles { puzzle }))
}

impl Pipeline for Rectangles {
    type Answer = Vec<Placement>;
    type Violation = VerifyError;

    fn name(&self) -> &'static str {
        "rectangles"
    }

    fn encode(
        &self,
        _stage: usize,
        settings: &Settings,
    ) -> Result<Source<'_, Vec<Placement>>, Error> {
        let debug = match settings.encoding.as_deref() {
            None | Some("segment") => {
                let mut e = encode(&self.puzzle, &Self::options(settings))?;
                let program = std::mem::replace(&mut e.program, Program::new('T'));
                let order = e.order.clone();
                return Ok(Source::Ir(Encoded::new(program, order, move |values| {
                    e.placements(values)
                })));
            }
            Some(BALANCING) => false,
            Some(BALANCING_DEBUG) => true,
            Some(name) => {
                return Err(Error::usage(format!(
                "unknown encoding {name:?}; choose one of: segment, {BALANCING}, {BALANCING_DEBUG}"
            )))
            }
        };
        let start = Instant::now();
        let b = balancing::generate(&self.puzzle, &Self::options(settings), debug);
        let generate = start.elapsed();
        let needs = b.pattern.needs;
        let flags = Flags {
            ignore_whitespace: true,
            multiline: needs.multiline,
            dot_all: needs.singleline,
        };
        Ok(Source::HandBuilt(HandBuilt {
            encoding: BALANCING,
            needs: BALANCING_GROUPS,
            flags,
            option_names: needs.option_names(),
            subject: b.subject.clone(),
            pattern: b.pattern.text.clone(),
            groups: b.pattern.groups.len(),
            backrefs: b.pattern.backrefs,
            generate,
            partial: debug,
            decode: Box::new(move |caps| {
                if caps.stacks().is_none() {
                    return Err("the engine did not report every capture of every group".into());
                }
                b.decode(|name| caps.all(name)).map_err(|e| e.to_string())
            }),
        }))
    }

    fn check(
        &self,
        _stage: usize,
        settings: &Settings,
        answer: &Vec<Placement>,
    ) -> Result<(), Vec<VerifyError>> {
        check(&self.puzzle, &Self::options(settings), answer).map_err(|e| vec![e])
    }

    fn native(&self, _stage: usize, settings: &Settings) -> Result<Option<Vec<Placement>>, Error> {
        Ok(native::solve(&self.puzzle, &Self::options(settings)))
    }

    fn native_count(&self, _stage: usize, settings: &Settings, cap: u64) -> Option<u64> {
        Some(native::count(&self.puzzle, &Self::options(settings), cap))
    }

    fn render(&self, placements: &Vec<Placement>) -> Solution {
        let r = render(&self.puzzle, placements);
        let mut out = Solution::new(r.rows.clone(), r.to_text());
        out.extra.insert(
            "placements".into(),
            json!(placements
                .iter()
                .map(
                    |p| json!({"piece": p.piece, "row": p.row, "col": p.col, "rotated": p.rotated})
                )
                .collect::<Vec<_>>()),
        );
        out
    }

    fn svg(&self, placements: &Vec<Placement>) -> Option<String> {
        Some(crate::svg::draw(&self.puzzle, placements))
    }
}
