//! Nonograms stated through the IR: every line is the `regular` gadget.
//!
//! One boolean per cell (filled = token `F`, empty tried first), decided row by row. Each row
//! and each column spells a word of its clue's automaton `0* 1{a1} 0+ 1{a2} … 0*`, unrolled by
//! `regular` into one state variable per position whose lookup lists only the transitions that
//! can still end in acceptance — so a column fails as soon as its prefix can no longer be
//! completed in the rows left. Rows keep a state every [`ROW_STRIDE`] cells.

use backref_program::regular::{regular, regular_strided, Dfa};
use backref_program::{Program, ProgramError, VarId};

use crate::{Nonogram, Picture};

/// The boolean token of a filled cell.
pub const FILLED: char = 'F';

/// Cells per row state: a row, decided cell by cell, keeps its automaton's state every second
/// cell (`regular_strided`), columns keep one per cell. A 25×25 then has 1,575 capture groups
/// instead of 1,875 and fits PCRE2's JIT frame; a dead end in a row shows one cell later.
pub const ROW_STRIDE: usize = 2;

/// The automaton of a clue. State `s` is the number of required symbols read: the runs' cells
/// and one empty cell between runs; optional empty cells loop before the first run, at the start
/// of every later run (after its separator) and after the last.
pub fn clue_automaton(clue: &[usize]) -> Dfa {
    let (one, zero) = (FILLED.to_string(), String::new());
    let mut required: Vec<bool> = Vec::new(); // true: a filled cell
    let mut loops = vec![0usize];
    for (i, &a) in clue.iter().enumerate() {
        if i > 0 {
            required.push(false);
            loops.push(required.len());
        }
        required.extend(std::iter::repeat_n(true, a));
    }
    let end = required.len();
    loops.push(end);
    let mut transitions = Vec::new();
    for (s, &filled) in required.iter().enumerate() {
        let sym = if filled { one.clone() } else { zero.clone() };
        transitions.push((s, sym, s + 1));
    }
    loops.sort();
    loops.dedup();
    for s in loops {
        transitions.push((s, zero.clone(), s));
    }
    Dfa {
        states: end + 1,
        start: 0,
        accepting: vec![end],
        transitions,
    }
}

/// A program for one nonogram, its decision order and its cell variables.
pub struct Encoded {
    /// The program.
    pub program: Program,
    /// Cells row by row: the decision order.
    pub order: Vec<VarId>,
    /// `cells[r][c]`.
    pub cells: Vec<Vec<VarId>>,
}

/// States `puzzle`.
pub fn encode(puzzle: &Nonogram) -> Result<Encoded, ProgramError> {
    let (h, w) = (puzzle.rows.len(), puzzle.cols.len());
    let mut p = Program::new(FILLED);
    let mut cells = vec![Vec::with_capacity(w); h];
    let mut order = Vec::with_capacity(h * w);
    for (r, row) in cells.iter_mut().enumerate() {
        for c in 0..w {
            let v = p.bool_var(&format!("N_{r}_{c}"), false)?;
            row.push(v);
            order.push(v);
        }
    }
    for (r, clue) in puzzle.rows.iter().enumerate() {
        let dfa = clue_automaton(clue);
        regular_strided(&mut p, &format!("R{r}"), &cells[r], &dfa, ROW_STRIDE)?;
    }
    for (c, clue) in puzzle.cols.iter().enumerate() {
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
    /// Reads the picture from decoded values.
    pub fn picture(&self, values: &[String]) -> Picture {
        Picture {
            cells: self
                .cells
                .iter()
                .map(|row| row.iter().map(|v| !values[v.index()].is_empty()).collect())
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_automaton_accepts_exactly_the_clue() {
        let d = clue_automaton(&[2, 1]);
        let word = |s: &str| -> Vec<String> {
            s.chars()
                .map(|c| {
                    if c == '#' {
                        FILLED.to_string()
                    } else {
                        String::new()
                    }
                })
                .collect()
        };
        assert!(d.accepts(&word("##.#")));
        assert!(d.accepts(&word(".##..#.")));
        assert!(!d.accepts(&word("###")));
        assert!(!d.accepts(&word("##.#.#")));
        assert!(!d.accepts(&word("###.#")));
        let empty = clue_automaton(&[]);
        assert!(empty.accepts(&word("...")));
        assert!(!empty.accepts(&word(".#.")));
    }
}
