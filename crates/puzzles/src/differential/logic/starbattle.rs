//! Star Battle's generator (see the parent module): small region grids with 1 or 2 stars, from
//! the crate's generator or grown at random, in both input forms.

use crate::differential::{
    chance, maybe_portable, maybe_propagate, pick, Generator, Made, Oracle, BRUTE_FORCE_MAX,
};
use backref_rng::Rng;
use backref_starbattle::generate::{generate, grow, Kind};
use backref_starbattle::puzzle::StarBattlePuzzle;
use backref_starbattle::{check, parse, StarBattle, Stars};

/// Star Battle's generator.
pub(in crate::differential) const GENERATOR: Generator = Generator {
    name: "starbattle",
    puzzle: "starbattle",
    about: "1x1..8x8, 1-2 stars: generated, planted, grown or scattered regions, both forms",
    cases: 200,
    make,
};

/// Star Battle: N = 1..8 with k = 1 (mostly 4..6), or k = 2 on 5..8 (mostly 8: no grid below
/// 8 has two apart stars in every row and column) and now and then on 1..3 (ruled out below 3:
/// two stars cannot fit apart in a row). Regions from the crate's generator (unique, several
/// answers, none; k = 1 up to 6×6, and several answers for k = 2 on 8×8, where it is fast
/// enough), grown at random around a planted answer's stars (k of them per region: solvable),
/// grown at random from N cells (connected), or scattered (every cell a random region, each
/// region non-empty). The text is the grid form (ids from digits, letters of either case,
/// spaces, tabs or nothing between them, comments and blank lines) or the one-line comma form
/// (ids may be numbers of two digits), one in eight with CRLF line ends; k is given by
/// `--stars=K`, by the instance's `stars: K` line, by both, or not at all when 1. Either
/// encoding or none, a quarter portable; Star Battle has no orders. The order (no star before
/// a star, row by row) fixes the first answer. When the grids with k stars in every row and
/// column number at most [`BRUTE_FORCE_MAX`] (k = 1 up to 8×8, k = 2 up to 5×5), a brute force
/// over them, through the rule checker, counts the answers.
///
/// Hunting (about 24,000 cases against fancy-regex, oniguruma, perl, node and python) found no
/// disagreement.
/// It found a generator slip: a 1×1 grid in the comma form is one id without a comma, which
/// the parser rightly reads as the grid form (the comma form needs N > 1).
fn make(rng: &mut Rng) -> Made {
    let (n, k) = match rng.below(10) {
        0 => (1 + rng.below(3), 1 + usize::from(chance(rng, 1, 4))),
        1..=6 => (4 + rng.below(3), 1),
        7 => (7 + rng.below(2), 1),
        _ => (*pick(rng, &[5, 6, 7, 8, 8, 8]), 2),
    };
    let (regions, kind) = regions(n, k, rng);
    let count = regions.iter().flatten().max().map_or(0, |m| m + 1);
    assert_eq!(count, n, "a generator's grid has N regions");
    let (text, form, names) = text(&regions, k, rng);
    let (text, form) = crlf(text, form, rng);
    let mut flags = Vec::new();
    let stars_line = form.contains("stars:");
    if (k > 1 && !stars_line) || chance(rng, 1, 4) {
        flags.push(format!("--stars={k}"));
    }
    match rng.below(3) {
        0 => flags.extend(["--encoding".to_string(), "cells".to_string()]),
        1 => flags.extend(["--encoding".to_string(), "plain".to_string()]),
        _ => {}
    }
    maybe_portable(rng, 4, &mut flags);
    maybe_propagate(rng, 4, &mut flags);
    let parsed = parse(&text, "generated").unwrap_or_else(|e| panic!("{e}:\n{text}"));
    let expected = StarBattle {
        regions: renumbered(&regions),
        names,
        stars: stars_line.then_some(k as u32),
    };
    assert_eq!(parsed, expected, "the grid reads back differently:\n{text}");
    let oracle = candidates(n, k)
        .filter(|&m| m <= BRUTE_FORCE_MAX)
        .map(|_| -> Oracle {
            let p = parsed.clone();
            ("brute force", Box::new(move || brute_force(&p, k)))
        });
    Made::with(StarBattlePuzzle::new(parsed), text, true, oracle).described(
        format!("{n}x{n} k={k}"),
        format!("{kind}, {form}"),
        flags,
    )
}

/// The regions (numbered from 0, N of them) of an N×N grid for `k` stars, and how they were
/// made.
fn regions(n: usize, k: usize, rng: &mut Rng) -> (Vec<Vec<usize>>, String) {
    // The crate's generator narrows and unsettles instances with many native counts: fast
    // enough with one star up to 6×6; with two stars only several answers are asked for.
    let want = match (k, n) {
        (1, 4..=6) if chance(rng, 1, 2) => {
            Some(*pick(rng, &[Kind::Unique, Kind::Several, Kind::None]))
        }
        (2, 8) if chance(rng, 1, 2) => Some(Kind::Several),
        _ => None,
    };
    if let Some(want) = want {
        if let Some(p) = generate(n, k, rng.next_u64(), want) {
            return (p.regions, format!("generated {want:?}"));
        }
    }
    if chance(rng, 1, 3) {
        if let Some(stars) = planted_stars(n, k, rng) {
            return (
                grown(n, &stars, k, rng),
                "planted stars, grown regions".into(),
            );
        }
    }
    if chance(rng, 1, 5) {
        (scattered(n, rng), "scattered regions".into())
    } else {
        let mut seeds: Vec<(usize, usize)> =
            (0..n).flat_map(|r| (0..n).map(move |c| (r, c))).collect();
        rng.shuffle(&mut seeds);
        seeds.truncate(n);
        (grown(n, &seeds, 1, rng), "grown regions".into())
    }
}

/// A random placement of `k` stars in every row and column of an N×N grid, none touching (a
/// randomised search within a budget), or `None`.
fn planted_stars(n: usize, k: usize, rng: &mut Rng) -> Option<Vec<(usize, usize)>> {
    /// Places rows `r..` (each one of `rows`, its k columns), `cols` counting each column's
    /// stars; whether it got to the end within the budget.
    fn go(
        r: usize,
        k: usize,
        cols: &mut [usize],
        stars: &mut Vec<(usize, usize)>,
        rows: &[Vec<usize>],
        rng: &mut Rng,
        budget: &mut u32,
    ) -> bool {
        if r == cols.len() {
            return true;
        }
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        let mut order: Vec<usize> = (0..rows.len()).collect();
        rng.shuffle(&mut order);
        for i in order {
            let row = &rows[i];
            let fits = row.iter().all(|&c| {
                cols[c] < k
                    && !stars
                        .iter()
                        .any(|&(sr, sc)| sr + 1 == r && sc.abs_diff(c) <= 1)
            });
            if !fits {
                continue;
            }
            for &c in row {
                cols[c] += 1;
                stars.push((r, c));
            }
            if go(r + 1, k, cols, stars, rows, rng, budget) {
                return true;
            }
            for &c in row {
                cols[c] -= 1;
                stars.pop();
            }
        }
        false
    }
    // Every row's choices of k columns, no two next to each other.
    let rows: Vec<Vec<usize>> = (0u32..1 << n)
        .filter(|m| m.count_ones() as usize == k && m & (m >> 1) == 0)
        .map(|m| (0..n).filter(|&c| m >> c & 1 == 1).collect())
        .collect();
    let mut stars = Vec::new();
    let mut budget = 5_000;
    go(0, k, &mut vec![0; n], &mut stars, &rows, rng, &mut budget).then_some(stars)
}

/// Regions grown at random from `seeds` (the seeds `k` at a time make one region: N regions
/// from N·k seeds), each region connected but for its seeds' own distance.
fn grown(n: usize, seeds: &[(usize, usize)], k: usize, rng: &mut Rng) -> Vec<Vec<usize>> {
    let mut seeds = seeds.to_vec();
    rng.shuffle(&mut seeds);
    let mut region = vec![vec![usize::MAX; n]; n];
    for (i, &(r, c)) in seeds.iter().enumerate() {
        region[r][c] = i / k;
    }
    grow(region, rng)
}

/// Every cell a random region of N, regions often in several pieces; each of the N regions has
/// at least one cell.
fn scattered(n: usize, rng: &mut Rng) -> Vec<Vec<usize>> {
    let mut cells: Vec<usize> = (0..n * n)
        .map(|i| if i < n { i } else { rng.below(n) })
        .collect();
    rng.shuffle(&mut cells);
    cells.chunks(n).map(<[usize]>::to_vec).collect()
}

/// The regions renumbered in order of first appearance, row by row (as the parser numbers them).
fn renumbered(regions: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let mut seen: Vec<usize> = Vec::new();
    regions
        .iter()
        .map(|row| {
            row.iter()
                .map(|&g| match seen.iter().position(|&s| s == g) {
                    Some(i) => i,
                    None => {
                        seen.push(g);
                        seen.len() - 1
                    }
                })
                .collect()
        })
        .collect()
}

/// The instance's text in a random form, the form's name, and the region names in order of
/// first appearance (as the parser names them).
fn text(regions: &[Vec<usize>], k: usize, rng: &mut Rng) -> (String, String, Vec<String>) {
    let n = regions.len();
    let comma = n > 1 && chance(rng, 1, 3);
    // Region g's written id.
    let ids: Vec<String> = if comma && chance(rng, 1, 2) {
        // Numbers, from 1 or from 10 (two digits), as the puzzle sites write them.
        let from = *pick(rng, &[1usize, 10]);
        (0..n).map(|g| (from + g).to_string()).collect()
    } else {
        /// Region ids, one character each, in the grid form.
        const ALPHABETS: [&str; 4] = [
            "123456789ABCDEFGH",
            "abcdefghijklmnopq",
            "ABCDEFGHIJKLMNOPQ",
            "0123456789xyzXYZw",
        ];
        let mut letters: Vec<char> = pick(rng, &ALPHABETS).chars().collect();
        if chance(rng, 1, 3) {
            rng.shuffle(&mut letters);
        }
        letters[..n].iter().map(char::to_string).collect()
    };
    let mut out = String::new();
    let mut form = String::new();
    if chance(rng, 1, 5) {
        out.push_str("# a generated star battle\n");
    }
    let stars_line = k > 1 && chance(rng, 1, 2) || chance(rng, 1, 6);
    if stars_line {
        out.push_str(&format!("stars: {k}\n"));
        form.push_str("stars: line, ");
    }
    if comma {
        let all: Vec<&str> = regions.iter().flatten().map(|&g| ids[g].as_str()).collect();
        let sep = if chance(rng, 1, 3) { ", " } else { "," };
        out.push_str(&all.join(sep));
        out.push('\n');
        form.push_str("one line");
    } else {
        let spaced = chance(rng, 1, 2);
        for (r, row) in regions.iter().enumerate() {
            if r > 0 && chance(rng, 1, 10) {
                out.push('\n');
            }
            let cells: Vec<&str> = row.iter().map(|&g| ids[g].as_str()).collect();
            let sep = match (spaced, r % 3) {
                (false, _) => "",
                (true, 2) => "\t",
                (true, _) => " ",
            };
            out.push_str(&cells.join(sep));
            out.push('\n');
        }
        form.push_str(if spaced { "grid, spaced" } else { "grid" });
    }
    let mut names: Vec<String> = Vec::new();
    for &g in regions.iter().flatten() {
        if !names.contains(&ids[g]) {
            names.push(ids[g].clone());
        }
    }
    (out, form, names)
}

/// The number of N×N 0-1 matrices with `k` ones in every row and every column: the candidates
/// [`brute_force`] hands to the rule checker (`k` = 1: N!; `k` = 2: OEIS A001499), or `None`
/// when it is not known here.
fn candidates(n: usize, k: usize) -> Option<u64> {
    /// OEIS A001499 for N = 0..6.
    const TWO: [u64; 7] = [1, 0, 1, 6, 90, 2_040, 67_950];
    match k {
        _ if k > n => Some(0),
        1 => Some((1..=n as u64).product()),
        2 => TWO.get(n).copied(),
        _ => None,
    }
}

/// Counts the answers among every star grid with `k` stars in each row and each column (rows
/// choose `k` columns each, no column past `k`), through the rule checker.
fn brute_force(puzzle: &StarBattle, k: usize) -> u64 {
    /// Counts the answers with rows `r..` still to choose, `cols` counting each column's stars.
    fn walk(
        r: usize,
        cols: &mut [usize],
        answer: &mut Stars,
        choices: &[Vec<usize>],
        puzzle: &StarBattle,
        k: usize,
    ) -> u64 {
        let n = cols.len();
        if r == n {
            return u64::from(check(puzzle, k as u32, answer).is_ok());
        }
        let mut found = 0;
        for choice in choices {
            if choice.iter().any(|&c| cols[c] == k) {
                continue;
            }
            for &c in choice {
                cols[c] += 1;
                answer.stars[r][c] = true;
            }
            found += walk(r + 1, cols, answer, choices, puzzle, k);
            for &c in choice {
                cols[c] -= 1;
                answer.stars[r][c] = false;
            }
        }
        found
    }
    let n = puzzle.size();
    let choices: Vec<Vec<usize>> = (0u32..1 << n)
        .filter(|m| m.count_ones() as usize == k)
        .map(|m| (0..n).filter(|&c| m >> c & 1 == 1).collect())
        .collect();
    let mut answer = Stars {
        stars: vec![vec![false; n]; n],
    };
    walk(0, &mut vec![0; n], &mut answer, &choices, puzzle, k)
}

/// The text with Windows line ends (CRLF) one time in eight, as a file written there reads.
fn crlf(text: String, form: String, rng: &mut Rng) -> (String, String) {
    if chance(rng, 1, 8) {
        (text.replace('\n', "\r\n"), form + ", CRLF")
    } else {
        (text, form)
    }
}
