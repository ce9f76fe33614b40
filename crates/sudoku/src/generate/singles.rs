//! The generator's strong counter: candidates as bit masks, naked and hidden singles after
//! every placement, then the cell with the fewest candidates. It counts up to a cap and keeps
//! the first two solutions, so that a puzzle that is not unique names a second solution (the
//! cells where it differs from the first hold an unavoidable set).
//!
//! This is the generator's own checker, for box Sudokus of up to 32 symbols; the encoder and
//! the native solver that cross-checks the regex do not use it.

/// What a count found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Count {
    /// Solutions found, up to the cap.
    pub solutions: u64,
    /// The first two solutions found (values from 0, row-major).
    pub found: Vec<Vec<u8>>,
    /// Branches tried (placements made by guessing, singles not counted).
    pub nodes: u64,
}

/// A counter for box Sudokus of p×q boxes with singles propagation.
pub struct Singles {
    n: usize,
    /// The cells of each house (rows, columns, boxes).
    houses: Vec<Vec<usize>>,
    /// The distinct peers of each cell.
    peers: Vec<Vec<usize>>,
}

/// Candidates of every cell and whether the cell's value was already taken from its peers.
#[derive(Clone)]
struct Board {
    cand: Vec<u32>,
    done: Vec<bool>,
}

impl Singles {
    /// A counter for p×q boxes (N = p·q ≤ 32).
    pub fn new(box_rows: usize, box_cols: usize) -> Singles {
        let n = box_rows * box_cols;
        assert!(n <= 32, "at most 32 symbols");
        let mut houses = vec![Vec::with_capacity(n); 3 * n];
        for cell in 0..n * n {
            let (r, c) = (cell / n, cell % n);
            let b = r / box_rows * (n / box_cols) + c / box_cols;
            houses[r].push(cell);
            houses[n + c].push(cell);
            houses[2 * n + b].push(cell);
        }
        let peers = (0..n * n)
            .map(|cell| {
                let (r, c) = (cell / n, cell % n);
                let b = r / box_rows * (n / box_cols) + c / box_cols;
                let mut p: Vec<usize> = [r, n + c, 2 * n + b]
                    .iter()
                    .flat_map(|&h| houses[h].iter().copied())
                    .filter(|&x| x != cell)
                    .collect();
                p.sort_unstable();
                p.dedup();
                p
            })
            .collect();
        Singles { n, houses, peers }
    }

    /// The number of solutions of `givens` (a value per cell or none) up to `cap`, with the
    /// first two solutions; `None` when `node_limit` branches were not enough to know.
    pub fn count(&self, givens: &[Option<u8>], cap: u64, node_limit: u64) -> Option<Count> {
        self.count_excluding(givens, &[], cap, node_limit)
    }

    /// [`Singles::count`] with the values `exclude` lists (cell, value) taken from those cells
    /// first: with a given just removed and its value excluded, a solution found is a second
    /// solution of the puzzle without that given.
    pub fn count_excluding(
        &self,
        givens: &[Option<u8>],
        exclude: &[(usize, u8)],
        cap: u64,
        node_limit: u64,
    ) -> Option<Count> {
        let mut b = Board {
            cand: vec![self.all(); self.n * self.n],
            done: vec![false; self.n * self.n],
        };
        let mut out = Count::default();
        let mut ok = true;
        for &(cell, x) in exclude {
            b.cand[cell] &= !(1 << x);
        }
        for (cell, g) in givens.iter().enumerate() {
            if let Some(x) = g {
                if !self.assign(&mut b, cell, 1 << x) {
                    ok = false;
                    break;
                }
            }
        }
        if ok {
            // Cells left with one candidate by the exclusions.
            for &(cell, _) in exclude {
                if b.cand[cell].count_ones() <= 1 && !b.done[cell] {
                    let bit = b.cand[cell];
                    if bit == 0 || !self.assign(&mut b, cell, bit) {
                        ok = false;
                        break;
                    }
                }
            }
        }
        if ok && self.settle(&mut b) {
            self.go(b, cap.max(1), node_limit, &mut out)?;
        }
        Some(out)
    }

    fn all(&self) -> u32 {
        if self.n == 32 {
            u32::MAX
        } else {
            (1u32 << self.n) - 1
        }
    }

    /// Places `bit` in `cell` and takes it from the peers, following naked singles. `false`
    /// on a contradiction.
    fn assign(&self, b: &mut Board, cell: usize, bit: u32) -> bool {
        if b.cand[cell] & bit == 0 {
            return false;
        }
        b.cand[cell] = bit;
        // Each cell is pushed at most once (when it comes down to one candidate), plus `cell`.
        let mut queue = [0u16; 1025];
        let mut len = 1;
        queue[0] = cell as u16;
        while len > 0 {
            len -= 1;
            let c = queue[len] as usize;
            if b.done[c] {
                continue;
            }
            b.done[c] = true;
            let v = b.cand[c];
            for &p in &self.peers[c] {
                if b.cand[p] & v != 0 {
                    b.cand[p] &= !v;
                    match b.cand[p].count_ones() {
                        0 => return false,
                        1 => {
                            queue[len] = p as u16;
                            len += 1;
                        }
                        _ => {}
                    }
                }
            }
        }
        true
    }

    /// Hidden singles in every house until none is left. `false` on a contradiction (a value
    /// with no place in a house).
    fn settle(&self, b: &mut Board) -> bool {
        let all = self.all();
        loop {
            let mut changed = false;
            for house in &self.houses {
                let (mut once, mut twice) = (0u32, 0u32);
                for &c in house {
                    twice |= once & b.cand[c];
                    once |= b.cand[c];
                }
                if once != all {
                    return false;
                }
                let mut lone = once & !twice;
                while lone != 0 {
                    let bit = lone & lone.wrapping_neg();
                    lone &= !bit;
                    let Some(&c) = house.iter().find(|&&c| b.cand[c] & bit != 0) else {
                        return false;
                    };
                    if b.cand[c] != bit || !b.done[c] {
                        if !self.assign(b, c, bit) {
                            return false;
                        }
                        changed = true;
                    }
                }
            }
            if !changed {
                return true;
            }
        }
    }

    /// A value with exactly two places in some house, as (bit, the two cells).
    fn pair(&self, b: &Board) -> Option<(u32, usize, usize)> {
        for house in &self.houses {
            let (mut once, mut twice, mut thrice) = (0u32, 0u32, 0u32);
            for &c in house {
                let m = b.cand[c];
                thrice |= twice & m;
                twice |= once & m;
                once |= m;
            }
            let two = twice & !thrice;
            if two != 0 {
                let bit = two & two.wrapping_neg();
                let mut at = house.iter().filter(|&&c| b.cand[c] & bit != 0);
                let (x, y) = (*at.next()?, *at.next()?);
                return Some((bit, x, y));
            }
        }
        None
    }

    /// Branches on the cell with the fewest candidates, or on a value with two places in a
    /// house when every open cell has more than two. `None` when the budget ran out.
    fn go(&self, b: Board, cap: u64, node_limit: u64, out: &mut Count) -> Option<()> {
        let mut best: Option<(u32, usize)> = None;
        for (c, &m) in b.cand.iter().enumerate() {
            let k = m.count_ones();
            if k > 1 && best.is_none_or(|(bk, _)| k < bk) {
                best = Some((k, c));
                if k == 2 {
                    break;
                }
            }
        }
        let Some((k, cell)) = best else {
            out.solutions += 1;
            if out.found.len() < 2 {
                out.found
                    .push(b.cand.iter().map(|m| m.trailing_zeros() as u8).collect());
            }
            return Some(());
        };
        // The branches: (cell, bit) placements, one per child.
        let mut branches: Vec<(usize, u32)> = Vec::new();
        match (k > 2).then(|| self.pair(&b)).flatten() {
            Some((bit, x, y)) => branches.extend([(x, bit), (y, bit)]),
            None => {
                let mut options = b.cand[cell];
                while options != 0 {
                    let bit = options & options.wrapping_neg();
                    options &= !bit;
                    branches.push((cell, bit));
                }
            }
        }
        for (cell, bit) in branches {
            if out.solutions >= cap {
                break;
            }
            if out.nodes >= node_limit {
                return None;
            }
            out.nodes += 1;
            let mut next = b.clone();
            if self.assign(&mut next, cell, bit) && self.settle(&mut next) {
                self.go(next, cap, node_limit, out)?;
            }
        }
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_an_empty_four_by_four_and_a_clash() {
        let s = Singles::new(2, 2);
        let c = s.count(&[None; 16], 1000, u64::MAX).expect("a count");
        assert_eq!(c.solutions, 288);
        assert_eq!(c.found.len(), 2);
        assert_ne!(c.found[0], c.found[1]);
        assert_eq!(s.count(&[None; 16], 2, u64::MAX).unwrap().solutions, 2);
        assert_eq!(s.count(&[None; 16], 1000, 3), None);
        let mut clash = [None; 16];
        clash[0] = Some(0);
        clash[1] = Some(0);
        assert_eq!(s.count(&clash, 2, u64::MAX).unwrap().solutions, 0);
    }

    #[test]
    fn agrees_with_the_plain_counter_on_six_by_six_puzzles() {
        use crate::generate::Counter;
        use backref_rng::Rng;
        let (s, plain) = (Singles::new(2, 3), Counter::new(2, 3));
        let mut rng = Rng::new(11);
        let full = plain.random_fill(&mut rng, 100_000, 10).expect("a grid");
        for k in 0..40 {
            let mut g: Vec<Option<u8>> = full.iter().map(|&x| Some(x)).collect();
            for cell in g.iter_mut() {
                if rng.below(36) < 10 + k % 20 {
                    *cell = None;
                }
            }
            let a = s.count(&g, 1000, u64::MAX).unwrap().solutions;
            assert_eq!(Some(a), plain.count(&g, 1000, u64::MAX), "{g:?}");
        }
    }
}
