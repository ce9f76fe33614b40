//! Suguru stated through the IR.
//!
//! One boolean per (cell, digit) for the digits 1..k of the cell's region (only the given digit
//! for a given cell); each cell is a `one_of` over its booleans, decided in reading order, whose
//! guards fold in both rules: the boolean of digit d is guarded by the same digit's booleans of
//! the earlier cells of its region and of its earlier neighbours (diagonals included), so a
//! clash fails as soon as the later cell is set. At most one of each digit per region and k
//! cells for k digits leaves exactly one of each.

use backref_program::{Program, ProgramError, VarId};

use crate::{Digits, Suguru};

/// The boolean token.
pub const TRUE: char = 'D';

/// A program for one grid, its decision order and its variables.
pub struct Encoded {
    /// The program.
    pub program: Program,
    /// Decision variables (every digit boolean, cell by cell).
    pub order: Vec<VarId>,
    /// `digits[r][c]`: the cell's booleans with their digits.
    pub digits: Vec<Vec<Vec<(u8, VarId)>>>,
}

/// States `puzzle`.
pub fn encode(puzzle: &Suguru) -> Result<Encoded, ProgramError> {
    let (h, w) = (puzzle.rows(), puzzle.cols());
    let mut p = Program::new(TRUE);
    let mut digits: Vec<Vec<Vec<(u8, VarId)>>> = vec![Vec::with_capacity(w); h];
    let mut order = Vec::new();
    for r in 0..h {
        for c in 0..w {
            let g = puzzle.regions[r][c];
            let values: Vec<u8> = match puzzle.givens[r][c] {
                Some(d) => vec![d],
                None => (1..=puzzle.sizes[g] as u8).collect(),
            };
            let names: Vec<String> = values.iter().map(|d| format!("D_{r}_{c}_{d}")).collect();
            let mut guards = Vec::new();
            for &d in &values {
                let mut guard = Vec::new();
                for (r2, row) in digits.iter().enumerate().take(r + 1) {
                    for (c2, cell) in row.iter().enumerate() {
                        let same_region = puzzle.regions[r2][c2] == g;
                        let touching = r.abs_diff(r2) <= 1 && c.abs_diff(c2) <= 1;
                        if !(same_region || touching) {
                            continue;
                        }
                        guard.extend(cell.iter().filter(|(e, _)| *e == d).map(|(_, v)| *v));
                    }
                }
                guards.push(guard);
            }
            let vars = p.one_of(&names, guards)?;
            order.extend(&vars);
            digits[r].push(values.into_iter().zip(vars).collect());
        }
    }
    Ok(Encoded {
        program: p,
        order,
        digits,
    })
}

impl Encoded {
    /// Reads the digits from decoded values.
    pub fn answer(&self, values: &[String]) -> Digits {
        Digits {
            digits: self
                .digits
                .iter()
                .map(|row| {
                    row.iter()
                        .map(|cell| {
                            cell.iter()
                                .find(|(_, v)| !values[v.index()].is_empty())
                                .map_or(0, |(d, _)| *d)
                        })
                        .collect()
                })
                .collect(),
        }
    }
}
