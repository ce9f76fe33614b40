//! An independent rule checker for colour grids.
//!
//! It shares no code with the solver ([`crate::native`]) or the clue automata
//! ([`crate::dfa`]): it collapses the runs of each row and column of the proposed grid into a
//! string and compares that string with the clue.

use thiserror::Error;

use crate::{Puzzle, Solution};

/// One broken rule. Rows and columns are 0-based.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Violation {
    /// The grid is not R×C (nothing else is checked then).
    #[error("grid must be {rows}×{cols}: found {found_rows} rows, row {bad_row:?} has a different length")]
    Shape {
        /// Expected rows.
        rows: usize,
        /// Expected columns.
        cols: usize,
        /// Rows found.
        found_rows: usize,
        /// First row whose length is not C, if any.
        bad_row: Option<usize>,
    },
    /// A cell holds a letter outside the alphabet.
    #[error("cell ({row}, {col}) holds `{found}`, not a colour of the alphabet")]
    Color {
        /// The row.
        row: usize,
        /// The column.
        col: usize,
        /// The character found.
        found: char,
    },
    /// A row whose collapsed colour sequence differs from its clue.
    #[error("row {row}: runs `{found}`, clue `{expected}`")]
    Row {
        /// The row.
        row: usize,
        /// The clue.
        expected: String,
        /// The row's runs.
        found: String,
    },
    /// A column whose collapsed colour sequence differs from its clue.
    #[error("column {col}: runs `{found}`, clue `{expected}`")]
    Column {
        /// The column.
        col: usize,
        /// The clue.
        expected: String,
        /// The column's runs.
        found: String,
    },
}

impl Violation {
    /// A short stable name of the rule: `shape`, `color`, `row` or `column`.
    pub fn rule(&self) -> &'static str {
        match self {
            Violation::Shape { .. } => "shape",
            Violation::Color { .. } => "color",
            Violation::Row { .. } => "row",
            Violation::Column { .. } => "column",
        }
    }
}

/// The letters of `line` with every run of equal letters written once.
fn collapse(line: impl Iterator<Item = u8>) -> String {
    let mut out = String::new();
    let mut last = None;
    for b in line {
        if last != Some(b) {
            out.push(if b.is_ascii() { b as char } else { '?' });
            last = Some(b);
        }
    }
    out
}

/// Checks `solution` against every rule of `puzzle`. `Ok(())` if it is a solution, otherwise
/// every violation found (a wrong shape is reported alone).
pub fn check(puzzle: &Puzzle, solution: &Solution) -> Result<(), Vec<Violation>> {
    let (rows, cols) = (puzzle.rows().len(), puzzle.cols().len());
    let grid = &solution.cells;
    let bad_row = grid.iter().position(|r| r.len() != cols);
    if grid.len() != rows || bad_row.is_some() {
        return Err(vec![Violation::Shape {
            rows,
            cols,
            found_rows: grid.len(),
            bad_row,
        }]);
    }
    let mut violations = Vec::new();
    for (y, row) in grid.iter().enumerate() {
        for (x, &b) in row.iter().enumerate() {
            if !puzzle.colors().contains(&b) {
                violations.push(Violation::Color {
                    row: y,
                    col: x,
                    found: if b.is_ascii() { b as char } else { '?' },
                });
            }
        }
    }
    for (y, clue) in puzzle.rows().iter().enumerate() {
        let found = collapse(grid[y].iter().copied());
        if &found != clue {
            violations.push(Violation::Row {
                row: y,
                expected: clue.clone(),
                found,
            });
        }
    }
    for (x, clue) in puzzle.cols().iter().enumerate() {
        let found = collapse(grid.iter().map(|r| r[x]));
        if &found != clue {
            violations.push(Violation::Column {
                col: x,
                expected: clue.clone(),
                found,
            });
        }
    }
    if violations.is_empty() {
        Ok(())
    } else {
        Err(violations)
    }
}
