//! A native backtracking solver: white cells in reading order, digits from 1 up (the encoding's
//! order), with running sums and used digits per run, each run's bounds checked as it grows.
//! Shares no code with the encoder or the checker.

use crate::{Cell, Fill, Kakuro};

struct Net {
    whites: Vec<(usize, usize)>,
    /// Each white cell's runs (index, position in the run).
    member: Vec<Vec<(usize, usize)>>,
    /// Each run's length and clue.
    runs: Vec<(usize, Option<u32>)>,
}

fn net(k: &Kakuro) -> Net {
    let h = k.cells.len();
    let w = k.cells.first().map_or(0, Vec::len);
    let mut index = vec![vec![usize::MAX; w]; h];
    let mut whites = Vec::new();
    for r in 0..h {
        for c in 0..w {
            if k.cells[r][c] == Cell::White {
                index[r][c] = whites.len();
                whites.push((r, c));
            }
        }
    }
    let mut member = vec![Vec::new(); whites.len()];
    let mut runs = Vec::new();
    for (dr, dc) in [(0usize, 1usize), (1, 0)] {
        for &(r, c) in &whites {
            let first =
                if dc == 1 { c == 0 } else { r == 0 } || k.cells[r - dr][c - dc] != Cell::White;
            if !first {
                continue;
            }
            let clue = if r >= dr && c >= dc {
                match k.cells[r - dr][c - dc] {
                    Cell::Black { down, across } => {
                        if dc == 1 {
                            across
                        } else {
                            down
                        }
                    }
                    Cell::White => None,
                }
            } else {
                None
            };
            let (mut y, mut x, mut len) = (r, c, 0);
            while y < h && x < w && index[y][x] != usize::MAX {
                member[index[y][x]].push((runs.len(), len));
                len += 1;
                y += dr;
                x += dc;
            }
            runs.push((len, clue));
        }
    }
    Net {
        whites,
        member,
        runs,
    }
}

struct Search<'a> {
    net: &'a Net,
    digits: Vec<u8>,
    used: Vec<[bool; 10]>,
    sums: Vec<u32>,
}

impl Search<'_> {
    fn fits(&self, run: usize, at: usize) -> bool {
        let (len, clue) = self.net.runs[run];
        let Some(clue) = clue else { return true };
        let left = (len - at - 1) as u32;
        // The fewest and the most the digits still free can add over the cells left.
        let free: Vec<u32> = (1..=9).filter(|&d| !self.used[run][d as usize]).collect();
        let least: u32 = free.iter().take(left as usize).sum();
        let most: u32 = free.iter().rev().take(left as usize).sum();
        let s = self.sums[run];
        s + least <= clue && s + most >= clue
    }

    fn run(&mut self, i: usize, found: &mut dyn FnMut(&[u8]) -> bool) -> bool {
        if i == self.net.whites.len() {
            return found(&self.digits);
        }
        for d in 1..=9u8 {
            if self.net.member[i]
                .iter()
                .any(|&(run, _)| self.used[run][d as usize])
            {
                continue;
            }
            for &(run, _) in &self.net.member[i] {
                self.used[run][d as usize] = true;
                self.sums[run] += d as u32;
            }
            self.digits[i] = d;
            let ok = self.net.member[i]
                .iter()
                .all(|&(run, at)| self.fits(run, at));
            let go_on = !ok || self.run(i + 1, found);
            for &(run, _) in &self.net.member[i] {
                self.used[run][d as usize] = false;
                self.sums[run] -= d as u32;
            }
            if !go_on {
                return false;
            }
        }
        true
    }
}

fn search(k: &Kakuro, found: &mut dyn FnMut(&Net, &[u8]) -> bool) {
    let net = net(k);
    let mut s = Search {
        net: &net,
        digits: vec![0; net.whites.len()],
        used: vec![[false; 10]; net.runs.len()],
        sums: vec![0; net.runs.len()],
    };
    s.run(0, &mut |d| found(&net, d));
}

/// The first answer in the encoding's order, if any.
pub fn solve(k: &Kakuro) -> Option<Fill> {
    let (h, w) = (k.cells.len(), k.cells.first().map_or(0, Vec::len));
    backref_visit::first(|found| {
        search(k, &mut |net, d| {
            let mut digits = vec![vec![0; w]; h];
            for (i, &(r, c)) in net.whites.iter().enumerate() {
                digits[r][c] = d[i];
            }
            found(Fill { digits })
        })
    })
}

/// The number of answers, counting up to `cap` (a cap of 0 stops at the first, as a cap of 1 does).
pub fn count(k: &Kakuro, cap: u64) -> u64 {
    let limit = usize::try_from(cap.max(1)).unwrap_or(usize::MAX);
    backref_visit::count(limit, |found| search(k, &mut |_, _| found(()))) as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::check;

    #[test]
    fn a_small_grid() {
        let k = crate::parse("#   4\\  3\\\n\\3  .  .\n\\4  .  .\n", "t").unwrap();
        assert_eq!(count(&k, 10), 1);
        let f = solve(&k).unwrap();
        assert_eq!(f.rows(), ["###", "#12", "#31"]);
        assert_eq!(check(&k, &f), Ok(()));
        let z = crate::parse("#   4\\  4\\\n\\3  .  .\n\\5  .  .\n", "t").unwrap();
        assert_eq!(count(&z, 10), 0);
    }
}
