//! A native backtracking solver: cells row by row, 0 before 1 (the encoding's order, so the
//! first solution is the same), each rule checked as soon as the cells it reads are set. It
//! shares no code with the encoder or the checker.

use crate::{Binairo, Grid};

struct Search<'a> {
    puzzle: &'a Binairo,
    h: usize,
    w: usize,
    cells: Vec<Vec<u8>>,
    row_ones: Vec<usize>,
    row_zeros: Vec<usize>,
    col_ones: Vec<usize>,
    col_zeros: Vec<usize>,
    /// Nodes left to visit (`u64::MAX`: no bound); the search stops when it reaches 0.
    budget: u64,
}

impl Search<'_> {
    fn fits(&self, r: usize, c: usize, v: u8) -> bool {
        let (rc, cc) = if v == 1 {
            (self.row_ones[r], self.col_ones[c])
        } else {
            (self.row_zeros[r], self.col_zeros[c])
        };
        if rc + 1 > self.w / 2 || cc + 1 > self.h / 2 {
            return false;
        }
        if c >= 2 && self.cells[r][c - 1] == v && self.cells[r][c - 2] == v {
            return false;
        }
        if r >= 2 && self.cells[r - 1][c] == v && self.cells[r - 2][c] == v {
            return false;
        }
        true
    }

    fn set(&mut self, r: usize, c: usize, v: u8, on: bool) {
        let (rc, cc) = if v == 1 {
            (&mut self.row_ones[r], &mut self.col_ones[c])
        } else {
            (&mut self.row_zeros[r], &mut self.col_zeros[c])
        };
        if on {
            *rc += 1;
            *cc += 1;
            self.cells[r][c] = v;
        } else {
            *rc -= 1;
            *cc -= 1;
            self.cells[r][c] = 9;
        }
    }

    /// Whether the lines completed by cell (r, c) are distinct from the earlier ones.
    fn distinct(&self, r: usize, c: usize) -> bool {
        if c == self.w - 1 && (0..r).any(|q| self.cells[q] == self.cells[r]) {
            return false;
        }
        if r == self.h - 1
            && (0..c).any(|d| (0..self.h).all(|q| self.cells[q][d] == self.cells[q][c]))
        {
            return false;
        }
        true
    }

    /// Visits solutions from cell `pos`; `found` returns false to stop.
    fn run(&mut self, pos: usize, found: &mut dyn FnMut(&Vec<Vec<u8>>) -> bool) -> bool {
        if pos == self.h * self.w {
            return found(&self.cells);
        }
        if self.budget == 0 {
            return false;
        }
        self.budget -= 1;
        let (r, c) = (pos / self.w, pos % self.w);
        let values: &[u8] = match self.puzzle.givens[r][c] {
            Some(0) => &[0],
            Some(_) => &[1],
            None => &[0, 1],
        };
        for &v in values {
            if !self.fits(r, c, v) {
                continue;
            }
            self.set(r, c, v, true);
            let go_on = !self.distinct(r, c) || self.run(pos + 1, found);
            self.set(r, c, v, false);
            if !go_on {
                return false;
            }
        }
        true
    }
}

/// Runs the search within `budget` nodes; whether it finished.
fn search(puzzle: &Binairo, budget: u64, found: &mut dyn FnMut(&Vec<Vec<u8>>) -> bool) -> bool {
    let (h, w) = (puzzle.rows(), puzzle.cols());
    let mut s = Search {
        puzzle,
        h,
        w,
        cells: vec![vec![9; w]; h],
        row_ones: vec![0; h],
        row_zeros: vec![0; h],
        col_ones: vec![0; w],
        col_zeros: vec![0; w],
        budget,
    };
    if h > 0 && w > 0 {
        s.run(0, found);
    }
    s.budget > 0
}

/// The first solution in the encoding's order, if any.
pub fn solve(puzzle: &Binairo) -> Option<Grid> {
    let mut first = None;
    search(puzzle, u64::MAX, &mut |cells| {
        first = Some(Grid {
            cells: cells.clone(),
        });
        false
    });
    first
}

/// The number of solutions, counting up to `cap`.
pub fn count(puzzle: &Binairo, cap: u64) -> u64 {
    count_within(puzzle, cap, u64::MAX).unwrap_or(cap)
}

/// [`count`] within `budget` search nodes: `None` when the budget ran out first.
pub fn count_within(puzzle: &Binairo, cap: u64, budget: u64) -> Option<u64> {
    let mut n = 0;
    let finished = search(puzzle, budget, &mut |_| {
        n += 1;
        n < cap
    });
    (finished || n >= cap).then_some(n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::check;

    #[test]
    fn empty_grids_have_the_known_counts() {
        // 2×2: 01/10 and 10/01; 4×4: 72; 6×6: 4,140 (counted by brute force over rows).
        for (n, want) in [(2, 2), (4, 72), (6, 4_140)] {
            let p = Binairo {
                givens: vec![vec![None; n]; n],
            };
            assert_eq!(count(&p, u64::MAX), want, "{n}×{n}");
            assert_eq!(check(&p, &solve(&p).unwrap()), Ok(()));
        }
    }
}
