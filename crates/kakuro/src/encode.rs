//! Kakuro stated through the IR.
//!
//! One boolean per (white cell, digit 1–9); each cell is a `one_of` over its nine booleans,
//! decided in the static order of [`crate::order`], whose guards state the runs' distinct
//! digits: digit d of a cell is guarded by digit d of the cells of its across and down runs
//! decided before it. Every clued run: one ladder count (IR) of its booleans, each weighing its
//! digit: after each cell one step adds the cell's digit to the run's partial sum, bounded by
//! what the cells left can still add; the ordering pass sees that the run's one-ofs are guarded
//! apart, so m cells left add between the m smallest and the m largest digits
//! (`backref_program`'s ladder bounds). Exact at the run's end.

use backref_program::{Cmp, Form, Program, ProgramError, VarId};

use crate::order::decision_order;
use crate::{Fill, Kakuro};

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
    let decisions = decision_order(&runs);
    let mut position = vec![vec![usize::MAX; w]; h];
    for (i, &(r, c)) in decisions.iter().enumerate() {
        position[r][c] = i;
    }
    for &(r, c) in &decisions {
        let names: Vec<String> = (1..=9).map(|d| format!("K_{r}_{c}_{d}")).collect();
        let mut guards = vec![Vec::new(); 9];
        for &i in &of[r][c] {
            for &(y, x) in &runs[i].cells {
                let Some(earlier) = digits[y][x].as_ref() else {
                    continue;
                };
                for (d, guard) in guards.iter_mut().enumerate() {
                    guard.push(earlier[d]);
                }
            }
        }
        let vars = p.one_of(&names, guards)?;
        order.extend(&vars);
        digits[r][c] = Some(vars);
    }
    for run in &runs {
        let Some(sum) = run.sum else { continue };
        // The run's cells as they are decided, so that each prefix bound is checked as soon
        // as its last cell is set.
        let mut decided = run.cells.clone();
        decided.sort_by_key(|&(r, c)| position[r][c]);
        let cells: Vec<Vec<(VarId, u32)>> = decided
            .iter()
            .map(|&(r, c)| {
                let vars = digits[r][c].as_ref().expect("a white cell");
                vars.iter().zip(1..=9).map(|(v, d)| (*v, d)).collect()
            })
            .collect();
        let terms: Vec<(VarId, u32)> = cells.into_iter().flatten().collect();
        p.count(&terms, Cmp::Eq, sum, Form::Ladder)?;
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
