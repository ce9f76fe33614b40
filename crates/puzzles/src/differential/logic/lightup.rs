//! Light Up's generator (see the parent module).
//!
//! Grids of 1x1..6x6 (now and then up to 8x8): the crate's own generator (unique, several or no answers), random walls
//! with every wall numbered from a random maximal placement of bulbs and some numbers hidden
//! (solvable), the same with one number changed (often unsolvable), random numbers (mostly
//! unsolvable), and degenerate grids (all white, all black, one row or column, numbers without
//! white neighbours). The text is written in the forms the parser reads: cells spaced or not,
//! `*` or `#` for plain walls, with comment and blank lines now and then.

use crate::differential::{
    chance, maybe_portable, maybe_propagate, pick, Generator, Made, Oracle, BRUTE_FORCE_MAX,
};
use backref_lightup::generate::{generate, lit, Kind};
use backref_lightup::puzzle::LightUpPuzzle;
use backref_lightup::{check, parse, Bulbs, Cell, LightUp};
use backref_rng::Rng;

/// Light Up's generator.
pub(in crate::differential) const GENERATOR: Generator = Generator {
    name: "lightup",
    puzzle: "lightup",
    about: "1x1..8x8: crate-generated, numbered from bulbs (some hidden or changed), random, degenerate",
    cases: 600,
    make,
};

/// One case: a grid (see the module documentation), `--encoding cells` one time in three, a
/// quarter portable. The native solver walks the encoding's order (white cells in reading
/// order, no bulb first), so every engine must find its first answer. A brute force over every
/// placement of bulbs on the white cells, through the rule checker, counts the solutions when
/// there are at most 16 white cells.
fn make(rng: &mut Rng) -> Made {
    let most = if chance(rng, 1, 8) { 8 } else { 6 };
    let (h, w) = (1 + rng.below(most), 1 + rng.below(most));
    let (cells, kind) = match rng.below(10) {
        0..=2 => {
            let want = *pick(rng, &[Kind::Unique, Kind::Several, Kind::None]);
            let walls = 10 + rng.below(30);
            match generate(h.max(2), w.max(2), walls, rng.next_u64(), want) {
                Some(p) => (p.cells, format!("crate generator ({want:?})")),
                None => (
                    numbered(h, w, rng),
                    "numbered from bulbs (crate generator failed)".into(),
                ),
            }
        }
        3..=5 => (numbered(h, w, rng), "numbered from bulbs".into()),
        6 => {
            let mut cells = numbered(h, w, rng);
            let numbers: Vec<(usize, usize)> = (0..h)
                .flat_map(|r| (0..w).map(move |c| (r, c)))
                .filter(|&(r, c)| matches!(cells[r][c], Cell::Black(Some(_))))
                .collect();
            if numbers.is_empty() {
                (cells, "numbered from bulbs (no number to change)".into())
            } else {
                let (r, c) = *pick(rng, &numbers);
                let Cell::Black(Some(n)) = cells[r][c] else {
                    unreachable!("a numbered wall")
                };
                let m = (n + 1 + rng.below(4) as u8) % 5;
                cells[r][c] = Cell::Black(Some(m));
                (
                    cells,
                    format!("numbered from bulbs, one number changed {n}->{m}"),
                )
            }
        }
        7 | 8 => {
            let walls = 10 + rng.below(40);
            let cells = (0..h)
                .map(|_| {
                    (0..w)
                        .map(|_| {
                            if rng.below(100) >= walls {
                                Cell::White
                            } else if chance(rng, 1, 2) {
                                Cell::Black(Some(rng.below(5) as u8))
                            } else {
                                Cell::Black(None)
                            }
                        })
                        .collect()
                })
                .collect();
            (cells, "random numbers".into())
        }
        _ => degenerate(h, w, rng),
    };
    let puzzle = LightUp { cells };
    // The crate's generator makes at least 2x2.
    let (h, w) = (puzzle.rows(), puzzle.cols());
    let text = render(&puzzle, rng);
    let parsed = parse(&text, "generated").expect("the command line reads the grid");
    assert_eq!(parsed, puzzle, "the grid reads back differently:\n{text}");
    let mut flags = Vec::new();
    if chance(rng, 1, 3) {
        flags.extend(["--encoding".to_string(), "cells".to_string()]);
    }
    maybe_portable(rng, 4, &mut flags);
    maybe_propagate(rng, 4, &mut flags);
    let whites: Vec<(usize, usize)> = (0..h)
        .flat_map(|r| (0..w).map(move |c| (r, c)))
        .filter(|&(r, c)| parsed.cells[r][c] == Cell::White)
        .collect();
    let oracle = (1u64 << whites.len().min(63) <= BRUTE_FORCE_MAX).then(|| -> Oracle {
        let p = parsed.clone();
        (
            "brute force",
            Box::new(move || {
                (0u64..1 << whites.len())
                    .filter(|bits| {
                        let mut bulbs = vec![vec![false; w]; h];
                        for (i, &(r, c)) in whites.iter().enumerate() {
                            bulbs[r][c] = bits >> i & 1 == 1;
                        }
                        check(&p, &Bulbs { bulbs }).is_ok()
                    })
                    .count() as u64
            }),
        )
    });
    Made::with(LightUpPuzzle::new(parsed), text, true, oracle).described(
        format!("{h}x{w}"),
        kind,
        flags,
    )
}

/// Random walls (5-45 %), a random maximal placement of bulbs (each white cell in random order
/// takes a bulb when no bulb sees it), every wall numbered with its bulbs, then each number
/// hidden with a random probability: always solvable.
fn numbered(h: usize, w: usize, rng: &mut Rng) -> Vec<Vec<Cell>> {
    let walls = 5 + rng.below(41);
    let (mut cells, bulbs, _) = lit(h, w, walls, rng);
    let hide = rng.below(101);
    for (r, c) in (0..h).flat_map(|r| (0..w).map(move |c| (r, c))) {
        if cells[r][c] != Cell::White && rng.below(100) >= hide {
            let n = neighbours(h, w, r, c).filter(|&(y, x)| bulbs[y][x]).count();
            cells[r][c] = Cell::Black(Some(n as u8));
        }
    }
    cells
}

/// The orthogonal neighbours of (`r`, `c`) inside an `h`x`w` grid.
fn neighbours(h: usize, w: usize, r: usize, c: usize) -> impl Iterator<Item = (usize, usize)> {
    [
        (r.wrapping_sub(1), c),
        (r + 1, c),
        (r, c.wrapping_sub(1)),
        (r, c + 1),
    ]
    .into_iter()
    .filter(move |&(y, x)| y < h && x < w)
}

/// Edge cases: every cell white (many answers), every cell black with random numbers (solvable
/// only when all are 0), or a checkerboard of numbered walls and white cells.
fn degenerate(h: usize, w: usize, rng: &mut Rng) -> (Vec<Vec<Cell>>, String) {
    match rng.below(3) {
        0 => (vec![vec![Cell::White; w]; h], "all white".into()),
        1 => {
            let cells = (0..h)
                .map(|_| {
                    (0..w)
                        .map(|_| match rng.below(4) {
                            0 => Cell::Black(None),
                            1 => Cell::Black(Some(rng.below(5) as u8)),
                            _ => Cell::Black(Some(0)),
                        })
                        .collect()
                })
                .collect();
            (cells, "all black".into())
        }
        _ => {
            let cells = (0..h)
                .map(|r| {
                    (0..w)
                        .map(|c| {
                            if (r + c) % 2 == 0 {
                                Cell::White
                            } else {
                                Cell::Black(Some(rng.below(5) as u8))
                            }
                        })
                        .collect()
                })
                .collect();
            (cells, "checkerboard of numbers".into())
        }
    }
}

/// The grid as a file: cells spaced or not, `*` or `#` for plain walls, sometimes a comment
/// line, blank lines and trailing spaces.
fn render(puzzle: &LightUp, rng: &mut Rng) -> String {
    let spaced = chance(rng, 1, 2);
    let wall = if chance(rng, 1, 3) { '#' } else { '*' };
    let mut out = String::new();
    if chance(rng, 1, 4) {
        out.push_str("; a generated grid\n");
    }
    for row in &puzzle.cells {
        let cells: Vec<String> = row
            .iter()
            .map(|cell| match cell {
                Cell::White => ".".into(),
                Cell::Black(None) => wall.to_string(),
                Cell::Black(Some(n)) => n.to_string(),
            })
            .collect();
        out.push_str(&cells.join(if spaced { " " } else { "" }));
        if chance(rng, 1, 8) {
            out.push_str("  ");
        }
        out.push('\n');
        if chance(rng, 1, 10) {
            out.push('\n');
        }
    }
    out
}
