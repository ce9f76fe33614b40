//! Parsing Kakuro grids (see the crate documentation). Never panics; every problem is a
//! [`ParseError`].

use backref_gridtext::significant_lines;
pub use backref_gridtext::ParseError;

use crate::{Cell, Kakuro};

/// Parses `text` (named `origin` in errors).
pub fn parse(text: &str, origin: &str) -> Result<Kakuro, ParseError> {
    let mut cells: Vec<Vec<Cell>> = Vec::new();
    let mut where_: Vec<Vec<(usize, usize)>> = Vec::new();
    for (n, line) in significant_lines(text, ';') {
        let mut row = Vec::new();
        let mut at = Vec::new();
        let mut col = 1;
        for token in line.split([' ', '\t']) {
            let start = col;
            col += token.chars().count() + 1;
            if token.is_empty() {
                continue;
            }
            let number = |s: &str| -> Result<Option<u32>, ParseError> {
                match s {
                    "" | "-" => Ok(None),
                    _ => s.parse::<u32>().map(Some).map_err(|_| {
                        ParseError::new(
                            origin,
                            n,
                            start,
                            format!("expected a clue sum, found {s:?} in {token:?}"),
                        )
                    }),
                }
            };
            row.push(match token {
                "." | "_" | "0" => Cell::White,
                "#" | "X" | "x" => Cell::Black {
                    down: None,
                    across: None,
                },
                t => match t.split_once('\\') {
                    Some((d, a)) => Cell::Black {
                        down: number(d)?,
                        across: number(a)?,
                    },
                    None => {
                        return Err(ParseError::new(
                            origin,
                            n,
                            start,
                            format!("expected . (white), # (black) or a clue D\\R, found {t:?}"),
                        ))
                    }
                },
            });
            at.push((n, start));
        }
        if let Some(first) = cells.first() {
            if row.len() != first.len() {
                return Err(ParseError::new(
                    origin,
                    n,
                    0,
                    format!(
                        "row {} has {} cells, expected {}",
                        cells.len() + 1,
                        row.len(),
                        first.len()
                    ),
                ));
            }
        }
        cells.push(row);
        where_.push(at);
    }
    if cells.is_empty() {
        return Err(ParseError::new(
            origin,
            0,
            0,
            "empty input: expected rows of cells",
        ));
    }
    let (h, w) = (cells.len(), cells[0].len());
    for r in 0..h {
        for c in 0..w {
            if let Cell::Black { down, across } = cells[r][c] {
                let (n, col) = where_[r][c];
                let run = |dr: usize, dc: usize| {
                    let mut k = 0;
                    let (mut y, mut x) = (r + dr, c + dc);
                    while y < h && x < w && cells[y][x] == Cell::White {
                        k += 1;
                        y += dr;
                        x += dc;
                    }
                    k
                };
                for (sum, len, what) in [(down, run(1, 0), "down"), (across, run(0, 1), "across")] {
                    let Some(sum) = sum else { continue };
                    let least: u32 = (1..=len as u32).sum();
                    let most: u32 = (10 - len as u32..=9).sum();
                    if len == 0 || len > 9 || sum < least || sum > most {
                        return Err(ParseError::new(
                            origin,
                            n,
                            col,
                            format!("{what} clue {sum} cannot be the sum of {len} distinct digits"),
                        ));
                    }
                }
            }
        }
    }
    Ok(Kakuro { cells })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_and_errors() {
        let k = parse("#   4\\  3\\\n\\3  .  .\n\\4  .  .\n", "t").unwrap();
        assert_eq!(
            k.cells[0][1],
            Cell::Black {
                down: Some(4),
                across: None
            }
        );
        assert_eq!(
            k.cells[1][0],
            Cell::Black {
                down: None,
                across: Some(3)
            }
        );
        assert_eq!(k.runs().len(), 4);
        let e = parse("# ?\n", "f").unwrap_err().to_string();
        assert_eq!(
            e,
            "f:1:3: expected . (white), # (black) or a clue D\\R, found \"?\""
        );
        let e = parse("#   4\\  20\\\n\\3  .  .\n\\4  .  .\n", "f")
            .unwrap_err()
            .to_string();
        assert_eq!(
            e,
            "f:1:9: down clue 20 cannot be the sum of 2 distinct digits"
        );
        let e = parse("# x\\1\n", "f").unwrap_err().to_string();
        assert!(e.contains("expected a clue sum"), "{e}");
    }
}
