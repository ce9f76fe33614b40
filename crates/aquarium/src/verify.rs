//! An independent rule checker for aquarium solutions.
//!
//! It shares no code with the solver ([`crate::native`]): it reads the proposed grid cell by
//! cell and tests each rule of the crate documentation directly. All violations are reported,
//! not just the first.

use std::collections::BTreeMap;

use thiserror::Error;

use crate::{Puzzle, Solution};

/// One broken rule. Rows and columns are 0-based.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Violation {
    /// The grid is not N×N (nothing else is checked then).
    #[error("grid must be {n}×{n}: found {rows} rows, row {bad_row:?} has a different length")]
    Shape {
        /// Expected side.
        n: usize,
        /// Rows found.
        rows: usize,
        /// First row whose length is not N, if any.
        bad_row: Option<usize>,
    },
    /// A row holds the wrong number of water cells.
    #[error("row {row}: {found} water cells, clue says {expected}")]
    RowCount {
        /// The row.
        row: usize,
        /// The clue.
        expected: usize,
        /// Water cells found.
        found: usize,
    },
    /// A column holds the wrong number of water cells.
    #[error("column {col}: {found} water cells, clue says {expected}")]
    ColumnCount {
        /// The column.
        col: usize,
        /// The clue.
        expected: usize,
        /// Water cells found.
        found: usize,
    },
    /// An aquarium's cells in one row are partly water and partly empty.
    #[error("aquarium {region}, row {row}: some cells hold water and some do not")]
    Level {
        /// The region id.
        region: u32,
        /// The row.
        row: usize,
    },
    /// An aquarium holds water in a row above one of its rows that holds an empty cell.
    #[error("aquarium {region}: water in row {water_row} above empty cells in row {empty_row}")]
    Settling {
        /// The region id.
        region: u32,
        /// A row with water.
        water_row: usize,
        /// A lower row (of the same aquarium) with an empty cell.
        empty_row: usize,
    },
}

impl Violation {
    /// A short stable name of the rule: `shape`, `row-count`, `column-count`, `level` or
    /// `settling`.
    pub fn rule(&self) -> &'static str {
        match self {
            Violation::Shape { .. } => "shape",
            Violation::RowCount { .. } => "row-count",
            Violation::ColumnCount { .. } => "column-count",
            Violation::Level { .. } => "level",
            Violation::Settling { .. } => "settling",
        }
    }
}

/// Checks `solution` against every rule of `puzzle`. `Ok(())` if it is a solution, otherwise
/// every violation found (a wrong shape is reported alone).
pub fn check(puzzle: &Puzzle, solution: &Solution) -> Result<(), Vec<Violation>> {
    let n = puzzle.n();
    let grid = &solution.water;
    let bad_row = grid.iter().position(|r| r.len() != n);
    if grid.len() != n || bad_row.is_some() {
        return Err(vec![Violation::Shape {
            n,
            rows: grid.len(),
            bad_row,
        }]);
    }

    let mut violations = Vec::new();

    for (y, row) in grid.iter().enumerate() {
        let found = row.iter().filter(|&&w| w).count();
        let expected = puzzle.row_counts()[y];
        if found != expected {
            violations.push(Violation::RowCount {
                row: y,
                expected,
                found,
            });
        }
    }
    for (x, &expected) in puzzle.col_counts().iter().enumerate() {
        let found = grid.iter().filter(|row| row[x]).count();
        if found != expected {
            violations.push(Violation::ColumnCount {
                col: x,
                expected,
                found,
            });
        }
    }

    // For every aquarium and every row it occupies: (has a water cell, has an empty cell).
    let mut seen: BTreeMap<u32, BTreeMap<usize, (bool, bool)>> = BTreeMap::new();
    for (y, row) in grid.iter().enumerate() {
        for (x, &wet) in row.iter().enumerate() {
            let entry = seen
                .entry(puzzle.region(y, x))
                .or_default()
                .entry(y)
                .or_default();
            if wet {
                entry.0 = true;
            } else {
                entry.1 = true;
            }
        }
    }
    for (&region, rows) in &seen {
        for (&row, &(wet, dry)) in rows {
            if wet && dry {
                violations.push(Violation::Level { region, row });
            }
        }
        // Compare each occupied row with the next occupied row below it.
        let occupied: Vec<(usize, bool, bool)> =
            rows.iter().map(|(&y, &(w, d))| (y, w, d)).collect();
        for pair in occupied.windows(2) {
            let (upper, upper_wet, _) = pair[0];
            let (lower, _, lower_dry) = pair[1];
            if upper_wet && lower_dry {
                violations.push(Violation::Settling {
                    region,
                    water_row: upper,
                    empty_row: lower,
                });
            }
        }
    }

    if violations.is_empty() {
        Ok(())
    } else {
        Err(violations)
    }
}
