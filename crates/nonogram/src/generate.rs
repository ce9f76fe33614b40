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

fn runs(line: impl Iterator<Item = bool>) -> Vec<usize> {
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

/// A generated `h`×`w` instance of the given kind, from `seed` and up to 2,000 seeds after it.
pub fn generate(h: usize, w: usize, percent: usize, seed: u64, kind: Kind) -> Option<Nonogram> {
    for s in seed..seed + 2000 {
        let mut rng = Rng::new(s);
        let mut p = random(h, w, percent, &mut rng);
        let count = native::count(&p, 2);
        match kind {
            Kind::Unique if count == 1 => return Some(p),
            Kind::Several if count >= 2 => return Some(p),
            Kind::None => {
                for r in 0..h {
                    if let Some(a) = p.rows[r].first_mut() {
                        *a += 1;
                        if native::count(&p, 1) == 0 {
                            return Some(p);
                        }
                        p.rows[r][0] -= 1;
                    }
                }
            }
            _ => {}
        }
    }
    None
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
