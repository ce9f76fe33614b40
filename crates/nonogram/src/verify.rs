//! The rule checker: computes each line's runs of the proposed picture and compares them with
//! the clue; shares no code with the encoder or the native solver.

use thiserror::Error;

use crate::{Nonogram, Picture};

/// One broken rule (lines counted from 1).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Violation {
    /// The picture is not R×C (nothing else is checked then).
    #[error("the picture must be {rows}×{cols}")]
    Shape {
        /// Rows expected.
        rows: usize,
        /// Columns expected.
        cols: usize,
    },
    /// A line whose runs differ from its clue.
    #[error("{line} has runs {found:?}, its clue is {clue:?}")]
    Runs {
        /// `row N` or `column N`.
        line: String,
        /// The runs found.
        found: Vec<usize>,
        /// The clue.
        clue: Vec<usize>,
    },
}

fn runs(line: impl Iterator<Item = bool>) -> Vec<usize> {
    let mut out = Vec::new();
    let mut current = 0;
    for filled in line {
        if filled {
            current += 1;
        } else if current > 0 {
            out.push(current);
            current = 0;
        }
    }
    if current > 0 {
        out.push(current);
    }
    out
}

/// Checks `picture` against `puzzle`; every broken line is reported.
pub fn check(puzzle: &Nonogram, picture: &Picture) -> Result<(), Vec<Violation>> {
    let (h, w) = (puzzle.rows.len(), puzzle.cols.len());
    let cells = &picture.cells;
    if cells.len() != h || cells.iter().any(|r| r.len() != w) {
        return Err(vec![Violation::Shape { rows: h, cols: w }]);
    }
    let mut out = Vec::new();
    for (r, clue) in puzzle.rows.iter().enumerate() {
        let found = runs(cells[r].iter().copied());
        if &found != clue {
            out.push(Violation::Runs {
                line: format!("row {}", r + 1),
                found,
                clue: clue.clone(),
            });
        }
    }
    for (c, clue) in puzzle.cols.iter().enumerate() {
        let found = runs((0..h).map(|r| cells[r][c]));
        if &found != clue {
            out.push(Violation::Runs {
                line: format!("column {}", c + 1),
                found,
                clue: clue.clone(),
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
    fn runs_are_compared() {
        let p = crate::parse("1\n3\n1\n\n1\n3\n1\n", "t").unwrap();
        assert_eq!(
            check(&p, &Picture::from_rows(&[".#.", "###", ".#."])),
            Ok(())
        );
        let e = check(&p, &Picture::from_rows(&["#..", "###", ".#."])).unwrap_err();
        assert_eq!(e[0].to_string(), "column 1 has runs [2], its clue is [1]");
        assert_eq!(
            check(&p, &Picture::from_rows(&["#"])),
            Err(vec![Violation::Shape { rows: 3, cols: 3 }])
        );
    }
}
