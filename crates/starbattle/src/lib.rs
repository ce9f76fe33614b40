//! Star Battle with k stars: place stars on an N×N grid cut into N regions.
//!
//! # Rules implemented
//!
//! A [`Stars`] answer solves a [`StarBattle`] with k stars when every row, every column and
//! every region holds exactly k stars and no two stars touch, diagonally included. k comes from
//! `--stars K` (the valued switch `stars=K`; default 1).
//!
//! # Input formats
//!
//! * **Grid** (Abigail's talk inputs): N lines of N region ids, one character each (`0`–`9`,
//!   `A`–`Z`, `a`–`z`), spaces between them optional. Blank lines and `#` lines are skipped.
//! * **One line** (the task strings of the puzzle sites): N² region numbers separated by commas,
//!   row by row (`1,1,2,...`); N is the square root of their count.
//!
//! Either form may start with a line `stars: K`, the instance's own number of stars (`--stars`
//! must then agree with it). There must be exactly N regions. Errors name the origin, line and
//! column.

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

/// A Star Battle grid: the region of every cell (regions numbered from 0, in order of first
/// appearance) and their names as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StarBattle {
    /// `regions[r][c]`: the region index of the cell.
    pub regions: Vec<Vec<usize>>,
    /// The written id of each region (its index's name).
    pub names: Vec<String>,
    /// The number of stars the input itself states (a `stars: K` first line), if it does.
    pub stars: Option<u32>,
}

impl StarBattle {
    /// The side N.
    pub fn size(&self) -> usize {
        self.regions.len()
    }
}

/// An answer: `stars[r][c]` is true where a star stands.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Stars {
    /// The cells, row by row.
    pub stars: Vec<Vec<bool>>,
}

impl Stars {
    /// Rows of `*` (a star) and `.`.
    pub fn rows(&self) -> Vec<String> {
        self.stars
            .iter()
            .map(|r| r.iter().map(|&s| if s { '*' } else { '.' }).collect())
            .collect()
    }

    /// An answer from rows of `*` and `.`.
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Stars {
        Stars {
            stars: rows
                .iter()
                .map(|r| r.as_ref().chars().map(|c| c == '*').collect())
                .collect(),
        }
    }
}
