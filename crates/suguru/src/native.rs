//! A native backtracking solver: cells in reading order, digits from 1 up (the encoding's
//! order), each checked against the earlier cells of its region and its earlier neighbours.
//! Shares no code with the encoder or the checker.

use crate::{Digits, Suguru};

fn search(p: &Suguru, found: &mut dyn FnMut(&Vec<Vec<u8>>) -> bool) {
    let (h, w) = (p.rows(), p.cols());
    // For each cell, the earlier cells it must differ from.
    let mut rivals: Vec<Vec<(usize, usize)>> = Vec::with_capacity(h * w);
    for r in 0..h {
        for c in 0..w {
            let mut v = Vec::new();
            for r2 in 0..=r {
                for c2 in 0..w {
                    if (r2, c2) >= (r, c) {
                        break;
                    }
                    let near = r.abs_diff(r2) <= 1 && c.abs_diff(c2) <= 1;
                    if near || p.regions[r2][c2] == p.regions[r][c] {
                        v.push((r2, c2));
                    }
                }
            }
            rivals.push(v);
        }
    }
    fn go(
        p: &Suguru,
        rivals: &[Vec<(usize, usize)>],
        cells: &mut Vec<Vec<u8>>,
        pos: usize,
        found: &mut dyn FnMut(&Vec<Vec<u8>>) -> bool,
    ) -> bool {
        let w = p.cols();
        if pos == rivals.len() {
            return found(cells);
        }
        let (r, c) = (pos / w, pos % w);
        let k = p.sizes[p.regions[r][c]] as u8;
        for d in 1..=k {
            if p.givens[r][c].is_some_and(|g| g != d) {
                continue;
            }
            if rivals[pos].iter().any(|&(y, x)| cells[y][x] == d) {
                continue;
            }
            cells[r][c] = d;
            let go_on = go(p, rivals, cells, pos + 1, found);
            cells[r][c] = 0;
            if !go_on {
                return false;
            }
        }
        true
    }
    let mut cells = vec![vec![0; w]; h];
    go(p, &rivals, &mut cells, 0, found);
}

/// The first answer in the encoding's order, if any.
pub fn solve(p: &Suguru) -> Option<Digits> {
    backref_visit::first(|found| {
        search(p, &mut |cells| {
            found(Digits {
                digits: cells.clone(),
            })
        })
    })
}

/// The number of answers, counting up to `cap` (a cap of 0 stops at the first, as a cap of 1 does).
pub fn count(p: &Suguru, cap: u64) -> u64 {
    let limit = usize::try_from(cap.max(1)).unwrap_or(usize::MAX);
    backref_visit::count(limit, |found| search(p, &mut |_| found(()))) as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::check;

    #[test]
    fn small_grids() {
        let p = crate::parse("1 1 2 2\n\n. . . .\n", "t").unwrap();
        assert_eq!(count(&p, 100), 2);
        assert_eq!(solve(&p).unwrap().rows(), ["1212"]);
        assert_eq!(check(&p, &solve(&p).unwrap()), Ok(()));
        // Two 2-cell regions side by side in a 2×2: every cell touches every other.
        let z = crate::parse("1 2\n1 2\n\n. .\n. .\n", "t").unwrap();
        assert_eq!(count(&z, 10), 0);
    }
}
