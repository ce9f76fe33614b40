//! Binairo (also Takuzu): fill a grid with 0 and 1.
//!
//! # Rules implemented
//!
//! An R×C grid (R and C even, at least 2) with some cells given. A [`Grid`] solves a
//! [`Binairo`] when every cell holds 0 or 1, the givens are kept, every row holds C/2 zeros and
//! C/2 ones and every column R/2 of each, no three equal values follow each other in a row or a
//! column, no two rows are equal and no two columns are equal.
//!
//! # Input formats
//!
//! * **Grid** (Abigail's talk input, and most sites' printed form): one line per row, one
//!   character per cell, `0`, `1` or `.` for a blank (`_` and `-` are accepted as blanks too);
//!   spaces and tabs between cells are ignored. Blank lines and lines starting with `#` are
//!   skipped. Every row must be as long as the first.
//!
//!   ```text
//!   . . 0 . . 1
//!   . 0 . . 1 .
//!   ```
//! * **One line** (the run-length task strings of the puzzle sites): a square grid's cells row by
//!   row on one line, `0` and `1` for givens and a letter for a run of blanks (`a` one, `b` two,
//!   … `z` 26). `a1b0` is `.1..0`. The number of cells must be the square of an even side.
//!
//! Parse errors name the origin, the line and the column, and what was expected.
//!
//! # Modules
//!
//! * [`parse`]: text → [`Binairo`]; [`encode`]: the IR program; [`native`]: a backtracking
//!   solver and counter; [`verify`]: the rule checker; [`render`]: text; [`svg`]: the drawing;
//!   [`generate`]: a seeded generator; [`puzzle`]: the pipeline's `Puzzle` and the registry
//!   entry.

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

/// A Binairo instance: its size and its givens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Binairo {
    /// `givens[r][c]`: `Some(0)`, `Some(1)` or `None` for a blank.
    pub givens: Vec<Vec<Option<u8>>>,
}

impl Binairo {
    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.givens.len()
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.givens.first().map_or(0, Vec::len)
    }
}

/// A filled grid: `cells[r][c]` is 0 or 1 (any other value is a checker's violation).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Grid {
    /// The cells, row by row.
    pub cells: Vec<Vec<u8>>,
}

impl Grid {
    /// The rows as strings of `0` and `1` (`?` for any other value).
    pub fn rows(&self) -> Vec<String> {
        self.cells
            .iter()
            .map(|r| {
                r.iter()
                    .map(|&v| match v {
                        0 => '0',
                        1 => '1',
                        _ => '?',
                    })
                    .collect()
            })
            .collect()
    }

    /// A grid from rows of `0` and `1` (other characters become 2, which the checker refuses).
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Grid {
        Grid {
            cells: rows
                .iter()
                .map(|r| {
                    r.as_ref()
                        .chars()
                        .map(|c| match c {
                            '0' => 0,
                            '1' => 1,
                            _ => 2,
                        })
                        .collect()
                })
                .collect(),
        }
    }
}
