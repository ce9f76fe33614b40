//! Parsing Light Up grids (see the crate documentation). Never panics; every problem is a
//! [`ParseError`].

use backref_gridtext::significant_lines;
pub use backref_gridtext::ParseError;

use crate::{Cell, LightUp};

/// Parses `text` (named `origin` in errors).
pub fn parse(text: &str, origin: &str) -> Result<LightUp, ParseError> {
    let mut cells: Vec<Vec<Cell>> = Vec::new();
    for (n, line) in significant_lines(text, ';') {
        let mut row = Vec::new();
        for (col, ch) in line.chars().enumerate() {
            row.push(match ch {
                ' ' | '\t' => continue,
                '.' => Cell::White,
                '*' | '#' => Cell::Black(None),
                '0'..='4' => Cell::Black(Some(ch as u8 - b'0')),
                _ => {
                    return Err(ParseError::new(
                        origin,
                        n,
                        col + 1,
                        format!("expected . (white), * (black) or a number 0-4, found {ch:?}"),
                    ))
                }
            });
        }
        if let Some(first) = cells.first() {
            if row.len() != first.len() {
                return Err(ParseError::new(
                    origin,
                    n,
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
        return Err(ParseError::new(
            origin,
            0,
            0,
            "empty input: expected rows of ., * and 0-4",
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
        assert_eq!(e, "f:2: row 2 has 2 cells, expected 3 like the first row");
    }
}
