//! Aquarium behind the CLI's [`Instance`] trait.

use std::time::Instant;

use anyhow::Result;
use backref_aquarium::encode::{encode, Encoding, ENCODINGS};
use backref_aquarium::{native, parse_str, render, verify, Puzzle, Solution as Water};

use super::input;
use super::queens::pick;
use crate::puzzle::{Encoded, Instance, Native, Settings, Solution};

/// An Aquarium instance.
pub struct Aquarium {
    puzzle: Puzzle,
}

impl Aquarium {
    /// Reads the task string from a file, stdin or the command line.
    pub fn parse(arg: &str) -> Result<Aquarium> {
        let (text, origin) = input::read(arg, true)?;
        Ok(Aquarium {
            puzzle: parse_str(&text, &origin)?,
        })
    }

    fn encoding(settings: &Settings) -> Result<Encoding> {
        Ok(match settings.encoding.as_deref() {
            None => Encoding::Bands,
            Some(name) => pick(&ENCODINGS, name, "encoding")?,
        })
    }

    fn solution(&self, water: &Water) -> Solution {
        Solution {
            grid: render::solution_rows(water),
            text: render::render_text(&self.puzzle, Some(water)),
            extra: Default::default(),
        }
    }
}

impl Instance for Aquarium {
    fn puzzle(&self) -> &'static str {
        "aquarium"
    }

    fn encode(&self, _stage: usize, settings: &Settings) -> Result<Encoded> {
        let e = encode(&self.puzzle, Self::encoding(settings)?)?;
        Ok(Encoded {
            program: e.program,
            order: e.order,
        })
    }

    fn decode(&self, _stage: usize, encoded: &Encoded, values: &[String]) -> Solution {
        // Band variables are named W_{region}_{row}.
        let n = self.puzzle.n();
        let mut water = vec![vec![false; n]; n];
        for (var, value) in encoded.program.vars.iter().zip(values) {
            let parts: Vec<&str> = var.name.split('_').collect();
            if let ["W", a, r] = parts.as_slice() {
                if let (Ok(a), Ok(r)) = (a.parse::<u32>(), r.parse::<usize>()) {
                    if !value.is_empty() && r < n {
                        for (c, cell) in water[r].iter_mut().enumerate() {
                            *cell |= self.puzzle.region(r, c) == a;
                        }
                    }
                }
            }
        }
        self.solution(&Water { water })
    }

    fn check(
        &self,
        _stage: usize,
        _settings: &Settings,
        solution: &Solution,
    ) -> Result<(), Vec<String>> {
        let water = Water {
            water: solution
                .grid
                .iter()
                .map(|r| r.chars().map(|c| c == 'W').collect())
                .collect(),
        };
        verify::check(&self.puzzle, &water).map_err(|v| v.iter().map(|x| x.to_string()).collect())
    }

    fn native(&self, _stage: usize, _settings: &Settings) -> Result<Native> {
        let start = Instant::now();
        let found = native::solve_first(&self.puzzle);
        Ok(Native {
            elapsed: start.elapsed(),
            solution: found.map(|w| self.solution(&w)),
        })
    }

    fn native_count(&self, _stage: usize, _settings: &Settings, cap: u64) -> Option<u64> {
        Some(native::count(&self.puzzle, cap as usize) as u64)
    }
}
