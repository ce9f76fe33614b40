//! A generator of unique Kakuro at larger sizes (8×8, 12×12), where random fillings are almost
//! never unique ([`crate::generate`] finds unique instances only up to 4×4).
//!
//! 1. A layout: random black cells over an n×n play area (plus the black clue row and column),
//!    then cells blackened until no white run has one cell or more than `max_run` cells.
//! 2. A filling with distinct digits per run, annealed towards runs whose sums few digit
//!    combinations make (a two-cell 4 is only 1 + 3; a three-cell 15 has eight combinations):
//!    the cost of a filling is the sum over runs of ln(combinations of its length and sum).
//! 3. The runs' sums as clues, tested for uniqueness by [`crate::tight`]'s counter; when a
//!    second answer exists, one cell where the two answers differ gets another digit and a short
//!    cold anneal follows, repeated up to a bound; then a new seed.
//!
//! The caller confirms the count (the fixture writer: inside PCRE2 and natively).

use backref_rng::Rng;

use crate::settle;
use crate::tight::{self, Net};
use crate::{Cell, Kakuro};

/// What to generate.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Plan {
    /// Play cells per side.
    pub n: usize,
    /// Percent of play cells first made black.
    pub black_percent: usize,
    /// The longest run allowed (2–9).
    pub max_run: usize,
    /// The least share of white play cells, in percent.
    pub min_white_percent: usize,
    /// Repair steps per seed.
    pub rounds: usize,
    /// The repair's temperature (its cost: the sum over cells of ln(candidates left)).
    pub temperature: f64,
    /// Below this cost, each step also counts answers (unique without forcing every cell).
    pub search_below: f64,
    /// Annealing steps of the first filling.
    pub anneal_steps: usize,
}

impl Plan {
    /// The settings the fixtures use for an n×n grid.
    pub fn square(n: usize) -> Plan {
        Plan {
            n,
            black_percent: 12,
            max_run: 7,
            min_white_percent: 55,
            rounds: 3000,
            temperature: 0.3,
            search_below: 3.0,
            anneal_steps: 200_000,
        }
    }
}

/// The layout's runs: across runs first, then down runs; each a list of (row, column).
fn runs(white: &[Vec<bool>]) -> Vec<Vec<(usize, usize)>> {
    let size = white.len();
    let mut out = Vec::new();
    for (dr, dc) in [(0usize, 1usize), (1, 0)] {
        for r in 0..size {
            for c in 0..size {
                let starts = white[r][c] && !white[r - dr][c - dc];
                if !starts {
                    continue;
                }
                let mut run = Vec::new();
                let (mut y, mut x) = (r, c);
                while y < size && x < size && white[y][x] {
                    run.push((y, x));
                    y += dr;
                    x += dc;
                }
                out.push(run);
            }
        }
    }
    out
}

/// A random layout: no one-cell run, none longer than `max_run` (row 0 and column 0 black).
fn layout(plan: &Plan, rng: &mut Rng) -> Vec<Vec<bool>> {
    let size = plan.n + 1;
    let mut white = vec![vec![false; size]; size];
    for row in white.iter_mut().skip(1) {
        for cell in row.iter_mut().skip(1) {
            *cell = rng.below(100) >= plan.black_percent;
        }
    }
    loop {
        let mut changed = false;
        for run in runs(&white) {
            if run.len() == 1 {
                let (r, c) = run[0];
                white[r][c] = false;
                changed = true;
            } else if run.len() > plan.max_run {
                // Cut it where both pieces keep two cells or more.
                let at = 2 + rng.below(run.len().saturating_sub(4));
                let (r, c) = run[at];
                if white[r][c] {
                    white[r][c] = false;
                    changed = true;
                }
            }
        }
        if !changed {
            return white;
        }
    }
}

/// ln of the number of sets of `len` distinct digits adding up to each sum (`cost[len][sum]`).
fn costs() -> Vec<Vec<f64>> {
    let mut count = vec![vec![0u32; 46]; 10];
    for set in 0u32..512 {
        let len = set.count_ones() as usize;
        let sum: usize = (0..9).filter(|b| set >> b & 1 == 1).map(|b| b + 1).sum();
        count[len][sum] += 1;
    }
    count
        .iter()
        .map(|row| {
            row.iter()
                .map(|&k| if k == 0 { 1e9 } else { (k as f64).ln() })
                .collect()
        })
        .collect()
}

/// A filling under annealing: digits per white cell and each run's sum. Its cost is the sum over
/// white cells of ln(digits both its runs' sums allow): 0 when every cell is the one digit its
/// two runs' combinations share.
struct Filling<'a> {
    net: &'a Net,
    members: &'a [Vec<usize>],
    digits: Vec<u8>,
    sums: Vec<u32>,
    cost: &'a [Vec<f64>],
}

impl Filling<'_> {
    fn run_cost(&self, run: usize, sums: &[u32]) -> f64 {
        self.cost[self.net.runs[run].0][sums[run] as usize]
    }

    fn free(&self, cell: usize, digit: u8) -> bool {
        self.net.runs_of[cell].iter().all(|&run| {
            self.members[run]
                .iter()
                .all(|&o| o == cell || self.digits[o] != digit)
        })
    }

    /// The cost change of giving `cell` `digit`: over the cells of its two runs.
    fn delta(&mut self, cell: usize, digit: u8) -> f64 {
        let old = self.digits[cell];
        let touched = self.net.runs_of[cell];
        let before: f64 = touched.iter().map(|&k| self.run_cost(k, &self.sums)).sum();
        for &run in &self.net.runs_of[cell] {
            self.sums[run] = self.sums[run] + digit as u32 - old as u32;
        }
        let after: f64 = touched.iter().map(|&k| self.run_cost(k, &self.sums)).sum();
        for &run in &self.net.runs_of[cell] {
            self.sums[run] = self.sums[run] + old as u32 - digit as u32;
        }
        after - before
    }

    /// Metropolis steps at temperatures falling from `hot` to `cold`.
    fn anneal(&mut self, steps: usize, hot: f64, cold: f64, rng: &mut Rng) {
        let cells = self.digits.len();
        for step in 0..steps {
            let t = hot * (cold / hot).powf(step as f64 / steps as f64);
            let cell = rng.below(cells);
            let digit = 1 + rng.below(9) as u8;
            if digit == self.digits[cell] || !self.free(cell, digit) {
                continue;
            }
            let delta = self.delta(cell, digit);
            let roll = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
            if delta <= 0.0 || roll < (-delta / t).exp() {
                self.set(cell, digit);
            }
        }
    }

    fn set(&mut self, cell: usize, digit: u8) {
        let old = self.digits[cell];
        for &run in &self.net.runs_of[cell] {
            self.sums[run] = self.sums[run] + digit as u32 - old as u32;
        }
        self.digits[cell] = digit;
    }
}

/// A first filling with distinct digits per run (random order, backtracking), if one is found.
fn first_filling(net: &Net, members: &[Vec<usize>], rng: &mut Rng) -> Option<Vec<u8>> {
    fn go(
        i: usize,
        net: &Net,
        members: &[Vec<usize>],
        digits: &mut Vec<u8>,
        rng: &mut Rng,
        budget: &mut u32,
    ) -> bool {
        if i == digits.len() {
            return true;
        }
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        let mut order: Vec<u8> = (1..=9).collect();
        rng.shuffle(&mut order);
        for d in order {
            let clash = net.runs_of[i]
                .iter()
                .any(|&run| members[run].iter().any(|&o| digits[o] == d));
            if clash {
                continue;
            }
            digits[i] = d;
            if go(i + 1, net, members, digits, rng, budget) {
                return true;
            }
            digits[i] = 0;
        }
        false
    }
    let mut digits = vec![0; net.runs_of.len()];
    let mut budget = 100_000;
    go(0, net, members, &mut digits, rng, &mut budget).then_some(digits)
}

/// A layout as the counters see it.
struct Grid {
    white: Vec<Vec<bool>>,
    /// The white cells in reading order.
    cells: Vec<(usize, usize)>,
    runs: Vec<Vec<(usize, usize)>>,
    /// Per run, its cells' indices in `cells`.
    members: Vec<Vec<usize>>,
    /// The runs without clues yet.
    net: Net,
}

impl Grid {
    fn new(white: Vec<Vec<bool>>) -> Grid {
        let runs = runs(&white);
        let size = white.len();
        let mut index = vec![vec![usize::MAX; size]; size];
        let mut cells = Vec::new();
        for r in 0..size {
            for c in 0..size {
                if white[r][c] {
                    index[r][c] = cells.len();
                    cells.push((r, c));
                }
            }
        }
        let mut runs_of = vec![[0usize; 2]; cells.len()];
        let mut members = Vec::new();
        for (k, run) in runs.iter().enumerate() {
            let down = usize::from(run[1].0 != run[0].0);
            for &(r, c) in run {
                runs_of[index[r][c]][down] = k;
            }
            members.push(run.iter().map(|&(r, c)| index[r][c]).collect());
        }
        let net = Net {
            runs_of,
            runs: runs.iter().map(|run| (run.len(), None)).collect(),
        };
        Grid {
            white,
            cells,
            runs,
            members,
            net,
        }
    }

    /// The runs with `sums` as clues.
    fn clued(&self, sums: &[u32]) -> Net {
        let mut net = self.net.clone();
        for (run, &sum) in net.runs.iter_mut().zip(sums) {
            run.1 = Some(sum);
        }
        net
    }

    /// The choice the clues `sums` leave (sum over cells of ln(candidates)), and the candidates.
    fn choice(&self, sums: &[u32]) -> (f64, Vec<u16>) {
        let cand = settle::candidates(&self.clued(sums), &self.members);
        let choice = cand.iter().map(|c| f64::from(c.count_ones()).ln()).sum();
        (choice, cand)
    }
}

/// Repairs `filling` towards clues with one answer: a cell in a run through a cell the clues
/// leave open gets another digit; the step is kept when the choice left does not grow (or by
/// the Metropolis rule at `plan.temperature`). True when the clues have one answer.
fn repair(plan: &Plan, grid: &Grid, filling: &mut Filling, rng: &mut Rng) -> bool {
    let (mut choice, mut cand) = grid.choice(&filling.sums);
    for _ in 0..plan.rounds {
        if choice < plan.search_below {
            let found = tight::answers(&grid.clued(&filling.sums), 2, 2_000_000);
            if found.complete && found.answers.len() == 1 {
                return true;
            }
        }
        let open: Vec<usize> = (0..cand.len())
            .filter(|&i| cand[i].count_ones() > 1)
            .collect();
        let Some(&u) = open.get(rng.below(open.len())) else {
            return false;
        };
        let run = &grid.members[grid.net.runs_of[u][rng.below(2)]];
        let cell = run[rng.below(run.len())];
        let options: Vec<u8> = (1..=9)
            .filter(|&d| d != filling.digits[cell] && filling.free(cell, d))
            .collect();
        let Some(&digit) = options.get(rng.below(options.len())) else {
            continue;
        };
        let old = filling.digits[cell];
        filling.set(cell, digit);
        let (next, next_cand) = grid.choice(&filling.sums);
        if next <= choice || unit(rng) < (-(next - choice) / plan.temperature).exp() {
            (choice, cand) = (next, next_cand);
        } else {
            filling.set(cell, old);
        }
    }
    false
}

/// A number in [0, 1).
fn unit(rng: &mut Rng) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

/// A generated unique instance, from `seed` and up to `tries` seeds after it (counted by
/// [`crate::tight`] only).
pub fn generate_unique(plan: &Plan, seed: u64, tries: u64) -> Option<Kakuro> {
    let count = &mut |_: &Kakuro| Ok::<_, std::convert::Infallible>(1);
    match generate_unique_counted(plan, seed, tries, count) {
        Ok(found) => found,
        Err(never) => match never {},
    }
}

/// [`generate_unique`] with a confirming count: an instance [`crate::tight`] finds unique is
/// returned only when `count` (its solutions up to 2) says 1 too; otherwise the next seed is
/// tried. The fixture writer counts inside PCRE2 with the native count compared.
pub fn generate_unique_counted<E>(
    plan: &Plan,
    seed: u64,
    tries: u64,
    count: &mut dyn FnMut(&Kakuro) -> Result<u64, E>,
) -> Result<Option<Kakuro>, E> {
    let cost = costs();
    for s in seed..seed + tries {
        let mut rng = Rng::new(s);
        let white = layout(plan, &mut rng);
        let whites = white.iter().flatten().filter(|&&w| w).count();
        if whites * 100 < plan.min_white_percent * plan.n * plan.n {
            continue;
        }
        let grid = Grid::new(white);
        let Some(digits) = first_filling(&grid.net, &grid.members, &mut rng) else {
            continue;
        };
        let sums = grid
            .members
            .iter()
            .map(|m| m.iter().map(|&i| u32::from(digits[i])).sum())
            .collect();
        let mut filling = Filling {
            net: &grid.net,
            members: &grid.members,
            digits,
            sums,
            cost: &cost,
        };
        filling.anneal(plan.anneal_steps, 2.0, 0.05, &mut rng);
        if repair(plan, &grid, &mut filling, &mut rng) {
            let k = kakuro(&grid.white, &grid.cells, &grid.runs, &filling.digits);
            if count(&k)? == 1 {
                return Ok(Some(k));
            }
        }
    }
    Ok(None)
}

/// The grid of a layout with its filling's sums as clues.
fn kakuro(
    white: &[Vec<bool>],
    cells: &[(usize, usize)],
    runs: &[Vec<(usize, usize)>],
    digits: &[u8],
) -> Kakuro {
    let size = white.len();
    let mut grid = Cell::unclued_grid(size);
    let mut value = vec![vec![0u32; size]; size];
    for (i, &(r, c)) in cells.iter().enumerate() {
        grid[r][c] = Cell::White;
        value[r][c] = digits[i] as u32;
    }
    for run in runs {
        let (r, c) = run[0];
        let sum = run.iter().map(|&(y, x)| value[y][x]).sum();
        let across = run.len() > 1 && run[1].0 == r;
        if let Cell::Black { down, across: a } =
            &mut grid[r - usize::from(!across)][c - usize::from(across)]
        {
            if across {
                *a = Some(sum);
            } else {
                *down = Some(sum);
            }
        }
    }
    Kakuro { cells: grid }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::native;

    #[test]
    fn a_unique_six_by_six() {
        let k = generate_unique(&Plan::square(6), 1, 50).expect("one within 50 seeds");
        assert_eq!(native::count(&k, 3), 1);
        assert_eq!(
            crate::verify::check(&k, &native::solve(&k).unwrap()),
            Ok(())
        );
    }
}
