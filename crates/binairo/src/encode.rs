//! Binairo stated through the IR.
//!
//! One boolean per cell (true for 1, tried 0 first); a given cell is a constant (a lookup of
//! no input with its one value). Every row and column: as many ones as half its length, checked
//! on every prefix (`exactly_k_by_prefixes`: fails as soon as a line has too many of either
//! value; flat counts, so no capture group per cell and 20×20 fits PCRE2's JIT), `no_run(line, 2)` (no
//! three equal in a row, each window checked as soon as its last cell is set), and
//! `all_differ` over the rows and over the columns. Cells are decided row by row.

use backref_program::{Program, ProgramError, VarId};

use crate::{Binairo, Grid};

/// The boolean token of a 1 (a letter: a digit could run into a backreference's number).
pub const ONE: char = 'I';

/// A program for one instance, its decision order and its cell variables.
pub struct Encoded {
    /// The program.
    pub program: Program,
    /// Decision variables, row by row.
    pub order: Vec<VarId>,
    /// `cells[r][c]`.
    pub cells: Vec<Vec<VarId>>,
}

/// States `puzzle`.
pub fn encode(puzzle: &Binairo) -> Result<Encoded, ProgramError> {
    let (h, w) = (puzzle.rows(), puzzle.cols());
    let mut p = Program::new(ONE);
    let mut cells = vec![Vec::with_capacity(w); h];
    let mut order = Vec::new();
    for (r, row) in cells.iter_mut().enumerate() {
        for c in 0..w {
            let name = format!("B_{r}_{c}");
            let v = match puzzle.givens[r][c] {
                None => {
                    let v = p.bool_var(&name, false)?;
                    order.push(v);
                    v
                }
                Some(g) => {
                    let value = if g == 1 {
                        ONE.to_string()
                    } else {
                        String::new()
                    };
                    p.lookup_var(&name, &[], vec![vec![value]])?
                }
            };
            row.push(v);
        }
    }
    let columns: Vec<Vec<VarId>> = (0..w)
        .map(|c| cells.iter().map(|row| row[c]).collect())
        .collect();
    for line in cells.iter().chain(&columns) {
        p.exactly_k_by_prefixes(line, line.len() as u32 / 2)?;
        p.no_run(line, 2)?;
    }
    p.all_differ(&cells)?;
    p.all_differ(&columns)?;
    Ok(Encoded {
        program: p,
        order,
        cells,
    })
}

impl Encoded {
    /// Reads the grid from decoded values (a true boolean is a 1).
    pub fn grid(&self, values: &[String]) -> Grid {
        Grid {
            cells: self
                .cells
                .iter()
                .map(|row| {
                    row.iter()
                        .map(|v| u8::from(!values[v.index()].is_empty()))
                        .collect()
                })
                .collect(),
        }
    }
}
