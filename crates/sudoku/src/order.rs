//! Static search orders from the puzzle's structure (the regex and the native solver decide the
//! empty cells in this order and try each cell's candidates in increasing order).
//!
//! `greedy` is the order measured best in the Sudoku experiment (docs/sudoku.md): repeatedly
//! take the cell with the smallest *expected number of still-free candidates*, where each
//! candidate counts as the chance that the cells ordered before it leave it allowed, each of
//! them taking one of its own candidates with equal chance. The default, `cover`
//! ([`DEFAULT_ORDER`], [`greedy_cover`]), adds the chance that the encoder's must-cover checks
//! (each value a full house lacks) let a candidate through.

use crate::model::{Cond, Model};

/// The static orders.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OrderKind {
    /// Smallest expected number of still-free candidates first (greedy).
    Greedy,
    /// The greedy order with the must-cover checks in its score ([`greedy_cover`]). The
    /// default.
    Cover,
    /// Smallest domain first (ties row-major).
    SmallestDomain,
    /// Row by row.
    RowMajor,
    /// The greedy order, each cell's candidates tried from the largest down.
    GreedyDown,
    /// The greedy order computed with seeded noise on every score (a static rule of the givens'
    /// structure and the seed: the factor of a cell is a hash of its index and the seed, up to
    /// [`SPREAD`] either way), candidates tried from the largest down.
    Shuffled(u64),
}

/// The order used when none is named: `cover` (on the first 1,000 17-clue puzzles it halves
/// greedy's median and total native nodes; docs/sudoku.md, "Static orders").
pub const DEFAULT_ORDER: OrderKind = OrderKind::Cover;

/// Every order with its command-line name, the default first.
pub const ORDERS: [(&str, OrderKind); 7] = [
    ("cover", OrderKind::Cover),
    ("greedy", OrderKind::Greedy),
    ("smallest-domain", OrderKind::SmallestDomain),
    ("row-major", OrderKind::RowMajor),
    ("greedy-down", OrderKind::GreedyDown),
    ("shuffled-1", OrderKind::Shuffled(1)),
    ("shuffled-3", OrderKind::Shuffled(3)),
];

impl OrderKind {
    /// Whether each cell's candidates are tried from the largest down.
    pub fn descending(self) -> bool {
        matches!(self, OrderKind::GreedyDown | OrderKind::Shuffled(_))
    }
}

/// A factor in [1 - spread, 1 + spread) from a hash of `seed` and `c` (SplitMix64).
fn noise(seed: u64, c: usize, spread: f64) -> f64 {
    let mut z = seed
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add((c as u64 + 1).wrapping_mul(0xBF58_476D_1CE4_E5B9));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    let u = (z >> 11) as f64 / (1u64 << 53) as f64;
    1.0 + spread * (2.0 * u - 1.0)
}

/// The empty cells of `m` in the order `kind` decides them.
pub fn order(m: &Model, kind: OrderKind) -> Vec<usize> {
    match kind {
        OrderKind::RowMajor => m.empty.clone(),
        OrderKind::SmallestDomain => {
            let mut cells = m.empty.clone();
            cells.sort_by_key(|&c| (m.domains[c].len(), c));
            cells
        }
        OrderKind::Greedy | OrderKind::GreedyDown => greedy(m, None, 0.0),
        OrderKind::Cover => greedy_cover(m),
        OrderKind::Shuffled(seed) => greedy(m, Some(seed), SPREAD),
    }
}

/// How far the seeded noise moves a score, either way.
pub const SPREAD: f64 = 0.15;

/// Whether empty cells `p` = `y` and `q` = `x` may stand together.
fn compatible(m: &Model, p: usize, y: u8, q: usize, x: u8) -> bool {
    if x == y && m.houses_of[p].iter().any(|h| m.houses_of[q].contains(h)) {
        return false;
    }
    m.relations_of[p].iter().all(|&i| {
        let r = m.relations[i];
        if r.a == p && r.b == q {
            r.rel.allows(y, x)
        } else if r.a == q && r.b == p {
            r.rel.allows(x, y)
        } else {
            true
        }
    })
}

/// The share of `p`'s candidates (each counted once, or weighed by `w`) that leave empty cell
/// `q` = `x` allowed, as [`compatible`] says; `share` and `related` tell whether `p` and `q`
/// have a house or a relation in common (without a relation only the house matters, which is
/// much cheaper to test: the 25×25 orders spent most of their time here).
fn leaves(
    m: &Model,
    p: usize,
    w: Option<&[f64]>,
    q: usize,
    x: u8,
    share: bool,
    related: bool,
) -> f64 {
    let dp = &m.domains[p];
    let ok = |y: u8| {
        if related {
            compatible(m, p, y, q, x)
        } else {
            !(share && x == y)
        }
    };
    match w {
        None => dp.iter().filter(|&&y| ok(y)).count() as f64 / dp.len() as f64,
        Some(w) => {
            let ok: f64 = dp
                .iter()
                .zip(w)
                .filter(|(&y, _)| ok(y))
                .map(|(_, w)| w)
                .sum();
            ok / w.iter().sum::<f64>()
        }
    }
}

/// Whether `p` and `q` share a house, and whether a relation joins them.
fn ties(m: &Model, p: usize, q: usize) -> (bool, bool) {
    let share = m.houses_of[p].iter().any(|h| m.houses_of[q].contains(h));
    let related = m.relations_of[p].iter().any(|&i| {
        let r = m.relations[i];
        (r.a == p && r.b == q) || (r.a == q && r.b == p)
    });
    (share, related)
}

/// The greedy order; with a seed, every score is multiplied by a factor from
/// `1 - spread` to `1 + spread` hashed from the seed and the cell.
pub fn greedy(m: &Model, seed: Option<u64>, spread: f64) -> Vec<usize> {
    greedy_weighed(m, seed, spread).0
}

/// The greedy order and, per cell (indexed by cell), the weight of each of its candidates when
/// the cell was taken: the chance the cells before it leave that candidate allowed.
pub fn greedy_weighed(m: &Model, seed: Option<u64>, spread: f64) -> (Vec<usize>, Vec<Vec<f64>>) {
    let cells = &m.empty;
    let mut free: Vec<Vec<f64>> = vec![Vec::new(); m.n * m.n];
    for &c in cells {
        free[c] = vec![1.0; m.domains[c].len()];
    }
    let mut done = vec![false; m.n * m.n];
    let mut out = Vec::with_capacity(cells.len());
    let mut weights = vec![Vec::new(); m.n * m.n];
    for _ in 0..cells.len() {
        let score =
            |c: usize| free[c].iter().sum::<f64>() * seed.map_or(1.0, |s| noise(s, c, spread));
        let p = *cells
            .iter()
            .filter(|&&c| !done[c])
            .min_by(|&&a, &&b| {
                score(a)
                    .partial_cmp(&score(b))
                    .unwrap_or(std::cmp::Ordering::Equal)
                    .then(m.domains[a].len().cmp(&m.domains[b].len()))
                    .then(a.cmp(&b))
            })
            .expect("a cell left");
        done[p] = true;
        out.push(p);
        weights[p] = free[p].clone();
        for q in m.peers(p) {
            if done[q] {
                continue;
            }
            let (share, related) = ties(m, p, q);
            for (i, &x) in m.domains[q].iter().enumerate() {
                free[q][i] *= leaves(m, p, None, q, x, share, related);
            }
        }
    }
    (out, weights)
}

/// The power the must-cover checks' chances are raised to in [`greedy_cover`]'s score (more
/// than 1 trusts the checks more). On the native search trees of top95 and the first 1,000
/// 17-clue puzzles (`examples/order_nodes.rs`), total nodes: 1 → 5.7 M and 75.1 M, 2 → 6.3 M
/// and 63.8 M, 4 → 4.5 M and 62.5 M (worst 0.67 M and 1.88 M against 1.07 M and over 5 M); but
/// 4 needs over 5 M nodes on the generated 25×25 fixture, which 1 solves in 20 k. So 1.
pub const DUE_WEIGHT: f64 = 1.0;

/// How much fewer ways per cell a condition over more than two cells must leave than the best
/// cell's score before [`greedy_cover`] opens it (takes one of its cells): 1.5. Measured on the
/// regex's search tree (`examples/order_show.rs`) of Abigail's quadruple-1 (an empty grid with
/// 18 quadruples, nodes to the first solution): 1.0 → 7.4 M, 1.3–1.7 → 3.2 M, 2 → over 30 M
/// (natively 3.8 M, 1.9 M, over 30 M); without the conditions in the order, over 100 M natively.
pub const UNIT_BIAS: f64 = 1.5;

/// After which of its empty cells in the order (0: the first) a condition's item is decided.
/// A quadruple's waits for its third cell: deciding its cube (where its values go) after the
/// first cell branches over placements the next cells may rule out anyway; on quadruple-1 the
/// regex's tree to the first solution has 5.4 M nodes after the first cell, 4.4 M after the
/// second, 3.2 M after the third, 5.7 M after the last. A sandwich's cubes guess where the 1
/// and the N go, so choosing one early multiplies the tree by the guesses; after the line's
/// last empty cell exactly one cube fits (a 6×6 no-solution fixture: 12 s of match against
/// 112 ms), so it waits for the last (`usize::MAX`, cut to the last by the encoder). Killer
/// cages and anti-Battenburgs decide theirs after the first; linear sums are chains, not
/// condition items (0, unused).
pub fn anchor_rank(k: &Cond) -> usize {
    match k {
        Cond::Contains { .. } => 2,
        Cond::Sandwich { .. } => usize::MAX,
        Cond::Sum { .. } | Cond::NotCheckerboard { .. } | Cond::Linear { .. } => 0,
    }
}

/// The greedy order with the encoder's must-cover checks in its score: a full house must hold
/// every value its givens lack, and the regex checks that right after the last cell of the
/// house that could take the value. When cell `c` would be that last cell, its branch `v ≠ x`
/// survives only if an earlier cell of the house took `x`, with chance about the sum over those
/// cells of their share of `x` (each cell's candidates weighed as in [`greedy_weighed`]).
/// So a cell's score is `Σ_v w(v) · Π_{x due at c, x ≠ v} min(1, S(x))^k` with
/// k = [`DUE_WEIGHT`]: about the expected number of its candidates that survive both the house
/// checks and the due checks.
///
/// Conditions over more than two cells (killer cages, quadruples, anti-Battenburgs) weigh in
/// through the encoder's cubes (each a way the condition holds, restricting some cells): an
/// unopened condition scores the geometric mean over its cells of the ways its cubes leave
/// (the sum over cubes of the product of the candidates each allows per cell, each candidate
/// weighed by its chance to survive), which never exceeds its cells' own scores and is far
/// below them for a restrictive condition (a quadruple of four values: 24 ways for 4 cells,
/// about 2.2 per cell against 9 candidates). When that is below the best cell's score by
/// [`UNIT_BIAS`], the condition's best cell is taken next. Once a cell of a condition is
/// ordered, the condition is open: every other cell of it keeps per candidate the chance that
/// the cube allows it, so its cells follow soon, and the ordered cell's candidates count for its
/// peers in proportion to those weights. Without conditions the order is as before.
pub fn greedy_cover(m: &Model) -> Vec<usize> {
    let cells = &m.empty;
    let mut cover = Cover::new(m, cells);
    let mut out = Vec::with_capacity(cells.len());
    for _ in 0..cells.len() {
        let best = cover
            .pick(m, cells.iter().copied().filter(|&c| !cover.done[c]))
            .expect("a cell left");
        // A condition whose cubes leave fewer ways per cell than the best cell has candidates
        // is opened first: its best cell is taken (the condition item follows it).
        let p = match cover.best_unit() {
            Some((u, k)) if u * UNIT_BIAS < best.0 - 1e-12 => {
                let open = cover.conds[k].cells.clone();
                cover
                    .pick(m, open.into_iter().filter(|&c| !cover.done[c]))
                    .expect("an unopened condition has open cells")
                    .1
            }
            _ => best.1,
        };
        out.push(p);
        cover.settle(m, p);
    }
    out
}

/// A condition over more than two cells as [`greedy_cover`] weighs it: its empty cells and its
/// cubes (the encoder's, `encode::cubes_of`), each as the candidate indices it allows per
/// restricted empty cell; cubes a given contradicts are dropped, as the encoder drops them.
struct Weighed {
    cells: Vec<usize>,
    cubes: Vec<Vec<(usize, Vec<usize>)>>,
    /// Whether a cell of it is ordered (its condition item then follows that cell).
    opened: bool,
}

impl Weighed {
    /// The summed `weights` (one per cube) of the cubes that allow candidate `i` of cell `c`
    /// (a cube that does not restrict `c` allows every candidate).
    fn weight_allowing(&self, weights: &[f64], c: usize, i: usize) -> f64 {
        self.cubes
            .iter()
            .zip(weights)
            .filter(|(cube, _)| {
                cube.iter()
                    .filter(|(d, _)| *d == c)
                    .all(|(_, idx)| idx.contains(&i))
            })
            .map(|(_, w)| w)
            .sum()
    }
}

/// The conditions of `m` as [`Weighed`] ones (a condition with too many cubes for the encoder
/// is left out: the encoder rejects the puzzle anyway).
fn weighed(m: &Model) -> Vec<Weighed> {
    let mut out = Vec::new();
    for k in &m.conditions {
        let Ok(parts) = crate::encode::cubes_of(m, k) else {
            continue;
        };
        let cells: Vec<usize> = k
            .cells()
            .iter()
            .copied()
            .filter(|&c| m.givens[c].is_none())
            .collect();
        for (_, cubes) in parts {
            let mut kept = Vec::new();
            'cubes: for (_, restrict) in cubes {
                let mut allow: Vec<(usize, Vec<usize>)> = Vec::new();
                for (c, ok) in restrict {
                    if let Some(g) = m.givens[c] {
                        if ok.contains(&g) {
                            continue;
                        }
                        continue 'cubes;
                    }
                    let idx: Vec<usize> = (0..m.domains[c].len())
                        .filter(|&i| ok.contains(&m.domains[c][i]))
                        .collect();
                    match allow.iter_mut().find(|(d, _)| *d == c) {
                        Some((_, have)) => have.retain(|i| idx.contains(i)),
                        None => allow.push((c, idx)),
                    }
                }
                kept.push(allow);
            }
            if !cells.is_empty() {
                out.push(Weighed {
                    cells: cells.clone(),
                    cubes: kept,
                    opened: false,
                });
            }
        }
    }
    out
}

/// The state [`greedy_cover`] and [`estimate`] keep while ordering: each cell's candidates'
/// chance to survive (`free`), which houses are full, per must-cover (house, value) the
/// unordered users left and the sum of the ordered users' shares, and the conditions over more
/// than two cells with their cubes.
struct Cover {
    free: Vec<Vec<f64>>,
    full: Vec<bool>,
    left: Vec<Vec<u32>>,
    share: Vec<Vec<f64>>,
    done: Vec<bool>,
    conds: Vec<Weighed>,
    /// The conditions through each cell.
    conds_of: Vec<Vec<usize>>,
    /// Each condition's [`Cover::unit`] while none of its cells' chances changed.
    units: Vec<Option<f64>>,
}

impl Cover {
    /// The state before any of `cells` is ordered.
    fn new(m: &Model, cells: &[usize]) -> Cover {
        let n = m.n;
        let mut free: Vec<Vec<f64>> = vec![Vec::new(); n * n];
        for &c in cells {
            free[c] = vec![1.0; m.domains[c].len()];
        }
        let full: Vec<bool> = m.houses.iter().map(|h| h.len() == n).collect();
        let mut left = vec![vec![0u32; n]; m.houses.len()];
        for &c in cells {
            for &h in &m.houses_of[c] {
                if full[h] {
                    for &x in &m.domains[c] {
                        left[h][x as usize] += 1;
                    }
                }
            }
        }
        let conds = weighed(m);
        let mut conds_of = vec![Vec::new(); n * n];
        for (k, w) in conds.iter().enumerate() {
            for &c in &w.cells {
                conds_of[c].push(k);
            }
        }
        Cover {
            free,
            full,
            left,
            share: vec![vec![0.0f64; n]; m.houses.len()],
            done: vec![false; n * n],
            units: vec![None; conds.len()],
            conds,
            conds_of,
        }
    }

    /// Of `cells`, the one of smallest [`Cover::score`] (ties: fewer candidates, then the
    /// earlier cell), with its score.
    fn pick(&self, m: &Model, cells: impl Iterator<Item = usize>) -> Option<(f64, usize)> {
        let mut best: Option<(f64, usize)> = None;
        for c in cells {
            let s = self.score(m, c);
            let better = match best {
                None => true,
                Some((bs, bc)) => {
                    s < bs - 1e-12 || (s <= bs + 1e-12 && m.domains[c].len() < m.domains[bc].len())
                }
            };
            if better {
                best = Some((s, c));
            }
        }
        best
    }

    /// The chance-weighted number of `c`'s candidates that `cube` allows.
    fn allowed(&self, cube: &[(usize, Vec<usize>)], c: usize) -> f64 {
        let mut idx: Option<&Vec<usize>> = None;
        for (d, ok) in cube {
            if *d == c {
                idx = Some(ok);
            }
        }
        match idx {
            Some(ok) => ok.iter().map(|&i| self.free[c][i]).sum(),
            None => self.free[c].iter().sum(),
        }
    }

    /// Each cube's weight: the product over the condition's cells not yet ordered, except
    /// `but`, of the chance-weighted candidates the cube allows there (about the number of
    /// ways the cube can hold).
    fn cube_weights(&self, k: usize, but: Option<usize>) -> Vec<f64> {
        let w = &self.conds[k];
        w.cubes
            .iter()
            .map(|cube| {
                w.cells
                    .iter()
                    .filter(|&&c| !self.done[c] && Some(c) != but)
                    .map(|&c| self.allowed(cube, c))
                    .product()
            })
            .collect()
    }

    /// The ways an unopened condition `k` leaves per cell: the geometric mean over its cells
    /// of the weighted ways its cubes hold (no more than its cells' candidates without it).
    fn unit(&mut self, k: usize) -> f64 {
        if let Some(u) = self.units[k] {
            return u;
        }
        let ways: f64 = self.cube_weights(k, None).iter().sum();
        let u = ways.powf(1.0 / self.conds[k].cells.len() as f64);
        self.units[k] = Some(u);
        u
    }

    /// The unopened condition with the fewest ways per cell ([`Cover::unit`]).
    fn best_unit(&mut self) -> Option<(f64, usize)> {
        let mut best: Option<(f64, usize)> = None;
        for k in 0..self.conds.len() {
            if self.conds[k].opened {
                continue;
            }
            let u = self.unit(k);
            if best.is_none_or(|(b, _)| u < b - 1e-12) {
                best = Some((u, k));
            }
        }
        best
    }

    /// Opens every condition through `p` (ordered now: its condition items follow it). Each
    /// other cell of such a condition keeps, per candidate, the chance that the chosen cube
    /// allows it (cubes weighed by [`Cover::cube_weights`]). Returns the weight of each of
    /// `p`'s candidates: its chance times, per condition opened, the weight of the cubes
    /// allowing it.
    fn open(&mut self, p: usize) -> Vec<f64> {
        let mut wp = self.free[p].clone();
        for k in self.conds_of[p].clone() {
            if self.conds[k].opened {
                continue;
            }
            self.conds[k].opened = true;
            let rest = self.cube_weights(k, Some(p));
            let with_p: Vec<f64> = self.conds[k]
                .cubes
                .iter()
                .zip(&rest)
                .map(|(cube, r)| r * self.allowed(cube, p))
                .collect();
            let total: f64 = with_p.iter().sum();
            // p's candidates: the cubes allowing each.
            for (i, w) in wp.iter_mut().enumerate() {
                *w *= self.conds[k].weight_allowing(&rest, p, i);
            }
            let cells = self.conds[k].cells.clone();
            for c in cells {
                if c == p || self.done[c] {
                    continue;
                }
                for i in 0..self.free[c].len() {
                    let ok: f64 = if total > 0.0 {
                        self.conds[k].weight_allowing(&with_p, c, i) / total
                    } else {
                        0.0
                    };
                    self.free[c][i] *= ok;
                }
                self.touched(c);
            }
        }
        wp
    }

    /// Forgets the cached units of the conditions through `c` (its chances changed).
    fn touched(&mut self, c: usize) {
        for &k in &self.conds_of[c] {
            self.units[k] = None;
        }
    }

    /// The expected number of `c`'s candidates that survive both the house checks and the due
    /// checks: `Σ_v w(v) · Π_{x due at c, x ≠ v} min(1, S(x))^k` (see [`greedy_cover`]).
    fn score(&self, m: &Model, c: usize) -> f64 {
        let d = &m.domains[c];
        // The due values at c, with the chance each is already placed.
        let mut due: Vec<(u8, f64)> = Vec::new();
        for &h in &m.houses_of[c] {
            if !self.full[h] {
                continue;
            }
            for &x in d {
                if self.left[h][x as usize] == 1 {
                    due.push((x, self.share[h][x as usize].min(1.0).powf(DUE_WEIGHT)));
                }
            }
        }
        d.iter()
            .zip(&self.free[c])
            .map(|(&v, &w)| {
                w * due
                    .iter()
                    .filter(|(x, _)| *x != v)
                    .map(|(_, p)| p)
                    .product::<f64>()
            })
            .sum()
    }

    /// Orders cell `p`: its must-cover users are no longer left, its candidates' shares go to
    /// its full houses, the conditions through it are opened ([`Cover::open`]), and each
    /// later peer's candidates keep the chance that `p` leaves them allowed: the share of `p`'s
    /// candidates compatible with them, each counted once, or, when `p` is in a condition,
    /// each weighed as [`Cover::open`] says.
    fn settle(&mut self, m: &Model, p: usize) {
        self.done[p] = true;
        self.touched(p);
        let dp = &m.domains[p];
        let total: f64 = self.free[p].iter().sum();
        for &h in &m.houses_of[p] {
            if self.full[h] {
                for (i, &x) in dp.iter().enumerate() {
                    self.left[h][x as usize] -= 1;
                    if total > 0.0 {
                        self.share[h][x as usize] += self.free[p][i] / total;
                    }
                }
            }
        }
        let weights = if self.conds_of[p].is_empty() {
            None
        } else {
            Some(self.open(p)).filter(|w| w.iter().sum::<f64>() > 0.0)
        };
        for q in m.peers(p) {
            if self.done[q] {
                continue;
            }
            let (share, related) = ties(m, p, q);
            for (i, &x) in m.domains[q].iter().enumerate() {
                self.free[q][i] *= leaves(m, p, weights.as_deref(), q, x, share, related);
            }
            self.touched(q);
        }
    }
}

/// `m` with each empty cell's candidates sorted most likely first: a value is the more likely
/// the fewer empty cells of each of the cell's houses have it as a candidate (the product of
/// `1 / users` over its houses), ties by value.
pub fn likely_first(m: Model) -> Model {
    let users: Vec<Vec<u32>> = m
        .houses
        .iter()
        .map(|h| {
            let mut u = vec![0u32; m.n];
            for &c in h.iter().filter(|&&c| m.givens[c].is_none()) {
                for &x in &m.domains[c] {
                    u[x as usize] += 1;
                }
            }
            u
        })
        .collect();
    let hs = m.houses_of.clone();
    let doms = m.domains.clone();
    m.sorted_values(move |c, i| {
        let x = doms[c][i] as usize;
        hs[c]
            .iter()
            .map(|&h| users[h][x].max(1) as f64)
            .product::<f64>()
    })
}

/// A static estimate of the size of the search tree of `cells` (an order of `m`'s empty
/// cells): the sum over depths of the product of the expected surviving candidates of the
/// cells down to that depth, each scored as in [`greedy_cover`] (house and relation checks
/// with the cells before it, and the must-cover check of each value it is the last to cover).
pub fn estimate(m: &Model, cells: &[usize]) -> f64 {
    let mut cover = Cover::new(m, cells);
    let (mut level, mut total) = (1.0f64, 0.0f64);
    for &p in cells {
        level *= cover.score(m, p);
        total += level;
        cover.settle(m, p);
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::parse;
    use crate::native::search;

    /// Thirteen solutions.
    const NINE: &str =
        "8.9.6....2......5..3.241.876..........1.7..4..2..1..65.....6.........219..5..9.76";

    #[test]
    fn every_order_takes_each_empty_cell_once_and_keeps_the_solution_count() {
        for text in ["....\n....\n....\n....\n", NINE] {
            let m = Model::new(&parse(text).unwrap());
            let mut counts = Vec::new();
            for (name, kind) in ORDERS {
                let mut cells = order(&m, kind);
                let m = if kind.descending() {
                    m.clone().descending()
                } else {
                    m.clone()
                };
                counts.push(search(&m, &cells, 300).solutions);
                cells.sort();
                assert_eq!(cells, m.empty, "{name}");
            }
            counts.dedup();
            assert_eq!(counts.len(), 1, "{counts:?}");
            assert!([288, 13].contains(&counts[0]));
        }
        let empty = Model::new(&parse("....\n....\n....\n....\n").unwrap());
        assert_eq!(
            search(&empty, &order(&empty, DEFAULT_ORDER), 1000).solutions,
            288
        );
    }

    #[test]
    fn the_estimate_grows_with_a_worse_order() {
        let m = Model::new(&parse(NINE).unwrap());
        let good = estimate(&m, &greedy_cover(&m));
        let rows = estimate(&m, &m.empty);
        assert!(good < rows, "{good} vs {rows}");
    }
}
