//! A seeded generator: an (n+1)×(n+1) grid with a black first row and column and random black
//! cells (no white run of one cell), a random filling with distinct digits per run, the runs'
//! sums as clues (patterns with fewer than half the play cells white are skipped); seeds are tried until the native count has the wanted kind (for no solution,
//! one clue is raised until nothing fits).

use backref_rng::Rng;

use crate::{native, Cell, Kakuro};

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

fn pattern(n: usize, percent: usize, rng: &mut Rng) -> Vec<Vec<bool>> {
    let size = n + 1;
    let mut white = vec![vec![false; size]; size];
    for row in white.iter_mut().skip(1) {
        for cell in row.iter_mut().skip(1) {
            *cell = rng.below(100) >= percent;
        }
    }
    // Blacken white cells that would stand alone in a run (repeat until stable).
    loop {
        let mut changed = false;
        for r in 1..size {
            for c in 1..size {
                if !white[r][c] {
                    continue;
                }
                let across = white[r][c - 1] || (c + 1 < size && white[r][c + 1]);
                let down = white[r - 1][c] || (r + 1 < size && white[r + 1][c]);
                if !across || !down {
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

fn fill(white: &[Vec<bool>], rng: &mut Rng) -> Option<Vec<Vec<u8>>> {
    let size = white.len();
    let mut digits = vec![vec![0u8; size]; size];
    for r in 0..size {
        for c in 0..size {
            if !white[r][c] {
                continue;
            }
            let mut options: Vec<u8> = (1..=9).collect();
            rng.shuffle(&mut options);
            let clash = |d: u8, digits: &Vec<Vec<u8>>| {
                let mut x = c;
                while x > 0 && white[r][x - 1] {
                    x -= 1;
                    if digits[r][x] == d {
                        return true;
                    }
                }
                let mut y = r;
                while y > 0 && white[y - 1][c] {
                    y -= 1;
                    if digits[y][c] == d {
                        return true;
                    }
                }
                false
            };
            digits[r][c] = options.into_iter().find(|&d| !clash(d, &digits))?;
        }
    }
    Some(digits)
}

fn clues(white: &[Vec<bool>], digits: &[Vec<u8>]) -> Kakuro {
    let size = white.len();
    let mut cells = Cell::unclued_grid(size);
    for r in 0..size {
        for c in 0..size {
            if white[r][c] {
                cells[r][c] = Cell::White;
                continue;
            }
            let run = |dr: usize, dc: usize| {
                let (mut y, mut x, mut sum) = (r + dr, c + dc, 0u32);
                while y < size && x < size && white[y][x] {
                    sum += digits[y][x] as u32;
                    y += dr;
                    x += dc;
                }
                (sum > 0).then_some(sum)
            };
            cells[r][c] = Cell::Black {
                down: run(1, 0),
                across: run(0, 1),
            };
        }
    }
    Kakuro { cells }
}

/// A generated instance of n×n play cells (plus the clue row and column) of the given kind,
/// from `seed` and up to 500 seeds after it.
pub fn generate(n: usize, percent: usize, seed: u64, kind: Kind) -> Option<Kakuro> {
    let native =
        &mut |k: &Kakuro, cap: u64| Ok::<_, std::convert::Infallible>(native::count(k, cap));
    match generate_counted(n, percent, seed, kind, native) {
        Ok(found) => found,
        Err(never) => match never {},
    }
}

/// [`generate`] with the counter given: `count(k, cap)` is `k`'s number of solutions up to
/// `cap` (1 or 2 here). The fixture writer counts inside the engine (the pipeline's `unique`
/// through PCRE2, which also compares the native count).
pub fn generate_counted<E>(
    n: usize,
    percent: usize,
    seed: u64,
    kind: Kind,
    count: &mut dyn FnMut(&Kakuro, u64) -> Result<u64, E>,
) -> Result<Option<Kakuro>, E> {
    for s in seed..seed + 500 {
        let mut rng = Rng::new(s);
        let white = pattern(n, percent, &mut rng);
        // At least half the play cells white (a sparse pattern is a trivial instance).
        if white.iter().flatten().filter(|&&x| x).count() * 2 < n * n {
            continue;
        }
        let Some(digits) = fill(&white, &mut rng) else {
            continue;
        };
        let mut k = clues(&white, &digits);
        let found = count(&k, 2)?;
        match kind {
            Kind::Unique if found == 1 => return Ok(Some(k)),
            Kind::Several if found >= 2 => return Ok(Some(k)),
            Kind::None => {
                let size = k.cells.len();
                for r in 0..size {
                    for c in 0..size {
                        if let Cell::Black {
                            across: Some(a),
                            down,
                        } = k.cells[r][c]
                        {
                            let len = (c + 1..size).take_while(|&x| white[r][x]).count() as u32;
                            let most: u32 = (10 - len..=9).sum();
                            if a < most {
                                k.cells[r][c] = Cell::Black {
                                    across: Some(a + 1),
                                    down,
                                };
                                if count(&k, 1)? == 0 {
                                    return Ok(Some(k));
                                }
                                k.cells[r][c] = Cell::Black {
                                    across: Some(a),
                                    down,
                                };
                            }
                        }
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
        let u = generate(4, 25, 1, Kind::Unique).unwrap();
        assert_eq!(native::count(&u, 3), 1);
        let z = generate(4, 25, 1, Kind::None).unwrap();
        assert_eq!(native::count(&z, 3), 0);
    }
}
