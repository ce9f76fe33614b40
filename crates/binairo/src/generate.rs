//! A seeded generator: a random full grid, then givens removed in random order while the
//! wanted number of solutions holds (counted natively by [`generate`]; by the caller's counter,
//! inside the engine for the fixtures, by [`generate_counted`]).

use backref_rng::Rng;

use crate::{native, Binairo};

/// Search nodes the native counter may spend proving a removal keeps the instance unique; a
/// given whose removal needs more stays (so instances stay within reach of a plain search).
pub const BUDGET: u64 = 2_000_000;

/// What the generated instance's solutions should be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Exactly one solution, with no given that could be removed keeping it so within
    /// [`BUDGET`] nodes of the native counter.
    Unique,
    /// Several solutions (a unique instance with givens removed until it has at least two).
    Several,
    /// No solution (a unique instance with one blank set against its solution).
    None,
}

/// A random valid full grid of `h`×`w`, or `None` when a side is odd or empty (no grid) or
/// the random search gives up.
pub fn random_grid(h: usize, w: usize, rng: &mut Rng) -> Option<Vec<Vec<u8>>> {
    if h == 0 || w == 0 || !h.is_multiple_of(2) || !w.is_multiple_of(2) {
        return None;
    }
    fn ok(cells: &[Vec<u8>], r: usize, c: usize, h: usize, w: usize) -> bool {
        let v = cells[r][c];
        let row = cells[r][..=c].iter().filter(|&&x| x == v).count();
        let col = (0..=r).filter(|&q| cells[q][c] == v).count();
        if row > w / 2 || col > h / 2 {
            return false;
        }
        if c >= 2 && cells[r][c - 1] == v && cells[r][c - 2] == v {
            return false;
        }
        if r >= 2 && cells[r - 1][c] == v && cells[r - 2][c] == v {
            return false;
        }
        if c == w - 1 && (0..r).any(|q| cells[q] == cells[r]) {
            return false;
        }
        if r == h - 1 && (0..c).any(|d| (0..h).all(|q| cells[q][d] == cells[q][c])) {
            return false;
        }
        true
    }
    fn go(
        cells: &mut Vec<Vec<u8>>,
        pos: usize,
        h: usize,
        w: usize,
        rng: &mut Rng,
        budget: &mut u64,
    ) -> bool {
        if pos == h * w {
            return true;
        }
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        let (r, c) = (pos / w, pos % w);
        let first = rng.below(2) as u8;
        for v in [first, 1 - first] {
            cells[r][c] = v;
            if ok(cells, r, c, h, w) && go(cells, pos + 1, h, w, rng, budget) {
                return true;
            }
        }
        cells[r][c] = 9;
        false
    }
    for _ in 0..50 {
        let mut cells = vec![vec![9; w]; h];
        let mut budget = 200_000;
        if go(&mut cells, 0, h, w, rng, &mut budget) {
            return Some(cells);
        }
    }
    None
}

/// A generated `h`×`w` instance of the given kind from `seed`, or `None` when the random search
/// found no grid (sizes that have none, such as odd ones). Counted natively.
pub fn generate(h: usize, w: usize, seed: u64, kind: Kind) -> Option<Binairo> {
    let native = &mut |p: &Binairo, cap: u64| {
        Ok::<_, std::convert::Infallible>(native::count_within(p, cap, BUDGET))
    };
    match generate_counted(h, w, seed, kind, native) {
        Ok(found) => found,
        Err(never) => match never {},
    }
}

/// A generator's counter: solutions up to a cap, `None` when out of reach.
pub type Counter<'a, E> = dyn FnMut(&Binairo, u64) -> Result<Option<u64>, E> + 'a;

/// [`generate`] with the counter given: `count(p, cap)` is `p`'s number of solutions up to
/// `cap` (1 or 2 here), or `None` when it is out of reach (a given whose removal cannot be
/// counted stays). The fixture writer counts inside PCRE2 (the pipeline's
/// `checked_count_up_to_two`, which also compares the native count) after the native counter
/// has found the count within [`BUDGET`] nodes.
pub fn generate_counted<E>(
    h: usize,
    w: usize,
    seed: u64,
    kind: Kind,
    count: &mut Counter<'_, E>,
) -> Result<Option<Binairo>, E> {
    if h == 0 || w == 0 || !h.is_multiple_of(2) || !w.is_multiple_of(2) {
        return Ok(None);
    }
    let mut rng = Rng::new(seed);
    let Some(grid) = random_grid(h, w, &mut rng) else {
        return Ok(None);
    };
    let mut puzzle = Binairo {
        givens: grid
            .iter()
            .map(|r| r.iter().map(|&v| Some(v)).collect())
            .collect(),
    };
    let mut cells: Vec<(usize, usize)> = (0..h).flat_map(|r| (0..w).map(move |c| (r, c))).collect();
    rng.shuffle(&mut cells);
    for &(r, c) in &cells {
        let keep = puzzle.givens[r][c].take();
        if count(&puzzle, 2)? != Some(1) {
            puzzle.givens[r][c] = keep;
        }
    }
    match kind {
        Kind::Unique => Ok(Some(puzzle)),
        Kind::Several => {
            for &(r, c) in &cells {
                if puzzle.givens[r][c].take().is_some()
                    && count(&puzzle, 2)?.is_some_and(|n| n >= 2)
                {
                    return Ok(Some(puzzle));
                }
            }
            Ok(None)
        }
        Kind::None => {
            // A blank set against the one solution's value: no solution is left.
            let Some(&(r, c)) = cells.iter().find(|&&(r, c)| puzzle.givens[r][c].is_none()) else {
                return Ok(None);
            };
            puzzle.givens[r][c] = Some(1 - grid[r][c]);
            Ok((count(&puzzle, 1)? == Some(0)).then_some(puzzle))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_have_their_counts() {
        for seed in 1..4 {
            let u = generate(6, 6, seed, Kind::Unique).unwrap();
            assert_eq!(native::count(&u, 3), 1);
            let s = generate(6, 6, seed, Kind::Several).unwrap();
            assert!(native::count(&s, 3) >= 2);
            let n = generate(6, 6, seed, Kind::None).unwrap();
            assert_eq!(native::count(&n, 3), 0);
        }
        assert_eq!(generate(5, 6, 1, Kind::Unique), None);
    }
}
