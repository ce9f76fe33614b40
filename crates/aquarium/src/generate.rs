//! A seeded generator of aquarium puzzles with a unique solution.
//!
//! Regions are grown at random from random seed cells until they cover the grid (so every
//! region is edge-connected), every region gets a random water level, and the clues are the
//! resulting counts. A candidate is kept only if [`crate::native::count`] finds exactly one
//! solution.
//!
//! The random generator is a self-contained SplitMix64 ([`Rng`]) rather than an external crate,
//! so that a seed gives the same puzzles on every platform and with every dependency version.

use crate::{native, Puzzle, Solution};

pub use backref_rng::Rng;

/// Splits an `n`×`n` grid into `regions` edge-connected regions grown at random (at least one,
/// at most n²). Region ids are `1..=regions`, numbered in reading order of their first cell.
pub fn random_regions(n: usize, regions: usize, rng: &mut Rng) -> Vec<Vec<u32>> {
    let regions = regions.clamp(1, (n * n).max(1));
    let mut owner: Vec<Option<usize>> = vec![None; n * n];
    let mut cells: Vec<usize> = (0..n * n).collect();
    rng.shuffle(&mut cells);
    // Frontier of (cell, region) pairs: a region may grow into that cell.
    let mut frontier: Vec<(usize, usize)> = Vec::new();
    let neighbours = |c: usize| {
        let (y, x) = (c / n, c % n);
        let mut v = Vec::with_capacity(4);
        if y > 0 {
            v.push(c - n);
        }
        if y + 1 < n {
            v.push(c + n);
        }
        if x > 0 {
            v.push(c - 1);
        }
        if x + 1 < n {
            v.push(c + 1);
        }
        v
    };
    for (r, &c) in cells.iter().take(regions).enumerate() {
        owner[c] = Some(r);
    }
    for (r, &c) in cells.iter().take(regions).enumerate() {
        for nb in neighbours(c) {
            if owner[nb].is_none() {
                frontier.push((nb, r));
            }
        }
    }
    while !frontier.is_empty() {
        let i = rng.below(frontier.len());
        let (c, r) = frontier.swap_remove(i);
        if owner[c].is_some() {
            continue;
        }
        owner[c] = Some(r);
        for nb in neighbours(c) {
            if owner[nb].is_none() {
                frontier.push((nb, r));
            }
        }
    }
    // Renumber in reading order.
    let mut new_id: Vec<Option<u32>> = vec![None; regions];
    let mut next = 1u32;
    let mut grid = vec![vec![0u32; n]; n];
    for (c, o) in owner.iter().enumerate() {
        let r = o.unwrap_or(0);
        let id = *new_id[r].get_or_insert_with(|| {
            next += 1;
            next - 1
        });
        grid[c / n][c % n] = id;
    }
    grid
}

/// Fills every region of `regions` to a random level (empty and full included) and returns the
/// water grid.
pub fn random_water(regions: &[Vec<u32>], rng: &mut Rng) -> Solution {
    let n = regions.len();
    let mut rows_of: std::collections::BTreeMap<u32, Vec<usize>> = Default::default();
    for (y, row) in regions.iter().enumerate() {
        for &id in row {
            let rows = rows_of.entry(id).or_default();
            if rows.last() != Some(&y) {
                rows.push(y);
            }
        }
    }
    // Topmost water row per region (`None`: empty).
    let top: std::collections::BTreeMap<u32, Option<usize>> = rows_of
        .iter()
        .map(|(&id, rows)| {
            let k = rng.below(rows.len() + 1);
            (id, rows.get(k).copied())
        })
        .collect();
    let water = (0..n)
        .map(|y| {
            regions[y]
                .iter()
                .map(|id| top[id].is_some_and(|t| y >= t))
                .collect()
        })
        .collect();
    Solution { water }
}

/// The puzzle whose clues are the counts of `water` on `regions`.
pub fn puzzle_from(regions: Vec<Vec<u32>>, water: &Solution) -> Puzzle {
    let n = regions.len();
    let rows = (0..n)
        .map(|y| (0..n).filter(|&x| water.is_water(y, x)).count())
        .collect();
    let cols = (0..n)
        .map(|x| (0..n).filter(|&y| water.is_water(y, x)).count())
        .collect();
    Puzzle::new(cols, rows, regions).expect("square region grid and counts ≤ n")
}

/// Tries up to `attempts` random candidates of size `n` with about `regions` regions and
/// returns the first whose solution is unique, with that solution.
pub fn generate_unique(
    n: usize,
    regions: usize,
    rng: &mut Rng,
    attempts: usize,
) -> Option<(Puzzle, Solution)> {
    for _ in 0..attempts {
        let grid = random_regions(n, regions, rng);
        // A few water fillings per region layout.
        for _ in 0..8 {
            let water = random_water(&grid, rng);
            let puzzle = puzzle_from(grid.clone(), &water);
            if native::count(&puzzle, 2) == 1 {
                return Some((puzzle, water));
            }
        }
    }
    None
}

/// Derives an unsolvable variant of `puzzle` by moving one unit of water between clues: one row
/// count and one column count go up by one, another row count and column count go down by one
/// (so the totals still agree). Tries up to `attempts` random changes and returns the first
/// variant without any solution.
pub fn make_unsolvable(puzzle: &Puzzle, rng: &mut Rng, attempts: usize) -> Option<Puzzle> {
    let n = puzzle.n();
    for _ in 0..attempts {
        let mut rows = puzzle.row_counts().to_vec();
        let mut cols = puzzle.col_counts().to_vec();
        let (r_up, r_down) = (rng.below(n), rng.below(n));
        let (c_up, c_down) = (rng.below(n), rng.below(n));
        if r_up == r_down || c_up == c_down {
            continue;
        }
        if rows[r_up] == n || cols[c_up] == n || rows[r_down] == 0 || cols[c_down] == 0 {
            continue;
        }
        rows[r_up] += 1;
        rows[r_down] -= 1;
        cols[c_up] += 1;
        cols[c_down] -= 1;
        let Some(variant) = puzzle.with_counts(cols, rows) else {
            continue;
        };
        if native::count(&variant, 1) == 0 {
            return Some(variant);
        }
    }
    None
}
