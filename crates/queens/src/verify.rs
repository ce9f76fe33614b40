//! The rule checker: written from the rules alone, sharing nothing with the encoder.

/// A broken rule on a queens board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Violation {
    /// The board does not have N rows of N squares.
    #[error("the board is not {n}x{n}")]
    Shape {
        /// The board size asked for.
        n: usize,
    },
    /// A square holds something other than `Q` or `.`.
    #[error("square ({row},{col}) holds {found:?}")]
    Symbol {
        /// Row of the square.
        row: usize,
        /// Column of the square.
        col: usize,
        /// What it holds.
        found: char,
    },
    /// The board does not hold exactly N queens.
    #[error("{found} queens on the board, expected {n}")]
    Count {
        /// Queens found.
        found: usize,
        /// Queens expected.
        n: usize,
    },
    /// Two queens share a row, a column or a diagonal.
    #[error("queens at ({},{}) and ({},{}) attack each other", .a.0, .a.1, .b.0, .b.1)]
    Attack {
        /// One queen's (row, column).
        a: (usize, usize),
        /// The other's.
        b: (usize, usize),
    },
}

/// Checks a board given as rows of `Q`/`.`: N×N, exactly N queens, no two attacking.
/// Returns every broken rule.
pub fn check(n: usize, rows: &[String]) -> Result<(), Vec<Violation>> {
    let mut errors = Vec::new();
    if rows.len() != n || rows.iter().any(|r| r.chars().count() != n) {
        return Err(vec![Violation::Shape { n }]);
    }
    let mut queens = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            match ch {
                'Q' => queens.push((r, c)),
                '.' => {}
                found => errors.push(Violation::Symbol {
                    row: r,
                    col: c,
                    found,
                }),
            }
        }
    }
    if queens.len() != n {
        errors.push(Violation::Count {
            found: queens.len(),
            n,
        });
    }
    for (i, &a) in queens.iter().enumerate() {
        for &b in &queens[i + 1..] {
            if a.0 == b.0 || a.1 == b.1 || a.0.abs_diff(b.0) == a.1.abs_diff(b.1) {
                errors.push(Violation::Attack { a, b });
            }
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &[&str]) -> Vec<String> {
        rows.iter().map(|r| r.to_string()).collect()
    }

    #[test]
    fn a_solution_passes_and_attacks_are_named() {
        assert!(check(4, &board(&[".Q..", "...Q", "Q...", "..Q."])).is_ok());
        let e = check(4, &board(&["Q...", ".Q..", "...Q", "..Q."])).unwrap_err();
        assert!(e.contains(&Violation::Attack {
            a: (0, 0),
            b: (1, 1)
        }));
        assert_eq!(
            e[0].to_string(),
            "queens at (0,0) and (1,1) attack each other"
        );
        assert_eq!(
            check(3, &board(&["..."])).unwrap_err(),
            [Violation::Shape { n: 3 }]
        );
    }
}
