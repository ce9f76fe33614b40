//! Suguru (also Tectonic): fill regions with digits.
//!
//! # Rules implemented
//!
//! A grid cut into regions; a region of k cells holds the digits 1..k once each, and no two
//! equal digits touch, diagonally included. Some cells are given. A [`Digits`] answer solves a
//! [`Suguru`] when those rules hold and the givens are kept.
//!
//! # Input
//!
//! The region grid first (one line per row, one region id per cell: a letter or digit, spaces
//! optional), then a blank line, then the givens grid of the same size (`1`–`9` given, `.`
//! blank). Lines starting with `;` are comments. Errors name the origin, line and column.

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

/// A Suguru grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Suguru {
    /// `regions[r][c]`: the region index (from 0, in order of first appearance).
    pub regions: Vec<Vec<usize>>,
    /// The size of each region.
    pub sizes: Vec<usize>,
    /// `givens[r][c]`: a given digit.
    pub givens: Vec<Vec<Option<u8>>>,
}

impl Suguru {
    /// A grid of `regions` (indices from 0) without givens, each region's size counted.
    pub fn blank(regions: Vec<Vec<usize>>) -> Suguru {
        let mut sizes = vec![0; regions.iter().flatten().max().map_or(0, |m| m + 1)];
        for &g in regions.iter().flatten() {
            sizes[g] += 1;
        }
        let givens = regions.iter().map(|row| vec![None; row.len()]).collect();
        Suguru {
            regions,
            sizes,
            givens,
        }
    }

    /// Rows.
    pub fn rows(&self) -> usize {
        self.regions.len()
    }

    /// Columns.
    pub fn cols(&self) -> usize {
        self.regions.first().map_or(0, Vec::len)
    }
}

/// An answer: `digits[r][c]`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Digits {
    /// The digits, row by row.
    pub digits: Vec<Vec<u8>>,
}

impl Digits {
    /// Rows of digits, one string per row.
    pub fn rows(&self) -> Vec<String> {
        self.digits
            .iter()
            .map(|r| r.iter().map(|&d| (b'0' + d.min(9)) as char).collect())
            .collect()
    }

    /// An answer from rows of digits.
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Digits {
        Digits {
            digits: rows
                .iter()
                .map(|r| r.as_ref().bytes().map(|b| b.wrapping_sub(b'0')).collect())
                .collect(),
        }
    }
}
