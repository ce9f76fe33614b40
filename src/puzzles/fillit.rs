//! fillit behind the CLI's [`Instance`] trait: one stage per square size, smallest first.

use std::time::Instant;

use anyhow::{anyhow, bail, Result};
use backref_fillit::bound::counting_bound;
use backref_fillit::cover::cover;
use backref_fillit::encode::encode;
use backref_fillit::{lower_bound, native, render, Piece, Solution as Packing};

use crate::puzzle::{Encoded, Instance, Native, Settings, Solution};

/// A fillit instance: its tetriminos, in input order.
pub struct Fillit {
    pieces: Vec<Piece>,
    first_side: usize,
}

impl Fillit {
    /// Reads and validates a fillit file.
    pub fn parse(path: &str) -> Result<Fillit> {
        let bytes = std::fs::read(path).map_err(|e| anyhow!("cannot read {path}: {e}"))?;
        let pieces = backref_fillit::parse(&bytes).map_err(|e| anyhow!("{path}: {e}"))?;
        Ok(Fillit {
            first_side: lower_bound(&pieces),
            pieces,
        })
    }

    fn side(&self, stage: usize) -> usize {
        self.first_side + stage
    }

    fn solution(&self, packing: &Packing) -> Solution {
        let text = render(packing, &self.pieces);
        let placements = packing
            .placements
            .iter()
            .enumerate()
            .map(|(i, (r, c))| serde_json::json!({"piece": i, "letter": backref_fillit::letter(i).to_string(), "row": r, "col": c}))
            .collect();
        let mut extra = serde_json::Map::new();
        extra.insert("side".into(), packing.side.into());
        extra.insert("placements".into(), serde_json::Value::Array(placements));
        Solution {
            grid: text.lines().map(String::from).collect(),
            text,
            extra,
        }
    }
}

impl Instance for Fillit {
    fn puzzle(&self) -> &'static str {
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

    fn encode(&self, stage: usize, settings: &Settings) -> Result<Encoded> {
        if let Some(name) = settings.encoding.as_deref() {
            if name != "packing" {
                bail!("unknown encoding {name:?}; choose one of: packing");
            }
        }
        let e = encode(&self.pieces, self.side(stage))?;
        Ok(Encoded {
            program: e.program,
            order: e.order,
        })
    }

    fn refutation(&self, stage: usize, _settings: &Settings) -> Result<Option<Encoded>> {
        // Cell by cell, a size without any arrangement runs out of options quickly; the
        // classic order may try every placement of the first pieces first (random_16's 8x8:
        // 73 million nodes natively, against 825 thousand cell by cell).
        let c = cover(&self.pieces, self.side(stage))?;
        Ok(Some(Encoded {
            program: c.program,
            order: c.order,
        }))
    }

    fn decode(&self, stage: usize, encoded: &Encoded, values: &[String]) -> Solution {
        let placements = encoded
            .order
            .iter()
            .map(|v| {
                let mut parts = values[v.index()]
                    .split('-')
                    .map(|x| x.parse().unwrap_or(usize::MAX));
                (
                    parts.next().unwrap_or(usize::MAX),
                    parts.next().unwrap_or(usize::MAX),
                )
            })
            .collect();
        self.solution(&Packing {
            side: self.side(stage),
            placements,
        })
    }

    fn check(
        &self,
        stage: usize,
        _settings: &Settings,
        solution: &Solution,
    ) -> Result<(), Vec<String>> {
        let side = self.side(stage);
        backref_fillit::check_output(&solution.text, &self.pieces, Some(side))
            .map_err(|e| vec![e.to_string()])?;
        // The classic program's answer is the first arrangement in its order: the engine's
        // first match must be that one.
        if let Some(classic) = native::solve_size(&self.pieces, side).solution {
            let expected = render(&classic, &self.pieces);
            if expected != solution.text {
                return Err(vec![format!(
                    "the engine's arrangement is valid but not the classic program's first one:\n{expected}"
                )]);
            }
        }
        Ok(())
    }

    fn native(&self, stage: usize, _settings: &Settings) -> Result<Native> {
        let start = Instant::now();
        let found = native::solve_size(&self.pieces, self.side(stage));
        Ok(Native {
            elapsed: start.elapsed(),
            solution: found.solution.map(|p| self.solution(&p)),
        })
    }
}
