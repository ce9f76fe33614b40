//! Parsing Suguru grids: the region grid, a blank line, the givens (see the crate
//! documentation). Never panics; every problem is a [`ParseError`].

pub use backref_gridtext::ParseError;

use crate::Suguru;

/// A line of a block: its number and its cells (column, character).
type Line = (usize, Vec<(usize, char)>);

/// Parses `text` (named `origin` in errors).
pub fn parse(text: &str, origin: &str) -> Result<Suguru, ParseError> {
    // Blocks of (line number, cells) separated by blank lines.
    let mut blocks: Vec<Vec<Line>> = vec![Vec::new()];
    for (i, line) in text.lines().enumerate() {
        let line = line.trim_end_matches('\r');
        if line.trim_start().starts_with(';') {
            continue;
        }
        if line.trim().is_empty() {
            if !blocks.last().expect("one").is_empty() {
                blocks.push(Vec::new());
            }
            continue;
        }
        let cells = line
            .chars()
            .enumerate()
            .filter(|(_, c)| !c.is_whitespace())
            .map(|(k, c)| (k + 1, c))
            .collect();
        blocks.last_mut().expect("one").push((i + 1, cells));
    }
    blocks.retain(|b| !b.is_empty());
    if blocks.len() != 2 {
        return Err(ParseError::new(
            origin,
            0,
            0,
            format!(
                "expected the region grid, a blank line and the givens grid; found {} block(s)",
                blocks.len()
            ),
        ));
    }
    let (h, w) = (blocks[0].len(), blocks[0][0].1.len());
    for (b, what) in blocks.iter().zip(["region grid", "givens grid"]) {
        if b.len() != h {
            return Err(ParseError::new(
                origin,
                b[0].0,
                0,
                format!("the {what} has {} rows, expected {h}", b.len()),
            ));
        }
        for (n, cells) in b {
            if cells.len() != w {
                return Err(ParseError::new(
                    origin,
                    *n,
                    0,
                    format!(
                        "a row of the {what} has {} cells, expected {w}",
                        cells.len()
                    ),
                ));
            }
        }
    }
    let mut ids: Vec<char> = Vec::new();
    let mut regions = Vec::new();
    for (n, cells) in &blocks[0] {
        let mut row = Vec::new();
        for &(col, ch) in cells {
            if !ch.is_ascii_alphanumeric() {
                return Err(ParseError::new(
                    origin,
                    *n,
                    col,
                    format!("expected a region id (a letter or a digit), found {ch:?}"),
                ));
            }
            row.push(match ids.iter().position(|&x| x == ch) {
                Some(i) => i,
                None => {
                    ids.push(ch);
                    ids.len() - 1
                }
            });
        }
        regions.push(row);
    }
    let mut sizes = vec![0; ids.len()];
    for &g in regions.iter().flatten() {
        sizes[g] += 1;
    }
    if let Some(g) = sizes.iter().position(|&s| s > 9) {
        return Err(ParseError::new(
            origin,
            0,
            0,
            format!(
                "region {} has {} cells: at most 9 (digits 1-9)",
                ids[g], sizes[g]
            ),
        ));
    }
    let mut givens = Vec::new();
    for (r, (n, cells)) in blocks[1].iter().enumerate() {
        let mut row = Vec::new();
        for (c, &(col, ch)) in cells.iter().enumerate() {
            row.push(match ch {
                '.' | '0' => None,
                '1'..='9' => {
                    let d = ch as u8 - b'0';
                    let g = regions[r][c];
                    if d as usize > sizes[g] {
                        return Err(ParseError::new(
                            origin,
                            *n,
                            col,
                            format!("given {d} in region {} of {} cells", ids[g], sizes[g]),
                        ));
                    }
                    Some(d)
                }
                _ => {
                    return Err(ParseError::new(
                        origin,
                        *n,
                        col,
                        format!("expected a digit 1-9 or . (blank), found {ch:?}"),
                    ))
                }
            });
        }
        givens.push(row);
    }
    Ok(Suguru {
        regions,
        sizes,
        givens,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regions_then_givens() {
        let p = parse("1 1\n2 2\n\n. 2\n. .\n", "t").unwrap();
        assert_eq!(p.regions, vec![vec![0, 0], vec![1, 1]]);
        assert_eq!(p.sizes, vec![2, 2]);
        assert_eq!(p.givens[0][1], Some(2));
    }

    #[test]
    fn errors_name_the_place() {
        let e = parse("1 1\n2 2\n", "f").unwrap_err().to_string();
        assert!(e.contains("found 1 block(s)"), "{e}");
        let e = parse("1 1\n2 2\n\n. 3\n. .\n", "f")
            .unwrap_err()
            .to_string();
        assert_eq!(e, "f:4:3: given 3 in region 1 of 2 cells");
        let e = parse("1 1\n2 2\n\n. x\n. .\n", "f")
            .unwrap_err()
            .to_string();
        assert_eq!(e, "f:4:3: expected a digit 1-9 or . (blank), found 'x'");
        let e = parse("1 1\n2\n\n. .\n. .\n", "f").unwrap_err().to_string();
        assert_eq!(e, "f:2: a row of the region grid has 1 cells, expected 2");
    }
}
