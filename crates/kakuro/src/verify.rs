//! The rule checker: walks the proposed digits' rows and columns for runs on its own; shares no
//! code with the encoder or the native solver.

use thiserror::Error;

use crate::{Cell, Fill, Kakuro};

/// One broken rule (rows and columns counted from 1).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Violation {
    /// The answer is not the grid's size (nothing else is checked then).
    #[error("the answer must be {rows}×{cols}")]
    Shape {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
    },
    /// A white cell without a digit 1–9, or a digit on a black cell.
    #[error("row {0}, column {1} holds {2}")]
    Digit(usize, usize, u8),
    /// A run with a repeated digit.
    #[error("the run from row {0}, column {1} repeats a digit")]
    Repeat(usize, usize),
    /// A clued run with another sum.
    #[error("the run from row {row}, column {col} adds up to {found}, its clue is {clue}")]
    Sum {
        /// First cell's row.
        row: usize,
        /// First cell's column.
        col: usize,
        /// The sum found.
        found: u32,
        /// The clue.
        clue: u32,
    },
}

/// Checks `fill` on `puzzle`; every broken rule is reported.
pub fn check(puzzle: &Kakuro, fill: &Fill) -> Result<(), Vec<Violation>> {
    let h = puzzle.cells.len();
    let w = puzzle.cells.first().map_or(0, Vec::len);
    let d = &fill.digits;
    if d.len() != h || d.iter().any(|r| r.len() != w) {
        return Err(vec![Violation::Shape { rows: h, cols: w }]);
    }
    let mut out = Vec::new();
    for r in 0..h {
        for c in 0..w {
            let white = puzzle.cells[r][c] == Cell::White;
            if white != (1..=9).contains(&d[r][c]) {
                out.push(Violation::Digit(r + 1, c + 1, d[r][c]));
            }
        }
    }
    // Runs start right of / below a black cell or the edge; walk both directions.
    for (dr, dc) in [(0usize, 1usize), (1, 0)] {
        for r in 0..h {
            for c in 0..w {
                let starts = puzzle.cells[r][c] == Cell::White
                    && (if dc == 1 { c == 0 } else { r == 0 }
                        || puzzle.cells[r - dr][c - dc] != Cell::White);
                if !starts {
                    continue;
                }
                let mut seen = [false; 10];
                let (mut sum, mut repeat) = (0u32, false);
                let (mut y, mut x) = (r, c);
                while y < h && x < w && puzzle.cells[y][x] == Cell::White {
                    let digit = d[y][x].min(9) as usize;
                    repeat |= std::mem::replace(&mut seen[digit], true);
                    sum += d[y][x] as u32;
                    y += dr;
                    x += dc;
                }
                if repeat {
                    out.push(Violation::Repeat(r + 1, c + 1));
                }
                let clue = if r >= dr && c >= dc {
                    match puzzle.cells[r - dr][c - dc] {
                        Cell::Black { down, across } => {
                            if dc == 1 {
                                across
                            } else {
                                down
                            }
                        }
                        Cell::White => None,
                    }
                } else {
                    None
                };
                if let Some(clue) = clue {
                    if clue != sum {
                        out.push(Violation::Sum {
                            row: r + 1,
                            col: c + 1,
                            found: sum,
                            clue,
                        });
                    }
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

    #[test]
    fn rules_are_named() {
        let k = crate::parse("#   4\\  3\\\n\\3  .  .\n\\4  .  .\n", "t").unwrap();
        assert_eq!(check(&k, &Fill::from_rows(&["###", "#12", "#31"])), Ok(()));
        let e = check(&k, &Fill::from_rows(&["###", "#21", "#13"])).unwrap_err();
        assert!(
            e.iter()
                .any(|v| matches!(v, Violation::Sum { clue: 4, .. })),
            "{e:?}"
        );
        let e = check(&k, &Fill::from_rows(&["###", "#11", "#31"])).unwrap_err();
        assert!(e.contains(&Violation::Repeat(2, 2)), "{e:?}");
        assert_eq!(
            check(&k, &Fill::from_rows(&["#"])),
            Err(vec![Violation::Shape { rows: 3, cols: 3 }])
        );
    }
}
