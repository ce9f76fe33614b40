//! The rule checker: reads proposed stars against the rules, sharing no code with the encoder
//! or the native solver.

use thiserror::Error;

use crate::{StarBattle, Stars};

/// One broken rule (rows and columns counted from 1).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Violation {
    /// The answer is not N×N (nothing else is checked then).
    #[error("the answer must be {n}×{n}")]
    Shape {
        /// The side.
        n: usize,
    },
    /// A row, column or region without k stars.
    #[error("{what} has {found} stars, expected {k}")]
    Count {
        /// `row N`, `column N` or `region ID`.
        what: String,
        /// Stars found.
        found: usize,
        /// Stars wanted.
        k: u32,
    },
    /// Two stars that touch.
    #[error("the stars at row {}, column {} and row {}, column {} touch", .a.0, .a.1, .b.0, .b.1)]
    Touch {
        /// One star (row, column).
        a: (usize, usize),
        /// The other.
        b: (usize, usize),
    },
}

/// Checks `answer` against `puzzle` with `k` stars; every broken rule is reported.
pub fn check(puzzle: &StarBattle, k: u32, answer: &Stars) -> Result<(), Vec<Violation>> {
    let n = puzzle.size();
    if answer.stars.len() != n || answer.stars.iter().any(|r| r.len() != n) {
        return Err(vec![Violation::Shape { n }]);
    }
    let s = &answer.stars;
    let mut out = Vec::new();
    let mut tally = |what: String, found: usize| {
        if found != k as usize {
            out.push(Violation::Count { what, found, k });
        }
    };
    for (r, row) in s.iter().enumerate() {
        tally(format!("row {}", r + 1), row.iter().filter(|&&x| x).count());
    }
    for c in 0..n {
        tally(
            format!("column {}", c + 1),
            s.iter().filter(|row| row[c]).count(),
        );
    }
    for (i, name) in puzzle.names.iter().enumerate() {
        let found = (0..n)
            .flat_map(|r| (0..n).map(move |c| (r, c)))
            .filter(|&(r, c)| puzzle.regions[r][c] == i && s[r][c])
            .count();
        tally(format!("region {name}"), found);
    }
    for r in 0..n {
        for c in 0..n {
            if !s[r][c] {
                continue;
            }
            // Each touching pair once: the neighbours right, below-left, below, below-right.
            for (dr, dc) in [(0isize, 1isize), (1, -1), (1, 0), (1, 1)] {
                let (r2, c2) = (r as isize + dr, c as isize + dc);
                if r2 < n as isize && c2 >= 0 && c2 < n as isize && s[r2 as usize][c2 as usize] {
                    out.push(Violation::Touch {
                        a: (r + 1, c + 1),
                        b: (r2 as usize + 1, c2 as usize + 1),
                    });
                }
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
        let p = crate::parse("1 1 2 2\n1 1 2 2\n3 3 4 4\n3 3 4 4\n", "t").unwrap();
        // 4×4, 1 star: .*.. / ...* / *... / ..*. — region 1 has (1,2), region 2 (2,4),
        // region 3 (3,1), region 4 (4,3).
        let good = Stars::from_rows(&[".*..", "...*", "*...", "..*."]);
        assert_eq!(check(&p, 1, &good), Ok(()));
        let bad = Stars::from_rows(&["*...", ".*..", "....", "...."]);
        let e = check(&p, 1, &bad).unwrap_err();
        assert!(e.contains(&Violation::Touch {
            a: (1, 1),
            b: (2, 2)
        }));
        assert!(e
            .iter()
            .any(|v| v.to_string() == "row 3 has 0 stars, expected 1"));
        assert!(e
            .iter()
            .any(|v| v.to_string() == "region 1 has 2 stars, expected 1"));
        assert_eq!(
            check(&p, 1, &Stars::from_rows(&["*"])),
            Err(vec![Violation::Shape { n: 4 }])
        );
    }
}
