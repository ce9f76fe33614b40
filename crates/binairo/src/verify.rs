//! The rule checker: reads a proposed grid against the rules, sharing no code with the encoder
//! or the native solver.

use thiserror::Error;

use crate::{Binairo, Grid};

/// One broken rule (rows and columns counted from 1).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Violation {
    /// The grid is not the puzzle's size (nothing else is checked then).
    #[error("the grid must be {rows}×{cols}")]
    Shape {
        /// Rows expected.
        rows: usize,
        /// Columns expected.
        cols: usize,
    },
    /// A cell is neither 0 nor 1.
    #[error("row {row}, column {col} is neither 0 nor 1")]
    Value {
        /// Row.
        row: usize,
        /// Column.
        col: usize,
    },
    /// A given cell was changed.
    #[error("row {row}, column {col} is given as {given}")]
    Given {
        /// Row.
        row: usize,
        /// Column.
        col: usize,
        /// The given value.
        given: u8,
    },
    /// A line without as many zeros as ones.
    #[error("{line} has {ones} ones, expected {half}")]
    Balance {
        /// `row N` or `column N`.
        line: String,
        /// Ones found.
        ones: usize,
        /// Half the line's length.
        half: usize,
    },
    /// Three equal values in a row.
    #[error("{line} has three {value}s in a row from position {from}")]
    Three {
        /// `row N` or `column N`.
        line: String,
        /// The repeated value.
        value: u8,
        /// Where the run starts (from 1).
        from: usize,
    },
    /// Two equal lines.
    #[error("{first} and {second} are equal")]
    Equal {
        /// The first line.
        first: String,
        /// The second line.
        second: String,
    },
}

/// Checks `grid` against `puzzle`'s rules; every broken rule is reported.
pub fn check(puzzle: &Binairo, grid: &Grid) -> Result<(), Vec<Violation>> {
    let (h, w) = (puzzle.rows(), puzzle.cols());
    if grid.cells.len() != h || grid.cells.iter().any(|r| r.len() != w) {
        return Err(vec![Violation::Shape { rows: h, cols: w }]);
    }
    let mut out = Vec::new();
    for r in 0..h {
        for c in 0..w {
            let v = grid.cells[r][c];
            if v > 1 {
                out.push(Violation::Value {
                    row: r + 1,
                    col: c + 1,
                });
            }
            if let Some(g) = puzzle.givens[r][c] {
                if g != v {
                    out.push(Violation::Given {
                        row: r + 1,
                        col: c + 1,
                        given: g,
                    });
                }
            }
        }
    }
    let rows: Vec<(String, Vec<u8>)> = (0..h)
        .map(|r| (format!("row {}", r + 1), grid.cells[r].clone()))
        .collect();
    let cols: Vec<(String, Vec<u8>)> = (0..w)
        .map(|c| {
            (
                format!("column {}", c + 1),
                (0..h).map(|r| grid.cells[r][c]).collect(),
            )
        })
        .collect();
    for lines in [&rows, &cols] {
        for (name, line) in lines.iter() {
            let ones = line.iter().filter(|&&v| v == 1).count();
            if ones * 2 != line.len() {
                out.push(Violation::Balance {
                    line: name.clone(),
                    ones,
                    half: line.len() / 2,
                });
            }
            for i in 2..line.len() {
                if line[i] == line[i - 1] && line[i] == line[i - 2] {
                    out.push(Violation::Three {
                        line: name.clone(),
                        value: line[i],
                        from: i - 1,
                    });
                }
            }
        }
        for (i, (a, la)) in lines.iter().enumerate() {
            for (b, lb) in &lines[i + 1..] {
                if la == lb {
                    out.push(Violation::Equal {
                        first: a.clone(),
                        second: b.clone(),
                    });
                }
            }
        }
    }
    if out.is_empty() {
        Ok(())
    } else {
        Err(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn puzzle(h: usize, w: usize) -> Binairo {
        Binairo {
            givens: vec![vec![None; w]; h],
        }
    }

    #[test]
    fn a_solution_passes_and_each_rule_is_named() {
        let p = puzzle(4, 4);
        assert_eq!(
            check(&p, &Grid::from_rows(&["0011", "1001", "0110", "1100"])),
            Ok(())
        );
        let e = check(&p, &Grid::from_rows(&["0011", "0011", "1100", "1100"])).unwrap_err();
        assert!(e.contains(&Violation::Equal {
            first: "row 1".into(),
            second: "row 2".into()
        }));
        let e = check(&p, &Grid::from_rows(&["0001", "1001", "0110", "1100"])).unwrap_err();
        assert!(e
            .iter()
            .any(|v| matches!(v, Violation::Three { from: 1, .. })));
        assert!(e
            .iter()
            .any(|v| matches!(v, Violation::Balance { ones: 1, .. })));
        let e = check(&p, &Grid::from_rows(&["001"])).unwrap_err();
        assert_eq!(e, vec![Violation::Shape { rows: 4, cols: 4 }]);
        let mut g = puzzle(4, 4);
        g.givens[0][0] = Some(1);
        let e = check(&g, &Grid::from_rows(&["0011", "1001", "0110", "1100"])).unwrap_err();
        assert_eq!(e[0].to_string(), "row 1, column 1 is given as 1");
    }
}
