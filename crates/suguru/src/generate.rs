//! A seeded generator: random regions of mostly 4 or 5 cells, a random valid filling, then givens
//! removed in random order while the native count stays one (or until it is two, or a blank set
//! against the filling for no solution).

use backref_rng::Rng;

use crate::{native, Suguru};

/// What the generated instance's answers should be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Exactly one answer.
    Unique,
    /// Several.
    Several,
    /// None.
    None,
}

fn regions(h: usize, w: usize, rng: &mut Rng) -> Vec<Vec<usize>> {
    let mut region = vec![vec![usize::MAX; w]; h];
    let mut next = 0;
    let mut cells: Vec<(usize, usize)> = (0..h).flat_map(|r| (0..w).map(move |c| (r, c))).collect();
    rng.shuffle(&mut cells);
    for &(r, c) in &cells {
        if region[r][c] != usize::MAX {
            continue;
        }
        let target = 4 + rng.below(2);
        let mut members = vec![(r, c)];
        region[r][c] = next;
        while members.len() < target {
            let mut options = Vec::new();
            for &(y, x) in &members {
                for (dy, dx) in [(0isize, 1isize), (1, 0), (0, -1), (-1, 0)] {
                    let (y2, x2) = (y as isize + dy, x as isize + dx);
                    if y2 >= 0
                        && x2 >= 0
                        && (y2 as usize) < h
                        && (x2 as usize) < w
                        && region[y2 as usize][x2 as usize] == usize::MAX
                    {
                        options.push((y2 as usize, x2 as usize));
                    }
                }
            }
            if options.is_empty() {
                break;
            }
            let (y, x) = options[rng.below(options.len())];
            region[y][x] = next;
            members.push((y, x));
        }
        next += 1;
    }
    // A lone cell must hold 1, and two touching lone cells cannot both: join each lone cell to
    // a neighbouring region (renumbering regions densely afterwards).
    let mut sizes = vec![0usize; next];
    for &g in region.iter().flatten() {
        sizes[g] += 1;
    }
    for r in 0..h {
        for c in 0..w {
            let g = region[r][c];
            if sizes[g] != 1 {
                continue;
            }
            let near = [
                (r.wrapping_sub(1), c),
                (r + 1, c),
                (r, c.wrapping_sub(1)),
                (r, c + 1),
            ]
            .into_iter()
            .filter(|&(y, x)| y < h && x < w && region[y][x] != g)
            .min_by_key(|&(y, x)| sizes[region[y][x]]);
            if let Some((y, x)) = near {
                sizes[g] = 0;
                region[r][c] = region[y][x];
                sizes[region[y][x]] += 1;
            }
        }
    }
    let mut renumber = vec![usize::MAX; next];
    let mut count = 0;
    for g in region.iter_mut().flatten() {
        if renumber[*g] == usize::MAX {
            renumber[*g] = count;
            count += 1;
        }
        *g = renumber[*g];
    }
    region
}

/// A random valid filling of `p`'s regions (givens ignored), by a randomised backtracking
/// search in reading order of at most `budget` steps; `None` when there is none or the budget
/// runs out. Also the differential tests' filling (`backref_puzzles::differential`).
pub fn fill(p: &Suguru, rng: &mut Rng, budget: u32) -> Option<Vec<Vec<u8>>> {
    let (h, w) = (p.rows(), p.cols());
    fn go(
        p: &Suguru,
        cells: &mut Vec<Vec<u8>>,
        pos: usize,
        rng: &mut Rng,
        budget: &mut u32,
    ) -> bool {
        let (h, w) = (p.rows(), p.cols());
        if pos == h * w {
            return true;
        }
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        let (r, c) = (pos / w, pos % w);
        let mut digits: Vec<u8> = (1..=p.sizes[p.regions[r][c]] as u8).collect();
        rng.shuffle(&mut digits);
        for d in digits {
            let clash = (0..h).any(|y| {
                (0..w).any(|x| {
                    (y, x) < (r, c)
                        && cells[y][x] == d
                        && ((y.abs_diff(r) <= 1 && x.abs_diff(c) <= 1)
                            || p.regions[y][x] == p.regions[r][c])
                })
            });
            if clash {
                continue;
            }
            cells[r][c] = d;
            if go(p, cells, pos + 1, rng, budget) {
                return true;
            }
            cells[r][c] = 0;
        }
        false
    }
    let mut cells = vec![vec![0; w]; h];
    let mut budget = budget;
    go(p, &mut cells, 0, rng, &mut budget).then_some(cells)
}

/// A generated `h`×`w` instance of the given kind from `seed` (and up to 200 seeds after it).
pub fn generate(h: usize, w: usize, seed: u64, kind: Kind) -> Option<Suguru> {
    let native =
        &mut |p: &Suguru, cap: u64| Ok::<_, std::convert::Infallible>(native::count(p, cap));
    match generate_counted(h, w, seed, kind, native) {
        Ok(found) => found,
        Err(never) => match never {},
    }
}

/// [`generate`] with the counter given: `count(p, cap)` is `p`'s number of solutions up to
/// `cap` (2 here). The fixture writer counts inside the engine (the pipeline's `unique` through
/// PCRE2, which also compares the native count).
pub fn generate_counted<E>(
    h: usize,
    w: usize,
    seed: u64,
    kind: Kind,
    count: &mut dyn FnMut(&Suguru, u64) -> Result<u64, E>,
) -> Result<Option<Suguru>, E> {
    for s in seed..seed + 200 {
        let mut rng = Rng::new(s);
        let regions = regions(h, w, &mut rng);
        if regions.iter().flatten().next().is_none() {
            continue;
        }
        let mut p = Suguru::blank(regions);
        let Some(grid) = fill(&p, &mut rng, 2_000_000) else {
            continue;
        };
        p.givens = grid
            .iter()
            .map(|r| r.iter().map(|&d| Some(d)).collect())
            .collect();
        let mut order: Vec<(usize, usize)> =
            (0..h).flat_map(|r| (0..w).map(move |c| (r, c))).collect();
        rng.shuffle(&mut order);
        for &(r, c) in &order {
            let keep = p.givens[r][c].take();
            let n = count(&p, 2)?;
            if kind == Kind::Several && n >= 2 {
                return Ok(Some(p));
            }
            if n != 1 {
                p.givens[r][c] = keep;
            }
        }
        match kind {
            Kind::Unique => return Ok(Some(p)),
            Kind::None => {
                let free = order
                    .iter()
                    .find(|&&(r, c)| p.givens[r][c].is_none() && p.sizes[p.regions[r][c]] > 1);
                let Some(&(r, c)) = free else {
                    return Ok(None);
                };
                let other = (1..=p.sizes[p.regions[r][c]] as u8).find(|&d| d != grid[r][c]);
                let Some(other) = other else {
                    return Ok(None);
                };
                p.givens[r][c] = Some(other);
                return Ok(Some(p));
            }
            Kind::Several => {}
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_have_their_counts() {
        let u = generate(5, 5, 1, Kind::Unique).unwrap();
        assert_eq!(native::count(&u, 3), 1);
        let z = generate(5, 5, 1, Kind::None).unwrap();
        assert_eq!(native::count(&z, 3), 0);
    }
}
