//! Kakuro: fill white cells with 1–9 so that every run adds up to its clue with distinct digits.
//!
//! # Rules implemented
//!
//! A grid of black cells (some carrying clues) and white cells. A run is a maximal horizontal
//! (across) or vertical (down) sequence of white cells. A [`Fill`] solves a [`Kakuro`] when every
//! white cell holds a digit 1–9, the digits of every run are distinct, and a run whose preceding
//! black cell (left of an across run, above a down run) carries a clue adds up to it.
//!
//! # Input
//!
//! One line per row, cells separated by whitespace: `.` a white cell, `#` a black cell without
//! clue, `D\R` a black cell with a down clue D and an across clue R (either may be left out or
//! written `-`: `17\`, `\24`, `17\-`). Blank lines and `;` lines are skipped. Every row has as
//! many cells as the first. A clue with no run after it, or a sum no run of that length can
//! make, is an error. Errors name the origin, line and column.

#![warn(missing_docs)]
// Grid code indexes several arrays (cells, bulbs, tallies) by the same coordinates.
#![allow(clippy::needless_range_loop)]

pub mod design;
pub mod encode;
pub mod generate;
pub mod native;
pub mod order;
pub mod parse;
pub mod puzzle;
pub mod render;
pub mod settle;
pub mod svg;
pub mod tight;
pub mod verify;

pub use parse::{parse, ParseError};
pub use puzzle::ENTRY;
pub use verify::{check, Violation};

/// One cell of the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    /// A white cell.
    White,
    /// A black cell with its down and across clues.
    Black {
        /// The sum of the run below, if clued.
        down: Option<u32>,
        /// The sum of the run to the right, if clued.
        across: Option<u32>,
    },
}

impl Cell {
    /// A `size`×`size` grid of black cells without clues, which the generators whiten.
    pub fn unclued_grid(size: usize) -> Vec<Vec<Cell>> {
        let black = Cell::Black {
            down: None,
            across: None,
        };
        vec![vec![black; size]; size]
    }
}

/// A Kakuro grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kakuro {
    /// `cells[r][c]`.
    pub cells: Vec<Vec<Cell>>,
}

/// A run: its white cells in order and its clue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    /// The cells (row, column).
    pub cells: Vec<(usize, usize)>,
    /// The sum, if clued.
    pub sum: Option<u32>,
}

impl Kakuro {
    /// Every run: across runs row by row, then down runs column by column.
    pub fn runs(&self) -> Vec<Run> {
        let h = self.cells.len();
        let w = self.cells.first().map_or(0, Vec::len);
        let mut out = Vec::new();
        for r in 0..h {
            let mut c = 0;
            while c < w {
                if self.cells[r][c] != Cell::White {
                    c += 1;
                    continue;
                }
                let sum = match c.checked_sub(1).map(|p| self.cells[r][p]) {
                    Some(Cell::Black { across, .. }) => across,
                    _ => None,
                };
                let mut cells = Vec::new();
                while c < w && self.cells[r][c] == Cell::White {
                    cells.push((r, c));
                    c += 1;
                }
                out.push(Run { cells, sum });
            }
        }
        for c in 0..w {
            let mut r = 0;
            while r < h {
                if self.cells[r][c] != Cell::White {
                    r += 1;
                    continue;
                }
                let sum = match r.checked_sub(1).map(|p| self.cells[p][c]) {
                    Some(Cell::Black { down, .. }) => down,
                    _ => None,
                };
                let mut cells = Vec::new();
                while r < h && self.cells[r][c] == Cell::White {
                    cells.push((r, c));
                    r += 1;
                }
                out.push(Run { cells, sum });
            }
        }
        out
    }
}

/// An answer: `digits[r][c]` (0 on black cells).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Fill {
    /// The digits, row by row.
    pub digits: Vec<Vec<u8>>,
}

impl Fill {
    /// Rows of digits with `#` on black cells.
    pub fn rows(&self) -> Vec<String> {
        self.digits
            .iter()
            .map(|r| {
                r.iter()
                    .map(|&d| {
                        if d == 0 {
                            '#'
                        } else {
                            (b'0' + d.min(9)) as char
                        }
                    })
                    .collect()
            })
            .collect()
    }

    /// An answer from rows of digits and `#`.
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Fill {
        Fill {
            digits: rows
                .iter()
                .map(|r| {
                    r.as_ref()
                        .bytes()
                        .map(|b| if b == b'#' { 0 } else { b.wrapping_sub(b'0') })
                        .collect()
                })
                .collect(),
        }
    }
}
