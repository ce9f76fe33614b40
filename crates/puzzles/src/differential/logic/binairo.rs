//! Binairo's generator (see the parent module): small even grids, with givens kept from a
//! solution, from the crate's generator or at random, in both input forms.

use crate::differential::{
    chance, maybe_portable, maybe_propagate, pick, Generator, Made, Oracle, BRUTE_FORCE_MAX,
};
use backref_binairo::generate::{generate, random_grid, Kind};
use backref_binairo::puzzle::BinairoPuzzle;
use backref_binairo::{check, parse, Binairo, Grid};
use backref_rng::Rng;

/// Binairo's generator.
pub(in crate::differential) const GENERATOR: Generator = Generator {
    name: "binairo",
    puzzle: "binairo",
    about: "2x2..10x10 even grids: generated unique/several/none, solution givens, random givens",
    cases: 200,
    make,
};

/// The sizes drawn (rows, columns), each as likely: mostly small, a few with no full grid at
/// all (2×4, 4×2, 2×6: two distinct columns of one 1 and one 0 cannot fill more columns), and
/// a few larger ones.
const SIZES: [(usize, usize); 14] = [
    (2, 2),
    (2, 4),
    (4, 2),
    (2, 6),
    (4, 4),
    (4, 4),
    (4, 6),
    (6, 4),
    (6, 6),
    (6, 6),
    (6, 8),
    (8, 6),
    (8, 8),
    (10, 10),
];

/// Binairo: a size from [`SIZES`]; no givens; every cell given (a valid grid, or one with a cell
/// flipped: programs without a decision variable); givens from the crate's generator (unique,
/// several solutions, or none; up to 8×8, where its native counts stay fast); a random valid grid
/// with some cells blanked (and sometimes one given flipped, which usually leaves no solution); or
/// random givens (mostly unsolvable). The text is the grid form (with or without spaces or tabs,
/// any of the blank characters, comments and blank lines) or, for square grids with a blank, the
/// one-line run-length form (runs sometimes split in two letters, single blanks sometimes `.`), one
/// in eight with CRLF line ends. Sometimes `--encoding lines` (the only one), a quarter portable;
/// Binairo has no orders and no switches. The order (0 before 1, row by row) fixes the first
/// answer. When at most 16 cells are blank, a brute force over every filling of the blanks, through
/// the rule checker, counts the solutions.
///
/// Hunting (about 31,000 cases against fancy-regex, oniguruma, perl, node and python) found no
/// disagreement.
fn make(rng: &mut Rng) -> Made {
    let (h, w) = *pick(rng, &SIZES);
    let (givens, kind) = givens(h, w, rng);
    let puzzle = Binairo { givens };
    let (text, form) = text(&puzzle, rng);
    let (text, form) = crlf(text, form.to_string(), rng);
    let parsed = parse(&text, "generated").expect("the command line reads the grid");
    assert_eq!(parsed, puzzle, "the grid reads back differently:\n{text}");
    let mut flags = Vec::new();
    if chance(rng, 1, 4) {
        flags.extend(["--encoding".to_string(), "lines".to_string()]);
    }
    maybe_portable(rng, 4, &mut flags);
    maybe_propagate(rng, 4, &mut flags);
    let blanks: Vec<(usize, usize)> = (0..h)
        .flat_map(|r| (0..w).map(move |c| (r, c)))
        .filter(|&(r, c)| parsed.givens[r][c].is_none())
        .collect();
    let blank_count = blanks.len();
    let oracle = 1u64
        .checked_shl(blanks.len() as u32)
        .filter(|&m| m <= BRUTE_FORCE_MAX)
        .map(|candidates| -> Oracle {
            let p = parsed.clone();
            (
                "brute force",
                Box::new(move || brute_force(&p, &blanks, candidates)),
            )
        });
    Made::with(BinairoPuzzle::new(parsed), text, true, oracle).described(
        format!("{h}x{w}"),
        format!("{kind}, {blank_count} blank, {form}"),
        flags,
    )
}

/// The givens of an `h`×`w` instance and how they were made.
/// Grids past 8×8 keep more givens, so that counting their solutions stays fast.
fn givens(h: usize, w: usize, rng: &mut Rng) -> (Vec<Vec<Option<u8>>>, String) {
    let large = h * w > 64;
    let random = |rng: &mut Rng| -> Vec<Vec<Option<u8>>> {
        let percent = if large {
            45 + rng.below(30)
        } else {
            10 + rng.below(40)
        };
        (0..h)
            .map(|_| {
                (0..w)
                    .map(|_| (rng.below(100) < percent).then(|| rng.below(2) as u8))
                    .collect()
            })
            .collect()
    };
    match rng.below(11) {
        10 => match random_grid(h, w, rng).filter(|_| chance(rng, 1, 2)) {
            Some(cells) => {
                // Every cell given: a program without a decision variable.
                let mut givens: Vec<Vec<Option<u8>>> = cells
                    .iter()
                    .map(|row| row.iter().map(|&v| Some(v)).collect())
                    .collect();
                let flipped = chance(rng, 1, 2);
                if flipped {
                    let (r, c) = (rng.below(h), rng.below(w));
                    givens[r][c] = givens[r][c].map(|v| 1 - v);
                }
                let kind = if flipped {
                    "a full grid, one cell flipped"
                } else {
                    "a full grid"
                };
                (givens, kind.into())
            }
            None => (vec![vec![None; w]; h], "no givens".into()),
        },
        0..=3 if h * w <= 64 => {
            let want = *pick(rng, &[Kind::Unique, Kind::Several, Kind::None]);
            let seed = rng.next_u64();
            match generate(h, w, seed, want) {
                Some(p) => (p.givens, format!("generated {want:?}")),
                None => (random(rng), format!("random givens (no {want:?} grid)")),
            }
        }
        4..=7 => match random_grid(h, w, rng) {
            Some(cells) => {
                let keep = if large {
                    50 + rng.below(35)
                } else {
                    rng.below(70)
                };
                let mut givens: Vec<Vec<Option<u8>>> = cells
                    .iter()
                    .map(|row| {
                        row.iter()
                            .map(|&v| (rng.below(100) < keep).then_some(v))
                            .collect()
                    })
                    .collect();
                let flipped = chance(rng, 1, 3);
                if flipped {
                    let (r, c) = (rng.below(h), rng.below(w));
                    givens[r][c] = Some(1 - cells[r][c]);
                }
                let kind = if flipped {
                    "solution givens, one flipped"
                } else {
                    "solution givens"
                };
                (givens, format!("{kind} ({keep}%)"))
            }
            None => (random(rng), "random givens (no full grid)".into()),
        },
        _ => (random(rng), "random givens".into()),
    }
}

/// The instance's text in a random form, and the form's name.
fn text(puzzle: &Binairo, rng: &mut Rng) -> (String, &'static str) {
    let (h, w) = (puzzle.rows(), puzzle.cols());
    let has_blank = puzzle.givens.iter().flatten().any(Option::is_none);
    if h == w && has_blank && chance(rng, 1, 3) {
        return (run_length(puzzle, rng), "one line");
    }
    let blank = *pick(rng, &['.', '.', '_', '-']);
    let spaced = chance(rng, 1, 2);
    let mut out = String::new();
    if chance(rng, 1, 4) {
        out.push_str("# a generated binairo\n");
    }
    for (r, row) in puzzle.givens.iter().enumerate() {
        if r > 0 && chance(rng, 1, 10) {
            out.push('\n');
        }
        let cells: Vec<String> = row
            .iter()
            .map(|g| match g {
                Some(v) => v.to_string(),
                None => blank.to_string(),
            })
            .collect();
        let sep = match (spaced, r % 3) {
            (false, _) => "",
            (true, 2) => "\t",
            (true, _) => " ",
        };
        out.push_str(&cells.join(sep));
        out.push('\n');
    }
    (
        out,
        match (spaced, blank) {
            (true, '.') => "grid, spaced",
            (false, '.') => "grid",
            (true, _) => "grid, spaced, other blanks",
            (false, _) => "grid, other blanks",
        },
    )
}

/// The one-line run-length form: givens as digits, runs of blanks as letters (`a` one, `z`
/// 26), a run sometimes split in two letters and a single blank sometimes written `.`.
fn run_length(puzzle: &Binairo, rng: &mut Rng) -> String {
    let mut out = String::new();
    let mut run = 0usize;
    let flush = |out: &mut String, run: &mut usize, rng: &mut Rng| {
        while *run > 0 {
            let mut take = (*run).min(26);
            if take > 1 && chance(rng, 1, 4) {
                take = 1 + rng.below(take - 1);
            }
            if take == 1 && chance(rng, 1, 3) {
                out.push('.');
            } else {
                out.push((b'a' + take as u8 - 1) as char);
            }
            *run -= take;
        }
    };
    for g in puzzle.givens.iter().flatten() {
        match g {
            None => run += 1,
            Some(v) => {
                flush(&mut out, &mut run, rng);
                out.push_str(&v.to_string());
            }
        }
    }
    flush(&mut out, &mut run, rng);
    // The one-line form needs a letter somewhere (otherwise the line is a one-row grid).
    if !out.chars().any(|c| c.is_ascii_lowercase()) {
        let dot = out.find('.').expect("a blank");
        out.replace_range(dot..dot + 1, "a");
    }
    out
}

/// Counts the fillings of `blanks` (each of the `candidates` = 2^blanks) that the rule checker
/// accepts.
fn brute_force(puzzle: &Binairo, blanks: &[(usize, usize)], candidates: u64) -> u64 {
    let cells: Vec<Vec<u8>> = puzzle
        .givens
        .iter()
        .map(|row| row.iter().map(|g| g.unwrap_or(0)).collect())
        .collect();
    let mut grid = Grid { cells };
    (0..candidates)
        .filter(|&code| {
            for (i, &(r, c)) in blanks.iter().enumerate() {
                grid.cells[r][c] = (code >> i & 1) as u8;
            }
            check(puzzle, &grid).is_ok()
        })
        .count() as u64
}

/// The text with Windows line ends (CRLF) one time in eight, as a file written there reads.
fn crlf(text: String, form: String, rng: &mut Rng) -> (String, String) {
    if chance(rng, 1, 8) {
        (text.replace('\n', "\r\n"), form + ", CRLF")
    } else {
        (text, form)
    }
}
