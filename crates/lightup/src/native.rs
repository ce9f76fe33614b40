//! A native backtracking solver: white cells row by row, no bulb before a bulb (the encoding's
//! order), with its own tallies per row run and column run of white cells and per number; a
//! cell's light is checked once the last cell that could light it is decided. Shares no code
//! with the encoder or the checker.

use crate::{Bulbs, Cell, LightUp};

struct Net {
    /// White cells in reading order.
    whites: Vec<(usize, usize)>,
    /// Each white cell's row run and column run.
    runs: Vec<(usize, usize)>,
    /// Numbers: (number, indices of their white neighbours).
    numbers: Vec<(usize, Vec<usize>)>,
    /// For each white cell, the numbers it touches.
    touches: Vec<Vec<usize>>,
    /// For each white cell index, the cells whose light is settled once it is decided.
    settle: Vec<Vec<usize>>,
}

fn net(p: &LightUp) -> Net {
    let (h, w) = (p.rows(), p.cols());
    let mut index = vec![vec![usize::MAX; w]; h];
    let mut whites = Vec::new();
    for r in 0..h {
        for c in 0..w {
            if p.cells[r][c] == Cell::White {
                index[r][c] = whites.len();
                whites.push((r, c));
            }
        }
    }
    let mut runs = vec![(0, 0); whites.len()];
    let mut run_cells: Vec<Vec<usize>> = Vec::new();
    for (i, &(r, c)) in whites.iter().enumerate() {
        if c == 0 || index[r][c - 1] == usize::MAX {
            run_cells.push(Vec::new());
        }
        runs[i].0 = run_cells.len() - 1;
        run_cells.last_mut().expect("one").push(i);
    }
    for c in 0..w {
        for r in 0..h {
            let i = index[r][c];
            if i == usize::MAX {
                continue;
            }
            if r == 0 || index[r - 1][c] == usize::MAX {
                run_cells.push(Vec::new());
            }
            runs[i].1 = run_cells.len() - 1;
            run_cells.last_mut().expect("one").push(i);
        }
    }
    let mut numbers = Vec::new();
    let mut touches = vec![Vec::new(); whites.len()];
    for r in 0..h {
        for c in 0..w {
            if let Cell::Black(Some(n)) = p.cells[r][c] {
                let mut around = Vec::new();
                for (y, x) in [
                    (r.wrapping_sub(1), c),
                    (r, c.wrapping_sub(1)),
                    (r, c + 1),
                    (r + 1, c),
                ] {
                    if y < h && x < w && index[y][x] != usize::MAX {
                        around.push(index[y][x]);
                        touches[index[y][x]].push(numbers.len());
                    }
                }
                numbers.push((n as usize, around));
            }
        }
    }
    let mut settle = vec![Vec::new(); whites.len()];
    for (i, &(a, b)) in runs.iter().enumerate() {
        let last = run_cells[a]
            .iter()
            .chain(&run_cells[b])
            .max()
            .copied()
            .expect("itself");
        settle[last].push(i);
    }
    Net {
        whites,
        runs,
        numbers,
        touches,
        settle,
    }
}

struct Search<'a> {
    net: &'a Net,
    bulbs: Vec<bool>,
    run_bulbs: Vec<usize>,
    number_bulbs: Vec<usize>,
    number_left: Vec<usize>,
}

impl Search<'_> {
    fn run(&mut self, i: usize, found: &mut dyn FnMut(&[bool]) -> bool) -> bool {
        if i == self.net.whites.len() {
            return found(&self.bulbs);
        }
        let (a, b) = self.net.runs[i];
        for &n in &self.net.touches[i] {
            self.number_left[n] -= 1;
        }
        let mut go_on = true;
        for bulb in [false, true] {
            if bulb && (self.run_bulbs[a] > 0 || self.run_bulbs[b] > 0) {
                continue;
            }
            if bulb {
                self.bulbs[i] = true;
                self.run_bulbs[a] += 1;
                self.run_bulbs[b] += 1;
                for &n in &self.net.touches[i] {
                    self.number_bulbs[n] += 1;
                }
            }
            let numbers_ok = self.net.touches[i].iter().all(|&n| {
                let want = self.net.numbers[n].0;
                self.number_bulbs[n] <= want && self.number_bulbs[n] + self.number_left[n] >= want
            });
            let lit_ok = self.net.settle[i].iter().all(|&j| {
                let (x, y) = self.net.runs[j];
                self.run_bulbs[x] > 0 || self.run_bulbs[y] > 0
            });
            if numbers_ok && lit_ok {
                go_on = self.run(i + 1, found);
            }
            if bulb {
                self.bulbs[i] = false;
                self.run_bulbs[a] -= 1;
                self.run_bulbs[b] -= 1;
                for &n in &self.net.touches[i] {
                    self.number_bulbs[n] -= 1;
                }
            }
            if !go_on {
                break;
            }
        }
        for &n in &self.net.touches[i] {
            self.number_left[n] += 1;
        }
        go_on
    }
}

fn search(p: &LightUp, found: &mut dyn FnMut(&Net, &[bool]) -> bool) {
    let net = net(p);
    // A number without enough white neighbours can never hold.
    if net.numbers.iter().any(|(n, around)| *n > around.len()) {
        return;
    }
    let runs = net.runs.iter().map(|r| r.0.max(r.1) + 1).max().unwrap_or(0);
    let mut s = Search {
        net: &net,
        bulbs: vec![false; net.whites.len()],
        run_bulbs: vec![0; runs],
        number_bulbs: vec![0; net.numbers.len()],
        number_left: net.numbers.iter().map(|(_, a)| a.len()).collect(),
    };
    s.run(0, &mut |b| found(&net, b));
}

/// The first answer in the encoding's order, if any.
pub fn solve(p: &LightUp) -> Option<Bulbs> {
    backref_visit::first(|found| {
        search(p, &mut |net, b| {
            let mut bulbs = vec![vec![false; p.cols()]; p.rows()];
            for (i, &(r, c)) in net.whites.iter().enumerate() {
                bulbs[r][c] = b[i];
            }
            found(Bulbs { bulbs })
        })
    })
}

/// The number of answers, counting up to `cap` (a cap of 0 stops at the first, as a cap of 1 does).
pub fn count(p: &LightUp, cap: u64) -> u64 {
    let limit = usize::try_from(cap.max(1)).unwrap_or(usize::MAX);
    backref_visit::count(limit, |found| search(p, &mut |_, _| found(()))) as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::check;

    #[test]
    fn small_grids() {
        let p = crate::parse("..\n.*\n", "t").unwrap();
        assert_eq!(count(&p, 10), 2);
        assert_eq!(check(&p, &solve(&p).unwrap()), Ok(()));
        let q = crate::parse("...\n.4.\n...\n", "t").unwrap();
        assert_eq!(count(&q, 10), 1);
        let z = crate::parse("..\n.1\n", "t").unwrap();
        assert_eq!(count(&z, 10), 0);
    }
}
