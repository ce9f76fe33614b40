//! Suguru stated through the IR.
//!
//! One boolean per (cell, digit) for the digits 1..k of the cell's region (only the given digit
//! for a given cell); each cell is a `one_of` over its booleans, decided in a static order
//! (`decision_order`), whose guards fold in both rules: the boolean of digit d is guarded by
//! the same digit's booleans of the earlier-decided cells of its region and of its
//! earlier-decided neighbours (diagonals included), so a clash fails as soon as the later cell
//! is set. At most one of each digit per region and k
//! cells for k digits leaves exactly one of each.

use backref_program::{Program, ProgramError, VarId};

use crate::{Digits, Suguru};

/// The boolean token.
pub const TRUE: char = 'D';

/// A program for one grid, its decision order and its variables.
pub struct Encoded {
    /// The program.
    pub program: Program,
    /// Decision variables (every digit boolean, cell by cell).
    pub order: Vec<VarId>,
    /// `digits[r][c]`: the cell's booleans with their digits.
    pub digits: Vec<Vec<Vec<(u8, VarId)>>>,
}

/// For every cell, row-major, the cells it must differ from: the others of its region and its
/// neighbours, diagonals included.
fn all_rivals(puzzle: &Suguru) -> Vec<Vec<(usize, usize)>> {
    let (h, w) = (puzzle.rows(), puzzle.cols());
    let mut out = vec![Vec::new(); h * w];
    for r in 0..h {
        for c in 0..w {
            for r2 in 0..h {
                for c2 in 0..w {
                    let same_region = puzzle.regions[r2][c2] == puzzle.regions[r][c];
                    let touching = r.abs_diff(r2) <= 1 && c.abs_diff(c2) <= 1;
                    if (r2, c2) != (r, c) && (same_region || touching) {
                        out[r * w + c].push((r2, c2));
                    }
                }
            }
        }
    }
    out
}

/// The cells in decision order, static from the regions and givens (never from an answer).
/// Next is, in turn:
///
/// 1. the open cell with the most decided rivals (its digit is checked against the most);
/// 2. among those equal so far, the one with the fewest digits its region allows once the
///    digits given to its rivals are set aside (a given cell has one);
/// 3. reading order.
///
/// So the search starts at the tightest cell and grows from what it has decided. Reading order
/// left a 10×10 grid's small regions and clues for late (377 ms of matching against 11 ms;
/// docs/suguru.md). Taking the fewest digits first, wherever they are, was slower still: it
/// decided cells that constrain nothing decided before them.
/// `rivals` is [`all_rivals`]'s.
fn decision_order(puzzle: &Suguru, rivals: &[Vec<(usize, usize)>]) -> Vec<(usize, usize)> {
    let (h, w) = (puzzle.rows(), puzzle.cols());
    let cells: Vec<(usize, usize)> = (0..h).flat_map(|r| (0..w).map(move |c| (r, c))).collect();
    let room: Vec<usize> = cells
        .iter()
        .zip(rivals)
        .map(|(&(r, c), rivals)| match puzzle.givens[r][c] {
            Some(_) => 1,
            None => {
                let k = puzzle.sizes[puzzle.regions[r][c]] as u8;
                (1..=k)
                    .filter(|d| !rivals.iter().any(|&(y, x)| puzzle.givens[y][x] == Some(*d)))
                    .count()
            }
        })
        .collect();
    let mut done = vec![vec![false; w]; h];
    let mut out = Vec::with_capacity(cells.len());
    while out.len() < cells.len() {
        let next = (0..cells.len())
            .filter(|&i| !done[cells[i].0][cells[i].1])
            .min_by_key(|&i| {
                let decided = rivals[i].iter().filter(|&&(y, x)| done[y][x]).count();
                (usize::MAX - decided, room[i], i)
            })
            .expect("an open cell");
        let (r, c) = cells[next];
        done[r][c] = true;
        out.push((r, c));
    }
    out
}

/// States `puzzle`.
pub fn encode(puzzle: &Suguru) -> Result<Encoded, ProgramError> {
    let (h, w) = (puzzle.rows(), puzzle.cols());
    let mut p = Program::new(TRUE);
    let mut digits: Vec<Vec<Vec<(u8, VarId)>>> = vec![vec![Vec::new(); w]; h];
    let mut order = Vec::new();
    let rivals = all_rivals(puzzle);
    for (r, c) in decision_order(puzzle, &rivals) {
        let values: Vec<u8> = match puzzle.givens[r][c] {
            Some(d) => vec![d],
            None => (1..=puzzle.sizes[puzzle.regions[r][c]] as u8).collect(),
        };
        let names: Vec<String> = values.iter().map(|d| format!("D_{r}_{c}_{d}")).collect();
        // Rivals decided earlier have their booleans already.
        let earlier: Vec<&Vec<(u8, VarId)>> = rivals[r * w + c]
            .iter()
            .map(|&(y, x)| &digits[y][x])
            .collect();
        let guards = values
            .iter()
            .map(|&d| {
                earlier
                    .iter()
                    .flat_map(|cell| cell.iter().filter(|(e, _)| *e == d).map(|(_, v)| *v))
                    .collect()
            })
            .collect();
        let vars = p.one_of(&names, guards)?;
        order.extend(&vars);
        digits[r][c] = values.into_iter().zip(vars).collect();
    }
    Ok(Encoded {
        program: p,
        order,
        digits,
    })
}

impl Encoded {
    /// Reads the digits from decoded values.
    pub fn answer(&self, values: &[String]) -> Digits {
        Digits {
            digits: self
                .digits
                .iter()
                .map(|row| {
                    row.iter()
                        .map(|cell| {
                            cell.iter()
                                .find(|(_, v)| !values[v.index()].is_empty())
                                .map_or(0, |(d, _)| *d)
                        })
                        .collect()
                })
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_order_starts_at_the_tightest_cells_and_grows_from_them() {
        // A 9-cell region above three single cells that touch: the single cells (one digit
        // each) come first, and the second one, touching the first, fails at once. Reading
        // order decided the nine cells first (100 ms of matching).
        let p = crate::parse(
            "1 1 1\n1 1 1\n1 1 1\n2 3 4\n\n. . .\n. . .\n. . .\n. . .\n",
            "t",
        )
        .unwrap();
        let order = decision_order(&p, &all_rivals(&p));
        assert_eq!(order[..2], [(3, 0), (3, 1)]);
        assert_eq!(order.len(), 12);
        // Then the cells with the most decided rivals: (2,0) touches both.
        assert_eq!(order[2], (2, 0));
    }
}
