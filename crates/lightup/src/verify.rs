//! The rule checker: walks the proposed bulbs' rays over the grid; shares no code with the
//! encoder or the native solver.

use thiserror::Error;

use crate::{Bulbs, Cell, LightUp};

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
    /// A bulb on a black cell.
    #[error("a bulb stands on the black cell at row {0}, column {1}")]
    OnWall(usize, usize),
    /// Two bulbs that see each other.
    #[error("the bulbs at row {}, column {} and row {}, column {} light each other", .0.0, .0.1, .1.0, .1.1)]
    Sees((usize, usize), (usize, usize)),
    /// A white cell no bulb lights.
    #[error("row {0}, column {1} is dark")]
    Dark(usize, usize),
    /// A numbered cell with another number of bulbs around it.
    #[error("the {number} at row {row}, column {col} has {found} bulbs around it")]
    Number {
        /// Row.
        row: usize,
        /// Column.
        col: usize,
        /// The number.
        number: u8,
        /// Bulbs found.
        found: usize,
    },
}

/// Checks `answer` on `puzzle`; every broken rule is reported.
pub fn check(puzzle: &LightUp, answer: &Bulbs) -> Result<(), Vec<Violation>> {
    let (h, w) = (puzzle.rows(), puzzle.cols());
    let b = &answer.bulbs;
    if b.len() != h || b.iter().any(|r| r.len() != w) {
        return Err(vec![Violation::Shape { rows: h, cols: w }]);
    }
    let white = |r: usize, c: usize| puzzle.cells[r][c] == Cell::White;
    let mut out = Vec::new();
    let mut lit = vec![vec![false; w]; h];
    for r in 0..h {
        for c in 0..w {
            if !b[r][c] {
                continue;
            }
            if !white(r, c) {
                out.push(Violation::OnWall(r + 1, c + 1));
                continue;
            }
            lit[r][c] = true;
            for (dr, dc) in [(0isize, 1isize), (1, 0), (0, -1), (-1, 0)] {
                let (mut y, mut x) = (r as isize + dr, c as isize + dc);
                while y >= 0 && x >= 0 && (y as usize) < h && (x as usize) < w {
                    let (yu, xu) = (y as usize, x as usize);
                    if !white(yu, xu) {
                        break;
                    }
                    lit[yu][xu] = true;
                    // Report each pair once, from the earlier bulb looking right or down.
                    if b[yu][xu] && (dr, dc) >= (0, 1) {
                        out.push(Violation::Sees((r + 1, c + 1), (yu + 1, xu + 1)));
                    }
                    y += dr;
                    x += dc;
                }
            }
        }
    }
    for r in 0..h {
        for c in 0..w {
            match puzzle.cells[r][c] {
                Cell::White if !lit[r][c] => out.push(Violation::Dark(r + 1, c + 1)),
                Cell::Black(Some(n)) => {
                    let around = [
                        (r.wrapping_sub(1), c),
                        (r + 1, c),
                        (r, c.wrapping_sub(1)),
                        (r, c + 1),
                    ];
                    let found = around
                        .iter()
                        .filter(|&&(y, x)| y < h && x < w && b[y][x])
                        .count();
                    if found != n as usize {
                        out.push(Violation::Number {
                            row: r + 1,
                            col: c + 1,
                            number: n,
                            found,
                        });
                    }
                }
                _ => {}
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
        let p = crate::parse("..\n.*\n", "t").unwrap();
        assert_eq!(check(&p, &Bulbs::from_rows(&[".L", "L."])), Ok(()));
        assert_eq!(check(&p, &Bulbs::from_rows(&["L.", ".."])), Ok(()));
        let e = check(&p, &Bulbs::from_rows(&["LL", ".."])).unwrap_err();
        assert_eq!(e, vec![Violation::Sees((1, 1), (1, 2))]);
        let e = check(&p, &Bulbs::from_rows(&[".L", ".."])).unwrap_err();
        assert_eq!(e, vec![Violation::Dark(2, 1)]);
        let e = check(&p, &Bulbs::from_rows(&["..", "..", ".."])).unwrap_err();
        assert_eq!(e, vec![Violation::Shape { rows: 2, cols: 2 }]);
        let e = check(&p, &Bulbs::from_rows(&["L.", ".L"])).unwrap_err();
        assert!(e.contains(&Violation::OnWall(2, 2)));
        let q = crate::parse("..\n.1\n", "t").unwrap();
        let e = check(&q, &Bulbs::from_rows(&["L.", ".."])).unwrap_err();
        assert_eq!(
            e[0].to_string(),
            "the 1 at row 2, column 2 has 0 bulbs around it"
        );
    }
}
