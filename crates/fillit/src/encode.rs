//! fillit stated through the backref IR, one square size at a time.
//!
//! Each piece is an item of the IR's packing gadget; its options are the positions where it fits
//! in the square (its bounding box's top-left corner, row by row, left to right), and the cells
//! it covers are resources no two pieces may share. Pieces are decided in input order and
//! positions tried in reading order, so the engine's first match is the classic program's answer.

use backref_program::{PackItem, PackOption, Program, ProgramError, VarId};

use crate::{letter, Piece, Solution};

/// A program for one square size.
pub struct Encoded {
    /// The program.
    pub program: Program,
    /// Piece variables, in input order (the search order).
    pub order: Vec<VarId>,
    /// The square's side.
    pub side: usize,
}

/// The label of a position: `row-col`.
fn label(r: usize, c: usize) -> String {
    let mut out = String::with_capacity(5);
    push_decimal(&mut out, r);
    out.push('-');
    push_decimal(&mut out, c);
    out
}

/// The name of cell `k` of a `side`-wide square's group in readable patterns: `r{row}c{col}`.
fn cell_name(k: usize, side: usize) -> String {
    let mut out = String::with_capacity(6);
    out.push('r');
    push_decimal(&mut out, k / side);
    out.push('c');
    push_decimal(&mut out, k % side);
    out
}

/// Appends `n` in decimal. The encoder names every position and cell of the square, and
/// `format!` costs several times this (about a tenth of a small input's encoding).
fn push_decimal(out: &mut String, n: usize) {
    if n >= 10 {
        push_decimal(out, n / 10);
    }
    out.push(char::from(b'0' + (n % 10) as u8));
}

/// States "place every piece in a `side`×`side` square".
pub fn encode(pieces: &[Piece], side: usize) -> Result<Encoded, ProgramError> {
    let mut p = Program::new('T');
    let items = pieces
        .iter()
        .enumerate()
        .map(|(i, piece)| {
            let mut options = Vec::new();
            if piece.height() <= side && piece.width() <= side {
                for r in 0..=side - piece.height() {
                    for c in 0..=side - piece.width() {
                        let resources = piece
                            .cells()
                            .iter()
                            .map(|(dr, dc)| ((r + dr) * side + c + dc) as u32)
                            .collect();
                        options.push(PackOption {
                            label: label(r, c),
                            requires: vec![],
                            resources,
                        });
                    }
                }
            }
            if options.is_empty() {
                // Keep the item with an impossible option so the search fails at once.
                options.push(PackOption {
                    label: "none".into(),
                    requires: vec![],
                    resources: vec![0, 0],
                });
            }
            PackItem {
                name: format!("P_{}", letter(i)),
                options,
                // Pieces of one shape are interchangeable, and in the first arrangement in
                // classic order the earlier one sits earlier (swapping them would give an earlier
                // arrangement), so a later one may skip every position up to the earlier one's:
                // the answer stays the classic one.
                symmetry: Some(piece.shape() as u32),
            }
        })
        .collect();
    // Exactly `side² − 4·pieces` cells stay empty: the packing's waste budget, which lets the
    // loop form cut a branch as soon as more cells are sealed off than may stay empty.
    let waste = (side * side).saturating_sub(4 * pieces.len()) as u32;
    let order = p.packing_with_waste(items, (side * side).max(1) as u32, 0, Some(waste))?;
    // Readable patterns name each cell's group by its row and column.
    let cells = (0..(side * side).max(1))
        .map(|k| cell_name(k, side.max(1)))
        .collect();
    p.name_resources(&order, cells)?;
    Ok(Encoded {
        program: p,
        order,
        side,
    })
}

impl Encoded {
    /// Reads the placements from decoded variable values (pieces in input order).
    pub fn solution(&self, values: &[String]) -> Solution {
        let placements = self
            .order
            .iter()
            .map(|v| {
                let mut parts = values[v.index()]
                    .split('-')
                    .map(|x| x.parse::<usize>().unwrap_or(usize::MAX));
                (
                    parts.next().unwrap_or(usize::MAX),
                    parts.next().unwrap_or(usize::MAX),
                )
            })
            .collect();
        Solution {
            side: self.side,
            placements,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_and_cell_names_are_decimal() {
        assert_eq!(label(0, 0), "0-0");
        assert_eq!(label(10, 7), "10-7");
        assert_eq!(label(123, 45), "123-45");
        assert_eq!(cell_name(0, 6), "r0c0");
        assert_eq!(cell_name(67, 11), "r6c1");
        assert_eq!(cell_name(120, 11), "r10c10");
    }
}
