//! Rectangle packing on the pipeline: [`Rectangles`] implements [`Puzzle`] (the segment
//! encoding through the IR, or the hand-built .NET balancing-group pattern), and [`ENTRY`]
//! registers it.

use std::time::Instant;

use backref_engine::Flags;
use backref_pipeline::{
    Choices, Contender, Encoded, Error, HandBuilt, Input, InputKind, Instance, Needs,
    Puzzle as Pipeline, PuzzleEntry, Settings, Solution, Source,
};
use backref_program::Program;
use serde_json::json;

use crate::encode::encode;
use crate::transpose::{placements_back, split_order};
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
                .and_then(|o| PieceOrder::from_name(split_order(o).0))
                .unwrap_or_default(),
        }
    }

    /// Whether the settings' order scans the canvas column by column.
    fn by_columns(settings: &Settings) -> bool {
        settings.order.as_deref().is_some_and(|o| split_order(o).1)
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
        orders: &["area", "input", "area-by-columns", "input-by-columns"],
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

/// The smallest canvas (in cells) on which the default races the two scans. On the big
/// guillotines the column-by-column scan's tree is far smaller (native placements to the first
/// answer, `examples/prune_nodes.rs`: `guillotine_24x16` 1,164,486 row by row against 84,281,
/// `guillotine_20x15` 609,287 against 289,241), but on `guillotine_12x8` it is larger (94
/// against 6,367): no static rule from the shapes picks the better scan, so both run, each on
/// a core. Below this size every search here takes milliseconds, and the row-by-row scan
/// answers alone.
pub const RACE_FROM_CELLS: usize = 200;

/// The static orders the default races on a canvas of [`RACE_FROM_CELLS`] or more, both from
/// the start.
pub const RACED_ORDERS: [(&str, u64); 2] = [("area", 0), ("area-by-columns", 0)];

impl Pipeline for Rectangles {
    type Answer = Vec<Placement>;
    type Violation = VerifyError;

    fn name(&self) -> &'static str {
        "rectangles"
    }

    fn portfolio(&self, settings: &Settings) -> Vec<Contender> {
        let segment = matches!(settings.encoding.as_deref(), None | Some("segment"));
        if settings.order.is_some()
            || settings.enumerating
            || !segment
            || self.puzzle.canvas.area() < RACE_FROM_CELLS
        {
            return Vec::new();
        }
        Contender::orders(&RACED_ORDERS, settings)
    }

    fn encode(
        &self,
        _stage: usize,
        settings: &Settings,
    ) -> Result<Source<'_, Vec<Placement>>, Error> {
        let debug = match settings.encoding.as_deref() {
            None | Some("segment") => {
                let by_columns = Self::by_columns(settings);
                let transposed;
                let searched = if by_columns {
                    transposed = self.puzzle.transposed();
                    &transposed
                } else {
                    &self.puzzle
                };
                let mut e = encode(searched, &Self::options(settings))?;
                let program = std::mem::replace(&mut e.program, Program::new('T'));
                let order = e.order.clone();
                return Ok(Source::Ir(Encoded::new(program, order, move |values| {
                    let found = e.placements(values);
                    if by_columns {
                        placements_back(found)
                    } else {
                        found
                    }
                })));
            }
            Some(BALANCING | BALANCING_DEBUG) if Self::by_columns(settings) => {
                return Err(Error::usage(
                    "the balancing encoding scans the canvas row by row only; \
                     choose --order area or input"
                        .to_string(),
                ))
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
