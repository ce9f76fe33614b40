//! A search over removals that goes below a minimal puzzle: a pool of unavoidable sets learnt
//! from the counter's second solutions, and swap moves (put givens back, take more away).
//!
//! A puzzle with a unique solution must hold a given in every unavoidable set of its solution
//! grid (a set of cells whose values can be permuted into another valid grid). Each time the
//! counter ([`Singles`]) finds a second solution for a candidate puzzle, the cells where it
//! differs from the generated grid form such a set, and the pool keeps it: a given that is the
//! only one in some pooled set is known to be needed without counting again. The search:
//!
//! 1. one pass of removals in a random order, down to a minimal puzzle;
//! 2. then, for a number of rounds: put back the empty cell that frees the most givens (a
//!    given is freed when the cell lies in every pooled set where that given is the only one;
//!    ties at random, and now and then a random cell that frees at least one), try to remove
//!    the freed givens one by one (each removal counted), and keep the move when at least one
//!    given went (the same count: a sideways move; two or more: fewer givens), else undo it;
//!    after `STALL` rounds without a new low, a kick puts `KICK` random cells back.
//!
//! A removal is counted with the given's own value excluded from its cell (the puzzle with the
//! given had one solution, so any other solution differs there): one search for any solution
//! rather than a count to two. A caller's further test ([`Reducer::with_accept`]) may refuse a
//! unique puzzle (the generator example bounds the regex's static search tree with it).
//! The best puzzle seen is returned; every removal kept was counted unique by the counter.

use backref_rng::Rng;

use super::singles::Singles;

/// Figures of one search.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Givens of the minimal puzzle the first pass reached.
    pub first_minimal: usize,
    /// Puzzles counted (each a candidate removal).
    pub checks: u64,
    /// Candidate removals refused by the pool without counting.
    pub pool_refusals: u64,
    /// Candidate removals the counter found unique.
    pub unique: u64,
    /// Of those, the ones the further test refused.
    pub refused: u64,
    /// Counts that ran out of nodes (the removal is then refused).
    pub undecided: u64,
    /// Unavoidable sets learnt.
    pub sets: usize,
    /// Counter branches over every count.
    pub nodes: u64,
    /// Rounds of the swap search made.
    pub rounds: u64,
    /// Rounds whose move was kept (sideways or down).
    pub moves_kept: u64,
    /// Kicks made (cells put back after `STALL` rounds without a new low).
    pub kicks: u64,
    /// The round that reached the fewest givens (0: the first minimal puzzle).
    pub best_round: u64,
}

/// The state of a search on one solution grid.
pub struct Reducer<'a> {
    solution: &'a [u8],
    singles: &'a Singles,
    node_limit: u64,
    words: usize,
    given: Vec<bool>,
    /// Pooled unavoidable sets as bitsets over the cells, and their cells.
    sets: Vec<Vec<u64>>,
    set_cells: Vec<Vec<usize>>,
    /// The pooled sets each cell lies in.
    sets_of: Vec<Vec<usize>>,
    /// Givens in each pooled set.
    hits: Vec<u32>,
    /// A further test a unique puzzle must pass to be kept (say, a bound on the regex's
    /// search tree); refusals are not learnt.
    accept: Accept<'a>,
    /// The round in which the further test (or the node limit) last refused each cell's removal.
    refused_at: Vec<Option<u64>>,
    /// What the search did.
    pub stats: Stats,
}

/// Rounds during which a given whose removal the further test refused is not tried again
/// (unless the cells put back free it from the pool).
const TABU: u64 = 8;

/// Rounds without a new low (since the last kick) before a kick.
const STALL: u64 = 100;

/// Cells a kick puts back.
const KICK: usize = 6;

/// A further test on a candidate puzzle the counter found unique.
pub type Accept<'a> = Box<dyn FnMut(&[Option<u8>]) -> bool + 'a>;

impl<'a> Reducer<'a> {
    /// A search on the full grid `solution` (every cell given at first), counting with
    /// `singles` within `node_limit` branches per count.
    pub fn new(solution: &'a [u8], singles: &'a Singles, node_limit: u64) -> Reducer<'a> {
        let cells = solution.len();
        Reducer {
            solution,
            singles,
            node_limit,
            words: cells.div_ceil(64),
            given: vec![true; cells],
            sets: Vec::new(),
            set_cells: Vec::new(),
            sets_of: vec![Vec::new(); cells],
            hits: Vec::new(),
            accept: Box::new(|_| true),
            refused_at: vec![None; cells],
            stats: Stats::default(),
        }
    }

    /// Keeps a removal only when `accept` also says yes to the unique puzzle left.
    pub fn with_accept(mut self, accept: Accept<'a>) -> Reducer<'a> {
        self.accept = accept;
        self
    }

    /// The puzzle as it stands.
    pub fn puzzle(&self) -> Vec<Option<u8>> {
        self.given
            .iter()
            .zip(self.solution)
            .map(|(&g, &x)| g.then_some(x))
            .collect()
    }

    /// Givens left.
    pub fn givens(&self) -> usize {
        self.given.iter().filter(|&&g| g).count()
    }

    fn set_given(&mut self, cell: usize, on: bool) {
        if self.given[cell] == on {
            return;
        }
        self.given[cell] = on;
        for &s in &self.sets_of[cell] {
            if on {
                self.hits[s] += 1;
            } else {
                self.hits[s] -= 1;
            }
        }
    }

    /// Whether some pooled set holds `cell` as its only given.
    fn needed(&self, cell: usize) -> bool {
        self.sets_of[cell].iter().any(|&s| self.hits[s] == 1)
    }

    fn learn(&mut self, other: &[u8]) {
        let cells: Vec<usize> = (0..self.solution.len())
            .filter(|&c| other[c] != self.solution[c])
            .collect();
        let mut bits = vec![0u64; self.words];
        for &c in &cells {
            bits[c / 64] |= 1 << (c % 64);
            self.sets_of[c].push(self.sets.len());
        }
        self.hits
            .push(cells.iter().filter(|&&c| self.given[c]).count() as u32);
        self.sets.push(bits);
        self.set_cells.push(cells);
        self.stats.sets = self.sets.len();
    }

    /// Takes the given at `cell` away when the puzzle stays unique (the pool first, then the
    /// counter); a second solution found is pooled. Whether it went.
    pub fn try_remove(&mut self, cell: usize) -> bool {
        if !self.given[cell] {
            return false;
        }
        if self.needed(cell) {
            self.stats.pool_refusals += 1;
            return false;
        }
        self.set_given(cell, false);
        self.stats.checks += 1;
        // The puzzle with the given was unique: any other solution without it differs there.
        let exclude = [(cell, self.solution[cell])];
        let count = self
            .singles
            .count_excluding(&self.puzzle(), &exclude, 1, self.node_limit);
        self.stats.nodes += count.as_ref().map_or(self.node_limit, |c| c.nodes);
        match count {
            Some(c) if c.solutions == 0 => {
                self.stats.unique += 1;
                let puzzle = self.puzzle();
                if (self.accept)(&puzzle) {
                    true
                } else {
                    self.stats.refused += 1;
                    self.refused_at[cell] = Some(self.stats.rounds);
                    self.set_given(cell, true);
                    false
                }
            }
            Some(c) => {
                self.set_given(cell, true);
                if let Some(other) = c.found.iter().find(|s| s.as_slice() != self.solution) {
                    let other = other.clone();
                    self.learn(&other);
                }
                false
            }
            None => {
                self.stats.undecided += 1;
                self.refused_at[cell] = Some(self.stats.rounds);
                self.set_given(cell, true);
                false
            }
        }
    }

    /// One pass of removals over every given in a random order: a minimal puzzle (as far as
    /// the node limit lets the counter tell).
    pub fn minimise(&mut self, rng: &mut Rng) {
        let mut cells: Vec<usize> = (0..self.given.len()).filter(|&c| self.given[c]).collect();
        rng.shuffle(&mut cells);
        for c in cells {
            self.try_remove(c);
        }
    }

    /// For each empty cell, how many givens putting it back would free from the pool.
    fn freeing(&self) -> Vec<u32> {
        let mut score = vec![0u32; self.given.len()];
        let mut empty = vec![0u64; self.words];
        for (c, &g) in self.given.iter().enumerate() {
            if !g {
                empty[c / 64] |= 1 << (c % 64);
            }
        }
        for (y, &g) in self.given.iter().enumerate() {
            if !g {
                continue;
            }
            let mut inter: Option<Vec<u64>> = None;
            for &s in &self.sets_of[y] {
                if self.hits[s] != 1 {
                    continue;
                }
                let bits = &self.sets[s];
                let v = inter.get_or_insert_with(|| empty.clone());
                for (a, b) in v.iter_mut().zip(bits) {
                    *a &= b;
                }
            }
            if let Some(v) = inter {
                for (w, &word) in v.iter().enumerate() {
                    let mut word = word;
                    while word != 0 {
                        let b = word.trailing_zeros() as usize;
                        word &= word - 1;
                        score[w * 64 + b] += 1;
                    }
                }
            }
        }
        score
    }

    /// One round of the swap search: put one or two cells back, take away what then goes.
    /// Whether the move was kept.
    pub fn round(&mut self, rng: &mut Rng) -> bool {
        self.stats.rounds += 1;
        let adds = if rng.below(4) == 0 { 2 } else { 1 };
        let needed_before: Vec<bool> = (0..self.given.len())
            .map(|c| self.given[c] && self.needed(c))
            .collect();
        let mut added = Vec::new();
        for _ in 0..adds {
            let score = self.freeing();
            let top = *score.iter().max().unwrap_or(&0);
            // Most freed, now and then any that frees one; none frees: any empty cell (the
            // givens are then held by the further test, which a given put back may relax).
            let pick: Vec<usize> = if top == 0 {
                (0..score.len()).filter(|&c| !self.given[c]).collect()
            } else if rng.below(5) == 0 {
                (0..score.len()).filter(|&c| score[c] > 0).collect()
            } else {
                (0..score.len()).filter(|&c| score[c] == top).collect()
            };
            if pick.is_empty() {
                break;
            }
            let x = pick[rng.below(pick.len())];
            self.set_given(x, true);
            added.push(x);
        }
        if added.is_empty() {
            return false;
        }
        // Givens the pool frees, and those the further test refused more than `TABU` rounds
        // ago (or never).
        let round = self.stats.rounds;
        let mut free: Vec<usize> = (0..self.given.len())
            .filter(|&c| self.given[c] && !added.contains(&c) && !self.needed(c))
            .filter(|&c| needed_before[c] || self.refused_at[c].is_none_or(|r| r + TABU <= round))
            .collect();
        rng.shuffle(&mut free);
        let mut removed = Vec::new();
        for y in free {
            if self.try_remove(y) {
                removed.push(y);
            }
        }
        if removed.len() < added.len() {
            // Fewer went than were put back: back to the puzzle before the round (unique).
            for y in removed {
                self.set_given(y, true);
            }
            for x in added {
                self.set_given(x, false);
            }
            return false;
        }
        self.stats.moves_kept += 1;
        true
    }

    /// Puts `KICK` random empty cells back (the puzzle stays unique): a way out of a region
    /// where the swap moves found nothing lower for `STALL` rounds.
    fn kick(&mut self, rng: &mut Rng) {
        self.stats.kicks += 1;
        let mut empty: Vec<usize> = (0..self.given.len()).filter(|&c| !self.given[c]).collect();
        rng.shuffle(&mut empty);
        for &c in empty.iter().take(KICK) {
            self.set_given(c, true);
        }
    }

    /// The search: a minimal puzzle, then up to `rounds` rounds of the swap search, stopping
    /// once `target` givens or fewer are left, or when `go_on` says no (asked after each
    /// round with the rounds made and the fewest givens so far); the puzzle with the fewest
    /// givens seen is returned (the first one reached at that count, in round
    /// `stats.best_round`: the same seed with that many rounds gives the same puzzle).
    pub fn run(
        &mut self,
        rng: &mut Rng,
        rounds: u64,
        target: usize,
        mut go_on: impl FnMut(u64, usize) -> bool,
    ) -> Vec<Option<u8>> {
        self.minimise(rng);
        self.stats.first_minimal = self.givens();
        let mut best = self.puzzle();
        let mut best_count = self.givens();
        let mut last_low = (0u64, self.givens());
        for _ in 0..rounds {
            if best_count <= target {
                break;
            }
            if self.stats.rounds - last_low.0 >= STALL {
                self.kick(rng);
                last_low = (self.stats.rounds, self.givens());
            }
            self.round(rng);
            let k = self.givens();
            if k < last_low.1 {
                last_low = (self.stats.rounds, k);
            }
            if k < best_count {
                best_count = k;
                best = self.puzzle();
                self.stats.best_round = self.stats.rounds;
            }
            if !go_on(self.stats.rounds, best_count) {
                break;
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::Counter;

    #[test]
    fn the_search_goes_below_the_first_minimal_puzzle_and_stays_unique() {
        let mut rng = Rng::new(4);
        let plain = Counter::new(3, 3);
        let grid = plain.random_fill(&mut rng, 100_000, 10).expect("a grid");
        let singles = Singles::new(3, 3);
        let mut r = Reducer::new(&grid, &singles, 100_000);
        let best = r.run(&mut rng, 200, 0, |_, _| true);
        let k = best.iter().flatten().count();
        assert!(k < r.stats.first_minimal, "{k} {:?}", r.stats);
        assert!(k >= 17);
        assert_eq!(plain.count(&best, 2, u64::MAX), Some(1));
        for (x, y) in best.iter().zip(&grid) {
            assert!(x.is_none_or(|x| x == *y));
        }
    }

    #[test]
    fn a_refusing_test_keeps_every_given() {
        let mut rng = Rng::new(2);
        let grid = Counter::new(2, 2)
            .random_fill(&mut rng, 1000, 10)
            .expect("a grid");
        let singles = Singles::new(2, 2);
        let mut r = Reducer::new(&grid, &singles, 1000).with_accept(Box::new(|_| false));
        let best = r.run(&mut rng, 10, 0, |_, _| true);
        assert_eq!(best.iter().flatten().count(), 16);
        assert_eq!(r.stats.refused, r.stats.unique);
    }
}
