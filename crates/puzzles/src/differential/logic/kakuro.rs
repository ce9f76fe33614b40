//! Kakuro's generator (see the parent module).
//!
//! Grids of 1x1..6x6 (clue cells included): a random pattern of at most 12 white cells,
//! usually under a black first row and column, sometimes with white cells on the top or left edge (runs without
//! a clue) and runs of one cell; clues from a random filling with distinct digits per run, some
//! left out (solvable), one clue changed to another sum its run could make (often unsolvable),
//! or random sums every run could make (mostly unsolvable); or the crate's own generator
//! (unique, several or no answers). Written in the forms the parser reads: `.`, `_` or `0` for
//! white, `#`, `X`, `x`, `\` or `-\-` for a black cell without clues, `D\R`, `D\`, `D\-`,
//! `\R`, `-\R` for clues, separated by spaces or tabs, with comment and blank lines now and
//! then.

use crate::differential::{
    chance, maybe_portable, maybe_propagate, pick, Generator, Made, Oracle, BRUTE_FORCE_MAX,
};
use backref_kakuro::generate::{generate, Kind};
use backref_kakuro::puzzle::KakuroPuzzle;
use backref_kakuro::{check, parse, Cell, Fill, Kakuro};
use backref_rng::Rng;

/// Kakuro's generator.
pub(in crate::differential) const GENERATOR: Generator = Generator {
    name: "kakuro",
    puzzle: "kakuro",
    about: "1x1..6x6: clues from a filling (some left out), one changed, random sums, edge runs, crate-made",
    cases: 900,
    make,
};

/// One case (see the module documentation), `--encoding sums` one time in three, a quarter
/// portable. A brute force over every filling of the white cells with 1-9, through the rule
/// checker, counts the solutions when there are at most 5 white cells.
fn make(rng: &mut Rng) -> Made {
    let (puzzle, kind) = if chance(rng, 1, 6) {
        let want = *pick(rng, &[Kind::Unique, Kind::Several, Kind::None]);
        // 2x2 or 3x3 play cells: on 4x4 ones the crate's generator can take minutes (seed
        // 100563 asked it for no solution; each try counts an instance like
        // `\26 . . . .` x4 under `# 21\ 24\ 20\ 25\`, which the native solver takes
        // 3 s to refute in a release build, PCRE2 1 s).
        let n = 2 + rng.below(2);
        match generate(n, 10 + rng.below(30), rng.next_u64() % 1_000_000, want) {
            Some(k) => (k, format!("crate generator ({want:?})")),
            None => own(rng),
        }
    } else {
        own(rng)
    };
    let text = render(&puzzle, rng);
    let parsed = parse(&text, "generated").expect("the command line reads the grid");
    assert_eq!(parsed, puzzle, "the grid reads back differently:\n{text}");
    let mut flags = Vec::new();
    if chance(rng, 1, 3) {
        flags.extend(["--encoding".to_string(), "sums".to_string()]);
    }
    maybe_portable(rng, 4, &mut flags);
    maybe_propagate(rng, 4, &mut flags);
    let (h, w) = (parsed.cells.len(), parsed.cells[0].len());
    let whites: Vec<(usize, usize)> = (0..h)
        .flat_map(|r| (0..w).map(move |c| (r, c)))
        .filter(|&(r, c)| parsed.cells[r][c] == Cell::White)
        .collect();
    let candidates = 9u64.checked_pow(whites.len() as u32);
    let oracle = candidates
        .filter(|&n| n <= BRUTE_FORCE_MAX)
        .map(|n| -> Oracle {
            let p = parsed.clone();
            (
                "brute force",
                Box::new(move || {
                    (0..n)
                        .filter(|&code| {
                            let mut code = code;
                            let mut digits = vec![vec![0u8; w]; h];
                            for &(r, c) in &whites {
                                digits[r][c] = 1 + (code % 9) as u8;
                                code /= 9;
                            }
                            check(&p, &Fill { digits }).is_ok()
                        })
                        .count() as u64
                }),
            )
        });
    Made::with(KakuroPuzzle::new(parsed), text, false, oracle).described(
        format!("{h}x{w}"),
        kind,
        flags,
    )
}

/// The most white cells of this generator's own instances.
const MOST_WHITE: usize = 12;

/// This generator's own instance: a pattern, then clues from a filling or random sums.
fn own(rng: &mut Rng) -> (Kakuro, String) {
    let (h, w) = (1 + rng.below(6), 1 + rng.below(6));
    let framed = !chance(rng, 1, 4);
    let percent = 30 + rng.below(71);
    let mut white: Vec<Vec<bool>> = (0..h)
        .map(|r| {
            (0..w)
                .map(|c| !(framed && (r == 0 || c == 0)) && rng.below(100) < percent)
                .collect()
        })
        .collect();
    // At most MOST_WHITE white cells: random sums on a 5x5 block of white cells (seed 202079)
    // took PCRE2 past its match limit of 10^9 and the native solver over two minutes to refute.
    let mut whites: Vec<(usize, usize)> = (0..h)
        .flat_map(|r| (0..w).map(move |c| (r, c)))
        .filter(|&(r, c)| white[r][c])
        .collect();
    rng.shuffle(&mut whites);
    for &(r, c) in whites.iter().skip(MOST_WHITE) {
        white[r][c] = false;
    }
    let mut kind = format!("{}{percent}% white", if framed { "" } else { "unframed, " });
    let filling = fill(&white, rng);
    // The runs after each black cell.
    let mut clues: Vec<Clue> = Vec::new();
    for r in 0..h {
        for c in 0..w {
            if white[r][c] {
                continue;
            }
            for down in [true, false] {
                let (dr, dc) = if down { (1, 0) } else { (0, 1) };
                let (mut y, mut x) = (r + dr, c + dc);
                let mut run = Vec::new();
                while y < h && x < w && white[y][x] {
                    run.push((y, x));
                    y += dr;
                    x += dc;
                }
                if !run.is_empty() && run.len() <= 9 {
                    clues.push((r, c, down, run));
                }
            }
        }
    }
    let mut sums: Vec<Option<u32>> = vec![None; clues.len()];
    let random_sum = |len: usize, rng: &mut Rng| {
        let least = (len * (len + 1) / 2) as u32;
        let most = (len * (19 - len) / 2) as u32;
        least + rng.below((most - least + 1) as usize) as u32
    };
    match (&filling, rng.below(6)) {
        (Some(digits), 0..=3) => {
            let keep = 50 + rng.below(51);
            for (sum, (_, _, _, run)) in sums.iter_mut().zip(&clues) {
                if rng.below(100) < keep {
                    *sum = Some(run.iter().map(|&(y, x)| u32::from(digits[y][x])).sum());
                }
            }
            kind.push_str(&format!(", {keep}% of the clues from a filling"));
            if chance(rng, 1, 3) && !clues.is_empty() {
                let i = rng.below(clues.len());
                let len = clues[i].3.len();
                let s = random_sum(len, rng);
                sums[i] = Some(s);
                kind.push_str(&format!(", one set to {s}"));
            }
        }
        _ => {
            for (sum, (_, _, _, run)) in sums.iter_mut().zip(&clues) {
                if chance(rng, 4, 5) {
                    *sum = Some(random_sum(run.len(), rng));
                }
            }
            kind.push_str(if filling.is_some() {
                ", random sums"
            } else {
                ", random sums (no filling found)"
            });
        }
    }
    let mut cells: Vec<Vec<Cell>> = white
        .iter()
        .map(|row| {
            row.iter()
                .map(|&x| {
                    if x {
                        Cell::White
                    } else {
                        Cell::Black {
                            down: None,
                            across: None,
                        }
                    }
                })
                .collect()
        })
        .collect();
    for ((r, c, is_down, _), sum) in clues.iter().zip(sums) {
        if let Cell::Black { down, across } = &mut cells[*r][*c] {
            *if *is_down { down } else { across } = sum;
        }
    }
    (Kakuro { cells }, kind)
}

/// A black cell's run that may take a clue: the cell's row and column, whether the run goes
/// down (or across), and the run's cells.
type Clue = (usize, usize, bool, Vec<(usize, usize)>);

/// A random filling of the white cells with distinct digits per run, by a randomised
/// backtracking search with a step budget; `None` when there is none (a run longer than 9) or
/// the budget runs out.
fn fill(white: &[Vec<bool>], rng: &mut Rng) -> Option<Vec<Vec<u8>>> {
    fn go(
        white: &[Vec<bool>],
        digits: &mut [Vec<u8>],
        pos: usize,
        rng: &mut Rng,
        budget: &mut u32,
    ) -> bool {
        let (h, w) = (white.len(), white[0].len());
        if pos == h * w {
            return true;
        }
        let (r, c) = (pos / w, pos % w);
        if !white[r][c] {
            return go(white, digits, pos + 1, rng, budget);
        }
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        let mut options: Vec<u8> = (1..=9).collect();
        rng.shuffle(&mut options);
        for d in options {
            let clash = (0..c)
                .rev()
                .take_while(|&x| white[r][x])
                .any(|x| digits[r][x] == d)
                || (0..r)
                    .rev()
                    .take_while(|&y| white[y][c])
                    .any(|y| digits[y][c] == d);
            if clash {
                continue;
            }
            digits[r][c] = d;
            if go(white, digits, pos + 1, rng, budget) {
                return true;
            }
            digits[r][c] = 0;
        }
        false
    }
    let mut digits = vec![vec![0; white[0].len()]; white.len()];
    let mut budget = 10_000;
    go(white, &mut digits, 0, rng, &mut budget).then_some(digits)
}

/// The grid as a file in the parser's forms (see the module documentation).
fn render(k: &Kakuro, rng: &mut Rng) -> String {
    let white = *pick(rng, &[".", ".", "_", "0"]);
    let black = *pick(rng, &["#", "#", "X", "x", "\\", "-\\-"]);
    let missing = *pick(rng, &["", "-"]);
    let gap = *pick(rng, &[" ", " ", "  ", "\t", " \t "]);
    let mut out = String::new();
    if chance(rng, 1, 4) {
        out.push_str("; a generated grid\n");
    }
    for row in &k.cells {
        let cells: Vec<String> = row
            .iter()
            .map(|cell| match cell {
                Cell::White => white.to_string(),
                Cell::Black {
                    down: None,
                    across: None,
                } => black.to_string(),
                Cell::Black { down, across } => {
                    let show = |n: &Option<u32>| n.map_or(missing.to_string(), |n| n.to_string());
                    format!("{}\\{}", show(down), show(across))
                }
            })
            .collect();
        if chance(rng, 1, 8) {
            out.push_str(gap);
        }
        out.push_str(&cells.join(gap));
        out.push('\n');
        if chance(rng, 1, 10) {
            out.push('\n');
        }
    }
    out
}
