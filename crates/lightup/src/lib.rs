//! Light Up (Akari): place bulbs on the white cells of a grid.
//!
//! # Rules implemented
//!
//! A grid of white cells and black cells (walls), some black cells numbered 0–4. A [`Bulbs`]
//! answer solves a [`LightUp`] when bulbs stand on white cells only, every white cell is lit (a
//! bulb lights its own cell and the cells of its row and column up to the next black cell or the
//! edge), no bulb lights another, and every numbered black cell has exactly that many bulbs on
//! its four orthogonal neighbours.
//!
//! # Input
//!
//! One line per row, one character per cell: `.` white, `*` (or `#`) black, `0`–`4` a numbered
//! black cell; spaces between cells optional (Abigail's talk inputs have them). Blank lines are
//! skipped and lines starting with `;` are comments (`#` is a black cell). Every row as long as
//! the first. Errors name the origin, line and column.

#![warn(missing_docs)]
// Grid code indexes several arrays (cells, bulbs, tallies) by the same coordinates.
#![allow(clippy::needless_range_loop)]

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

/// One cell of the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    /// A white cell (a bulb may stand here).
    White,
    /// A black cell, with its number if it has one.
    Black(Option<u8>),
}

/// A Light Up grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LightUp {
    /// `cells[r][c]`.
    pub cells: Vec<Vec<Cell>>,
}

impl LightUp {
    /// Rows.
    pub fn rows(&self) -> usize {
        self.cells.len()
    }

    /// Columns.
    pub fn cols(&self) -> usize {
        self.cells.first().map_or(0, Vec::len)
    }
}

/// An answer: `bulbs[r][c]` is true where a bulb stands.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Bulbs {
    /// The cells, row by row.
    pub bulbs: Vec<Vec<bool>>,
}

impl Bulbs {
    /// The answer as the input's rows with `L` for each bulb (walls and numbers kept, `.` for
    /// the other white cells), one string per row.
    pub fn rows(&self, puzzle: &LightUp) -> Vec<String> {
        puzzle
            .cells
            .iter()
            .enumerate()
            .map(|(r, row)| {
                row.iter()
                    .enumerate()
                    .map(|(c, cell)| match cell {
                        Cell::Black(Some(n)) => (b'0' + n) as char,
                        Cell::Black(None) => '*',
                        Cell::White if self.bulbs.get(r).and_then(|b| b.get(c)) == Some(&true) => {
                            'L'
                        }
                        Cell::White => '.',
                    })
                    .collect()
            })
            .collect()
    }

    /// An answer from rows where `L` marks a bulb.
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Bulbs {
        Bulbs {
            bulbs: rows
                .iter()
                .map(|r| r.as_ref().chars().map(|c| c == 'L').collect())
                .collect(),
        }
    }
}
