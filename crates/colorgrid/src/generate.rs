//! A seeded generator of colour-grid puzzles.
//!
//! A random grid with some structure is painted (a background colour, then random rectangles
//! of random colours) and its clues are derived. Such grids almost always have many solutions
//! (run boundaries can shift), so [`refine`] repaints single cells where another solution
//! differs until the native solver counts the wanted number of solutions: one, a few, or many.
//!
//! The random generator is a self-contained SplitMix64 ([`Rng`]) so that a seed gives the same
//! puzzles everywhere, whatever the dependency versions.

use crate::{native, Puzzle, Solution};

pub use backref_rng::Rng;

/// A `rows`×`cols` grid over `colors` (non-empty): one random background colour, then
/// `rectangles` random axis-aligned rectangles (each side at most half the grid, at least 1)
/// painted in random colours.
pub fn random_grid(
    rows: usize,
    cols: usize,
    colors: &[u8],
    rectangles: usize,
    rng: &mut Rng,
) -> Solution {
    let pick = |rng: &mut Rng| colors.get(rng.below(colors.len())).copied().unwrap_or(b'a');
    let background = pick(rng);
    let mut cells = vec![vec![background; cols]; rows];
    for _ in 0..rectangles {
        let h = 1 + rng.below((rows / 2).max(1));
        let w = 1 + rng.below((cols / 2).max(1));
        let y0 = rng.below(rows.saturating_sub(h) + 1);
        let x0 = rng.below(cols.saturating_sub(w) + 1);
        let c = pick(rng);
        for row in cells.iter_mut().skip(y0).take(h) {
            for cell in row.iter_mut().skip(x0).take(w) {
                *cell = c;
            }
        }
    }
    Solution { cells }
}

fn runs(line: impl Iterator<Item = u8>) -> String {
    let mut letters: Vec<u8> = line.collect();
    letters.dedup();
    String::from_utf8_lossy(&letters).into_owned()
}

/// The puzzle whose clues are the runs of `grid` (which must be a non-empty rectangle of ASCII
/// letters), over the alphabet `colors` (default: the letters used).
pub fn puzzle_from(grid: &Solution, colors: Option<&str>) -> Puzzle {
    let cols = grid.cells.first().map_or(0, Vec::len);
    let row_clues = grid.cells.iter().map(|r| runs(r.iter().copied())).collect();
    let col_clues = (0..cols)
        .map(|x| runs(grid.cells.iter().map(|r| r[x])))
        .collect();
    Puzzle::new(row_clues, col_clues, colors).expect("clues of a letter grid are valid")
}

/// How many solutions a generated puzzle should have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Want {
    /// Exactly one.
    Unique,
    /// Between 2 and 10.
    Several,
    /// At least 11 and below the cap given to [`generate`] (so counted exactly).
    Many,
}

impl Want {
    /// The count cap needed to tell this kind apart from too many solutions.
    fn cap(self, cap: usize) -> usize {
        match self {
            Want::Unique => 2,
            Want::Several => 11,
            Want::Many => cap.max(12),
        }
    }

    /// Whether `n` (counted up to [`Want::cap`]) fits, is too high (`Some(false)`: refine
    /// further) or too low (`None`: give up on this grid).
    fn judge(self, n: usize, cap: usize) -> Option<bool> {
        let (low, high) = match self {
            Want::Unique => (1, 1),
            Want::Several => (2, 10),
            Want::Many => (11, self.cap(cap) - 1),
        };
        if n < low {
            None
        } else {
            Some(n <= high)
        }
    }
}

/// Refines `grid` until its puzzle has the wanted number of solutions: while there are too
/// many, take a solution that differs from `grid`, pick one cell where they differ, and
/// repaint that cell of `grid` (preferring a colour unlike the cell's neighbours), which
/// lengthens its row and column clues. At most `max_steps` repaints. Returns the puzzle, its
/// exact solution count and the final grid (one of its solutions).
pub fn refine(
    mut grid: Solution,
    colors: &[u8],
    want: Want,
    cap: usize,
    rng: &mut Rng,
    max_steps: usize,
) -> Option<(Puzzle, usize, Solution)> {
    let rows = grid.cells.len();
    let cols = grid.cells.first().map_or(0, Vec::len);
    for _ in 0..=max_steps {
        let puzzle = puzzle_from(&grid, None);
        let n = native::count(&puzzle, want.cap(cap));
        if want.judge(n, cap)? {
            return Some((puzzle, n, grid));
        }
        let other = native::solve_all(&puzzle, 2)
            .into_iter()
            .find(|s| *s != grid)?;
        let diffs: Vec<(usize, usize)> = (0..rows)
            .flat_map(|y| (0..cols).map(move |x| (y, x)))
            .filter(|&(y, x)| other.cells[y][x] != grid.cells[y][x])
            .collect();
        let (y, x) = *diffs.get(rng.below(diffs.len()))?;
        let mut avoid = vec![grid.cells[y][x]];
        if y > 0 {
            avoid.push(grid.cells[y - 1][x]);
        }
        if y + 1 < rows {
            avoid.push(grid.cells[y + 1][x]);
        }
        if x > 0 {
            avoid.push(grid.cells[y][x - 1]);
        }
        if x + 1 < cols {
            avoid.push(grid.cells[y][x + 1]);
        }
        let mut choices: Vec<u8> = colors
            .iter()
            .copied()
            .filter(|c| !avoid.contains(c))
            .collect();
        if choices.is_empty() {
            choices = colors
                .iter()
                .copied()
                .filter(|&c| c != grid.cells[y][x])
                .collect();
        }
        grid.cells[y][x] = *choices.get(rng.below(choices.len()))?;
    }
    None
}

/// Tries up to `attempts` random grids ([`random_grid`]), refining each ([`refine`], at most
/// `rows × cols` repaints), and returns the first puzzle whose solution count matches `want`
/// (counted up to `cap` for [`Want::Many`]), with its exact count and a solution.
#[allow(clippy::too_many_arguments)]
pub fn generate(
    rows: usize,
    cols: usize,
    colors: &[u8],
    rectangles: usize,
    want: Want,
    cap: usize,
    rng: &mut Rng,
    attempts: usize,
) -> Option<(Puzzle, usize, Solution)> {
    for _ in 0..attempts {
        let grid = random_grid(rows, cols, colors, rectangles, rng);
        if let Some(found) = refine(grid, colors, want, cap, rng, rows * cols) {
            return Some(found);
        }
    }
    None
}

/// Derives an unsolvable variant of `puzzle` by changing one row clue (replacing, inserting or
/// deleting one letter, keeping the clue valid). Tries up to `attempts` random changes and
/// returns the first variant without a solution.
pub fn make_unsolvable(puzzle: &Puzzle, rng: &mut Rng, attempts: usize) -> Option<Puzzle> {
    let colors = puzzle.colors();
    for _ in 0..attempts {
        let mut rows = puzzle.rows().to_vec();
        let y = rng.below(rows.len());
        let mut clue = rows[y].as_bytes().to_vec();
        let at = rng.below(clue.len() + 1);
        match rng.below(3) {
            0 if at < clue.len() => clue[at] = colors[rng.below(colors.len())],
            1 => clue.insert(at, colors[rng.below(colors.len())]),
            _ if clue.len() > 1 && at < clue.len() => {
                clue.remove(at);
            }
            _ => continue,
        }
        if clue.windows(2).any(|w| w[0] == w[1]) || clue == rows[y].as_bytes() {
            continue;
        }
        rows[y] = String::from_utf8_lossy(&clue).into_owned();
        let alphabet = String::from_utf8_lossy(colors).into_owned();
        let Ok(variant) = Puzzle::new(rows, puzzle.cols().to_vec(), Some(&alphabet)) else {
            continue;
        };
        if native::count(&variant, 1) == 0 {
            return Some(variant);
        }
    }
    None
}
