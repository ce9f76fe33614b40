//! Rectangle packing behind the CLI's [`Instance`] trait.

use std::time::Instant;

use anyhow::{anyhow, bail, Result};
use backref_engine::DotnetOptions;
use backref_rectangles::balancing;
use backref_rectangles::encode::encode;
use backref_rectangles::{check, native, render, Options, Placement, Puzzle};
use serde_json::json;

use super::input;
use crate::puzzle::{Encoded, HandBuilt, Instance, Native, Settings, Solution};

/// `--encoding balancing`: the .NET balancing-group pattern (see `docs/rectangles.md`).
const BALANCING: &str = "balancing";
/// `--encoding balancing-debug`: the same without its final assertion (partial fills match).
const BALANCING_DEBUG: &str = "balancing-debug";

/// A rectangles instance.
pub struct Rectangles {
    puzzle: Puzzle,
}

impl Rectangles {
    /// Reads the pieces-and-canvas file (or stdin).
    pub fn parse(arg: &str) -> Result<Rectangles> {
        let (text, origin) = input::read(arg, false)?;
        let puzzle = backref_rectangles::parse(&text).map_err(|e| anyhow!("{origin}: {e}"))?;
        Ok(Rectangles { puzzle })
    }

    fn options(settings: &Settings) -> Options {
        Options {
            allow_rotation: !settings.no_rotation,
            allow_reuse: settings.reuse,
        }
    }

    fn solution(&self, placements: &[Placement]) -> Solution {
        let r = render(&self.puzzle, placements);
        let mut extra = serde_json::Map::new();
        extra.insert(
            "placements".into(),
            json!(placements
                .iter()
                .map(
                    |p| json!({"piece": p.piece, "row": p.row, "col": p.col, "rotated": p.rotated})
                )
                .collect::<Vec<_>>()),
        );
        Solution {
            grid: r.rows.clone(),
            text: r.to_text(),
            extra,
        }
    }

    fn placements(solution: &Solution) -> Vec<Placement> {
        solution.extra["placements"]
            .as_array()
            .map(|a| {
                a.iter()
                    .map(|p| Placement {
                        piece: p["piece"].as_u64().unwrap_or(u64::MAX) as usize,
                        row: p["row"].as_u64().unwrap_or(u64::MAX) as usize,
                        col: p["col"].as_u64().unwrap_or(u64::MAX) as usize,
                        rotated: p["rotated"].as_bool().unwrap_or(false),
                    })
                    .collect()
            })
            .unwrap_or_default()
    }
}

impl Instance for Rectangles {
    fn puzzle(&self) -> &'static str {
        "rectangles"
    }

    fn encode(&self, _stage: usize, settings: &Settings) -> Result<Encoded> {
        match settings.encoding.as_deref() {
            None | Some("segment") => {}
            Some(BALANCING | BALANCING_DEBUG) => bail!(
                "the balancing encoding is a hand-built .NET pattern: it runs through `solve --engine dotnet` and `emit` only"
            ),
            Some(name) => bail!(
                "unknown encoding {name:?}; choose one of: segment, {BALANCING}, {BALANCING_DEBUG} (these need --engine dotnet)"
            ),
        }
        let e = encode(&self.puzzle, &Self::options(settings))?;
        Ok(Encoded {
            program: e.program,
            order: e.order,
        })
    }

    fn decode(&self, _stage: usize, encoded: &Encoded, values: &[String]) -> Solution {
        // Cell variables A_r_c hold `-` or the piece anchored there (`p3`, `p3r` rotated).
        let mut placements = Vec::new();
        for (var, value) in encoded.program.vars.iter().zip(values) {
            let parts: Vec<&str> = var.name.split('_').collect();
            if let (["A", r, c], Some(label)) = (parts.as_slice(), value.strip_prefix('p')) {
                if let (Ok(row), Ok(col), Ok(piece)) =
                    (r.parse(), c.parse(), label.trim_end_matches('r').parse())
                {
                    placements.push(Placement {
                        piece,
                        row,
                        col,
                        rotated: label.ends_with('r'),
                    });
                }
            }
        }
        self.solution(&placements)
    }

    fn check(
        &self,
        _stage: usize,
        settings: &Settings,
        solution: &Solution,
    ) -> Result<(), Vec<String>> {
        check(
            &self.puzzle,
            &Self::options(settings),
            &Self::placements(solution),
        )
        .map_err(|e| vec![e.to_string()])
    }

    fn native(&self, _stage: usize, settings: &Settings) -> Result<Native> {
        let start = Instant::now();
        let found = native::solve(&self.puzzle, &Self::options(settings));
        Ok(Native {
            elapsed: start.elapsed(),
            solution: found.map(|p| self.solution(&p)),
        })
    }

    fn hand_built(&self, _stage: usize, settings: &Settings) -> Result<Option<HandBuilt<'_>>> {
        let debug = match settings.encoding.as_deref() {
            Some(BALANCING) => false,
            Some(BALANCING_DEBUG) => true,
            _ => return Ok(None),
        };
        let start = Instant::now();
        let b = balancing::generate(&self.puzzle, &Self::options(settings), debug);
        let generate = start.elapsed();
        let needs = b.pattern.needs;
        let mut options = DotnetOptions::IGNORE_PATTERN_WHITESPACE;
        if needs.multiline {
            options |= DotnetOptions::MULTILINE;
        }
        if needs.singleline {
            options |= DotnetOptions::SINGLELINE;
        }
        Ok(Some(HandBuilt {
            encoding: BALANCING,
            engine: "dotnet",
            why: ".NET balancing groups",
            options,
            option_names: needs.option_names(),
            subject: b.subject.clone(),
            pattern: b.pattern.text.clone(),
            groups: b.pattern.groups.len(),
            backrefs: b.pattern.backrefs,
            generate,
            partial: debug,
            decode: Box::new(move |caps| {
                if caps.stacks().is_none() {
                    bail!("the engine did not report every capture of every group");
                }
                let placements = b.decode(|name| caps.all(name))?;
                Ok(self.solution(&placements))
            }),
        }))
    }

    fn native_count(&self, _stage: usize, settings: &Settings, cap: u64) -> Option<u64> {
        Some(native::count(&self.puzzle, &Self::options(settings), cap))
    }
}
