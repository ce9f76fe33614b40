//! Aquarium puzzles, as published by puzzle-aquarium.com.
//!
//! An N×N grid is split into *aquariums* (regions). Some cells are filled with water; the
//! puzzle gives, for every column and every row, how many of its cells hold water.
//!
//! # Rules implemented
//!
//! A [`Solution`] (an N×N grid of water / empty cells) solves a [`Puzzle`] when all of these
//! hold:
//!
//! 1. **Column counts**: column `x` holds exactly `col_counts[x]` water cells.
//! 2. **Row counts**: row `y` holds exactly `row_counts[y]` water cells.
//! 3. **Level**: inside one aquarium, the cells of one row are either all water or all empty.
//! 4. **Settling**: if a row of an aquarium holds water, every lower row of that aquarium holds
//!    water too (water settles to the bottom).
//! 5. An aquarium may stay completely empty, and may be completely full.
//!
//! Rows are numbered from the top (row 0) down, so "lower" means a larger row index.
//!
//! # Decisions where the source is silent
//!
//! * **Region ids are labels.** They are non-negative decimal integers that need not be
//!   contiguous, start at any value, or appear in any order.
//! * **One id is one aquarium, even when its cells are not connected.** Rules 3 and 4 apply per
//!   region id: every cell with that id in a given row shares one water state, and the settling
//!   rule compares all rows that hold a cell with that id (rows without such a cell are
//!   skipped). Equivalently, the aquarium has one water level and its cells at or below that
//!   level are water. Real puzzles always have connected regions, so this only matters for
//!   hand-written input (see `docs/aquarium.md`, "Disconnected regions").
//! * The grid size N is deduced from the number of items: `T = N² + 2N` numbers in total,
//!   `2N` before the `;` and `N²` after it.
//! * A count may be anything from `0` to `N`; a count larger than `N` is a parse error.
//!
//! # Modules
//!
//! * [`parse`]: task string (and optional solution block) → [`Puzzle`] / [`Solution`].
//! * [`native`]: a propagation + backtracking solver ([`native::solve_first`],
//!   [`native::count`]).
//! * [`verify`]: an independent rule checker ([`verify::check`]).
//! * [`render`]: text and JSON rendering.
//! * [`generate`]: a seeded generator of puzzles with a unique solution.

use serde::Serialize;
use thiserror::Error;

pub mod encode;
pub mod generate;
pub mod native;
pub mod parse;
pub mod puzzle;
pub mod render;
pub mod svg;
pub mod verify;

pub use native::{count, solve_all, solve_first};
pub use parse::{parse_solution, parse_str, parse_with_solution, ParseError, ParseErrorKind};
pub use render::{render_task, render_text, solution_json, solution_rows, solution_text};
pub use verify::{check, Violation};

/// An aquarium puzzle: the water counts per column and per row, and the region id of every cell.
///
/// The fields are private so that a `Puzzle` is always well formed (N×N regions, N counts per
/// axis, every count at most N); build one with [`Puzzle::new`] or [`parse_str`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Puzzle {
    n: usize,
    col_counts: Vec<usize>,
    row_counts: Vec<usize>,
    regions: Vec<Vec<u32>>,
}

/// Why [`Puzzle::new`] refused its arguments.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ShapeError {
    /// The row counts and column counts differ in length.
    #[error("{cols} column counts but {rows} row counts")]
    CountLengths {
        /// Number of column counts given.
        cols: usize,
        /// Number of row counts given.
        rows: usize,
    },
    /// The region grid does not have N rows of N cells.
    #[error("region grid must be {n}×{n}; row {row} has {found} cells")]
    RegionShape {
        /// The size deduced from the counts.
        n: usize,
        /// The first offending row (or `n` when the number of rows is wrong).
        row: usize,
        /// Cells found in that row (or the number of rows).
        found: usize,
    },
    /// A count exceeds N.
    #[error("count {value} is larger than N = {n}")]
    CountTooLarge {
        /// The offending count.
        value: usize,
        /// The grid size.
        n: usize,
    },
}

impl Puzzle {
    /// Builds a puzzle from column counts, row counts and an N×N grid of region ids.
    pub fn new(
        col_counts: Vec<usize>,
        row_counts: Vec<usize>,
        regions: Vec<Vec<u32>>,
    ) -> Result<Puzzle, ShapeError> {
        let n = col_counts.len();
        if row_counts.len() != n {
            return Err(ShapeError::CountLengths {
                cols: n,
                rows: row_counts.len(),
            });
        }
        if regions.len() != n {
            return Err(ShapeError::RegionShape {
                n,
                row: n,
                found: regions.len(),
            });
        }
        if let Some((row, r)) = regions.iter().enumerate().find(|(_, r)| r.len() != n) {
            return Err(ShapeError::RegionShape {
                n,
                row,
                found: r.len(),
            });
        }
        if let Some(&value) = col_counts.iter().chain(&row_counts).find(|&&c| c > n) {
            return Err(ShapeError::CountTooLarge { value, n });
        }
        Ok(Puzzle {
            n,
            col_counts,
            row_counts,
            regions,
        })
    }

    /// The side length N of the grid.
    pub fn n(&self) -> usize {
        self.n
    }

    /// Water count of every column, left to right.
    pub fn col_counts(&self) -> &[usize] {
        &self.col_counts
    }

    /// Water count of every row, top to bottom.
    pub fn row_counts(&self) -> &[usize] {
        &self.row_counts
    }

    /// Region ids, `regions()[row][col]`.
    pub fn regions(&self) -> &[Vec<u32>] {
        &self.regions
    }

    /// The region id of cell (`row`, `col`).
    pub fn region(&self, row: usize, col: usize) -> u32 {
        self.regions[row][col]
    }

    /// The distinct region ids, sorted ascending.
    pub fn region_ids(&self) -> Vec<u32> {
        let mut ids: Vec<u32> = self.regions.iter().flatten().copied().collect();
        ids.sort_unstable();
        ids.dedup();
        ids
    }

    /// A copy of this puzzle with other counts (same regions); `None` if a length or value is
    /// out of range. Handy for deriving variants (e.g. unsolvable ones) of a puzzle.
    pub fn with_counts(&self, col_counts: Vec<usize>, row_counts: Vec<usize>) -> Option<Puzzle> {
        if col_counts.len() != self.n || row_counts.len() != self.n {
            return None;
        }
        Puzzle::new(col_counts, row_counts, self.regions.clone()).ok()
    }
}

/// A proposed or found solution: `water[row][col]` is `true` for a water cell.
///
/// The field is public so that any grid (even a malformed one) can be handed to
/// [`verify::check`], which reports a wrong shape instead of panicking.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Solution {
    /// `water[row][col]`, rows top to bottom, columns left to right.
    pub water: Vec<Vec<bool>>,
}

impl Solution {
    /// Number of rows of the grid.
    pub fn n(&self) -> usize {
        self.water.len()
    }

    /// Whether cell (`row`, `col`) holds water (`false` outside the grid).
    pub fn is_water(&self, row: usize, col: usize) -> bool {
        self.water
            .get(row)
            .and_then(|r| r.get(col))
            .copied()
            .unwrap_or(false)
    }
}
