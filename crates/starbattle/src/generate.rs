//! A seeded generator: a random valid placement of k stars, regions grown around groups of k
//! stars, and (for unique instances) cells moved between neighbouring regions while the native
//! count does not grow, until the planted answer is the only one.

use backref_rng::Rng;

use crate::{native, StarBattle};

/// What the generated instance's answers should be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Exactly one answer.
    Unique,
    /// More than one answer.
    Several,
    /// No answer (two cells' regions exchanged until none is left).
    None,
}

fn random_stars(n: usize, k: usize, rng: &mut Rng) -> Option<Vec<(usize, usize)>> {
    fn go(
        n: usize,
        k: usize,
        r: usize,
        cols: &mut Vec<usize>,
        placed: &mut Vec<(usize, usize)>,
        rng: &mut Rng,
        budget: &mut u32,
    ) -> bool {
        if r == n {
            return cols.iter().all(|&c| c == k);
        }
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        // Choose k columns for row r, in random order of combinations (random tries).
        for _ in 0..20 {
            let mut pick: Vec<usize> = (0..n).collect();
            rng.shuffle(&mut pick);
            let mut pick: Vec<usize> = pick.into_iter().take(k).collect();
            pick.sort();
            let apart = pick.windows(2).all(|w| w[1] > w[0] + 1);
            let fits = pick.iter().all(|&c| {
                cols[c] < k
                    && !placed
                        .iter()
                        .any(|&(pr, pc)| pr + 1 == r && pc.abs_diff(c) <= 1)
            });
            if !apart || !fits {
                continue;
            }
            for &c in &pick {
                cols[c] += 1;
                placed.push((r, c));
            }
            if go(n, k, r + 1, cols, placed, rng, budget) {
                return true;
            }
            for &c in &pick {
                cols[c] -= 1;
                placed.pop();
            }
        }
        false
    }
    for _ in 0..200 {
        let mut budget = 20_000;
        let mut placed = Vec::new();
        if go(n, k, 0, &mut vec![0; n], &mut placed, rng, &mut budget) {
            return Some(placed);
        }
    }
    None
}

fn grow_regions(n: usize, k: usize, stars: &[(usize, usize)], rng: &mut Rng) -> Vec<Vec<usize>> {
    // Group stars k at a time, nearest first, so each region's stars lie close together.
    let mut left: Vec<(usize, usize)> = stars.to_vec();
    rng.shuffle(&mut left);
    let mut region = vec![vec![usize::MAX; n]; n];
    let mut g = 0;
    while let Some(first) = left.pop() {
        let mut group = vec![first];
        while group.len() < k && !left.is_empty() {
            let (i, _) = left
                .iter()
                .enumerate()
                .min_by_key(|(_, &(r, c))| r.abs_diff(first.0) + c.abs_diff(first.1))
                .expect("not empty");
            group.push(left.swap_remove(i));
        }
        for (r, c) in group {
            region[r][c] = g;
        }
        g += 1;
    }
    grow(region, rng)
}

/// Grows the regions of an `n`×`n` grid whose unassigned cells hold `usize::MAX`: repeatedly
/// gives a random unassigned cell next to a region that region's id, until none is left (cells
/// no region reaches stay unassigned). Also the differential tests' region grower
/// (`backref_puzzles::differential`).
pub fn grow(mut region: Vec<Vec<usize>>, rng: &mut Rng) -> Vec<Vec<usize>> {
    let n = region.len();
    loop {
        let mut frontier = Vec::new();
        for r in 0..n {
            for c in 0..n {
                if region[r][c] != usize::MAX {
                    continue;
                }
                let near: Vec<usize> = [(0isize, 1isize), (0, -1), (1, 0), (-1, 0)]
                    .iter()
                    .filter_map(|&(dr, dc)| {
                        let (r2, c2) = (r as isize + dr, c as isize + dc);
                        if r2 < 0 || c2 < 0 || r2 >= n as isize || c2 >= n as isize {
                            return None;
                        }
                        let x = region[r2 as usize][c2 as usize];
                        (x != usize::MAX).then_some(x)
                    })
                    .collect();
                if !near.is_empty() {
                    frontier.push((r, c, near[rng.below(near.len())]));
                }
            }
        }
        if frontier.is_empty() {
            return region;
        }
        let (r, c, x) = frontier[rng.below(frontier.len())];
        region[r][c] = x;
    }
}

fn instance(regions: Vec<Vec<usize>>) -> StarBattle {
    let count = regions.iter().flatten().max().map_or(0, |m| m + 1);
    StarBattle {
        regions,
        names: (0..count).map(|i| (i + 1).to_string()).collect(),
        stars: None,
    }
}

/// Reassigns non-star cells to a neighbouring region while the count does not grow, until the
/// planted answer is the only one (at most `steps` tries); the planted stars keep k per region.
fn narrow(p: &mut StarBattle, k: u32, stars: &[(usize, usize)], rng: &mut Rng, steps: usize) {
    let n = p.size();
    let mut count = native::count(p, k, 50);
    for _ in 0..steps {
        if count <= 1 {
            return;
        }
        let (r, c) = (rng.below(n), rng.below(n));
        if stars.contains(&(r, c)) {
            continue;
        }
        let (dr, dc) = [(0isize, 1isize), (0, -1), (1, 0), (-1, 0)][rng.below(4)];
        let (r2, c2) = (r as isize + dr, c as isize + dc);
        if r2 < 0 || c2 < 0 || r2 >= n as isize || c2 >= n as isize {
            continue;
        }
        let (old, new) = (p.regions[r][c], p.regions[r2 as usize][c2 as usize]);
        if old == new {
            continue;
        }
        p.regions[r][c] = new;
        let now = native::count(p, k, 50);
        if now <= count {
            count = now;
        } else {
            p.regions[r][c] = old;
        }
    }
}

/// A generated `n`×`n` instance with `k` stars of the given kind, from `seed` (and the seeds
/// after it, up to 50 of them), or `None`. A unique instance is a planted answer whose
/// regions are then narrowed until it is the only one.
pub fn generate(n: usize, k: usize, seed: u64, kind: Kind) -> Option<StarBattle> {
    let native = &mut |p: &StarBattle, k: u32, cap: u64| {
        Ok::<_, std::convert::Infallible>(native::count(p, k, cap))
    };
    match generate_counted(n, k, seed, kind, native) {
        Ok(found) => found,
        Err(never) => match never {},
    }
}

/// [`generate`] with the counter of the verdicts given: `count(p, k, cap)` is `p`'s number of
/// solutions with `k` stars up to `cap` (1 or 2 here); the fixture writer counts inside the
/// engine (the pipeline's `unique` through PCRE2, which also compares the native count). The
/// narrowing steps, which compare counts up to 50, count natively.
pub fn generate_counted<E>(
    n: usize,
    k: usize,
    seed: u64,
    kind: Kind,
    count: &mut dyn FnMut(&StarBattle, u32, u64) -> Result<u64, E>,
) -> Result<Option<StarBattle>, E> {
    for s in seed..seed + 50 {
        let mut rng = Rng::new(s);
        let Some(stars) = random_stars(n, k, &mut rng) else {
            continue;
        };
        let mut p = instance(grow_regions(n, k, &stars, &mut rng));
        let several = kind == Kind::Several && count(&p, k as u32, 2)? >= 2;
        match kind {
            Kind::Unique => {
                narrow(&mut p, k as u32, &stars, &mut rng, 20 * n * n);
                if count(&p, k as u32, 2)? == 1 {
                    return Ok(Some(p));
                }
            }
            Kind::Several if several => return Ok(Some(p)),
            Kind::None => {
                for _ in 0..2000 {
                    let (r1, c1) = (rng.below(n), rng.below(n));
                    let (r2, c2) = (rng.below(n), rng.below(n));
                    let (a, b) = (p.regions[r1][c1], p.regions[r2][c2]);
                    p.regions[r1][c1] = b;
                    p.regions[r2][c2] = a;
                    if count(&p, k as u32, 1)? == 0 {
                        return Ok(Some(p));
                    }
                }
            }
            _ => {}
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_have_their_counts() {
        let u = generate(6, 1, 1, Kind::Unique).unwrap();
        assert_eq!(native::count(&u, 1, 3), 1);
        let s = generate(6, 1, 1, Kind::Several).unwrap();
        assert!(native::count(&s, 1, 3) >= 2);
        let z = generate(6, 1, 1, Kind::None).unwrap();
        assert_eq!(native::count(&z, 1, 3), 0);
    }
}
