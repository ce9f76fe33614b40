//! Rectangle packing: fill a canvas with some of the given rectangles.
//!
//! Input (see [`parse()`]): the small rectangles as blocks of word characters (`[A-Za-z0-9_]`),
//! one block per rectangle, blocks separated by one empty line, and last the canvas, a block of
//! `~`. Rules: cover every canvas cell, each rectangle used at most once (unless
//! [`Options::allow_reuse`]), rotation by 90° allowed (unless [`Options::allow_rotation`] is off),
//! no overlap, nothing outside the canvas. Rectangles may stay unused.
//!
//! A solution is the ordered list of [`Placement`]s in the seed pattern's order: take the next
//! free canvas cell in reading order, put there (top-left corner on that cell) an unused
//! rectangle that fits, in input order, unrotated before rotated, and go on; backtrack when
//! nothing fits. [`native::solve`] returns the first such list.
//!
//! Modules, one job each:
//! - [`mod@parse`]: the input parser with typed, line-numbered errors;
//! - [`native`]: the fast native solver and solution counter;
//! - [`verify`]: an independent checker of a list of placements (shares no code with the
//!   solver);
//! - [`mod@render`]: painting a solution, JSON-ready;
//! - [`encode`]: the puzzle stated through the backref IR;
//! - [`balancing`]: the puzzle as one .NET balancing-group pattern, in the seed's style.

pub mod balancing;
pub mod encode;
pub mod native;
pub mod parse;
pub mod puzzle;
pub mod render;
pub mod svg;
pub mod transpose;
pub mod verify;

use serde::{Deserialize, Serialize};

pub use native::{count, solve, solve_with_stats, Stats};
pub use parse::{parse, ParseError};
pub use render::{render, Labels, Rendering, UsedPiece};
pub use verify::{check, VerifyError};

/// A small rectangle: its size and its characters, row by row.
///
/// A block may mix several word characters (`ab` / `cd` is one 2×2 piece); rendering paints
/// each cell with the piece's own character at that cell.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Piece {
    /// Columns (unrotated).
    pub width: usize,
    /// Rows (unrotated).
    pub height: usize,
    /// `width · height` characters, row-major.
    pub cells: Vec<char>,
    /// 1-based input line of the block's first row (0 when built in code).
    pub line: usize,
}

impl Piece {
    /// A piece of `width × height` cells all holding `ch`.
    pub fn filled(width: usize, height: usize, ch: char) -> Piece {
        Piece {
            width,
            height,
            cells: vec![ch; width * height],
            line: 0,
        }
    }

    /// Number of cells.
    pub fn area(&self) -> usize {
        self.width * self.height
    }

    /// True when width equals height (rotating changes nothing).
    pub fn is_square(&self) -> bool {
        self.width == self.height
    }

    /// `(width, height)` as placed: swapped when rotated.
    pub fn dims(&self, rotated: bool) -> (usize, usize) {
        if rotated {
            (self.height, self.width)
        } else {
            (self.width, self.height)
        }
    }

    /// The character at `(row, col)` of the piece as placed. A rotated piece is the original
    /// turned 90° clockwise: placed cell `(i, j)` shows original cell `(height − 1 − j, i)`.
    pub fn char_at(&self, row: usize, col: usize, rotated: bool) -> char {
        if rotated {
            self.cells[(self.height - 1 - col) * self.width + row]
        } else {
            self.cells[row * self.width + col]
        }
    }
}

/// The target canvas.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Canvas {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
}

impl Canvas {
    /// Number of cells.
    pub fn area(&self) -> usize {
        self.width * self.height
    }
}

/// A parsed puzzle: pieces in input order (numbered from 0) and the canvas.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Puzzle {
    /// The small rectangles, in input order.
    pub pieces: Vec<Piece>,
    /// The canvas.
    pub canvas: Canvas,
}

/// Rule switches, as in the seed pattern's variants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Options {
    /// Pieces may be turned by 90° (default `true`).
    pub allow_rotation: bool,
    /// A piece may be used more than once (default `false`).
    pub allow_reuse: bool,
    /// Every solution is wanted (counting), not only the first: pieces of the same size are
    /// then not made to wait for their earlier twin (a hint that skips equivalent assignments).
    pub every_solution: bool,
    /// The order in which pieces are tried at a cell (default [`PieceOrder::Area`]).
    pub order: PieceOrder,
}

/// The static order in which pieces are tried at each cell (each upright before turned).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PieceOrder {
    /// Largest area first, equal areas in input order (`--order area`, the default): big pieces
    /// are the hardest to place late, so placing them first finds dead ends sooner.
    #[default]
    Area,
    /// Input order (`--order input`), the seed pattern's.
    Input,
}

impl PieceOrder {
    /// The order's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            PieceOrder::Area => "area",
            PieceOrder::Input => "input",
        }
    }

    /// The order named `name`, if any.
    pub fn from_name(name: &str) -> Option<PieceOrder> {
        [PieceOrder::Area, PieceOrder::Input]
            .into_iter()
            .find(|o| o.name() == name)
    }
}

impl Puzzle {
    /// The piece numbers in the order `order` tries them.
    pub fn try_order(&self, order: PieceOrder) -> Vec<usize> {
        let mut pieces: Vec<usize> = (0..self.pieces.len()).collect();
        if order == PieceOrder::Area {
            pieces.sort_by_key(|&i| std::cmp::Reverse(self.pieces[i].area()));
        }
        pieces
    }
}

impl Default for Options {
    fn default() -> Self {
        Options {
            allow_rotation: true,
            allow_reuse: false,
            every_solution: false,
            order: PieceOrder::default(),
        }
    }
}

/// One used piece: which one, where its top-left corner goes, and whether it is rotated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Placement {
    /// 0-based index of the piece in input order.
    pub piece: usize,
    /// Canvas row of the piece's top-left cell.
    pub row: usize,
    /// Canvas column of the piece's top-left cell.
    pub col: usize,
    /// Turned by 90° clockwise.
    pub rotated: bool,
}
