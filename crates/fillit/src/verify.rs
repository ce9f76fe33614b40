//! An independent checker for fillit answers.
//!
//! It shares no code with the solver, the renderer or any encoder: it reads the pieces only
//! through their raw 4×4 masks ([`Piece::mask`]) and re-derives everything else itself. It checks
//! that a printed square is a correct packing of the given pieces — `side` lines of `side`
//! characters each ended by `\n`, only `.` and the letters of the pieces, each letter exactly on
//! four cells forming its piece's shape (translated, never rotated) — and, when asked, that the
//! side equals an expected side. Whether the side is the smallest possible, or the arrangement
//! the first in classic order, is not checked (that needs a search).

use std::collections::BTreeSet;

use thiserror::Error;

use crate::{Piece, Solution};

/// Why an answer is wrong.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum VerifyError {
    /// The output is empty.
    #[error("the output is empty")]
    Empty,
    /// The output does not end with `\n`.
    #[error("the last line is not ended by \\n")]
    MissingNewline,
    /// A line whose length differs from the number of lines.
    #[error("line {line}: {length} characters in a square of {side} lines")]
    NotSquare {
        /// 1-based line number.
        line: usize,
        /// Characters on that line.
        length: usize,
        /// Number of lines.
        side: usize,
    },
    /// A character that is neither `.` nor the letter of one of the pieces.
    #[error("line {line}, column {column}: unexpected character {ch:?}")]
    BadChar {
        /// 1-based line number.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The character.
        ch: char,
    },
    /// A piece's letter does not appear on exactly four cells.
    #[error("letter {letter} appears on {count} cells, expected 4")]
    CellCount {
        /// The piece's letter.
        letter: char,
        /// Cells painted with it.
        count: usize,
    },
    /// A piece's letter covers four cells that do not form its shape.
    #[error("the cells of letter {letter} do not form its piece's shape")]
    WrongShape {
        /// The piece's letter.
        letter: char,
    },
    /// The square's side is not the expected one.
    #[error("the square's side is {side}, expected {expected}")]
    WrongSide {
        /// Side found.
        side: usize,
        /// Side expected.
        expected: usize,
    },
    /// More than 26 pieces, or a solution whose placement count differs from the piece count.
    #[error("{placements} placements for {pieces} pieces")]
    PieceCount {
        /// Placements (or letters available).
        placements: usize,
        /// Pieces given.
        pieces: usize,
    },
    /// A placement puts a piece (partly) outside the square.
    #[error("piece {letter} at ({row}, {col}) does not lie inside the square")]
    OutOfBounds {
        /// The piece's letter.
        letter: char,
        /// Row of its bounding box's top-left corner.
        row: usize,
        /// Column of its bounding box's top-left corner.
        col: usize,
    },
    /// Two pieces share a cell.
    #[error("pieces {first} and {second} overlap at ({row}, {col})")]
    Overlap {
        /// Letter painted first.
        first: char,
        /// Letter painted second.
        second: char,
        /// Row of the shared cell.
        row: usize,
        /// Column of the shared cell.
        col: usize,
    },
}

const LETTERS: &[u8; 26] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// The cells of a raw 4×4 mask, translated so the smallest row and column are 0.
fn normalized_mask_cells(mask: u16) -> BTreeSet<(usize, usize)> {
    let raw: Vec<(usize, usize)> = (0..16usize)
        .filter(|bit| mask & (1 << bit) != 0)
        .map(|bit| (bit / 4, bit % 4))
        .collect();
    normalize(&raw)
}

fn normalize(cells: &[(usize, usize)]) -> BTreeSet<(usize, usize)> {
    let r0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let c0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
    cells.iter().map(|&(r, c)| (r - r0, c - c0)).collect()
}

/// Checks a printed square (the exact text, every line ended by `\n`) against the pieces, and
/// its side against `expected_side` when given. Returns the side.
pub fn check_output(
    output: &str,
    pieces: &[Piece],
    expected_side: Option<usize>,
) -> Result<usize, VerifyError> {
    if pieces.len() > LETTERS.len() {
        return Err(VerifyError::PieceCount {
            placements: LETTERS.len(),
            pieces: pieces.len(),
        });
    }
    if output.is_empty() {
        return Err(VerifyError::Empty);
    }
    let Some(body) = output.strip_suffix('\n') else {
        return Err(VerifyError::MissingNewline);
    };
    let rows: Vec<Vec<char>> = body.split('\n').map(|l| l.chars().collect()).collect();
    let side = rows.len();
    let mut cells_of: Vec<Vec<(usize, usize)>> = vec![Vec::new(); pieces.len()];
    for (r, row) in rows.iter().enumerate() {
        if row.len() != side {
            return Err(VerifyError::NotSquare {
                line: r + 1,
                length: row.len(),
                side,
            });
        }
        for (c, &ch) in row.iter().enumerate() {
            if ch == '.' {
                continue;
            }
            match LETTERS[..pieces.len()]
                .iter()
                .position(|&l| l as char == ch)
            {
                Some(k) => cells_of[k].push((r, c)),
                None => {
                    return Err(VerifyError::BadChar {
                        line: r + 1,
                        column: c + 1,
                        ch,
                    })
                }
            }
        }
    }
    for (k, piece) in pieces.iter().enumerate() {
        let letter = LETTERS[k] as char;
        if cells_of[k].len() != 4 {
            return Err(VerifyError::CellCount {
                letter,
                count: cells_of[k].len(),
            });
        }
        if normalize(&cells_of[k]) != normalized_mask_cells(piece.mask()) {
            return Err(VerifyError::WrongShape { letter });
        }
    }
    if let Some(expected) = expected_side {
        if side != expected {
            return Err(VerifyError::WrongSide { side, expected });
        }
    }
    Ok(side)
}

/// Checks a [`Solution`] (placements of bounding-box corners) against the pieces: one placement
/// per piece, every piece inside the square, no overlap, and the side against `expected_side`
/// when given. Paints the square itself and then applies [`check_output`].
pub fn check_solution(
    solution: &Solution,
    pieces: &[Piece],
    expected_side: Option<usize>,
) -> Result<(), VerifyError> {
    if solution.placements.len() != pieces.len() || pieces.len() > LETTERS.len() {
        return Err(VerifyError::PieceCount {
            placements: solution.placements.len(),
            pieces: pieces.len(),
        });
    }
    let n = solution.side;
    let mut grid = vec![vec!['.'; n]; n];
    for (k, (piece, &(row, col))) in pieces.iter().zip(&solution.placements).enumerate() {
        let letter = LETTERS[k] as char;
        for (dr, dc) in normalized_mask_cells(piece.mask()) {
            let (r, c) = (row + dr, col + dc);
            if r >= n || c >= n {
                return Err(VerifyError::OutOfBounds { letter, row, col });
            }
            if grid[r][c] != '.' {
                return Err(VerifyError::Overlap {
                    first: grid[r][c],
                    second: letter,
                    row: r,
                    col: c,
                });
            }
            grid[r][c] = letter;
        }
    }
    let text: String = grid
        .iter()
        .map(|row| row.iter().collect::<String>() + "\n")
        .collect();
    if n == 0 {
        // An empty square is only right for zero pieces.
        return if pieces.is_empty() {
            Ok(())
        } else {
            Err(VerifyError::Empty)
        };
    }
    check_output(&text, pieces, expected_side).map(|_| ())
}
