//! Painting a solution the way the classic program prints it.

use crate::{letter, Piece, Solution};

/// The square as rows of characters: each piece's cells hold its letter (`A` for the first
/// piece in input order), empty cells hold `.`.
///
/// Panics if `solution` has a placement count different from `pieces.len()` or places a piece
/// outside the square (solutions from [`crate::native`] never do).
pub fn paint(solution: &Solution, pieces: &[Piece]) -> Vec<String> {
    assert_eq!(
        solution.placements.len(),
        pieces.len(),
        "one placement per piece"
    );
    let n = solution.side;
    let mut grid = vec![vec![b'.'; n]; n];
    for (k, (piece, &(row, col))) in pieces.iter().zip(&solution.placements).enumerate() {
        for (dr, dc) in piece.cells() {
            // A placement off the square (a partial assignment, e.g. the inspection page's
            // probes) is left out rather than panicking; the rule checker rejects it.
            let cell = row
                .checked_add(dr)
                .zip(col.checked_add(dc))
                .and_then(|(r, c)| grid.get_mut(r).and_then(|line| line.get_mut(c)));
            if let Some(cell) = cell {
                *cell = letter(k) as u8;
            }
        }
    }
    grid.into_iter()
        .map(|r| String::from_utf8(r).expect("ASCII"))
        .collect()
}

/// The classic program's output: `side` lines of `side` characters, each ended by `\n`.
///
/// ```
/// let pieces = backref_fillit::parse(b"....\n.##.\n.##.\n....\n").unwrap();
/// let solution = backref_fillit::solve(&pieces);
/// assert_eq!(backref_fillit::render(&solution, &pieces), "AA\nAA\n");
/// ```
pub fn render(solution: &Solution, pieces: &[Piece]) -> String {
    let mut out = String::with_capacity(solution.side * (solution.side + 1));
    for row in paint(solution, pieces) {
        out.push_str(&row);
        out.push('\n');
    }
    out
}
