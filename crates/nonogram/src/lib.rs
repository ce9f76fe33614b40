//! Nonograms: fill cells so that every row's and column's runs of filled cells match its clue.
//!
//! # Rules implemented
//!
//! An R×C grid; each row and each column has a clue, the lengths of its runs of filled cells in
//! order (an empty clue: no filled cell). A [`Picture`] solves a [`Nonogram`] when every line's
//! runs equal its clue.
//!
//! # Input formats
//!
//! * **Plain**: the row clues one per line, top to bottom, then a blank line, then the column
//!   clues one per line, left to right. A clue is numbers separated by spaces or commas; `0` or
//!   `-` is an empty line. Lines starting with `#` are comments.
//! * **`.non`** (the public nonogram databases' format): `width W`, `height H`, then a line
//!   `rows` followed by H clue lines and a line `columns` followed by W clue lines (numbers
//!   separated by commas, `0` or an empty line for an empty clue). Other keys (`title`, `by`,
//!   `catalogue`, `goal`, ...) are ignored. A file is read as `.non` when a line starts with one
//!   of `width`, `height`, `rows` or `columns`.
//!
//! Errors name the origin, line and column and what was expected.

#![warn(missing_docs)]

pub mod encode;
pub mod generate;
pub mod native;
pub mod parse;
pub mod puzzle;
pub mod render;
pub mod svg;
pub mod verify;

pub use parse::{parse, ParseError};
pub use puzzle::ENTRY;
pub use verify::{check, Violation};

/// A nonogram: one clue per row and per column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nonogram {
    /// Row clues, top to bottom.
    pub rows: Vec<Vec<usize>>,
    /// Column clues, left to right.
    pub cols: Vec<Vec<usize>>,
}

/// A filled grid: `cells[r][c]` is true where the cell is filled.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Picture {
    /// The cells, row by row.
    pub cells: Vec<Vec<bool>>,
}

impl Picture {
    /// Rows of `#` (filled) and `.`.
    pub fn rows(&self) -> Vec<String> {
        self.cells
            .iter()
            .map(|r| r.iter().map(|&f| if f { '#' } else { '.' }).collect())
            .collect()
    }

    /// A picture from rows of `#` and `.`.
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Picture {
        Picture {
            cells: rows
                .iter()
                .map(|r| r.as_ref().chars().map(|c| c == '#').collect())
                .collect(),
        }
    }
}
