//! Counts over cells where no two true cells touch (diagonals included), bounded by room: the
//! "q stars per row, column and region" of Star Battle and any "exactly q, none touching" rule.
//!
//! [`room`] is a static bound from the cells' places only: the most of them that can be true
//! with no two touching is at most the number of 2×2 blocks of one alignment needed to cover
//! them (a block holds at most one), the fewest over the four alignments.
//! [`Program::count_with_room`] states "q of these cells are true" on every prefix in decision
//! order: at least q minus the room of the cells after it (never more than what the rest can
//! hold), and, for a rule's own count, at most q before the end and exactly q at the end. With
//! the touching rule stated elsewhere (`no_two_adjacent`), no solution is lost.

use std::collections::BTreeSet;

use crate::error::ProgramError;
use crate::gadget::{Cmp, Form};
use crate::program::{Program, StmtId, VarId};

/// The most of `cells` (row, column) that can be true with no two touching, bounded from
/// above: the fewest 2×2 blocks of one of the four alignments that cover them.
pub fn room(cells: &[(usize, usize)]) -> u32 {
    [(0, 0), (0, 1), (1, 0), (1, 1)]
        .iter()
        .map(|&(dr, dc)| {
            let blocks: BTreeSet<(usize, usize)> = cells
                .iter()
                .map(|&(r, c)| ((r + dr) / 2, (c + dc) / 2))
                .collect();
            blocks.len() as u32
        })
        .min()
        .unwrap_or(0)
}

impl Program {
    /// `q` of `cells` (booleans with their row and column, in decision order) are true, no two
    /// touching, checked on every prefix: at least `q` minus the [`room`] of the cells after
    /// it, wherever that bound rises; when `exact` also at most `q` (once the prefix is longer
    /// than `q`) and exactly `q` at the end (without `exact` only the lower bounds, on proper
    /// prefixes: for an implied count whose exact value other counts already state). Without `room_bound`, the
    /// room of the cells after a prefix is their number. Flat counts only.
    pub fn count_with_room(
        &mut self,
        cells: &[(usize, usize, VarId)],
        q: u32,
        exact: bool,
        room_bound: bool,
    ) -> Result<Vec<StmtId>, ProgramError> {
        let mut out = Vec::new();
        let mut last_lower = 0;
        for i in 1..=cells.len() {
            let terms: Vec<(VarId, u32)> = cells[..i].iter().map(|t| (t.2, 1)).collect();
            let rest: Vec<(usize, usize)> = cells[i..].iter().map(|t| (t.0, t.1)).collect();
            let space = if room_bound {
                room(&rest)
            } else {
                rest.len() as u32
            };
            let lower = q.saturating_sub(space);
            if i == cells.len() {
                if exact {
                    out.push(self.count(&terms, Cmp::Eq, q, Form::Flat)?);
                }
                continue;
            }
            if exact && i as u32 > q {
                out.push(self.count(&terms, Cmp::Le, q, Form::Flat)?);
            }
            if lower > last_lower {
                out.push(self.count(&terms, Cmp::Ge, lower, Form::Flat)?);
                last_lower = lower;
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether no two of the true cells touch (diagonals included).
    fn apart(cells: &[(usize, usize)], on: &[bool]) -> bool {
        let set: Vec<(usize, usize)> = cells
            .iter()
            .zip(on)
            .filter(|(_, &b)| b)
            .map(|(c, _)| *c)
            .collect();
        set.iter().enumerate().all(|(i, a)| {
            set[i + 1..]
                .iter()
                .all(|b| a.0.abs_diff(b.0) > 1 || a.1.abs_diff(b.1) > 1)
        })
    }

    #[test]
    fn room_bounds_the_most_cells_apart() {
        // Every subset of a 3×4 grid: no placement of true cells apart exceeds its room, and
        // for rows, 2-wide strips and squares the bound is reached.
        let grid: Vec<(usize, usize)> = (0..3).flat_map(|r| (0..4).map(move |c| (r, c))).collect();
        for mask in 0u32..1 << grid.len() {
            let cells: Vec<(usize, usize)> = grid
                .iter()
                .enumerate()
                .filter(|(i, _)| mask >> i & 1 == 1)
                .map(|(_, c)| *c)
                .collect();
            let most = (0u32..1 << cells.len())
                .filter(|m| {
                    let on: Vec<bool> = (0..cells.len()).map(|i| m >> i & 1 == 1).collect();
                    apart(&cells, &on)
                })
                .map(|m| m.count_ones())
                .max()
                .unwrap_or(0);
            assert!(most <= room(&cells), "{cells:?}");
        }
        let row: Vec<(usize, usize)> = (0..5).map(|c| (0, c)).collect();
        assert_eq!(room(&row), 3);
        let strip: Vec<(usize, usize)> = (0..5).flat_map(|r| [(r, 0), (r, 1)]).collect();
        assert_eq!(room(&strip), 3);
        assert_eq!(room(&[(0, 0), (0, 1), (1, 0), (1, 1)]), 1);
    }

    #[test]
    fn an_exact_count_with_room_means_exactly_q_for_cells_apart() {
        // Two of a 2×5 strip's cells, row by row: over every placement whose true cells are
        // apart, the statements hold exactly when two are true; without `exact` (lower bounds
        // on the proper prefixes only), they hold whenever at least two are.
        let mut p = Program::new('1');
        let cells: Vec<(usize, usize, VarId)> = (0..5)
            .flat_map(|r| [(r, 0), (r, 1)])
            .map(|(r, c)| (r, c, p.bool_var(&format!("x{r}{c}"), false).unwrap()))
            .collect();
        let exact = p.count_with_room(&cells, 2, true, true).unwrap();
        let lower = p.count_with_room(&cells, 2, false, true).unwrap();
        let places: Vec<(usize, usize)> = cells.iter().map(|t| (t.0, t.1)).collect();
        for mask in 0u32..1 << cells.len() {
            let on: Vec<bool> = (0..cells.len()).map(|i| mask >> i & 1 == 1).collect();
            if !apart(&places, &on) {
                continue;
            }
            let values: Vec<String> = on
                .iter()
                .map(|&b| if b { "1".into() } else { String::new() })
                .collect();
            let all = |stmts: &[StmtId]| {
                stmts
                    .iter()
                    .all(|s| p.statements[s.0 as usize].holds(&p, &values))
            };
            assert_eq!(all(&exact), mask.count_ones() == 2, "{on:?}");
            if mask.count_ones() >= 2 {
                assert!(all(&lower), "{on:?}");
            }
        }
    }
}
