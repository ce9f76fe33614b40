//! Grids for Sudoku's generators: houses, random fills and completions, clashes.

use backref_rng::Rng;

use super::{FILL_BUDGET, SHAPES};
use crate::differential::pick;

/// The cells that must differ from each cell (its peers), for [`complete`].
pub(super) struct Frame {
    /// Side.
    pub(super) n: usize,
    /// Per cell, every other cell of one of its houses or of one of its pairs.
    pub(super) peers: Vec<Vec<usize>>,
}

impl Frame {
    /// A frame of `houses` (each a list of cells) and `differ` pairs.
    pub(super) fn new(n: usize, houses: &[Vec<usize>], differ: &[(usize, usize)]) -> Frame {
        let mut peers = vec![Vec::new(); n * n];
        for h in houses {
            for &a in h {
                peers[a].extend(h.iter().copied().filter(|&b| b != a));
            }
        }
        for &(a, b) in differ {
            peers[a].push(b);
            peers[b].push(a);
        }
        for p in &mut peers {
            p.sort_unstable();
            p.dedup();
        }
        Frame { n, peers }
    }
}

/// Rows, columns, and the boxes (`br`×`bc`) or the jigsaw regions (a region id per cell).
pub(super) fn standard_houses(
    n: usize,
    br: usize,
    bc: usize,
    regions: Option<&[usize]>,
) -> Vec<Vec<usize>> {
    let mut houses: Vec<Vec<usize>> = (0..n)
        .map(|r| (0..n).map(|c| r * n + c).collect())
        .collect();
    houses.extend((0..n).map(|c| (0..n).map(|r| r * n + c).collect()));
    match regions {
        Some(ids) => houses.extend((0..n).map(|id| (0..n * n).filter(|&c| ids[c] == id).collect())),
        None => {
            for r0 in (0..n).step_by(br) {
                for c0 in (0..n).step_by(bc) {
                    houses.push(
                        (r0..r0 + br)
                            .flat_map(|r| (c0..c0 + bc).map(move |c| r * n + c))
                            .collect(),
                    );
                }
            }
        }
    }
    houses
}

/// The pairs of cells `moves` apart (each move and its mirror), for anti-knight / anti-king.
pub(super) fn moved_pairs(n: usize, moves: &[(i64, i64)]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for r in 0..n as i64 {
        for c in 0..n as i64 {
            for &(dr, dc) in moves {
                let (r2, c2) = (r + dr, c + dc);
                if (0..n as i64).contains(&r2) && (0..n as i64).contains(&c2) {
                    out.push(((r * n as i64 + c) as usize, (r2 * n as i64 + c2) as usize));
                }
            }
        }
    }
    out
}

/// A random complete grid (values from 0) that `frame` allows, or `None` when none was found
/// within the budget.
pub(super) fn fill(frame: &Frame, rng: &mut Rng) -> Option<Vec<u8>> {
    fill_within(frame, rng, FILL_BUDGET)
}

/// [`fill`] within `budget` nodes (9×9 grids with extra houses need more than 4×4 and 6×6).
pub(super) fn fill_within(frame: &Frame, rng: &mut Rng, budget: u64) -> Option<Vec<u8>> {
    complete_within(frame, &vec![None; frame.n * frame.n], rng, budget)?
}

/// A random completion of `givens` under `frame`: `Some(Some(grid))`, `Some(None)` when there is
/// none (a clash among the givens included), `None` when the budget ran out.
pub(super) fn complete(
    frame: &Frame,
    givens: &[Option<u8>],
    rng: &mut Rng,
) -> Option<Option<Vec<u8>>> {
    complete_within(frame, givens, rng, FILL_BUDGET)
}

/// [`complete`] within `budget` nodes.
pub(super) fn complete_within(
    frame: &Frame,
    givens: &[Option<u8>],
    rng: &mut Rng,
    budget: u64,
) -> Option<Option<Vec<u8>>> {
    /// Fills the most constrained empty cell (the first of the fewest candidates), values in a
    /// random order; `Err` out of budget. Candidates are bit masks of the values no peer holds.
    fn walk(
        frame: &Frame,
        grid: &mut [Option<u8>],
        rng: &mut Rng,
        budget: &mut u64,
    ) -> Result<bool, ()> {
        if *budget == 0 {
            return Err(());
        }
        *budget -= 1;
        let all: u32 = (1 << frame.n) - 1;
        let mut best: Option<(usize, u32)> = None;
        for c in 0..grid.len() {
            if grid[c].is_some() {
                continue;
            }
            let taken = frame.peers[c]
                .iter()
                .filter_map(|&p| grid[p])
                .fold(0u32, |m, v| m | 1 << v);
            let cands = all & !taken;
            if best.is_none_or(|b| cands.count_ones() < b.1.count_ones()) {
                best = Some((c, cands));
            }
        }
        let Some((c, mask)) = best else {
            return Ok(true);
        };
        let mut cands: Vec<u8> = (0..frame.n as u8).filter(|&v| mask >> v & 1 == 1).collect();
        rng.shuffle(&mut cands);
        for v in cands {
            grid[c] = Some(v);
            if walk(frame, grid, rng, budget)? {
                return Ok(true);
            }
        }
        grid[c] = None;
        Ok(false)
    }
    let clash = (0..givens.len())
        .any(|c| givens[c].is_some() && frame.peers[c].iter().any(|&p| givens[p] == givens[c]));
    if clash {
        return Some(None);
    }
    let mut grid = givens.to_vec();
    let mut budget = budget;
    match walk(frame, &mut grid, rng, &mut budget) {
        Err(()) => None,
        Ok(false) => Some(None),
        Ok(true) => Some(Some(grid.into_iter().map(|v| v.unwrap_or(0)).collect())),
    }
}

/// Blanks all but `keep` random cells of `givens`.
pub(super) fn blank_all_but(givens: &mut [Option<u8>], keep: usize, rng: &mut Rng) {
    let mut cells: Vec<usize> = (0..givens.len()).collect();
    rng.shuffle(&mut cells);
    for &c in &cells[keep.min(cells.len())..] {
        givens[c] = None;
    }
}

/// Copies a given into one of its peers (blank or given): a direct clash in a house.
pub(super) fn clash(frame: &Frame, givens: &mut [Option<u8>], rng: &mut Rng) -> String {
    let cells: Vec<usize> = (0..givens.len()).filter(|&c| givens[c].is_some()).collect();
    let c = *pick(rng, &cells);
    let p = *pick(rng, &frame.peers[c]);
    givens[p] = givens[c];
    "a direct clash".into()
}

/// Changes a given to a value none of its peers gives, until this module's search finds no
/// completion (at most 30 tries; the last change stays either way). Says what it got.
pub(super) fn no_completion(frame: &Frame, givens: &mut [Option<u8>], rng: &mut Rng) -> String {
    let cells: Vec<usize> = (0..givens.len()).filter(|&c| givens[c].is_some()).collect();
    let original = givens.to_vec();
    for _ in 0..30 {
        givens.copy_from_slice(&original);
        let c = *pick(rng, &cells);
        let free: Vec<u8> = (0..frame.n as u8)
            .filter(|&v| Some(v) != givens[c])
            .filter(|&v| frame.peers[c].iter().all(|&p| givens[p] != Some(v)))
            .collect();
        if free.is_empty() {
            continue;
        }
        givens[c] = Some(*pick(rng, &free));
        if complete(frame, givens, rng) == Some(None) {
            return "a given changed, no completion".into();
        }
    }
    "a given changed, still solvable".into()
}

/// `n` connected regions of `n` cells, grown at random (the boxes when growing keeps failing;
/// 4×4, 6×6 and 9×9).
pub(super) fn random_regions(n: usize, rng: &mut Rng) -> Vec<usize> {
    const FREE: usize = usize::MAX;
    'attempt: for _ in 0..200 {
        let mut ids = vec![FREE; n * n];
        for id in 0..n {
            let seed = (0..n * n).find(|&c| ids[c] == FREE).expect("a free cell");
            ids[seed] = id;
            for _ in 1..n {
                let frontier: Vec<usize> = (0..n * n)
                    .filter(|&c| ids[c] == FREE && orthogonal(n, c).any(|d| ids[d] == id))
                    .collect();
                if frontier.is_empty() {
                    continue 'attempt;
                }
                ids[*pick(rng, &frontier)] = id;
            }
        }
        return ids;
    }
    let (_, br, bc) = SHAPES
        .iter()
        .chain(&[(9, 3, 3)])
        .copied()
        .find(|s| s.0 == n)
        .expect("a shape");
    (0..n * n)
        .map(|c| (c / n / br) * (n / bc) + c % n / bc)
        .collect()
}

/// The orthogonal neighbours of `c`.
pub(super) fn orthogonal(n: usize, c: usize) -> impl Iterator<Item = usize> {
    let (r, col) = (c / n, c % n);
    [
        (r > 0).then(|| c - n),
        (r + 1 < n).then(|| c + n),
        (col > 0).then(|| c - 1),
        (col + 1 < n).then(|| c + 1),
    ]
    .into_iter()
    .flatten()
}

/// The cells touching `c` (diagonals included).
pub(super) fn touching(n: usize, c: usize) -> Vec<usize> {
    let (r, col) = ((c / n) as i64, (c % n) as i64);
    let mut out = Vec::new();
    for dr in -1..=1i64 {
        for dc in -1..=1i64 {
            let (r2, c2) = (r + dr, col + dc);
            if (dr, dc) != (0, 0) && (0..n as i64).contains(&r2) && (0..n as i64).contains(&c2) {
                out.push((r2 * n as i64 + c2) as usize);
            }
        }
    }
    out
}
