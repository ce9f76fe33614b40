//! A native colour-grid solver: line propagation plus backtracking.
//!
//! Every cell keeps a domain: a bit set of the colours it may still take. A line (row or
//! column) with clue `c1 … ck` is revised with a forward/backward pass over "cell `i` is in run
//! `j`" (run `j` has colour `cj`; the next cell is in the same run or in run `j + 1`): a colour
//! stays in a cell's domain only if some whole-line assignment consistent with all domains puts
//! it there. Lines are revised until nothing changes (like a nonogram line solver), then the
//! search branches on the undecided cell with the fewest colours left.

use crate::{Puzzle, Solution};

/// One row or column: its cells (flat indices) and its clue as alphabet indices.
#[derive(Debug)]
struct Line {
    cells: Vec<usize>,
    clue: Vec<usize>,
}

#[derive(Debug)]
struct Model {
    width: usize,
    colors: Vec<u8>,
    lines: Vec<Line>,
    /// For each cell: its row line and its column line.
    lines_of: Vec<[usize; 2]>,
}

impl Model {
    fn new(p: &Puzzle) -> Model {
        let (h, w) = (p.height(), p.width());
        let colors = p.colors().to_vec();
        let index = |b: u8| colors.iter().position(|&c| c == b).unwrap_or(0);
        let mut lines = Vec::with_capacity(h + w);
        for (y, clue) in p.rows().iter().enumerate() {
            lines.push(Line {
                cells: (0..w).map(|x| y * w + x).collect(),
                clue: clue.bytes().map(index).collect(),
            });
        }
        for (x, clue) in p.cols().iter().enumerate() {
            lines.push(Line {
                cells: (0..h).map(|y| y * w + x).collect(),
                clue: clue.bytes().map(index).collect(),
            });
        }
        let lines_of = (0..h * w).map(|c| [c / w, h + c % w]).collect();
        Model {
            width: w,
            colors,
            lines,
            lines_of,
        }
    }

    /// Narrows the domains of one line. Returns `None` on a contradiction, otherwise the cells
    /// whose domain shrank.
    fn revise(&self, line: &Line, dom: &mut [u64]) -> Option<Vec<usize>> {
        let n = line.cells.len();
        let k = line.clue.len();
        if k > n {
            return None;
        }
        let allowed = |i: usize, j: usize| dom[line.cells[i]] >> line.clue[j] & 1 == 1;
        // fwd[i*k + j]: cells 0..=i can be filled with cell i in run j.
        let mut fwd = vec![false; n * k];
        for i in 0..n {
            for j in 0..k {
                let reach = if i == 0 {
                    j == 0
                } else {
                    fwd[(i - 1) * k + j] || (j > 0 && fwd[(i - 1) * k + j - 1])
                };
                fwd[i * k + j] = reach && allowed(i, j);
            }
        }
        if !fwd[(n - 1) * k + k - 1] {
            return None;
        }
        // bwd[i*k + j]: cells i..n can be filled with cell i in run j.
        let mut bwd = vec![false; n * k];
        for i in (0..n).rev() {
            for j in 0..k {
                let reach = if i == n - 1 {
                    j == k - 1
                } else {
                    bwd[(i + 1) * k + j] || (j + 1 < k && bwd[(i + 1) * k + j + 1])
                };
                bwd[i * k + j] = reach && allowed(i, j);
            }
        }
        let mut changed = Vec::new();
        for i in 0..n {
            let mut support = 0u64;
            for j in 0..k {
                if fwd[i * k + j] && bwd[i * k + j] {
                    support |= 1 << line.clue[j];
                }
            }
            let cell = line.cells[i];
            let narrowed = dom[cell] & support;
            if narrowed == 0 {
                return None;
            }
            if narrowed != dom[cell] {
                dom[cell] = narrowed;
                changed.push(cell);
            }
        }
        Some(changed)
    }

    /// Revises lines until a fixpoint. `pending` lists the lines to start from. A line that
    /// fails gets its weight raised (for the branching heuristic).
    fn propagate(&self, dom: &mut [u64], pending: Vec<usize>, weights: &mut [u64]) -> bool {
        let mut queued = vec![false; self.lines.len()];
        let mut queue = std::collections::VecDeque::new();
        for l in pending {
            if !queued[l] {
                queued[l] = true;
                queue.push_back(l);
            }
        }
        while let Some(l) = queue.pop_front() {
            queued[l] = false;
            let Some(changed) = self.revise(&self.lines[l], dom) else {
                weights[l] += 1;
                return false;
            };
            for cell in changed {
                for other in self.lines_of[cell] {
                    if other != l && !queued[other] {
                        queued[other] = true;
                        queue.push_back(other);
                    }
                }
            }
        }
        true
    }

    fn solution(&self, dom: &[u64]) -> Solution {
        let cells = dom
            .chunks(self.width)
            .map(|row| {
                row.iter()
                    .map(|&d| self.colors[d.trailing_zeros() as usize])
                    .collect()
            })
            .collect();
        Solution { cells }
    }

    /// Depth-first search from propagated domains; `found` returns `false` to stop.
    ///
    /// Branching follows dom/wdeg: the undecided cell with the largest ratio of (weights of its
    /// row and column, raised each time that line fails) to domain size.
    fn search(
        &self,
        dom: &[u64],
        weights: &mut [u64],
        found: &mut dyn FnMut(Solution) -> bool,
    ) -> bool {
        let mut best: Option<(usize, u64, u64)> = None; // (cell, weight, domain size)
        for (cell, d) in dom.iter().enumerate() {
            let size = u64::from(d.count_ones());
            if size < 2 {
                continue;
            }
            let [r, c] = self.lines_of[cell];
            let w = weights[r] + weights[c];
            // w / size > bw / bsize  <=>  w * bsize > bw * size
            if best.is_none_or(|(_, bw, bsize)| w * bsize > bw * size) {
                best = Some((cell, w, size));
            }
        }
        let Some((cell, _, _)) = best else {
            return found(self.solution(dom));
        };
        let mut bits = dom[cell];
        while bits != 0 {
            let bit = bits & bits.wrapping_neg();
            bits &= bits - 1;
            let mut child = dom.to_vec();
            child[cell] = bit;
            if self.propagate(&mut child, self.lines_of[cell].to_vec(), weights)
                && !self.search(&child, weights, found)
            {
                return false;
            }
        }
        true
    }
}

/// Runs the search, handing each solution to `found` until it returns `false`.
fn run(p: &Puzzle, found: &mut dyn FnMut(Solution) -> bool) {
    let model = Model::new(p);
    // Alphabets hold at most 52 ASCII letters, so a u64 bit set is enough.
    let full: u64 = if model.colors.len() >= 64 {
        u64::MAX
    } else {
        (1u64 << model.colors.len()) - 1
    };
    let mut dom = vec![full; p.height() * p.width()];
    let mut weights = vec![1; model.lines.len()];
    if model.propagate(&mut dom, (0..model.lines.len()).collect(), &mut weights) {
        model.search(&dom, &mut weights, found);
    }
}

/// Finds one solution, or `None` if the puzzle has none.
pub fn solve_first(p: &Puzzle) -> Option<Solution> {
    backref_visit::first(|found| run(p, found))
}

/// Counts the solutions, stopping as soon as `limit` are found (so the result is at most
/// `limit`). `count(p, 2)` tells apart "none", "unique" and "several".
pub fn count(p: &Puzzle, limit: usize) -> usize {
    backref_visit::count(limit, |found| run(p, found))
}

/// Returns up to `limit` solutions, in search order.
pub fn solve_all(p: &Puzzle, limit: usize) -> Vec<Solution> {
    backref_visit::all(limit, |found| run(p, found))
}
