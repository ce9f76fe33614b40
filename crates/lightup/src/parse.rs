//! Parsing Light Up grids (see the crate documentation). Never panics; every problem is a
//! [`ParseError`].

use thiserror::Error;

use crate::{Cell, LightUp};

/// A parse failure: where, and what was expected.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{origin}:{line}:{column}: {message}")]
pub struct ParseError {
    /// The input's name.
    pub origin: String,
    /// 1-based line (0: the whole input).
    pub line: usize,
    /// 1-based column in characters (0: the whole line or input).
    pub column: usize,
    /// What was wrong and what was expected.
    pub message: String,
}

/// Parses `text` (named `origin` in errors).
pub fn parse(text: &str, origin: &str) -> Result<LightUp, ParseError> {
    let err = |line: usize, column: usize, message: String| ParseError {
        origin: origin.to_string(),
        line,
        column,
        message,
    };
    let mut cells: Vec<Vec<Cell>> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim_end_matches('\r');
        if line.trim().is_empty() || line.trim_start().starts_with(';') {
            continue;
        }
        let mut row = Vec::new();
        for (col, ch) in line.chars().enumerate() {
            row.push(match ch {
                ' ' | '\t' => continue,
                '.' => Cell::White,
                '*' | '#' => Cell::Black(None),
                '0'..='4' => Cell::Black(Some(ch as u8 - b'0')),
                _ => {
                    return Err(err(
                        i + 1,
                        col + 1,
                        format!("expected . (white), * (black) or a number 0-4, found {ch:?}"),
                    ))
                }
            });
        }
        if let Some(first) = cells.first() {
            if row.len() != first.len() {
                return Err(err(
                    i + 1,
                    0,
                    format!(
                        "row {} has {} cells, expected {} like the first row",
                        cells.len() + 1,
                        row.len(),
                        first.len()
                    ),
                ));
            }
        }
        cells.push(row);
    }
    if cells.is_empty() {
        return Err(err(
            0,
            0,
            "empty input: expected rows of ., * and 0-4".into(),
        ));
    }
    Ok(LightUp { cells })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_and_errors() {
        let p = parse(". * 1\n. . 4\n", "t").unwrap();
        assert_eq!(
            p.cells[0],
            vec![Cell::White, Cell::Black(None), Cell::Black(Some(1))]
        );
        assert_eq!(parse(".*1\n..4\n", "t").unwrap(), p);
        let e = parse(". . 5\n", "f").unwrap_err().to_string();
        assert_eq!(
            e,
            "f:1:5: expected . (white), * (black) or a number 0-4, found '5'"
        );
        let e = parse("...\n..\n", "f").unwrap_err().to_string();
        assert_eq!(e, "f:2:0: row 2 has 2 cells, expected 3 like the first row");
    }
}
