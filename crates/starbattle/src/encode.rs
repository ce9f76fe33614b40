//! Star Battle stated through the IR.
//!
//! One boolean per cell (true: a star, token `S`; no star tried first), decided row by row.
//! Every row, column and region: exactly k stars, checked on every prefix in decision order: at
//! most k, and at least k minus what the cells left can still hold ([`room`]: stars never
//! touch, so a 2×2 block holds at most one) — the IR's `count_with_room` gadget
//! (`backref_program::room`). Every two neighbouring columns together need 2k
//! stars, checked the same way (a 2-wide strip of r rows holds at most ⌈r/2⌉): the implied
//! counts that see a three-star column pair starve rows before the search reaches them. No two
//! stars touch: `no_two_adjacent` (each cell excludes its earlier neighbours, diagonals
//! included, in one weighted count).

use backref_program::{Program, ProgramError, VarId};

use crate::{StarBattle, Stars};

/// The boolean token of a star.
pub const STAR: char = 'S';

/// A cell's row, column and variable.
type Placed = (usize, usize, VarId);

/// A program for one instance, its decision order and its cell variables.
pub struct Encoded {
    /// The program.
    pub program: Program,
    /// Cell variables, row by row: the decision order.
    pub order: Vec<VarId>,
    /// `cells[r][c]`.
    pub cells: Vec<Vec<VarId>>,
}

/// States `puzzle` with `k` stars per row, column and region. Without `room` (`--encoding
/// plain`), a prefix's lower bound counts every cell left as room and there are no strips: the
/// same solutions, a larger search (kept to measure and to count against).
pub fn encode(puzzle: &StarBattle, k: u32, room: bool) -> Result<Encoded, ProgramError> {
    let n = puzzle.size();
    let mut p = Program::new(STAR);
    let mut cells = vec![Vec::with_capacity(n); n];
    let mut order = Vec::with_capacity(n * n);
    for (r, row) in cells.iter_mut().enumerate() {
        for c in 0..n {
            let v = p.bool_var(&format!("S_{r}_{c}"), false)?;
            row.push(v);
            order.push(v);
        }
    }
    let at = |r: usize, c: usize| (r, c, cells[r][c]);
    // (cells, stars, whether the set is a rule's own: a strip's exact count follows from its
    // columns', so it adds only the lower bounds on its prefixes)
    let mut sets: Vec<(Vec<Placed>, u32, bool)> = Vec::new();
    for r in 0..n {
        sets.push(((0..n).map(|c| at(r, c)).collect(), k, true));
    }
    for c in 0..n {
        sets.push(((0..n).map(|r| at(r, c)).collect(), k, true));
    }
    let mut region_cells = vec![Vec::new(); puzzle.names.len()];
    for r in 0..n {
        for c in 0..n {
            region_cells[puzzle.regions[r][c]].push(at(r, c));
        }
    }
    sets.extend(region_cells.into_iter().map(|cells| (cells, k, true)));
    for c in (1..n).filter(|_| room) {
        let strip = (0..n).flat_map(|r| [at(r, c - 1), at(r, c)]).collect();
        sets.push((strip, 2 * k, false));
    }
    for (set, q, own) in &sets {
        bounded_by_room(&mut p, set, *q, *own, room)?;
    }
    let grid: Vec<Vec<Option<VarId>>> = cells
        .iter()
        .map(|row| row.iter().map(|v| Some(*v)).collect())
        .collect();
    p.no_two_adjacent(&grid, true)?;
    Ok(Encoded {
        program: p,
        order,
        cells,
    })
}

/// The most stars `cells` can hold with no two touching (the IR's [`room`], re-exported).
pub use backref_program::room::room;

/// `q` of `set`'s cells are stars, through the IR's `count_with_room` over the cells in decision
/// order (row by row): exact for the rule's own sets, lower bounds only for the implied strips.
fn bounded_by_room(
    p: &mut Program,
    set: &[Placed],
    q: u32,
    own: bool,
    room_bound: bool,
) -> Result<(), ProgramError> {
    let mut set = set.to_vec();
    set.sort_by_key(|&(r, c, _)| (r, c));
    p.count_with_room(&set, q, own, room_bound)?;
    Ok(())
}

impl Encoded {
    /// Reads the stars from decoded values.
    pub fn stars(&self, values: &[String]) -> Stars {
        Stars {
            stars: self
                .cells
                .iter()
                .map(|row| row.iter().map(|v| !values[v.index()].is_empty()).collect())
                .collect(),
        }
    }
}
