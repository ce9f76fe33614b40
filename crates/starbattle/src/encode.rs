//! Star Battle stated through the IR.
//!
//! One boolean per cell (true: a star, token `S`; no star tried first), decided row by row.
//! Every row, column and region: exactly k stars, checked on every prefix in decision order
//! (`exactly_k_by_prefixes`: a line fails as soon as it has more than k stars or too few cells
//! left for them). No two stars touch: `no_two_adjacent` (each cell excludes its earlier
//! neighbours, diagonals included, in one weighted count).

use backref_program::{Program, ProgramError, VarId};

use crate::{StarBattle, Stars};

/// The boolean token of a star.
pub const STAR: char = 'S';

/// A program for one instance, its decision order and its cell variables.
pub struct Encoded {
    /// The program.
    pub program: Program,
    /// Cell variables, row by row: the decision order.
    pub order: Vec<VarId>,
    /// `cells[r][c]`.
    pub cells: Vec<Vec<VarId>>,
}

/// States `puzzle` with `k` stars per row, column and region.
pub fn encode(puzzle: &StarBattle, k: u32) -> Result<Encoded, ProgramError> {
    let n = puzzle.size();
    let mut p = Program::new(STAR);
    let mut cells = vec![Vec::with_capacity(n); n];
    let mut order = Vec::with_capacity(n * n);
    for (r, row) in cells.iter_mut().enumerate() {
        for c in 0..n {
            let v = p.bool_var(&format!("S_{r}_{c}"), false)?;
            row.push(v);
            order.push(v);
        }
    }
    let columns: Vec<Vec<VarId>> = (0..n)
        .map(|c| cells.iter().map(|row| row[c]).collect())
        .collect();
    let mut regions: Vec<Vec<VarId>> = vec![Vec::new(); puzzle.names.len()];
    for (r, row) in cells.iter().enumerate() {
        for (c, v) in row.iter().enumerate() {
            regions[puzzle.regions[r][c]].push(*v);
        }
    }
    for line in cells.iter().chain(&columns).chain(&regions) {
        p.exactly_k_by_prefixes(line, k)?;
    }
    let grid: Vec<Vec<Option<VarId>>> = cells
        .iter()
        .map(|row| row.iter().map(|v| Some(*v)).collect())
        .collect();
    p.no_two_adjacent(&grid, true)?;
    Ok(Encoded {
        program: p,
        order,
        cells,
    })
}

impl Encoded {
    /// Reads the stars from decoded values.
    pub fn stars(&self, values: &[String]) -> Stars {
        Stars {
            stars: self
                .cells
                .iter()
                .map(|row| row.iter().map(|v| !values[v.index()].is_empty()).collect())
                .collect(),
        }
    }
}
