//! The rule checker: reads a proposed grid of digits against the rules, sharing no code with the
//! encoder or the native solver.

use thiserror::Error;

use crate::{Digits, Suguru};

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
    /// A given changed.
    #[error("row {0}, column {1} is given as {2}")]
    Given(usize, usize, u8),
    /// A region that does not hold 1..k once each.
    #[error("region of row {row}, column {col} holds {found:?}, expected 1..{size}")]
    Region {
        /// A cell of the region.
        row: usize,
        /// Its column.
        col: usize,
        /// The digits found, sorted.
        found: Vec<u8>,
        /// The region's size.
        size: usize,
    },
    /// Two equal digits that touch.
    #[error("the {digit}s at row {}, column {} and row {}, column {} touch", .a.0, .a.1, .b.0, .b.1)]
    Touch {
        /// The digit.
        digit: u8,
        /// One cell.
        a: (usize, usize),
        /// The other.
        b: (usize, usize),
    },
}

/// Checks `answer` on `puzzle`; every broken rule is reported.
pub fn check(puzzle: &Suguru, answer: &Digits) -> Result<(), Vec<Violation>> {
    let (h, w) = (puzzle.rows(), puzzle.cols());
    let d = &answer.digits;
    if d.len() != h || d.iter().any(|r| r.len() != w) {
        return Err(vec![Violation::Shape { rows: h, cols: w }]);
    }
    let mut out = Vec::new();
    let mut seen: Vec<Option<(usize, usize, Vec<u8>)>> = vec![None; puzzle.sizes.len()];
    for r in 0..h {
        for c in 0..w {
            if let Some(g) = puzzle.givens[r][c] {
                if d[r][c] != g {
                    out.push(Violation::Given(r + 1, c + 1, g));
                }
            }
            seen[puzzle.regions[r][c]]
                .get_or_insert((r + 1, c + 1, Vec::new()))
                .2
                .push(d[r][c]);
            for (dr, dc) in [(0usize, 1usize), (1, 0), (1, 1)] {
                let (r2, c2) = (r + dr, c + dc);
                if r2 < h && c2 < w && d[r2][c2] == d[r][c] {
                    out.push(Violation::Touch {
                        digit: d[r][c],
                        a: (r + 1, c + 1),
                        b: (r2 + 1, c2 + 1),
                    });
                }
            }
            if r + 1 < h && c > 0 && d[r + 1][c - 1] == d[r][c] {
                out.push(Violation::Touch {
                    digit: d[r][c],
                    a: (r + 1, c + 1),
                    b: (r + 2, c),
                });
            }
        }
    }
    for (g, entry) in seen.into_iter().enumerate() {
        let Some((row, col, mut found)) = entry else {
            continue;
        };
        found.sort();
        let size = puzzle.sizes[g];
        if found != (1..=size as u8).collect::<Vec<u8>>() {
            out.push(Violation::Region {
                row,
                col,
                found,
                size,
            });
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
        let p = crate::parse("1 1 2 2\n\n. . . .\n", "t").unwrap();
        assert_eq!(check(&p, &Digits::from_rows(&["1212"])), Ok(()));
        let e = check(&p, &Digits::from_rows(&["1221"])).unwrap_err();
        assert_eq!(
            e,
            vec![Violation::Touch {
                digit: 2,
                a: (1, 2),
                b: (1, 3)
            }]
        );
        let e = check(&p, &Digits::from_rows(&["1122"])).unwrap_err();
        assert!(
            e.iter().any(|v| matches!(v, Violation::Region { .. })),
            "{e:?}"
        );
        assert_eq!(
            check(&p, &Digits::from_rows(&["1", "2"])),
            Err(vec![Violation::Shape { rows: 1, cols: 4 }])
        );
    }
}
