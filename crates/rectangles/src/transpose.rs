//! The canvas scanned column by column: the same search as row by row, run on the transposed
//! puzzle (canvas and pieces mirrored along the diagonal), its answer mirrored back.
//!
//! A piece placed upright in the transposed puzzle covers, mirrored back, the original piece
//! upright (a `w × h` piece becomes `h × w` and its footprint turns back), so `rotated` keeps its
//! meaning and the rendering, which reads the original piece, stays a legal orientation. The
//! order of the search changes (the first free cell down the columns), hence its tree and
//! possibly which answer it finds first; the rules, the solutions and their number do not.

use crate::{Piece, Placement, Puzzle};

/// The suffix of an order name that scans the canvas column by column (`area-by-columns`).
pub const BY_COLUMNS: &str = "-by-columns";

impl Puzzle {
    /// The puzzle mirrored along the diagonal: canvas and pieces with rows and columns swapped.
    pub fn transposed(&self) -> Puzzle {
        Puzzle {
            pieces: self.pieces.iter().map(Piece::transposed).collect(),
            canvas: crate::Canvas {
                width: self.canvas.height,
                height: self.canvas.width,
            },
        }
    }
}

impl Piece {
    /// The piece mirrored along its diagonal.
    pub fn transposed(&self) -> Piece {
        let cells = (0..self.width)
            .flat_map(|col| (0..self.height).map(move |row| (row, col)))
            .map(|(row, col)| self.cells[row * self.width + col])
            .collect();
        Piece {
            width: self.height,
            height: self.width,
            cells,
            line: self.line,
        }
    }
}

/// Placements found on the transposed puzzle, mirrored back and listed in reading order of
/// their top-left cells (the order a row-by-row search would have used them in).
pub fn placements_back(mut placements: Vec<Placement>) -> Vec<Placement> {
    for p in &mut placements {
        std::mem::swap(&mut p.row, &mut p.col);
    }
    placements.sort_by_key(|p| (p.row, p.col));
    placements
}

/// Whether the order `name` scans column by column, and the piece order's own name.
pub fn split_order(name: &str) -> (&str, bool) {
    match name.strip_suffix(BY_COLUMNS) {
        Some(pieces) => (pieces, true),
        None => (name, false),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{check, parse, solve, Options};

    #[test]
    fn a_transposed_answer_mirrored_back_is_an_answer() {
        let text = "ab\ncd\nef\n\nggg\n\nhhh\nhhh\n\n~~~~~\n~~~~~\n~~~~~\n";
        let puzzle = parse(text).unwrap();
        let options = Options::default();
        let found = solve(&puzzle.transposed(), &options).expect("solvable");
        let back = placements_back(found);
        check(&puzzle, &options, &back).unwrap();
        assert!(back
            .windows(2)
            .all(|w| (w[0].row, w[0].col) < (w[1].row, w[1].col)));
    }

    #[test]
    fn transposing_twice_is_the_identity() {
        let puzzle = parse("ab\ncd\nef\n\n~~~\n~~~\n").unwrap();
        assert_eq!(puzzle.transposed().transposed(), puzzle);
        assert_eq!(split_order("area-by-columns"), ("area", true));
        assert_eq!(split_order("input"), ("input", false));
    }
}
