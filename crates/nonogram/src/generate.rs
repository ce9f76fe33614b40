//! A seeded generator: a random picture (each cell filled with the given percentage) and its
//! clues; for a unique instance, seeds are tried in turn until the native counter finds one
//! picture; for no solution, one clue is lengthened until none is left.

use backref_rng::Rng;

use crate::{native, Nonogram};

/// What the generated instance's pictures should be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Exactly one picture.
    Unique,
    /// More than one.
    Several,
    /// None.
    None,
}

/// The lengths of the runs of filled cells along a line: its clue. Also the differential tests'
/// clue maker (`backref_puzzles::differential`).
pub fn runs(line: impl IntoIterator<Item = bool>) -> Vec<usize> {
    let mut out = vec![0];
    for f in line {
        if f {
            *out.last_mut().expect("one") += 1;
        } else if *out.last().expect("one") > 0 {
            out.push(0);
        }
    }
    out.retain(|&a| a > 0);
    out
}

/// The clues of a random `h`×`w` picture from `rng`.
fn random(h: usize, w: usize, percent: usize, rng: &mut Rng) -> Nonogram {
    let cells: Vec<Vec<bool>> = (0..h)
        .map(|_| (0..w).map(|_| rng.below(100) < percent).collect())
        .collect();
    Nonogram {
        rows: cells.iter().map(|r| runs(r.iter().copied())).collect(),
        cols: (0..w).map(|c| runs((0..h).map(|r| cells[r][c]))).collect(),
    }
}

/// A generated `h`×`w` instance of the given kind, from `seed` and up to 2,000 seeds after it,
/// its kind told by the native count.
pub fn generate(h: usize, w: usize, percent: usize, seed: u64, kind: Kind) -> Option<Nonogram> {
    let native =
        &mut |p: &Nonogram, cap: u64| Ok::<_, std::convert::Infallible>(native::count(p, cap));
    match generate_counted(h, w, percent, seed, kind, native) {
        Ok(found) => found,
        Err(never) => match never {},
    }
}

/// [`generate`] with the counter given: `count(p, cap)` is `p`'s number of solutions up to
/// `cap` (1 or 2 here). The fixture writer counts inside the engine (the pipeline's `unique`
/// through PCRE2, which also compares the native count).
pub fn generate_counted<E>(
    h: usize,
    w: usize,
    percent: usize,
    seed: u64,
    kind: Kind,
    count: &mut dyn FnMut(&Nonogram, u64) -> Result<u64, E>,
) -> Result<Option<Nonogram>, E> {
    for s in seed..seed + 2000 {
        let mut rng = Rng::new(s);
        let mut p = random(h, w, percent, &mut rng);
        let n = count(&p, 2)?;
        match kind {
            Kind::Unique if n == 1 => return Ok(Some(p)),
            Kind::Several if n >= 2 => return Ok(Some(p)),
            Kind::None => {
                for r in 0..h {
                    if let Some(a) = p.rows[r].first_mut() {
                        *a += 1;
                        if count(&p, 1)? == 0 {
                            return Ok(Some(p));
                        }
                        p.rows[r][0] -= 1;
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
        let u = generate(5, 5, 60, 1, Kind::Unique).unwrap();
        assert_eq!(native::count(&u, 3), 1);
        let s = generate(5, 5, 50, 1, Kind::Several).unwrap();
        assert!(native::count(&s, 3) >= 2);
        let z = generate(5, 5, 50, 1, Kind::None).unwrap();
        assert_eq!(native::count(&z, 3), 0);
    }
}
