//! The pattern's own search tree, searched natively: the match/native ratio's other side.
//!
//! [`crate::native`] is the independent solver that cross-checks every answer; it prunes with
//! dead cells and a memoised packing lookahead, so its tree is far smaller than the pattern's
//! and timing it against the engine says little about the engine. This module walks the tree the
//! packing gadget's pattern walks, one square size at a time: pieces in input order, each at its
//! positions in reading order, a piece of the same shape as an earlier one only after that one's
//! position. Under `--propagate complete` ([`Lookahead::Complete`]) it asks, like the pattern,
//! before the first piece and after every placement, whether the pieces still to place can be
//! packed into the empty cells in any order, by the same search the pattern runs (no memo): the
//! first empty cell in reading order is covered by a remaining shape whose first cell goes
//! there, or left empty while empty cells remain to spare.
//!
//! The tests count the pieces this search enters against the items PCRE2 enters (its per-item
//! callouts): the same number, with and without the lookahead.

use crate::{Piece, Solution};

/// Which checks the tree has, as the pattern compiled with the same propagation has them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lookahead {
    /// The classic search alone (`--propagate none`, or a dialect without subroutine calls).
    None,
    /// The packing lookahead after every placement (`--propagate complete`).
    Complete,
}

/// What the tree search found at one square size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tree {
    /// The pieces entered (a piece is entered each time the search starts trying its positions):
    /// PCRE2's per-item callouts on the same pattern.
    pub visits: u64,
    /// The first arrangement in classic order, if any.
    pub first: Option<Solution>,
}

/// Largest waste budget the pattern's lookahead counts (`complete.rs`'s `MAX_WASTE`); above it
/// the lookahead may leave any number of cells empty.
const MAX_WASTE: usize = 64;

/// A piece as the search places it: its row masks and its box.
#[derive(Clone, Copy)]
struct Form {
    rows: [u32; 4],
    height: usize,
    width: usize,
    /// Column of its first cell (in reading order) in its top row.
    first_col: usize,
}

impl Form {
    fn of(piece: &Piece) -> Form {
        Form {
            rows: [0, 1, 2, 3].map(|r| piece.row_mask(r)),
            height: piece.height(),
            width: piece.width(),
            first_col: piece.row_mask(0).trailing_zeros() as usize,
        }
    }
}

/// The board and the search over it.
struct Search {
    side: usize,
    /// One mask per row (bit `c`: column `c` is taken).
    board: Vec<u32>,
    /// Each piece's shape class (pieces of one shape share one), in input order.
    class: Vec<usize>,
    /// Each class's form.
    class_form: Vec<Form>,
    /// Pieces of each class not placed yet.
    left: Vec<usize>,
    /// Position index of each placed piece.
    at: Vec<usize>,
    lookahead: Lookahead,
    /// The lookahead's budget of cells left empty (`None`: any number).
    skips: Option<usize>,
    visits: u64,
}

impl Search {
    fn fits(&self, f: &Form, top: usize, left: usize) -> bool {
        (0..f.height).all(|r| self.board[top + r] & (f.rows[r] << left) == 0)
    }

    fn toggle(&mut self, f: &Form, top: usize, left: usize) {
        for r in 0..f.height {
            self.board[top + r] ^= f.rows[r] << left;
        }
    }

    /// The classic search from piece `i`: true once every piece is placed.
    fn classic(&mut self, i: usize) -> bool {
        if i == self.class.len() {
            return true;
        }
        self.visits += 1;
        let f = self.class_form[self.class[i]];
        if f.height > self.side || f.width > self.side {
            return false;
        }
        let across = self.side - f.width + 1;
        // After the latest earlier piece of the same shape.
        let from = (0..i)
            .rev()
            .find(|&j| self.class[j] == self.class[i])
            .map_or(0, |j| self.at[j] + 1);
        for pos in from..(self.side - f.height + 1) * across {
            let (top, left) = (pos / across, pos % across);
            if !self.fits(&f, top, left) {
                continue;
            }
            self.toggle(&f, top, left);
            self.at[i] = pos;
            self.left[self.class[i]] -= 1;
            if self.still_packs() && self.classic(i + 1) {
                return true;
            }
            self.left[self.class[i]] += 1;
            self.toggle(&f, top, left);
        }
        false
    }

    /// The lookahead, where the tree has it: whether the pieces left can be packed.
    fn still_packs(&mut self) -> bool {
        match self.lookahead {
            Lookahead::None => true,
            Lookahead::Complete => {
                let skips = self.skips;
                self.packs(0, skips)
            }
        }
    }

    /// The order-free packing search from cell `from` (reading order), with `skips` cells
    /// still allowed to stay empty.
    fn packs(&mut self, from: usize, skips: Option<usize>) -> bool {
        if self.left.iter().all(|&n| n == 0) {
            // The cells still empty are exactly the ones to spare.
            return true;
        }
        let side = self.side;
        let Some(cell) =
            (from..side * side).find(|&k| self.board[k / side] & (1 << (k % side)) == 0)
        else {
            return false;
        };
        let (r, c) = (cell / side, cell % side);
        for k in 0..self.left.len() {
            if self.left[k] == 0 {
                continue;
            }
            let f = self.class_form[k];
            let Some(left) = c.checked_sub(f.first_col) else {
                continue;
            };
            if r + f.height > side || left + f.width > side || !self.fits(&f, r, left) {
                continue;
            }
            self.toggle(&f, r, left);
            self.left[k] -= 1;
            let found = self.packs(cell + 1, skips);
            self.left[k] += 1;
            self.toggle(&f, r, left);
            if found {
                return true;
            }
        }
        if skips == Some(0) {
            return false;
        }
        self.board[r] |= 1 << c;
        let found = self.packs(cell + 1, skips.map(|s| s - 1));
        self.board[r] &= !(1 << c);
        found
    }
}

/// The pattern's search at one square size: its first arrangement, if any, and the pieces it
/// entered on the way.
pub fn search_tree(pieces: &[Piece], side: usize, lookahead: Lookahead) -> Tree {
    let mut shapes: Vec<Piece> = Vec::new();
    let class: Vec<usize> = pieces
        .iter()
        .map(|p| match shapes.iter().position(|s| s == p) {
            Some(k) => k,
            None => {
                shapes.push(*p);
                shapes.len() - 1
            }
        })
        .collect();
    let mut left = vec![0; shapes.len()];
    class.iter().for_each(|&k| left[k] += 1);
    let waste = (side * side).saturating_sub(4 * pieces.len());
    let mut s = Search {
        side,
        board: vec![0; side],
        class,
        class_form: shapes.iter().map(Form::of).collect(),
        left,
        at: vec![0; pieces.len()],
        lookahead,
        skips: (waste <= MAX_WASTE).then_some(waste),
        visits: 0,
    };
    let found = s.still_packs() && s.classic(0);
    let first = found.then(|| Solution {
        side,
        placements: pieces
            .iter()
            .zip(&s.at)
            .map(|(p, &pos)| {
                let across = side - p.width() + 1;
                (pos / across, pos % across)
            })
            .collect(),
    });
    Tree {
        visits: s.visits,
        first,
    }
}
