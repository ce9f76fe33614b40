//! Parsing Star Battle grids: the grid form and the one-line comma form (see the crate
//! documentation). Parsing never panics; every problem is a [`ParseError`].

use backref_gridtext::significant_lines;
pub use backref_gridtext::ParseError;

use crate::StarBattle;

/// Parses `text` (named `origin` in errors).
pub fn parse(text: &str, origin: &str) -> Result<StarBattle, ParseError> {
    let lines = significant_lines(text, '#');
    let mut lines = lines;
    let mut stars = None;
    if let Some(&(n, first)) = lines.first() {
        if let Some(k) = first.trim().strip_prefix("stars:") {
            match k.trim().parse::<u32>() {
                Ok(k) if k >= 1 => stars = Some(k),
                _ => {
                    return Err(ParseError::new(
                        origin,
                        n,
                        {
                            let colon = first.find(':').unwrap_or(0);
                            let after = &first[colon + 1..];
                            colon + 2 + after.len() - after.trim_start().len()
                        },
                        format!(
                            "expected a number of stars of at least 1, found {:?}",
                            k.trim()
                        ),
                    ))
                }
            }
            lines.remove(0);
        }
    }
    if lines.is_empty() {
        return Err(ParseError::new(
            origin,
            0,
            0,
            "empty input: expected rows of region ids",
        ));
    }
    let ids: Vec<Vec<String>> = if lines.len() == 1 && lines[0].1.contains(',') {
        comma_line(lines[0].0, lines[0].1, origin)?
    } else {
        grid(&lines, origin)?
    };
    let n = ids.len();
    let mut names: Vec<String> = Vec::new();
    let regions: Vec<Vec<usize>> = ids
        .iter()
        .map(|row| {
            row.iter()
                .map(|id| match names.iter().position(|n| n == id) {
                    Some(i) => i,
                    None => {
                        names.push(id.clone());
                        names.len() - 1
                    }
                })
                .collect()
        })
        .collect();
    if names.len() != n {
        return Err(ParseError::new(
            origin,
            0,
            0,
            format!(
                "a {n}×{n} grid needs {n} regions, found {} ({})",
                names.len(),
                names.join(" ")
            ),
        ));
    }
    Ok(StarBattle {
        regions,
        names,
        stars,
    })
}

fn grid(lines: &[(usize, &str)], origin: &str) -> Result<Vec<Vec<String>>, ParseError> {
    let mut rows: Vec<Vec<String>> = Vec::new();
    for &(n, line) in lines {
        let mut row = Vec::new();
        for (col, ch) in line.chars().enumerate() {
            match ch {
                ' ' | '\t' => {}
                c if c.is_ascii_alphanumeric() => row.push(c.to_string()),
                c => {
                    return Err(ParseError::new(
                        origin,
                        n,
                        col + 1,
                        format!("expected a region id (a letter or a digit), found {c:?}"),
                    ))
                }
            }
        }
        rows.push(row);
    }
    let h = rows.len();
    for (i, row) in rows.iter().enumerate() {
        if row.len() != h {
            return Err(ParseError::new(
                origin,
                lines[i].0,
                0,
                format!(
                    "row {} has {} cells, expected {h} (the grid is square: one row per line)",
                    i + 1,
                    row.len()
                ),
            ));
        }
    }
    Ok(rows)
}

fn comma_line(n: usize, line: &str, origin: &str) -> Result<Vec<Vec<String>>, ParseError> {
    let mut ids = Vec::new();
    let mut col = 1;
    for part in line.split(',') {
        let id = part.trim();
        if id.is_empty() || !id.chars().all(|c| c.is_ascii_alphanumeric()) {
            return Err(ParseError::new(
                origin,
                n,
                col,
                format!("expected a region number, found {part:?}"),
            ));
        }
        ids.push(id.to_string());
        col += part.chars().count() + 1;
    }
    let side = (ids.len() as f64).sqrt().round() as usize;
    if side * side != ids.len() {
        return Err(ParseError::new(
            origin,
            n,
            0,
            format!(
                "{} region numbers, expected a square number (N×N cells)",
                ids.len()
            ),
        ));
    }
    Ok(ids.chunks(side).map(<[_]>::to_vec).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_forms() {
        let a = parse("1 1 2\n1 3 2\n3 3 2\n", "t").unwrap();
        assert_eq!(a.regions, vec![vec![0, 0, 1], vec![0, 2, 1], vec![2, 2, 1]]);
        assert_eq!(a.names, ["1", "2", "3"]);
        let b = parse("1,1,2,1,3,2,3,3,2", "t").unwrap();
        assert_eq!(a, b);
        let c = parse("stars: 2\n1,1,2,1,3,2,3,3,2", "t").unwrap();
        assert_eq!((c.stars, c.regions), (Some(2), a.regions));
        let e = parse("stars: x\n1 1\n2 2\n", "f").unwrap_err().to_string();
        assert_eq!(
            e,
            "f:1:8: expected a number of stars of at least 1, found \"x\""
        );
    }

    #[test]
    fn errors_name_the_place() {
        let e = parse("1 1\n1 *\n", "f").unwrap_err().to_string();
        assert_eq!(
            e,
            "f:2:3: expected a region id (a letter or a digit), found '*'"
        );
        let e = parse("1 1 2\n1 1\n2 2 2\n", "f").unwrap_err().to_string();
        assert!(e.starts_with("f:2: row 2 has 2 cells, expected 3"), "{e}");
        let e = parse("1 1\n1 1\n", "f").unwrap_err().to_string();
        assert_eq!(e, "f: a 2×2 grid needs 2 regions, found 1 (1)");
        let e = parse("1,2,x y", "f").unwrap_err().to_string();
        assert!(e.contains("f:1:5: expected a region number"), "{e}");
    }
}
