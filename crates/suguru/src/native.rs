//! A native backtracking solver: the next cell is the open one with the fewest digits left
//! (its region's 1..k less the digits of the cells it must differ from; ties in reading order),
//! digits from 1 up. Shares no code with the encoder or the checker. It is the cross-check, not
//! a mirror of the pattern's tree: `bench` measures that tree with the IR's own walk.

use crate::{Digits, Suguru};

fn search(p: &Suguru, found: &mut dyn FnMut(&Vec<Vec<u8>>) -> bool) {
    let (h, w) = (p.rows(), p.cols());
    // For each cell (row-major), the cells it must differ from: same region or touching.
    let mut rivals: Vec<Vec<usize>> = vec![Vec::new(); h * w];
    for a in 0..h * w {
        for b in 0..h * w {
            let ((r, c), (y, x)) = ((a / w, a % w), (b / w, b % w));
            let near = r.abs_diff(y) <= 1 && c.abs_diff(x) <= 1;
            if a != b && (near || p.regions[r][c] == p.regions[y][x]) {
                rivals[a].push(b);
            }
        }
    }
    // Each cell's own digits as a bit set: its region's 1..k, or its given digit.
    let own: Vec<u32> = (0..h * w)
        .map(|a| {
            let (r, c) = (a / w, a % w);
            match p.givens[r][c] {
                Some(g) => 1 << g,
                None => ((1u32 << (p.sizes[p.regions[r][c]] + 1)) - 1) & !1,
            }
        })
        .collect();
    struct Search<'a> {
        w: usize,
        rivals: &'a [Vec<usize>],
        own: &'a [u32],
        digit: Vec<u8>,
        cells: Vec<Vec<u8>>,
    }
    impl Search<'_> {
        /// The digits open cell `a` may still take.
        fn left(&self, a: usize) -> u32 {
            self.rivals[a]
                .iter()
                .fold(self.own[a], |m, &b| m & !(1 << self.digit[b]))
        }

        fn go(&mut self, found: &mut dyn FnMut(&Vec<Vec<u8>>) -> bool) -> bool {
            let mut best: Option<(u32, usize, u32)> = None;
            for a in 0..self.digit.len() {
                if self.digit[a] != 0 {
                    continue;
                }
                let m = self.left(a);
                if best.is_none_or(|(n, _, _)| m.count_ones() < n) {
                    best = Some((m.count_ones(), a, m));
                    if m == 0 {
                        break;
                    }
                }
            }
            let Some((_, a, mut m)) = best else {
                return found(&self.cells);
            };
            let (r, c) = (a / self.w, a % self.w);
            while m != 0 {
                let d = m.trailing_zeros() as u8;
                m &= m - 1;
                self.digit[a] = d;
                self.cells[r][c] = d;
                let go_on = self.go(found);
                self.digit[a] = 0;
                self.cells[r][c] = 0;
                if !go_on {
                    return false;
                }
            }
            true
        }
    }
    let mut s = Search {
        w,
        rivals: &rivals,
        own: &own,
        digit: vec![0; h * w],
        cells: vec![vec![0; w]; h],
    };
    s.go(found);
}

/// The first answer found, if any.
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
