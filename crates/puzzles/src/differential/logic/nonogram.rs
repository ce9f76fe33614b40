//! Nonogram's generator (see the parent module): the clues of small random pictures, from the
//! crate's generator, changed, or at random, in the plain and the `.non` forms.

use crate::differential::{
    chance, maybe_portable, maybe_propagate, pick, Generator, Made, Oracle, BRUTE_FORCE_MAX,
};
use backref_nonogram::generate::{generate, runs, Kind};
use backref_nonogram::puzzle::NonogramPuzzle;
use backref_nonogram::{check, parse, Nonogram, Picture};
use backref_rng::Rng;

/// Nonogram's generator.
pub(in crate::differential) const GENERATOR: Generator = Generator {
    name: "nonogram",
    puzzle: "nonogram",
    about: "1x1..10x10 pictures' clues: as drawn, generated unique/several/none, changed, random",
    cases: 500,
    make,
};

/// Nonogram: an R×C grid, R and C in 1..8 or 10 (mostly 3..6; at most 60 cells); clues of a random
/// picture (solvable, any density from empty to full), from the crate's generator (unique, several
/// pictures, none), a picture's clues with one clue changed (a run longer or shorter, added,
/// dropped, split or merged: usually no picture), or random clues (mostly none). The text is the
/// plain form (numbers separated by spaces, tabs or commas, `0` or `-` for an empty clue, comments)
/// or the `.non` form (`width` and `height` in either order, other keys ignored, an empty line or
/// `0` for an empty clue), one in eight with CRLF line ends. Sometimes `--encoding regular` (the
/// only one), a quarter portable; nonograms have no orders and no switches. The order (empty before
/// filled, row by row) fixes the first answer. When the pictures whose rows match their clues
/// number at most [`BRUTE_FORCE_MAX`], a brute force over them, through the rule checker, counts
/// the solutions.
///
/// Hunting (about 36,000 cases against fancy-regex, oniguruma, perl, node and python) found no
/// disagreement. It found that a 10×10 without a picture can take PCRE2 5 s (seeds 62493 and
/// 63514 before the 60-cell cap, against oniguruma, which gave up on them), hence the cap.
fn make(rng: &mut Rng) -> Made {
    let side = |rng: &mut Rng| {
        if chance(rng, 1, 6) {
            *pick(rng, &[1, 2, 7, 8, 10])
        } else {
            3 + rng.below(4)
        }
    };
    let (mut h, mut w) = (side(rng), side(rng));
    // Past 60 cells an unsolvable instance can take PCRE2 seconds (10×10: 5 s): the smaller
    // side shrinks to 2..6.
    if h * w > 60 {
        let small = 2 + rng.below(5);
        if h < w {
            h = small;
        } else {
            w = small;
        }
    }
    let (puzzle, kind) = clues(h, w, rng);
    let (text, form) = text(&puzzle, rng);
    let (text, form) = crlf(text, form.to_string(), rng);
    let parsed = parse(&text, "generated").expect("the command line reads the clue file");
    assert_eq!(
        parsed, puzzle,
        "the clue file reads back differently:\n{text}"
    );
    let mut flags = Vec::new();
    if chance(rng, 1, 4) {
        flags.extend(["--encoding".to_string(), "regular".to_string()]);
    }
    maybe_portable(rng, 4, &mut flags);
    maybe_propagate(rng, 4, &mut flags);
    let rows = row_pictures(&parsed);
    let candidates = rows
        .iter()
        .try_fold(1u64, |acc, r| acc.checked_mul(r.len() as u64));
    let oracle = candidates
        .filter(|&m| m <= BRUTE_FORCE_MAX)
        .map(|_| -> Oracle {
            let p = parsed.clone();
            ("brute force", Box::new(move || brute_force(&p, &rows)))
        });
    Made::with(NonogramPuzzle::new(parsed), text, true, oracle).described(
        format!("{h}x{w}"),
        format!("{kind}, {form}"),
        flags,
    )
}

/// The clues of a picture.
fn clues_of(cells: &[Vec<bool>]) -> Nonogram {
    let w = cells[0].len();
    Nonogram {
        rows: cells.iter().map(|r| runs(r.iter().copied())).collect(),
        cols: (0..w).map(|c| runs(cells.iter().map(|r| r[c]))).collect(),
    }
}

/// A random `h`×`w` picture, each cell filled with the same random probability.
fn picture(h: usize, w: usize, rng: &mut Rng) -> Vec<Vec<bool>> {
    let percent = *pick(rng, &[0, 20, 35, 50, 50, 65, 80, 100]);
    (0..h)
        .map(|_| (0..w).map(|_| rng.below(100) < percent).collect())
        .collect()
}

/// The clues of an `h`×`w` instance and how they were made.
fn clues(h: usize, w: usize, rng: &mut Rng) -> (Nonogram, String) {
    match rng.below(10) {
        0..=2 => (clues_of(&picture(h, w, rng)), "a picture's clues".into()),
        3 | 4 if h * w <= 36 => {
            let want = *pick(rng, &[Kind::Unique, Kind::Several, Kind::None]);
            let percent = 30 + rng.below(40);
            match generate(h, w, percent, rng.next_u64(), want) {
                Some(p) => (p, format!("generated {want:?}")),
                None => (
                    clues_of(&picture(h, w, rng)),
                    format!("a picture's clues (no {want:?} one)"),
                ),
            }
        }
        5..=7 => {
            let mut p = clues_of(&picture(h, w, rng));
            let change = changed(&mut p, rng);
            (p, format!("a picture's clues, {change}"))
        }
        _ => {
            let line = |len: usize, rng: &mut Rng| {
                let mut clue = Vec::new();
                let mut room = len;
                while room > 0 && chance(rng, 2, 3) {
                    let run = 1 + rng.below(room);
                    clue.push(run);
                    room = room.saturating_sub(run + 1);
                }
                clue
            };
            let rows = (0..h).map(|_| line(w, rng)).collect();
            let cols = (0..w).map(|_| line(h, rng)).collect();
            (Nonogram { rows, cols }, "random clues".into())
        }
    }
}

/// Changes one clue of `p` at random; what was done.
fn changed(p: &mut Nonogram, rng: &mut Rng) -> &'static str {
    let is_row = chance(rng, 1, 2);
    let lines = if is_row { &mut p.rows } else { &mut p.cols };
    let i = rng.below(lines.len());
    let clue = &mut lines[i];
    match rng.below(6) {
        0 if !clue.is_empty() => {
            let j = rng.below(clue.len());
            clue[j] += 1;
            "one run longer"
        }
        1 if !clue.is_empty() => {
            let j = rng.below(clue.len());
            clue[j] -= 1;
            if clue[j] == 0 {
                clue.remove(j);
            }
            "one run shorter"
        }
        2 if !clue.is_empty() => {
            clue.remove(rng.below(clue.len()));
            "one run dropped"
        }
        3 if clue.iter().any(|&a| a >= 2) => {
            let j = clue.iter().position(|&a| a >= 2).expect("a run of 2");
            let a = clue[j];
            let cut = 1 + rng.below(a - 1);
            clue[j] = cut;
            clue.insert(j + 1, a - cut);
            "one run split"
        }
        4 if clue.len() >= 2 => {
            let j = rng.below(clue.len() - 1);
            let b = clue.remove(j + 1);
            clue[j] += b;
            "two runs merged"
        }
        _ => {
            let at = rng.below(clue.len() + 1);
            clue.insert(at, 1);
            "a run of 1 added"
        }
    }
}

/// A clue's text in the plain form: numbers separated by spaces or commas, an empty clue as
/// `0` or `-`.
fn clue_text(clue: &[usize], rng: &mut Rng, empty: &str) -> String {
    if clue.is_empty() {
        return empty.to_string();
    }
    let sep = *pick(rng, &[" ", " ", ",", ", ", "\t"]);
    clue.iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(sep)
}

/// The instance's text in a random form, and the form's name.
fn text(p: &Nonogram, rng: &mut Rng) -> (String, &'static str) {
    let mut out = String::new();
    if chance(rng, 1, 3) {
        let (h, w) = (p.rows.len(), p.cols.len());
        out.push_str("catalogue \"generated\"\ntitle \"a random picture\"\nby \"backref\"\n");
        if chance(rng, 1, 2) {
            out.push_str(&format!("width {w}\nheight {h}\n"));
        } else {
            out.push_str(&format!("height {h}\nwidth {w}\n"));
        }
        let sections = [("rows", &p.rows), ("columns", &p.cols)];
        for (name, lines) in sections {
            out.push_str(&format!("\n{name}\n"));
            for clue in lines {
                // The databases' files separate numbers with commas; an empty clue is an empty
                // line or 0.
                let empty = if chance(rng, 1, 2) { "" } else { "0" };
                let text = if clue.is_empty() {
                    empty.to_string()
                } else {
                    clue.iter()
                        .map(usize::to_string)
                        .collect::<Vec<_>>()
                        .join(",")
                };
                out.push_str(&text);
                out.push('\n');
            }
        }
        out.push_str("\ngoal \"\"\n");
        return (out, ".non");
    }
    if chance(rng, 1, 4) {
        out.push_str("# rows, then columns\n");
    }
    let empty = *pick(rng, &["0", "-"]);
    for clue in &p.rows {
        out.push_str(&clue_text(clue, rng, empty));
        out.push('\n');
    }
    out.push('\n');
    if chance(rng, 1, 5) {
        out.push_str("# columns\n");
    }
    for clue in &p.cols {
        out.push_str(&clue_text(clue, rng, empty));
        out.push('\n');
    }
    (out, "plain")
}

/// Every filling of each row (all 2^C of them) whose runs are the row's clue.
fn row_pictures(p: &Nonogram) -> Vec<Vec<Vec<bool>>> {
    let w = p.cols.len();
    let all: Vec<Vec<bool>> = (0u32..1 << w)
        .map(|m| (0..w).map(|c| m >> c & 1 == 1).collect())
        .collect();
    p.rows
        .iter()
        .map(|clue| {
            all.iter()
                .filter(|row| runs(row.iter().copied()) == *clue)
                .cloned()
                .collect()
        })
        .collect()
}

/// Counts the pictures made of the rows' fillings ([`row_pictures`]) that the rule checker
/// accepts.
fn brute_force(p: &Nonogram, rows: &[Vec<Vec<bool>>]) -> u64 {
    if rows.iter().any(Vec::is_empty) {
        return 0;
    }
    let mut index = vec![0usize; rows.len()];
    let mut found = 0;
    loop {
        let picture = Picture {
            cells: index.iter().zip(rows).map(|(&i, r)| r[i].clone()).collect(),
        };
        found += u64::from(check(p, &picture).is_ok());
        // The next choice, as an odometer.
        let mut r = 0;
        loop {
            if r == rows.len() {
                return found;
            }
            index[r] += 1;
            if index[r] < rows[r].len() {
                break;
            }
            index[r] = 0;
            r += 1;
        }
    }
}

/// The text with Windows line ends (CRLF) one time in eight, as a file written there reads.
fn crlf(text: String, form: String, rng: &mut Rng) -> (String, String) {
    if chance(rng, 1, 8) {
        (text.replace('\n', "\r\n"), form + ", CRLF")
    } else {
        (text, form)
    }
}
