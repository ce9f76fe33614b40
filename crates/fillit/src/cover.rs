//! fillit's feasibility question for one square size, stated cell by cell for the IR.
//!
//! The classic order (pieces in input order, each at its first free position) is the one whose
//! first arrangement is the answer, but it is a poor order for proving that a size has no
//! arrangement at all: it may place most pieces in every possible way before finding that the
//! last ones never fit. This program asks only *whether* the pieces fit, and walks the cells
//! instead: each cell, in reading order, is an item of the packing gadget that is either
//! already covered, or the first cell (in reading order) of some piece, or one of the cells
//! that stay empty. A dead end shows at the first cell nothing can fill, so the search runs
//! out quickly when no arrangement exists. Which arrangement it finds when one does says nothing
//! about the classic answer.
//!
//! Resources: the cells, then one per piece (placed), then one per cell allowed to stay empty
//! (`side² − 4·pieces` of them). Pieces of one shape, and the empty-cell tokens, are used in
//! order (a `requires` hint on each option), so interchangeable choices are not searched twice.

use backref_program::{PackItem, PackOption, Program, ProgramError, VarId};

use crate::{letter, Piece};

/// A program asking whether `pieces` fit in a `side`×`side` square.
pub struct Cover {
    /// The program.
    pub program: Program,
    /// One variable per cell, in reading order (the search order).
    pub order: Vec<VarId>,
}

/// The label of the option "cell already covered".
pub const COVERED: &str = "covered";
/// The label of an option "this cell stays empty".
pub const EMPTY: &str = "empty";

/// States "the pieces fit in a `side`×`side` square", decided cell by cell.
pub fn cover(pieces: &[Piece], side: usize) -> Result<Cover, ProgramError> {
    let cells = side * side;
    let slack = cells.saturating_sub(4 * pieces.len());
    let piece_resource = |i: usize| (cells + i) as u32;
    let empty_resource = |k: usize| (cells + pieces.len() + k) as u32;
    // The latest earlier piece of the same shape, which must be placed first.
    let previous: Vec<Option<usize>> = (0..pieces.len())
        .map(|i| (0..i).rev().find(|&j| pieces[j].mask() == pieces[i].mask()))
        .collect();
    let mut p = Program::new('T');
    let items = (0..cells)
        .map(|cell| {
            let (r, c) = (cell / side, cell % side);
            let mut options = vec![PackOption {
                label: COVERED.into(),
                requires: vec![],
                resources: vec![],
            }];
            for (i, piece) in pieces.iter().enumerate() {
                // Put the piece's first cell (in reading order) here.
                let [(r0, c0), ..] = piece.cells();
                let (Some(top), Some(left)) = (r.checked_sub(r0), c.checked_sub(c0)) else {
                    continue;
                };
                if top + piece.height() > side || left + piece.width() > side {
                    continue;
                }
                let mut resources: Vec<u32> = piece
                    .cells()
                    .iter()
                    .map(|(dr, dc)| ((top + dr) * side + left + dc) as u32)
                    .collect();
                resources.push(piece_resource(i));
                options.push(PackOption {
                    label: format!("{}@{top}-{left}", letter(i)),
                    requires: previous[i].map(piece_resource).into_iter().collect(),
                    resources,
                });
            }
            for k in 0..slack {
                options.push(PackOption {
                    label: format!("{EMPTY}{k}"),
                    requires: k.checked_sub(1).map(empty_resource).into_iter().collect(),
                    resources: vec![cell as u32, empty_resource(k)],
                });
            }
            PackItem {
                name: format!("C_{r}_{c}"),
                options,
                symmetry: None,
            }
        })
        .collect();
    let resources = (cells + pieces.len() + slack) as u32;
    // Every cell is covered (by a piece or as an empty one) and every piece is placed.
    let must_cover = (cells + pieces.len()) as u32;
    let order = p.packing(items, resources, must_cover)?;
    Ok(Cover { program: p, order })
}
