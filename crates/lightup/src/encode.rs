//! Light Up stated through the IR.
//!
//! One boolean per white cell (a bulb, token `L`; no bulb tried first), decided row by row.
//! `visibility_cover` on the grid (walls as gaps): at most one bulb per visibility line, each
//! cell excluding the earlier cells of its row and column lines as soon as it is set, and every
//! white cell lit (at least one bulb on its row line or column line). Every numbered wall:
//! exactly its number of bulbs among its white neighbours (`exactly_k_by_prefixes`, checked as
//! each neighbour is set).

use backref_program::{Program, ProgramError, VarId};

use crate::{Bulbs, Cell, LightUp};

/// The boolean token of a bulb.
pub const BULB: char = 'L';

/// A program for one grid, its decision order and its cell variables.
pub struct Encoded {
    /// The program.
    pub program: Program,
    /// White cells row by row: the decision order.
    pub order: Vec<VarId>,
    /// `cells[r][c]`: the bulb variable of a white cell.
    pub cells: Vec<Vec<Option<VarId>>>,
}

/// States `puzzle`.
pub fn encode(puzzle: &LightUp) -> Result<Encoded, ProgramError> {
    let mut p = Program::new(BULB);
    let mut order = Vec::new();
    let mut cells: Vec<Vec<Option<VarId>>> = Vec::new();
    for (r, row) in puzzle.cells.iter().enumerate() {
        let mut out = Vec::new();
        for (c, cell) in row.iter().enumerate() {
            out.push(match cell {
                Cell::White => {
                    let v = p.bool_var(&format!("L_{r}_{c}"), false)?;
                    order.push(v);
                    Some(v)
                }
                Cell::Black(_) => None,
            });
        }
        cells.push(out);
    }
    p.visibility_cover(&cells)?;
    for (r, row) in puzzle.cells.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            let Cell::Black(Some(n)) = cell else { continue };
            let mut around = Vec::new();
            for (dr, dc) in [(-1isize, 0isize), (0, -1), (0, 1), (1, 0)] {
                let (r2, c2) = (r as isize + dr, c as isize + dc);
                if r2 < 0 || c2 < 0 {
                    continue;
                }
                if let Some(Some(v)) = cells.get(r2 as usize).and_then(|x| x.get(c2 as usize)) {
                    around.push(*v);
                }
            }
            if around.is_empty() {
                // A number with no white neighbour: only 0 holds; any other fails at once.
                if *n != 0 {
                    p.table(&[], vec![])?;
                }
                continue;
            }
            p.exactly_k_by_prefixes(&around, u32::from(*n))?;
        }
    }
    Ok(Encoded {
        program: p,
        order,
        cells,
    })
}

impl Encoded {
    /// Reads the bulbs from decoded values.
    pub fn bulbs(&self, values: &[String]) -> Bulbs {
        Bulbs {
            bulbs: self
                .cells
                .iter()
                .map(|row| {
                    row.iter()
                        .map(|v| v.is_some_and(|v| !values[v.index()].is_empty()))
                        .collect()
                })
                .collect(),
        }
    }
}
