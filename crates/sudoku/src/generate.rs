//! A seeded generator of box Sudokus (16×16 and 25×25 in particular) with a unique solution.
//!
//! A full grid comes from the shifted base pattern (row `r`, column `c` holds
//! `(q·(r mod p) + r div p + c) mod N` for p×q boxes), scrambled by symmetries that keep every
//! rule: symbols relabelled, rows shuffled within bands and bands shuffled, columns within
//! stacks and stacks shuffled. Givens are then taken away one at a time in a random order; a
//! removal stays only if the puzzle keeps a single solution, as a caller-supplied check says
//! ([`carve`]). [`Counter`] is the generator's own counter (bit masks, most constrained cell
//! first, a node budget); the regex engine's count is the other check
//! (`examples/sudoku_generate.rs` confirms every kept puzzle through PCRE2).

use backref_rng::Rng;

pub mod reduce;
pub mod singles;

use crate::grid::symbol;

/// A full grid of p×q boxes (`box_rows` = p, `box_cols` = q, N = p·q), row-major, values from
/// 0, scrambled from the base pattern by `rng`.
pub fn full_grid(box_rows: usize, box_cols: usize, rng: &mut Rng) -> Vec<u8> {
    let n = box_rows * box_cols;
    // Bands are box_rows rows tall (n / box_rows of them), stacks box_cols columns wide.
    let lines = |per: usize, groups: usize, rng: &mut Rng| -> Vec<usize> {
        let mut order: Vec<usize> = (0..groups).collect();
        rng.shuffle(&mut order);
        let mut out = Vec::with_capacity(n);
        for g in order {
            let mut inner: Vec<usize> = (0..per).collect();
            rng.shuffle(&mut inner);
            out.extend(inner.iter().map(|i| g * per + i));
        }
        out
    };
    let rows = lines(box_rows, n / box_rows, rng);
    let cols = lines(box_cols, n / box_cols, rng);
    let mut symbols: Vec<u8> = (0..n as u8).collect();
    rng.shuffle(&mut symbols);
    let base = |r: usize, c: usize| (box_cols * (r % box_rows) + r / box_rows + c) % n;
    let mut grid = vec![0u8; n * n];
    for r in 0..n {
        for c in 0..n {
            grid[r * n + c] = symbols[base(rows[r], cols[c])];
        }
    }
    grid
}

/// Counts the solutions of a box Sudoku up to a cap within a node budget: candidates as bit
/// masks, the empty cell with the fewest candidates first.
pub struct Counter {
    n: usize,
    /// The houses (rows, columns, boxes) of each cell.
    houses_of: Vec<[usize; 3]>,
}

impl Counter {
    /// The values (as bits) cell `cell` may still take, given the values `used` per house.
    fn free(&self, cell: usize, used: &[u32]) -> u32 {
        let all = (1u32 << self.n) - 1;
        let [a, b, c] = self.houses_of[cell];
        all & !(used[a] | used[b] | used[c])
    }

    /// The index in `empty` of the first cell with the fewest values left (`None` when no cell
    /// is empty).
    fn most_constrained(&self, empty: &[usize], used: &[u32]) -> Option<usize> {
        empty
            .iter()
            .enumerate()
            .min_by_key(|(_, &cell)| self.free(cell, used).count_ones())
            .map(|(k, _)| k)
    }

    /// A counter for p×q boxes.
    pub fn new(box_rows: usize, box_cols: usize) -> Counter {
        let n = box_rows * box_cols;
        let houses_of = (0..n * n)
            .map(|cell| {
                let (r, c) = (cell / n, cell % n);
                let b = r / box_rows * (n / box_cols) + c / box_cols;
                [r, n + c, 2 * n + b]
            })
            .collect();
        Counter { n, houses_of }
    }

    /// The number of solutions of `givens` (a value per cell or none, row-major), up to `cap`;
    /// `None` when `nodes` placements were not enough to know, or two givens clash.
    pub fn count(&self, givens: &[Option<u8>], cap: u64, nodes: u64) -> Option<u64> {
        let mut used = vec![0u32; 3 * self.n];
        for (cell, g) in givens.iter().enumerate() {
            if let Some(x) = g {
                for &h in &self.houses_of[cell] {
                    if used[h] & (1 << x) != 0 {
                        return None;
                    }
                    used[h] |= 1 << x;
                }
            }
        }
        let mut empty: Vec<usize> = (0..givens.len()).filter(|&c| givens[c].is_none()).collect();
        let mut state = (0u64, nodes);
        self.go(&mut empty, &mut used, cap, &mut state)?;
        Some(state.0)
    }

    /// Fills `empty[..]` (cells still open); `state` = (solutions, nodes left). `None` when the
    /// budget ran out.
    fn go(
        &self,
        empty: &mut Vec<usize>,
        used: &mut [u32],
        cap: u64,
        state: &mut (u64, u64),
    ) -> Option<()> {
        let Some(k) = self.most_constrained(empty, used) else {
            state.0 += 1;
            return Some(());
        };
        let cell = empty.swap_remove(k);
        let mut options = self.free(cell, used);
        while options != 0 && state.0 < cap {
            let bit = options & options.wrapping_neg();
            options &= !bit;
            if state.1 == 0 {
                empty.push(cell);
                let last = empty.len() - 1;
                empty.swap(k, last);
                return None;
            }
            state.1 -= 1;
            for &h in &self.houses_of[cell] {
                used[h] |= bit;
            }
            let r = self.go(empty, used, cap, state);
            for &h in &self.houses_of[cell] {
                used[h] &= !bit;
            }
            if r.is_none() {
                empty.push(cell);
                let last = empty.len() - 1;
                empty.swap(k, last);
                return None;
            }
        }
        empty.push(cell);
        let last = empty.len() - 1;
        empty.swap(k, last);
        Some(())
    }
}

impl Counter {
    /// A random full grid: the most constrained cell first (ties at random), its candidates in
    /// a random order; each try gets `nodes` placements, and up to `tries` tries are made.
    pub fn random_fill(&self, rng: &mut Rng, nodes: u64, tries: u32) -> Option<Vec<u8>> {
        for _ in 0..tries {
            let mut used = vec![0u32; 3 * self.n];
            let mut grid = vec![0u8; self.n * self.n];
            let mut empty: Vec<usize> = (0..self.n * self.n).collect();
            rng.shuffle(&mut empty);
            let mut budget = nodes;
            if self.fill_from(&mut empty, &mut used, &mut grid, rng, &mut budget) == Some(true) {
                return Some(grid);
            }
        }
        None
    }

    /// `Some(true)` when `empty` was filled into `grid`, `Some(false)` at a dead end, `None`
    /// when the budget ran out.
    fn fill_from(
        &self,
        empty: &mut Vec<usize>,
        used: &mut [u32],
        grid: &mut [u8],
        rng: &mut Rng,
        budget: &mut u64,
    ) -> Option<bool> {
        // The first cell with the fewest candidates (`empty` is shuffled: ties at random).
        let Some(k) = self.most_constrained(empty, used) else {
            return Some(true);
        };
        let cell = empty.swap_remove(k);
        let mut values: Vec<u8> = (0..self.n as u8)
            .filter(|&x| self.free(cell, used) & (1 << x) != 0)
            .collect();
        rng.shuffle(&mut values);
        let mut result = Some(false);
        for x in values {
            if *budget == 0 {
                result = None;
                break;
            }
            *budget -= 1;
            for &h in &self.houses_of[cell] {
                used[h] |= 1 << x;
            }
            grid[cell] = x;
            let r = self.fill_from(empty, used, grid, rng, budget);
            for &h in &self.houses_of[cell] {
                used[h] &= !(1 << x);
            }
            if r != Some(false) {
                result = r;
                break;
            }
        }
        if result != Some(true) {
            empty.push(cell);
            let last = empty.len() - 1;
            empty.swap(k, last);
        }
        result
    }
}

/// Takes givens away from the full grid `solution` in a random order, down to `target` givens
/// at most: a removal stays when `unique` says the puzzle left still has one solution (a check
/// that cannot tell keeps the given). Returns the puzzle.
pub fn carve(
    solution: &[u8],
    target: usize,
    rng: &mut Rng,
    mut unique: impl FnMut(&[Option<u8>]) -> bool,
) -> Vec<Option<u8>> {
    let mut givens: Vec<Option<u8>> = solution.iter().map(|&x| Some(x)).collect();
    let mut cells: Vec<usize> = (0..solution.len()).collect();
    rng.shuffle(&mut cells);
    let mut left = solution.len();
    for cell in cells {
        if left <= target {
            break;
        }
        givens[cell] = None;
        if unique(&givens) {
            left -= 1;
        } else {
            givens[cell] = Some(solution[cell]);
        }
    }
    givens
}

/// A puzzle (or a full grid, all `Some`) as grid text: N lines of N symbols, `.` for blanks,
/// boxes separated by ` | ` and dashed lines, as the fixtures write them.
pub fn grid_text(givens: &[Option<u8>], box_rows: usize, box_cols: usize) -> String {
    let n = box_rows * box_cols;
    let width = n + (n / box_cols - 1) * 3;
    let mut text = String::new();
    for r in 0..n {
        if r > 0 && r % box_rows == 0 {
            text.push_str(&"-".repeat(width));
            text.push('\n');
        }
        for c in 0..n {
            if c > 0 && c % box_cols == 0 {
                text.push_str(" | ");
            }
            text.push(givens[r * n + c].map_or('.', |x| symbol(x, false)));
        }
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::parse;
    use crate::verify::check;

    #[test]
    fn a_full_grid_keeps_every_rule() {
        for (p, q) in [(2, 3), (3, 3), (4, 4), (5, 5)] {
            let g = full_grid(p, q, &mut Rng::new(7));
            let all: Vec<Option<u8>> = g.iter().map(|&x| Some(x)).collect();
            let s = parse(&grid_text(&all, p, q)).expect("a grid");
            let rows: Vec<String> = g
                .chunks(p * q)
                .map(|r| r.iter().map(|&x| symbol(x, false)).collect())
                .collect();
            assert!(check(&s, &rows).is_ok(), "{p}x{q}");
        }
    }

    #[test]
    fn a_random_fill_keeps_every_rule() {
        let c = Counter::new(4, 4);
        let g = c
            .random_fill(&mut Rng::new(5), 100_000, 10)
            .expect("a grid");
        let all: Vec<Option<u8>> = g.iter().map(|&x| Some(x)).collect();
        assert_eq!(c.count(&all, 2, u64::MAX), Some(1));
    }

    #[test]
    fn the_counter_counts_an_empty_four_by_four_and_stops_at_its_budget() {
        let c = Counter::new(2, 2);
        assert_eq!(c.count(&[None; 16], 1000, u64::MAX), Some(288));
        assert_eq!(c.count(&[None; 16], 2, u64::MAX), Some(2));
        assert_eq!(c.count(&[None; 16], 1000, 10), None);
        let mut clash = [None; 16];
        clash[0] = Some(0);
        clash[1] = Some(0);
        assert_eq!(c.count(&clash, 2, u64::MAX), None);
    }

    #[test]
    fn carving_keeps_one_solution() {
        let mut rng = Rng::new(3);
        let g = full_grid(3, 3, &mut rng);
        let c = Counter::new(3, 3);
        let p = carve(&g, 30, &mut rng, |p| c.count(p, 2, 100_000) == Some(1));
        assert!(p.iter().flatten().count() >= 17);
        assert_eq!(c.count(&p, 2, u64::MAX), Some(1));
        for (x, y) in p.iter().zip(&g) {
            assert!(x.is_none_or(|x| x == *y));
        }
    }
}
