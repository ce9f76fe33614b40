//! A seeded generator: random walls, a random maximal placement of bulbs that lights every
//! cell, every wall numbered with its bulbs; then numbers hidden in random order while the
//! native count says the instance keeps its wanted kind.

use backref_rng::Rng;

use crate::{native, Cell, LightUp};

/// What the generated instance's answers should be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Exactly one answer, as few numbers as keep it so.
    Unique,
    /// Several answers (numbers hidden until a second appears).
    Several,
    /// None (a number raised until nothing fits).
    None,
}

fn sees(cells: &[Vec<Cell>], bulbs: &[Vec<bool>], r: usize, c: usize) -> bool {
    let (h, w) = (cells.len(), cells[0].len());
    for (dr, dc) in [(0isize, 1isize), (1, 0), (0, -1), (-1, 0)] {
        let (mut y, mut x) = (r as isize, c as isize);
        loop {
            if y < 0 || x < 0 || y as usize >= h || x as usize >= w {
                break;
            }
            if cells[y as usize][x as usize] != Cell::White {
                break;
            }
            if bulbs[y as usize][x as usize] {
                return true;
            }
            y += dr;
            x += dc;
        }
    }
    false
}

/// What [`lit`] returns: the cells, the bulbs, and the random order of the cells.
pub type Lit = (Vec<Vec<Cell>>, Vec<Vec<bool>>, Vec<(usize, usize)>);

/// Random walls (each cell a wall with probability `walls` percent, unnumbered) and a maximal
/// placement of bulbs: each white cell, in a random order, takes a bulb when no bulb sees it.
/// Returns the cells, the bulbs and that order. Also the differential tests' board
/// (`backref_puzzles::differential`).
pub fn lit(h: usize, w: usize, walls: usize, rng: &mut Rng) -> Lit {
    let cells: Vec<Vec<Cell>> = (0..h)
        .map(|_| {
            (0..w)
                .map(|_| {
                    if rng.below(100) < walls {
                        Cell::Black(None)
                    } else {
                        Cell::White
                    }
                })
                .collect()
        })
        .collect();
    let mut bulbs = vec![vec![false; w]; h];
    let mut order: Vec<(usize, usize)> = (0..h).flat_map(|r| (0..w).map(move |c| (r, c))).collect();
    rng.shuffle(&mut order);
    for &(r, c) in &order {
        if cells[r][c] == Cell::White && !sees(&cells, &bulbs, r, c) {
            bulbs[r][c] = true;
        }
    }
    (cells, bulbs, order)
}

/// A generated `h`×`w` instance with about `walls` percent walls, from `seed`.
pub fn generate(h: usize, w: usize, walls: usize, seed: u64, kind: Kind) -> Option<LightUp> {
    let native =
        &mut |p: &LightUp, cap: u64| Ok::<_, std::convert::Infallible>(native::count(p, cap));
    match generate_counted(h, w, walls, seed, kind, native) {
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
    walls: usize,
    seed: u64,
    kind: Kind,
    count: &mut dyn FnMut(&LightUp, u64) -> Result<u64, E>,
) -> Result<Option<LightUp>, E> {
    let mut rng = Rng::new(seed);
    let (mut cells, bulbs, order) = lit(h, w, walls, &mut rng);
    for &(r, c) in &order {
        if cells[r][c] != Cell::White {
            let n = [
                (r.wrapping_sub(1), c),
                (r + 1, c),
                (r, c.wrapping_sub(1)),
                (r, c + 1),
            ]
            .iter()
            .filter(|&&(y, x)| y < h && x < w && bulbs[y][x])
            .count();
            cells[r][c] = Cell::Black(Some(n as u8));
        }
    }
    let mut p = LightUp { cells };
    let walls: Vec<(usize, usize)> = order
        .iter()
        .copied()
        .filter(|&(r, c)| p.cells[r][c] != Cell::White)
        .collect();
    match kind {
        Kind::Unique | Kind::Several => {
            if count(&p, 2)? != 1 {
                return Ok(None);
            }
            for &(r, c) in &walls {
                let keep = p.cells[r][c];
                p.cells[r][c] = Cell::Black(None);
                let n = count(&p, 2)?;
                if kind == Kind::Several && n >= 2 {
                    return Ok(Some(p));
                }
                if n != 1 {
                    p.cells[r][c] = keep;
                }
            }
            Ok((kind == Kind::Unique).then_some(p))
        }
        Kind::None => {
            for &(r, c) in &walls {
                if let Cell::Black(Some(n)) = p.cells[r][c] {
                    if n < 4 {
                        p.cells[r][c] = Cell::Black(Some(n + 1));
                        if count(&p, 1)? == 0 {
                            return Ok(Some(p));
                        }
                        p.cells[r][c] = Cell::Black(Some(n));
                    }
                }
            }
            Ok(None)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_have_their_counts() {
        let u = (1..50)
            .find_map(|s| generate(6, 6, 20, s, Kind::Unique))
            .unwrap();
        assert_eq!(native::count(&u, 3), 1);
        let z = (1..50)
            .find_map(|s| generate(6, 6, 20, s, Kind::None))
            .unwrap();
        assert_eq!(native::count(&z, 3), 0);
    }
}
