//! Painting a solution, as text and as JSON-ready data.
//!
//! Decisions:
//! - Each used piece is painted with its own characters, cell by cell (a rotated piece turned
//!   90° clockwise, see [`crate::Piece::char_at`]).
//! - If that would be ambiguous — two placements share a character, which includes a piece
//!   used twice under reuse — every placement is painted with one label instead, by use order:
//!   `A`…`Z`, then `a`…`z`, then `0`…`9`, then `?` for the 63rd placement onwards.
//! - Canvas cells no placement covers are shown as `~` (for partial fills).
//! - Placements naming a missing piece, or cells outside the canvas, are skipped; a later
//!   placement overwrites an earlier one on shared cells. (Check answers with
//!   [`crate::verify::check`] first; rendering never panics.)

use serde::Serialize;

use crate::{Placement, Puzzle};

/// How the grid is painted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Labels {
    /// Each piece's own characters.
    OwnChars,
    /// One label per placement, by use order (pieces' characters would be ambiguous).
    UseOrder,
}

/// One used piece in the rendering.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct UsedPiece {
    /// 0-based piece index in input order.
    pub piece: usize,
    /// Top row on the canvas.
    pub row: usize,
    /// Left column on the canvas.
    pub col: usize,
    /// Turned 90° clockwise.
    pub rotated: bool,
    /// The label painted for it when [`Labels::UseOrder`] is in effect.
    pub label: Option<char>,
}

/// A painted solution.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Rendering {
    /// The canvas, one string per row.
    pub rows: Vec<String>,
    /// The placements in use order.
    pub placements: Vec<UsedPiece>,
    /// How the grid was painted.
    pub labels: Labels,
}

const LABELS: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/// The label of the placement at 0-based use position `index` in [`Labels::UseOrder`] mode.
pub fn use_order_label(index: usize) -> char {
    LABELS.chars().nth(index).unwrap_or('?')
}

impl Rendering {
    /// Text form: the grid rows, an empty line, then one line per placement in use order,
    /// `piece N at row R, col C` with `, rotated` appended for rotated ones; every line ends
    /// with `\n`.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for row in &self.rows {
            out.push_str(row);
            out.push('\n');
        }
        out.push('\n');
        for p in &self.placements {
            out.push_str(&format!(
                "piece {} at row {}, col {}",
                p.piece, p.row, p.col
            ));
            if p.rotated {
                out.push_str(", rotated");
            }
            out.push('\n');
        }
        out
    }
}

/// Paints `placements` (in use order) on `puzzle`'s canvas.
pub fn render(puzzle: &Puzzle, placements: &[Placement]) -> Rendering {
    let (width, height) = (puzzle.canvas.width, puzzle.canvas.height);
    let valid: Vec<&Placement> = placements
        .iter()
        .filter(|p| p.piece < puzzle.pieces.len())
        .collect();
    // Ambiguity: some character appears in two placements.
    let mut owner: std::collections::HashMap<char, usize> = std::collections::HashMap::new();
    let mut ambiguous = false;
    for (i, p) in valid.iter().enumerate() {
        for &ch in &puzzle.pieces[p.piece].cells {
            if let Some(&other) = owner.get(&ch) {
                if other != i {
                    ambiguous = true;
                }
            } else {
                owner.insert(ch, i);
            }
        }
    }
    let labels = if ambiguous {
        Labels::UseOrder
    } else {
        Labels::OwnChars
    };
    let mut grid = vec![vec!['~'; width]; height];
    let mut used = Vec::with_capacity(valid.len());
    for (i, p) in valid.iter().enumerate() {
        let piece = &puzzle.pieces[p.piece];
        let (w, h) = piece.dims(p.rotated);
        let label = ambiguous.then(|| use_order_label(i));
        for dr in 0..h {
            for dc in 0..w {
                let (r, c) = (p.row.saturating_add(dr), p.col.saturating_add(dc));
                if r < height && c < width {
                    grid[r][c] = label.unwrap_or_else(|| piece.char_at(dr, dc, p.rotated));
                }
            }
        }
        used.push(UsedPiece {
            piece: p.piece,
            row: p.row,
            col: p.col,
            rotated: p.rotated,
            label,
        });
    }
    Rendering {
        rows: grid.into_iter().map(|r| r.into_iter().collect()).collect(),
        placements: used,
        labels,
    }
}
