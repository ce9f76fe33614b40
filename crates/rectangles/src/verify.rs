//! An independent checker for rectangle-packing answers.
//!
//! It shares no code with the solver or any encoder: it reads only the raw puzzle data (piece
//! widths and heights, canvas size) and paints the placements on its own grid. It checks that
//! every placement names an existing piece, lies inside the canvas, overlaps nothing, that
//! rotated placements only occur when rotation is allowed, that no piece is used twice unless
//! reuse is allowed, and that every canvas cell ends up covered. The order of the placements is
//! not checked (any order describing a valid cover is accepted).

use thiserror::Error;

use crate::{Options, Placement, Puzzle};

/// Why a list of placements is not a solution.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum VerifyError {
    /// A placement names a piece that does not exist.
    #[error("placement {index}: there is no piece {piece} ({count} pieces)")]
    NoSuchPiece {
        /// 0-based position in the placement list.
        index: usize,
        /// The piece named.
        piece: usize,
        /// Number of pieces.
        count: usize,
    },
    /// A rotated placement while rotation is not allowed.
    #[error("placement {index}: piece {piece} is rotated, but rotation is not allowed")]
    RotationNotAllowed {
        /// 0-based position in the placement list.
        index: usize,
        /// The piece.
        piece: usize,
    },
    /// A piece placed a second time while reuse is not allowed.
    #[error("placement {index}: piece {piece} is used a second time")]
    Reused {
        /// 0-based position in the placement list.
        index: usize,
        /// The piece.
        piece: usize,
    },
    /// A placement sticking out of the canvas.
    #[error("placement {index}: piece {piece} at ({row}, {col}) sticks out of the canvas")]
    OutOfCanvas {
        /// 0-based position in the placement list.
        index: usize,
        /// The piece.
        piece: usize,
        /// Top row.
        row: usize,
        /// Left column.
        col: usize,
    },
    /// Two placements share a cell.
    #[error("placement {index}: cell ({row}, {col}) is already covered by placement {other}")]
    Overlap {
        /// 0-based position in the placement list.
        index: usize,
        /// The earlier placement covering the cell.
        other: usize,
        /// Row of the cell.
        row: usize,
        /// Column of the cell.
        col: usize,
    },
    /// A canvas cell nobody covers.
    #[error("cell ({row}, {col}) is not covered ({uncovered} uncovered cells)")]
    Uncovered {
        /// Row of the first uncovered cell in reading order.
        row: usize,
        /// Column of that cell.
        col: usize,
        /// How many cells are uncovered.
        uncovered: usize,
    },
}

/// Checks that `placements` cover `puzzle`'s canvas under `options`.
pub fn check(
    puzzle: &Puzzle,
    options: &Options,
    placements: &[Placement],
) -> Result<(), VerifyError> {
    let (width, height) = (puzzle.canvas.width, puzzle.canvas.height);
    let mut owner: Vec<Option<usize>> = vec![None; width * height];
    let mut times_used = vec![0usize; puzzle.pieces.len()];
    for (index, pl) in placements.iter().enumerate() {
        let Some(piece) = puzzle.pieces.get(pl.piece) else {
            return Err(VerifyError::NoSuchPiece {
                index,
                piece: pl.piece,
                count: puzzle.pieces.len(),
            });
        };
        if pl.rotated && !options.allow_rotation {
            return Err(VerifyError::RotationNotAllowed {
                index,
                piece: pl.piece,
            });
        }
        times_used[pl.piece] += 1;
        if times_used[pl.piece] > 1 && !options.allow_reuse {
            return Err(VerifyError::Reused {
                index,
                piece: pl.piece,
            });
        }
        let (w, h) = if pl.rotated {
            (piece.height, piece.width)
        } else {
            (piece.width, piece.height)
        };
        let inside = pl.row.checked_add(h).is_some_and(|end| end <= height)
            && pl.col.checked_add(w).is_some_and(|end| end <= width);
        if !inside {
            return Err(VerifyError::OutOfCanvas {
                index,
                piece: pl.piece,
                row: pl.row,
                col: pl.col,
            });
        }
        for row in pl.row..pl.row + h {
            for col in pl.col..pl.col + w {
                let cell = &mut owner[row * width + col];
                if let Some(other) = *cell {
                    return Err(VerifyError::Overlap {
                        index,
                        other,
                        row,
                        col,
                    });
                }
                *cell = Some(index);
            }
        }
    }
    let uncovered = owner.iter().filter(|o| o.is_none()).count();
    if let Some(first) = owner.iter().position(|o| o.is_none()) {
        return Err(VerifyError::Uncovered {
            row: first / width,
            col: first % width,
            uncovered,
        });
    }
    Ok(())
}
