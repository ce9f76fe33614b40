//! Kakuro stated through the IR.
//!
//! One boolean per (white cell, digit 1–9); each cell is a `one_of` over its nine booleans,
//! decided in reading order, whose guards state the runs' distinct digits: digit d of a cell is
//! guarded by digit d of the earlier cells of its across run and its down run. Every clued run:
//! `sum_by_prefixes` (IR) over its cells with distinct digits — flat weighted counts bounding
//! each prefix by what the cells left can still add, exact at the run's end.

use backref_program::{Program, ProgramError, VarId};

use crate::{Cell, Fill, Kakuro};

/// The boolean token.
pub const TRUE: char = 'K';

/// A program for one grid, its decision order and its variables.
pub struct Encoded {
    /// The program.
    pub program: Program,
    /// Decision variables, cell by cell.
    pub order: Vec<VarId>,
    /// `digits[r][c]`: a white cell's nine booleans (digit d at index d − 1).
    pub digits: Vec<Vec<Option<Vec<VarId>>>>,
}

/// States `puzzle`.
pub fn encode(puzzle: &Kakuro) -> Result<Encoded, ProgramError> {
    let runs = puzzle.runs();
    let h = puzzle.cells.len();
    let w = puzzle.cells.first().map_or(0, Vec::len);
    // The runs of each cell.
    let mut of = vec![vec![Vec::new(); w]; h];
    for (i, run) in runs.iter().enumerate() {
        for &(r, c) in &run.cells {
            of[r][c].push(i);
        }
    }
    let mut p = Program::new(TRUE);
    let mut digits: Vec<Vec<Option<Vec<VarId>>>> = vec![vec![None; w]; h];
    let mut order = Vec::new();
    for r in 0..h {
        for c in 0..w {
            if puzzle.cells[r][c] != Cell::White {
                continue;
            }
            let names: Vec<String> = (1..=9).map(|d| format!("K_{r}_{c}_{d}")).collect();
            let mut guards = vec![Vec::new(); 9];
            for &i in &of[r][c] {
                for &(y, x) in runs[i].cells.iter().take_while(|&&cell| cell != (r, c)) {
                    let earlier = digits[y][x].as_ref().expect("earlier cells are stated");
                    for (d, guard) in guards.iter_mut().enumerate() {
                        guard.push(earlier[d]);
                    }
                }
            }
            let vars = p.one_of(&names, guards)?;
            order.extend(&vars);
            digits[r][c] = Some(vars);
        }
    }
    for run in &runs {
        let Some(sum) = run.sum else { continue };
        let cells: Vec<Vec<(VarId, u32)>> = run
            .cells
            .iter()
            .map(|&(r, c)| {
                let vars = digits[r][c].as_ref().expect("a white cell");
                vars.iter().zip(1..=9).map(|(v, d)| (*v, d)).collect()
            })
            .collect();
        p.sum_by_prefixes(&cells, sum, true)?;
    }
    Ok(Encoded {
        program: p,
        order,
        digits,
    })
}

impl Encoded {
    /// Reads the digits from decoded values (0 on black cells).
    pub fn fill(&self, values: &[String]) -> Fill {
        Fill {
            digits: self
                .digits
                .iter()
                .map(|row| {
                    row.iter()
                        .map(|cell| {
                            cell.as_ref().map_or(0, |vars| {
                                vars.iter()
                                    .position(|v| !values[v.index()].is_empty())
                                    .map_or(0, |d| d as u8 + 1)
                            })
                        })
                        .collect()
                })
                .collect(),
        }
    }
}
