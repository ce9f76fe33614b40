//! Parsing Binairo instances: the grid form and the one-line run-length form (see the crate
//! documentation). Parsing never panics; every problem is a [`ParseError`].

use backref_gridtext::significant_lines;
pub use backref_gridtext::ParseError;

use crate::Binairo;

/// Parses `text` (named `origin` in errors) in either form.
pub fn parse(text: &str, origin: &str) -> Result<Binairo, ParseError> {
    let lines = significant_lines(text, '#');
    if lines.is_empty() {
        return Err(ParseError::new(
            origin,
            0,
            0,
            "empty input: expected rows of 0, 1 and .",
        ));
    }
    let one_line = lines.len() == 1
        && lines[0]
            .1
            .trim()
            .chars()
            .any(|c| c.is_ascii_lowercase() && c != '.');
    let givens = if one_line {
        run_length(lines[0].0, lines[0].1, origin)?
    } else {
        grid(&lines, origin)?
    };
    let (r, c) = (givens.len(), givens[0].len());
    if r % 2 != 0 || c % 2 != 0 {
        return Err(ParseError::new(
            origin,
            0,
            0,
            format!("the grid is {r}×{c}: Binairo needs an even number of rows and of columns"),
        ));
    }
    Ok(Binairo { givens })
}

fn cell(ch: char) -> Option<Option<u8>> {
    match ch {
        '0' => Some(Some(0)),
        '1' => Some(Some(1)),
        '.' | '_' | '-' => Some(None),
        _ => None,
    }
}

fn grid(lines: &[(usize, &str)], origin: &str) -> Result<Vec<Vec<Option<u8>>>, ParseError> {
    let mut rows: Vec<Vec<Option<u8>>> = Vec::new();
    for &(n, line) in lines {
        let mut row = Vec::new();
        for (col, ch) in line.chars().enumerate() {
            if ch == ' ' || ch == '\t' {
                continue;
            }
            match cell(ch) {
                Some(v) => row.push(v),
                None => {
                    return Err(ParseError::new(
                        origin,
                        n,
                        col + 1,
                        format!("expected 0, 1 or . (a blank), found {:?}", ch),
                    ))
                }
            }
        }
        if let Some(first) = rows.first() {
            if row.len() != first.len() {
                return Err(ParseError::new(
                    origin,
                    n,
                    0,
                    format!(
                        "row {} has {} cells, expected {} like the first row",
                        rows.len() + 1,
                        row.len(),
                        first.len()
                    ),
                ));
            }
        }
        rows.push(row);
    }
    Ok(rows)
}

fn run_length(n: usize, line: &str, origin: &str) -> Result<Vec<Vec<Option<u8>>>, ParseError> {
    let mut cells = Vec::new();
    for (col, ch) in line.chars().enumerate() {
        match ch {
            'a'..='z' => cells.extend(std::iter::repeat_n(None, ch as usize - 'a' as usize + 1)),
            ' ' | '\t' => {}
            _ => match cell(ch) {
                Some(v) => cells.push(v),
                None => {
                    return Err(ParseError::new(
                        origin,
                        n,
                        col + 1,
                        format!("expected 0, 1 or a letter a-z (a run of blanks), found {ch:?}"),
                    ))
                }
            },
        }
    }
    let side = (cells.len() as f64).sqrt().round() as usize;
    if side * side != cells.len() || side == 0 {
        return Err(ParseError::new(
            origin,
            n,
            0,
            format!(
                "the line has {} cells, expected a square number (a one-line grid is square)",
                cells.len()
            ),
        ));
    }
    Ok(cells.chunks(side).map(<[_]>::to_vec).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_form_with_spaces_or_without() {
        let b = parse(". . 0 . . 1\n. 0 . . 1 .\n", "t").unwrap();
        assert_eq!((b.rows(), b.cols()), (2, 6));
        assert_eq!(b.givens[0][2], Some(0));
        assert_eq!(b.givens[1][4], Some(1));
        let c = parse("# comment\n..0..1\n.0..1.\n\n", "t").unwrap();
        assert_eq!(b, c);
    }

    #[test]
    fn run_length_form() {
        let b = parse("c1b0i", "t").unwrap();
        assert_eq!((b.rows(), b.cols()), (4, 4));
        assert_eq!(b.givens[0], vec![None, None, None, Some(1)]);
        assert_eq!(b.givens[1], vec![None, None, Some(0), None]);
        let b = parse("1c", "t").unwrap();
        assert_eq!(b.givens, vec![vec![Some(1), None], vec![None, None]]);
    }

    #[test]
    fn errors_name_line_column_and_what_was_expected() {
        let e = parse("..0.\n.x..\n", "f.txt").unwrap_err().to_string();
        assert_eq!(e, "f.txt:2:2: expected 0, 1 or . (a blank), found 'x'");
        let e = parse("..0.\n...\n", "f.txt").unwrap_err().to_string();
        assert_eq!(
            e,
            "f.txt:2: row 2 has 3 cells, expected 4 like the first row"
        );
        let e = parse("...\n...\n", "f").unwrap_err().to_string();
        assert!(e.contains("even number"), "{e}");
        let e = parse("", "f").unwrap_err().to_string();
        assert!(e.contains("empty input"), "{e}");
        let e = parse("a1c0", "f").unwrap_err().to_string();
        assert!(e.contains("square number"), "{e}");
    }
}
