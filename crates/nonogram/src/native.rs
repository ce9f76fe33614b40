//! A native backtracking solver: cells row by row, empty before filled (the encoding's order),
//! each row and column keeping its own (runs done, current run) tally and failing when the
//! cells left cannot hold the rest of its clue. Shares no code with the encoder or the checker.

use crate::{Nonogram, Picture};

/// A line's progress: runs completed and the length of the run under way.
#[derive(Clone, Copy)]
struct Tally {
    done: usize,
    current: usize,
}

/// The tally after one more cell, if the clue still allows it with `left` cells to come.
fn step(clue: &[usize], t: Tally, filled: bool, left: usize) -> Option<Tally> {
    let mut t = t;
    if filled {
        if t.done >= clue.len() || t.current + 1 > clue[t.done] {
            return None;
        }
        t.current += 1;
    } else if t.current > 0 {
        if t.current != clue[t.done] {
            return None;
        }
        t.done += 1;
        t.current = 0;
    }
    // The fewest cells the rest of the clue still needs.
    let need = if t.current > 0 {
        let rest: usize = clue[t.done + 1..].iter().map(|a| a + 1).sum();
        clue[t.done] - t.current + rest
    } else {
        let rest = &clue[t.done..];
        (rest.iter().sum::<usize>() + rest.len()).saturating_sub(1)
    };
    (need <= left).then_some(t)
}

struct Search<'a> {
    p: &'a Nonogram,
    h: usize,
    w: usize,
    cells: Vec<Vec<bool>>,
    rows: Vec<Tally>,
    cols: Vec<Tally>,
}

impl Search<'_> {
    fn run(&mut self, pos: usize, found: &mut dyn FnMut(&Vec<Vec<bool>>) -> bool) -> bool {
        if pos == self.h * self.w {
            return found(&self.cells);
        }
        let (r, c) = (pos / self.w, pos % self.w);
        let (row, col) = (self.rows[r], self.cols[c]);
        for filled in [false, true] {
            let Some(nr) = step(&self.p.rows[r], row, filled, self.w - 1 - c) else {
                continue;
            };
            let Some(nc) = step(&self.p.cols[c], col, filled, self.h - 1 - r) else {
                continue;
            };
            self.rows[r] = nr;
            self.cols[c] = nc;
            self.cells[r][c] = filled;
            let go_on = self.run(pos + 1, found);
            self.rows[r] = row;
            self.cols[c] = col;
            self.cells[r][c] = false;
            if !go_on {
                return false;
            }
        }
        true
    }
}

fn search(p: &Nonogram, found: &mut dyn FnMut(&Vec<Vec<bool>>) -> bool) {
    let (h, w) = (p.rows.len(), p.cols.len());
    let zero = Tally {
        done: 0,
        current: 0,
    };
    let mut s = Search {
        p,
        h,
        w,
        cells: vec![vec![false; w]; h],
        rows: vec![zero; h],
        cols: vec![zero; w],
    };
    s.run(0, found);
}

/// The first picture in the encoding's order, if any.
pub fn solve(p: &Nonogram) -> Option<Picture> {
    backref_visit::first(|found| {
        search(p, &mut |cells| {
            found(Picture {
                cells: cells.clone(),
            })
        })
    })
}

/// The number of pictures, counting up to `cap` (a cap of 0 stops at the first, as a cap of 1 does).
pub fn count(p: &Nonogram, cap: u64) -> u64 {
    let limit = usize::try_from(cap.max(1)).unwrap_or(usize::MAX);
    backref_visit::count(limit, |found| search(p, &mut |_| found(()))) as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::check;

    #[test]
    fn small_counts() {
        let cross = crate::parse("1\n3\n1\n\n1\n3\n1\n", "t").unwrap();
        assert_eq!(count(&cross, 10), 1);
        assert_eq!(check(&cross, &solve(&cross).unwrap()), Ok(()));
        // A 2×2 with one cell per line: the two diagonals.
        let two = crate::parse("1\n1\n\n1\n1\n", "t").unwrap();
        assert_eq!(count(&two, 10), 2);
        let none = crate::parse("2\n0\n\n1\n0\n", "t").unwrap();
        assert_eq!(count(&none, 10), 0);
    }
}
