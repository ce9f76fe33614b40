//! A native backtracking solver: cells row by row, no star before a star (the encoding's
//! order, so the first solution is the same), with its own running tallies. It shares no code
//! with the encoder or the checker.

use crate::{StarBattle, Stars};

struct Search<'a> {
    puzzle: &'a StarBattle,
    n: usize,
    k: usize,
    stars: Vec<Vec<bool>>,
    row: Vec<usize>,
    col: Vec<usize>,
    region: Vec<usize>,
    /// Cells of each region not yet decided.
    region_left: Vec<usize>,
}

impl Search<'_> {
    fn touches(&self, r: usize, c: usize) -> bool {
        let left = c > 0 && self.stars[r][c - 1];
        let up = r > 0
            && (self.stars[r - 1][c]
                || (c > 0 && self.stars[r - 1][c - 1])
                || (c + 1 < self.n && self.stars[r - 1][c + 1]));
        left || up
    }

    /// Whether the counts can still all reach k once cell (r, c) is decided.
    fn feasible(&self, r: usize, c: usize) -> bool {
        let g = self.puzzle.regions[r][c];
        let rows_left = self.n - 1 - c;
        let cols_left = self.n - 1 - r;
        self.row[r] <= self.k
            && self.row[r] + rows_left >= self.k
            && self.col[c] <= self.k
            && self.col[c] + cols_left >= self.k
            && self.region[g] <= self.k
            && self.region[g] + self.region_left[g] >= self.k
    }

    fn run(&mut self, pos: usize, found: &mut dyn FnMut(&Vec<Vec<bool>>) -> bool) -> bool {
        if pos == self.n * self.n {
            return found(&self.stars);
        }
        let (r, c) = (pos / self.n, pos % self.n);
        let g = self.puzzle.regions[r][c];
        self.region_left[g] -= 1;
        let mut go_on = true;
        for star in [false, true] {
            if star && self.touches(r, c) {
                continue;
            }
            if star {
                self.row[r] += 1;
                self.col[c] += 1;
                self.region[g] += 1;
                self.stars[r][c] = true;
            }
            if self.feasible(r, c) {
                go_on = self.run(pos + 1, found);
            }
            if star {
                self.row[r] -= 1;
                self.col[c] -= 1;
                self.region[g] -= 1;
                self.stars[r][c] = false;
            }
            if !go_on {
                break;
            }
        }
        self.region_left[g] += 1;
        go_on
    }
}

fn search(puzzle: &StarBattle, k: u32, found: &mut dyn FnMut(&Vec<Vec<bool>>) -> bool) {
    let n = puzzle.size();
    let mut region_left = vec![0; puzzle.names.len()];
    for row in &puzzle.regions {
        for &g in row {
            region_left[g] += 1;
        }
    }
    let mut s = Search {
        puzzle,
        n,
        k: k as usize,
        stars: vec![vec![false; n]; n],
        row: vec![0; n],
        col: vec![0; n],
        region: vec![0; puzzle.names.len()],
        region_left,
    };
    s.run(0, found);
}

/// The first answer in the encoding's order, if any.
pub fn solve(puzzle: &StarBattle, k: u32) -> Option<Stars> {
    backref_visit::first(|found| search(puzzle, k, &mut |s| found(Stars { stars: s.clone() })))
}

/// The number of answers, counting up to `cap` (a cap of 0 stops at the first, as a cap of 1 does).
pub fn count(puzzle: &StarBattle, k: u32, cap: u64) -> u64 {
    let limit = usize::try_from(cap.max(1)).unwrap_or(usize::MAX);
    backref_visit::count(limit, |found| search(puzzle, k, &mut |_| found(()))) as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::check;

    #[test]
    fn quadrants_of_four() {
        let p = crate::parse("1 1 2 2\n1 1 2 2\n3 3 4 4\n3 3 4 4\n", "t").unwrap();
        // The two 4-queens-like placements without touching: .*.. ...* *... ..*. and its mirror.
        assert_eq!(count(&p, 1, 100), 2);
        assert_eq!(check(&p, 1, &solve(&p, 1).unwrap()), Ok(()));
        let three = crate::parse("1 1 2\n1 3 2\n3 3 2\n", "t").unwrap();
        assert_eq!(count(&three, 1, 100), 0);
    }
}
