//! The colour grid behind the CLI's [`Instance`] trait.

use std::io::IsTerminal;
use std::time::Instant;

use anyhow::{bail, Result};
use backref_colorgrid::encode::encode;
use backref_colorgrid::{native, parse_str, render, verify, Puzzle, Solution as Grid};

use super::input;
use crate::puzzle::{Encoded, Instance, Native, Settings, Solution};

/// A colour-grid instance.
pub struct ColorGrid {
    puzzle: Puzzle,
}

impl ColorGrid {
    /// Reads the clue file (or stdin).
    pub fn parse(arg: &str) -> Result<ColorGrid> {
        let (text, origin) = input::read(arg, false)?;
        Ok(ColorGrid {
            puzzle: parse_str(&text, &origin)?,
        })
    }

    fn solution(&self, grid: &Grid) -> Solution {
        Solution {
            grid: render::solution_rows(grid),
            text: render::render_text(&self.puzzle, Some(grid), std::io::stdout().is_terminal()),
            extra: Default::default(),
        }
    }
}

impl Instance for ColorGrid {
    fn puzzle(&self) -> &'static str {
        "colorgrid"
    }

    fn encode(&self, _stage: usize, settings: &Settings) -> Result<Encoded> {
        if let Some(name) = settings.encoding.as_deref() {
            if name != "regular" {
                bail!("unknown encoding {name:?}; choose one of: regular");
            }
        }
        let e = encode(&self.puzzle)?;
        Ok(Encoded {
            program: e.program,
            order: e.order,
        })
    }

    fn decode(&self, _stage: usize, encoded: &Encoded, values: &[String]) -> Solution {
        // Cell variables are named X_{row}_{col}.
        let (h, w) = (self.puzzle.height(), self.puzzle.width());
        let mut cells = vec![vec![b'?'; w]; h];
        for (var, value) in encoded.program.vars.iter().zip(values) {
            let parts: Vec<&str> = var.name.split('_').collect();
            if let ["X", r, c] = parts.as_slice() {
                if let (Ok(r), Ok(c)) = (r.parse::<usize>(), c.parse::<usize>()) {
                    if r < h && c < w {
                        cells[r][c] = value.bytes().next().unwrap_or(b'?');
                    }
                }
            }
        }
        self.solution(&Grid { cells })
    }

    fn check(
        &self,
        _stage: usize,
        _settings: &Settings,
        solution: &Solution,
    ) -> Result<(), Vec<String>> {
        verify::check(&self.puzzle, &Grid::from_rows(&solution.grid))
            .map_err(|v| v.iter().map(|x| x.to_string()).collect())
    }

    fn native(&self, _stage: usize, _settings: &Settings) -> Result<Native> {
        let start = Instant::now();
        let found = native::solve_first(&self.puzzle);
        Ok(Native {
            elapsed: start.elapsed(),
            solution: found.map(|g| self.solution(&g)),
        })
    }

    fn native_count(&self, _stage: usize, _settings: &Settings, cap: u64) -> Option<u64> {
        Some(native::count(&self.puzzle, cap as usize) as u64)
    }
}
