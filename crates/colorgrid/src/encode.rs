//! The colour grid stated through the backref IR.
//!
//! Each cell is a choice over the colours its row clue and its column clue both contain. Each
//! row and each column is constrained by the IR's `regular` gadget with its clue's automaton
//! (`c1+c2+…ck+`): one state variable per position, defined by a lookup of the transitions still
//! useful there, so a prefix that can no longer become the clue fails at once.

use backref_program::regular::{regular, Dfa};
use backref_program::{Program, ProgramError, VarId};

use crate::{Puzzle, Solution};

/// A program for one grid, with its decision order.
pub struct Encoded {
    /// The program.
    pub program: Program,
    /// Cell variables, row-major: the search order.
    pub order: Vec<VarId>,
    /// `cells[r][c]`.
    pub cells: Vec<Vec<VarId>>,
}

/// The automaton of a clue: state i means "the first i colours of the clue have been seen".
fn clue_automaton(clue: &str) -> Dfa {
    let letters: Vec<char> = clue.chars().collect();
    let mut transitions = Vec::new();
    for (i, &c) in letters.iter().enumerate() {
        transitions.push((i, c.to_string(), i + 1));
        transitions.push((i + 1, c.to_string(), i + 1));
    }
    Dfa {
        states: letters.len() + 1,
        start: 0,
        accepting: vec![letters.len()],
        transitions,
    }
}

/// States `puzzle`; cells are decided row by row, left to right.
pub fn encode(puzzle: &Puzzle) -> Result<Encoded, ProgramError> {
    let (h, w) = (puzzle.height(), puzzle.width());
    let mut p = Program::new('T');
    let mut cells = vec![Vec::with_capacity(w); h];
    let mut order = Vec::with_capacity(h * w);
    for (r, row) in cells.iter_mut().enumerate() {
        for c in 0..w {
            // Colours in both clues, in the row clue's order.
            let mut domain: Vec<String> = Vec::new();
            for ch in puzzle.rows()[r].chars() {
                if puzzle.cols()[c].contains(ch) && !domain.iter().any(|d| d.starts_with(ch)) {
                    domain.push(ch.to_string());
                }
            }
            if domain.is_empty() {
                // No colour fits: keep the row's colours, and let the column automaton fail.
                for ch in puzzle.rows()[r].chars() {
                    if !domain.iter().any(|d| d.starts_with(ch)) {
                        domain.push(ch.to_string());
                    }
                }
            }
            let v = p.choice_var(&format!("X_{r}_{c}"), &domain)?;
            row.push(v);
            order.push(v);
        }
    }
    for (r, clue) in puzzle.rows().iter().enumerate() {
        regular(&mut p, &format!("R{r}"), &cells[r], &clue_automaton(clue))?;
    }
    for (c, clue) in puzzle.cols().iter().enumerate() {
        let column: Vec<VarId> = cells.iter().map(|row| row[c]).collect();
        regular(&mut p, &format!("C{c}"), &column, &clue_automaton(clue))?;
    }
    Ok(Encoded {
        program: p,
        order,
        cells,
    })
}

impl Encoded {
    /// Reads the grid from decoded variable values.
    pub fn solution(&self, values: &[String]) -> Solution {
        Solution {
            cells: self
                .cells
                .iter()
                .map(|row| {
                    row.iter()
                        .map(|v| values[v.index()].bytes().next().unwrap_or(b'?'))
                        .collect()
                })
                .collect(),
        }
    }
}
