//! A native backtracking solver: the open white cell with the fewest possible digits next (a
//! dynamic order, unlike the encoding's static one), digits from 1 up, with running sums and
//! used digits per run, each run's bounds checked as it grows.
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
    /// Per run, its cells set.
    filled: Vec<usize>,
}

impl Search<'_> {
    /// Whether run `run`, with `filled` cells set, can still make its clue.
    fn fits(&self, run: usize, filled: usize) -> bool {
        let (len, clue) = self.net.runs[run];
        let Some(clue) = clue else { return true };
        let left = (len - filled) as u32;
        // The fewest and the most the digits still free can add over the cells left.
        let free: Vec<u32> = (1..=9).filter(|&d| !self.used[run][d as usize]).collect();
        let least: u32 = free.iter().take(left as usize).sum();
        let most: u32 = free.iter().rev().take(left as usize).sum();
        let s = self.sums[run];
        s + least <= clue && s + most >= clue
    }

    /// The digits cell `i` can take now: unused in its runs, each run's sum still reachable.
    fn options(&mut self, i: usize) -> Vec<u8> {
        let mut out = Vec::new();
        for d in 1..=9u8 {
            if self.net.member[i]
                .iter()
                .any(|&(run, _)| self.used[run][d as usize])
            {
                continue;
            }
            self.place(i, d, true);
            let ok = self.net.member[i]
                .iter()
                .all(|&(run, _)| self.fits(run, self.filled[run]));
            self.place(i, d, false);
            if ok {
                out.push(d);
            }
        }
        out
    }

    fn place(&mut self, i: usize, d: u8, on: bool) {
        for &(run, _) in &self.net.member[i] {
            self.used[run][d as usize] = on;
            if on {
                self.sums[run] += d as u32;
                self.filled[run] += 1;
            } else {
                self.sums[run] -= d as u32;
                self.filled[run] -= 1;
            }
        }
        self.digits[i] = if on { d } else { 0 };
    }

    /// Decides the open cell with the fewest options next (the first such in reading order),
    /// its digits from 1 up.
    fn run(&mut self, open: usize, found: &mut dyn FnMut(&[u8]) -> bool) -> bool {
        if open == 0 {
            return found(&self.digits);
        }
        let mut best: Option<(usize, Vec<u8>)> = None;
        for i in 0..self.digits.len() {
            if self.digits[i] != 0 {
                continue;
            }
            let options = self.options(i);
            if best.as_ref().is_none_or(|(_, b)| options.len() < b.len()) {
                let stop = options.len() <= 1;
                best = Some((i, options));
                if stop {
                    break;
                }
            }
        }
        let (i, options) = best.expect("an open cell");
        for d in options {
            self.place(i, d, true);
            let go_on = self.run(open - 1, found);
            self.place(i, d, false);
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
        filled: vec![0; net.runs.len()],
    };
    s.run(net.whites.len(), &mut |d| found(&net, d));
}

/// The first answer found, if any.
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
