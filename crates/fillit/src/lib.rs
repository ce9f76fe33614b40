//! fillit, the 42 school tetrimino-packing project.
//!
//! Input: 1 to 26 tetriminos in the strict fillit text format (see [`parse()`]). Output: the
//! smallest square holding every piece without rotation, pieces lettered `A`, `B`, … in input
//! order, empty cells `.` (see [`render()`]). Among the solutions of the smallest size the classic
//! program prints the first one in its search order: piece `A` at its earliest position (the
//! top-left corner of its bounding box, scanned row by row, left to right), then `B`, and so on,
//! with backtracking. [`native`] reproduces that order exactly, so its output matches the classic
//! program byte for byte.
//!
//! Modules, one job each:
//! - [`mod@parse`]: the strict input parser with typed, line-numbered errors;
//! - [`native`]: the fast native solver (bitboards, order-preserving pruning);
//! - [`verify`]: an independent checker for a printed square (shares no code with the solver);
//! - [`mod@render`]: painting a [`Solution`] as the classic program prints it;
//! - [`dropin`]: the whole classic program (`fillit FILE`) as a library function;
//! - [`encode`]: fillit stated through the backref IR, one square size at a time;
//! - [`bound`]: counting bounds that rule square sizes out without search (encoder side).

pub mod bound;
pub mod cover;
pub mod dropin;
pub mod encode;
pub mod native;
pub mod parse;
pub mod puzzle;
pub mod render;
pub mod svg;
#[cfg(test)]
mod test_sets;
pub mod tree;
pub mod verify;

use serde::{Deserialize, Serialize};

pub use dropin::{drop_in, EXIT_ERROR, EXIT_OK, EXIT_USAGE, USAGE};
pub use native::{
    lower_bound, solve, solve_size, solve_size_with, solve_with, start_side, SearchOptions,
    SizeSearch, SizeStatus, SolveReport, EXACT_AFTER, MAX_SIDE,
};
pub use parse::{parse, ParseError};
pub use render::{paint, render};
pub use verify::{check_output, check_solution, VerifyError};

/// Maximum number of pieces in a fillit input (one per letter `A`..=`Z`).
pub const MAX_PIECES: usize = 26;

/// The letter of the piece at 0-based input position `index` (`0` → `A`, `25` → `Z`).
///
/// Panics if `index >= 26` (a parsed input never has more than [`MAX_PIECES`] pieces).
pub fn letter(index: usize) -> char {
    assert!(index < MAX_PIECES, "fillit has at most 26 pieces");
    (b'A' + index as u8) as char
}

/// One of the 19 fixed (unrotatable) tetrimino shapes.
///
/// Rotated variants are named by the clockwise rotation from the upright form: `L0` is
/// `#.` / `#.` / `##`, `L90` is `###` / `#..`, and so on; `TUp` has its stem pointing up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[allow(missing_docs)]
pub enum Shape {
    IHorizontal,
    IVertical,
    O,
    TUp,
    TRight,
    TDown,
    TLeft,
    SHorizontal,
    SVertical,
    ZHorizontal,
    ZVertical,
    L0,
    L90,
    L180,
    L270,
    J0,
    J90,
    J180,
    J270,
}

/// Builds a 4×4 mask (bit `4·row + col`) from rows separated by `/`.
const fn mask_of(pattern: &str) -> u16 {
    let bytes = pattern.as_bytes();
    let mut mask = 0u16;
    let (mut row, mut col, mut i) = (0u16, 0u16, 0usize);
    while i < bytes.len() {
        match bytes[i] {
            b'/' => {
                row += 1;
                col = 0;
            }
            b'#' => {
                mask |= 1 << (row * 4 + col);
                col += 1;
            }
            _ => col += 1,
        }
        i += 1;
    }
    mask
}

impl Shape {
    /// All 19 shapes, in declaration order.
    pub const ALL: [Shape; 19] = [
        Shape::IHorizontal,
        Shape::IVertical,
        Shape::O,
        Shape::TUp,
        Shape::TRight,
        Shape::TDown,
        Shape::TLeft,
        Shape::SHorizontal,
        Shape::SVertical,
        Shape::ZHorizontal,
        Shape::ZVertical,
        Shape::L0,
        Shape::L90,
        Shape::L180,
        Shape::L270,
        Shape::J0,
        Shape::J90,
        Shape::J180,
        Shape::J270,
    ];

    /// The shape's cells as a 4×4 mask normalized to the top-left (bit `4·row + col`).
    pub const fn mask(self) -> u16 {
        match self {
            Shape::IHorizontal => mask_of("####"),
            Shape::IVertical => mask_of("#/#/#/#"),
            Shape::O => mask_of("##/##"),
            Shape::TUp => mask_of(".#./###"),
            Shape::TRight => mask_of("#./##/#."),
            Shape::TDown => mask_of("###/.#."),
            Shape::TLeft => mask_of(".#/##/.#"),
            Shape::SHorizontal => mask_of(".##/##."),
            Shape::SVertical => mask_of("#./##/.#"),
            Shape::ZHorizontal => mask_of("##./.##"),
            Shape::ZVertical => mask_of(".#/##/#."),
            Shape::L0 => mask_of("#./#./##"),
            Shape::L90 => mask_of("###/#.."),
            Shape::L180 => mask_of("##/.#/.#"),
            Shape::L270 => mask_of("..#/###"),
            Shape::J0 => mask_of(".#/.#/##"),
            Shape::J90 => mask_of("#../###"),
            Shape::J180 => mask_of("##/#./#."),
            Shape::J270 => mask_of("###/..#"),
        }
    }

    /// The shape whose normalized 4×4 mask is `mask`, if any.
    pub fn from_mask(mask: u16) -> Option<Shape> {
        Shape::ALL.into_iter().find(|s| s.mask() == mask)
    }

    /// The piece with this shape.
    pub fn piece(self) -> Piece {
        Piece::from_mask(self.mask()).expect("every shape mask is a tetrimino")
    }
}

/// A tetrimino, normalized so that its bounding box starts at row 0, column 0.
///
/// The invariant (exactly four edge-connected cells touching row 0 and column 0) is guaranteed by
/// the constructors, so every `Piece` is one of the 19 [`Shape`]s.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Piece {
    mask: u16,
}

impl Piece {
    /// Builds a piece from any 4×4 mask (bit `4·row + col`) holding exactly four edge-connected
    /// cells, wherever they sit in the 4×4 box. Returns `None` for anything else.
    pub fn from_mask(mask: u16) -> Option<Piece> {
        if mask.count_ones() != 4 {
            return None;
        }
        let mut m = mask;
        while m & 0x000F == 0 {
            m >>= 4;
        }
        while m & 0x1111 == 0 {
            m >>= 1;
        }
        Shape::from_mask(m).map(|_| Piece { mask: m })
    }

    /// The piece's shape.
    pub fn shape(&self) -> Shape {
        Shape::from_mask(self.mask).expect("piece invariant")
    }

    /// The normalized 4×4 mask (bit `4·row + col`).
    pub fn mask(&self) -> u16 {
        self.mask
    }

    /// The four cells as `(row, col)` offsets from the bounding box's top-left, row-major.
    pub fn cells(&self) -> [(usize, usize); 4] {
        let mut out = [(0, 0); 4];
        let mut n = 0;
        for bit in 0..16 {
            if self.mask & (1 << bit) != 0 {
                out[n] = (bit / 4, bit % 4);
                n += 1;
            }
        }
        out
    }

    /// Bounding-box width (1 to 4): the last column any row uses.
    pub fn width(&self) -> usize {
        let columns = (0..4).fold(0, |cols, row| cols | self.row_mask(row));
        (u32::BITS - columns.leading_zeros()) as usize
    }

    /// Bounding-box height (1 to 4): the last row with a cell.
    pub fn height(&self) -> usize {
        (u16::BITS - self.mask.leading_zeros()).div_ceil(4) as usize
    }

    /// The bitmask of row `row` of the piece (bit `c` = column `c`), `0` past its height.
    pub fn row_mask(&self, row: usize) -> u32 {
        if row >= 4 {
            0
        } else {
            u32::from((self.mask >> (4 * row)) & 0xF)
        }
    }
}

/// A packing: the square's side and, for each piece in input order, the `(row, col)` of its
/// bounding box's top-left corner.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Solution {
    /// Side of the square.
    pub side: usize,
    /// Top-left `(row, col)` of each piece's bounding box, in input order.
    pub placements: Vec<(usize, usize)>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shape_measures_its_cells() {
        for shape in Shape::ALL {
            let piece = shape.piece();
            let cells = piece.cells();
            let width = cells.iter().map(|&(_, c)| c + 1).max();
            let height = cells.iter().map(|&(r, _)| r + 1).max();
            assert_eq!(Some(piece.width()), width, "{shape:?}");
            assert_eq!(Some(piece.height()), height, "{shape:?}");
        }
    }
}
