//! Parsing nonograms: the plain form and the `.non` form (see the crate documentation).
//! Parsing never panics; every problem is a [`ParseError`].

pub use backref_gridtext::ParseError;

use crate::Nonogram;

/// Reads one clue: numbers separated by spaces or commas; `0`, `-` or nothing is empty.
fn clue(text: &str, n: usize, origin: &str) -> Result<Vec<usize>, ParseError> {
    let mut out = Vec::new();
    let mut col = 0;
    for part in text.split([' ', ',', '\t']) {
        col += 1;
        let start = col;
        col += part.chars().count();
        if part.is_empty() || part == "-" {
            continue;
        }
        match part.parse::<usize>() {
            Ok(0) => {}
            Ok(k) => out.push(k),
            Err(_) => {
                return Err(ParseError::new(
                    origin,
                    n,
                    start,
                    format!("expected a run length (a number), found {part:?}"),
                ))
            }
        }
    }
    Ok(out)
}

/// Parses `text` (named `origin` in errors) in either form.
pub fn parse(text: &str, origin: &str) -> Result<Nonogram, ParseError> {
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim_end_matches('\r').trim()))
        .collect();
    let keyword = |l: &str| {
        let w = l.split_whitespace().next().unwrap_or("");
        matches!(w, "width" | "height" | "rows" | "columns")
    };
    let p = if lines.iter().any(|(_, l)| keyword(l)) {
        non(&lines, origin)?
    } else {
        plain(&lines, origin)?
    };
    if p.rows.is_empty() || p.cols.is_empty() {
        return Err(ParseError::new(
            origin,
            0,
            0,
            "expected at least one row clue and one column clue",
        ));
    }
    Ok(p)
}

fn plain(lines: &[(usize, &str)], origin: &str) -> Result<Nonogram, ParseError> {
    let mut blocks: Vec<Vec<Vec<usize>>> = vec![Vec::new()];
    for &(n, l) in lines {
        if l.starts_with('#') {
            continue;
        }
        if l.is_empty() {
            if !blocks.last().expect("one").is_empty() {
                blocks.push(Vec::new());
            }
            continue;
        }
        blocks.last_mut().expect("one").push(clue(l, n, origin)?);
    }
    blocks.retain(|b| !b.is_empty());
    if blocks.len() != 2 {
        return Err(ParseError::new(
            origin,
            0,
            0,
            format!(
                "expected two blocks of clues (rows, a blank line, columns), found {}",
                blocks.len()
            ),
        ));
    }
    let cols = blocks.pop().expect("two");
    let rows = blocks.pop().expect("two");
    Ok(Nonogram { rows, cols })
}

fn non(lines: &[(usize, &str)], origin: &str) -> Result<Nonogram, ParseError> {
    let (mut width, mut height) = (None, None);
    let mut rows = Vec::new();
    let mut cols = Vec::new();
    let mut i = 0;
    let number = |n: usize, l: &str, key: &str| -> Result<usize, ParseError> {
        l[key.len()..].trim().parse().map_err(|_| {
            ParseError::new(
                origin,
                n,
                key.len() + 2,
                format!("expected a number after `{key}`"),
            )
        })
    };
    while i < lines.len() {
        let (n, l) = lines[i];
        let key = l.split_whitespace().next().unwrap_or("");
        match key {
            "width" => width = Some(number(n, l, "width")?),
            "height" => height = Some(number(n, l, "height")?),
            "rows" | "columns" => {
                let count = if key == "rows" { height } else { width };
                let Some(count) = count else {
                    return Err(ParseError::new(
                        origin,
                        n,
                        1,
                        format!(
                            "`{key}` before `{}`: expected the size first",
                            if key == "rows" { "height" } else { "width" }
                        ),
                    ));
                };
                let mut list = Vec::with_capacity(count);
                for k in 0..count {
                    let Some(&(m, c)) = lines.get(i + 1 + k) else {
                        return Err(ParseError::new(
                            origin,
                            n,
                            0,
                            format!("`{key}` needs {count} clue lines, the file ends after {k}"),
                        ));
                    };
                    list.push(clue(c, m, origin)?);
                }
                i += count;
                if key == "rows" {
                    rows = list;
                } else {
                    cols = list;
                }
            }
            _ => {}
        }
        i += 1;
    }
    if rows.is_empty() || cols.is_empty() {
        return Err(ParseError::new(
            origin,
            0,
            0,
            "a .non file needs `rows` and `columns` sections",
        ));
    }
    Ok(Nonogram { rows, cols })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_forms_read_the_same() {
        let a = parse("# a cross\n1\n3\n1\n\n1\n3\n1\n", "t").unwrap();
        assert_eq!(a.rows, vec![vec![1], vec![3], vec![1]]);
        let b = parse(
            "title \"cross\"\nwidth 3\nheight 3\n\nrows\n1\n3\n1\n\ncolumns\n1\n3\n1\n\ngoal \"010111010\"\n",
            "t",
        )
        .unwrap();
        assert_eq!(a, b);
        let c = parse("1,1\n0\n\n1\n-\n1\n", "t").unwrap();
        assert_eq!(c.rows, vec![vec![1, 1], vec![]]);
        assert_eq!(c.cols, vec![vec![1], vec![], vec![1]]);
    }

    #[test]
    fn errors_name_the_place() {
        let e = parse("1 x\n\n1\n", "f").unwrap_err().to_string();
        assert_eq!(e, "f:1:3: expected a run length (a number), found \"x\"");
        let e = parse("1\n2\n", "f").unwrap_err().to_string();
        assert!(e.contains("expected two blocks"), "{e}");
        let e = parse("width 2\nheight 2\nrows\n1\n", "f")
            .unwrap_err()
            .to_string();
        assert!(e.contains("f:3: `rows` needs 2 clue lines"), "{e}");
        let e = parse("rows\n1\n", "f").unwrap_err().to_string();
        assert!(e.contains("expected the size first"), "{e}");
    }
}
