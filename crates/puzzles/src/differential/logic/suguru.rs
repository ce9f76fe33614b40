//! Suguru's generator (see the parent module).
//!
//! Grids of 1x1..5x5 cut into regions of 1 to 5 cells (now and then up to 9, and now and then
//! one region id used in two places, a region of disconnected parts, which the parser reads as
//! one region), or the crate's own generator (unique, several or no answers). Givens kept from a
//! random valid filling (solvable), the same with one given changed (often unsolvable), or
//! random givens (mostly unsolvable). Written in the forms the parser reads: any letters and
//! digits as region ids, cells spaced or not, `.` or `0` for a blank, comment lines, one or
//! two blank lines between the grids.

use crate::differential::{
    chance, maybe_portable, maybe_propagate, pick, Generator, Made, Oracle, BRUTE_FORCE_MAX,
};
use backref_rng::Rng;
use backref_suguru::generate::{fill, generate, Kind};
use backref_suguru::puzzle::SuguruPuzzle;
use backref_suguru::{check, parse, Digits, Suguru};

/// Suguru's generator.
pub(in crate::differential) const GENERATOR: Generator = Generator {
    name: "suguru",
    puzzle: "suguru",
    about: "1x1..5x5, regions of 1-9 cells (some split): givens from a filling, changed, random, crate-made",
    cases: 330,
    make,
};

/// One case (see the module documentation), `--encoding cells` one time in three, a quarter
/// portable. The encoding's static order and the native solver's dynamic one differ, so the
/// first answers may too (each is checked by the rule checker). A brute force over every grid of digits in range (givens fixed), through the rule
/// checker, counts the solutions when there are at most [`BRUTE_FORCE_MAX`] such grids.
fn make(rng: &mut Rng) -> Made {
    let (h, w) = (1 + rng.below(5), 1 + rng.below(5));
    let (puzzle, kind) = if chance(rng, 1, 5) {
        let want = *pick(rng, &[Kind::Unique, Kind::Several, Kind::None]);
        let (h, w) = (3 + rng.below(3), 3 + rng.below(3));
        match generate(h, w, rng.next_u64() % 1_000_000, want) {
            Some(p) => (p, format!("crate generator ({want:?})")),
            None => own(h, w, rng),
        }
    } else {
        own(h, w, rng)
    };
    let text = render(&puzzle, rng);
    let parsed = parse(&text, "generated").expect("the command line reads the grids");
    assert_eq!(parsed, puzzle, "the grids read back differently:\n{text}");
    let mut flags = Vec::new();
    if chance(rng, 1, 3) {
        flags.extend(["--encoding".to_string(), "cells".to_string()]);
    }
    maybe_portable(rng, 4, &mut flags);
    maybe_propagate(rng, 4, &mut flags);
    let (h, w) = (parsed.rows(), parsed.cols());
    // The digits each cell may take: its given, or 1..k of its region.
    let ranges: Vec<(usize, usize, Vec<u8>)> = (0..h)
        .flat_map(|r| (0..w).map(move |c| (r, c)))
        .map(|(r, c)| {
            let digits = match parsed.givens[r][c] {
                Some(d) => vec![d],
                None => (1..=parsed.sizes[parsed.regions[r][c]] as u8).collect(),
            };
            (r, c, digits)
        })
        .collect();
    let candidates = ranges
        .iter()
        .try_fold(1u64, |acc, (_, _, d)| acc.checked_mul(d.len() as u64));
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
                            for (r, c, range) in &ranges {
                                digits[*r][*c] = range[(code % range.len() as u64) as usize];
                                code /= range.len() as u64;
                            }
                            check(&p, &Digits { digits }).is_ok()
                        })
                        .count() as u64
                }),
            )
        });
    Made::with(SuguruPuzzle::new(parsed), text, false, oracle).described(
        format!("{h}x{w}"),
        kind,
        flags,
    )
}

/// This generator's own instance: random regions, then givens from a filling (some hidden, or
/// one changed) or random givens.
fn own(h: usize, w: usize, rng: &mut Rng) -> (Suguru, String) {
    // Regions of up to 9 cells on small grids only (a large unsolvable grid of them takes PCRE2
    // a quarter of a second to refute in a debug build).
    let most = if h * w <= 12 && chance(rng, 1, 4) {
        9
    } else {
        5
    };
    let mut regions = grow(h, w, most, rng);
    let mut kind = String::from("regions");
    if chance(rng, 1, 6) && split(&mut regions, most, rng) {
        kind.push_str(" (one split)");
    }
    let mut p = Suguru::blank(renumber(regions));
    let filling = fill(&p, rng, 20_000);
    let cells: Vec<(usize, usize)> = (0..h).flat_map(|r| (0..w).map(move |c| (r, c))).collect();
    match (filling, rng.below(6)) {
        (Some(grid), 0..=3) => {
            let keep = rng.below(101);
            for &(r, c) in &cells {
                if rng.below(100) < keep {
                    p.givens[r][c] = Some(grid[r][c]);
                }
            }
            kind.push_str(", givens from a filling");
        }
        (Some(grid), 4) => {
            let keep = rng.below(101);
            for &(r, c) in &cells {
                if rng.below(100) < keep {
                    p.givens[r][c] = Some(grid[r][c]);
                }
            }
            let (r, c) = *pick(rng, &cells);
            let k = p.sizes[p.regions[r][c]] as u8;
            let d = 1 + rng.below(k as usize) as u8;
            p.givens[r][c] = Some(d);
            kind.push_str(&format!(
                ", givens from a filling, ({}, {}) given {d} (filled {})",
                r + 1,
                c + 1,
                grid[r][c]
            ));
        }
        (filling, _) => {
            let many = rng.below(cells.len() / 2 + 1);
            for _ in 0..many {
                let (r, c) = *pick(rng, &cells);
                let k = p.sizes[p.regions[r][c]];
                p.givens[r][c] = Some(1 + rng.below(k) as u8);
            }
            kind.push_str(if filling.is_some() {
                ", random givens"
            } else {
                ", random givens (no filling found)"
            });
        }
    }
    (p, kind)
}

/// Regions grown from random seeds cell by cell to random sizes of 1..=`most` cells.
fn grow(h: usize, w: usize, most: usize, rng: &mut Rng) -> Vec<Vec<usize>> {
    let mut region = vec![vec![usize::MAX; w]; h];
    let mut seeds: Vec<(usize, usize)> = (0..h).flat_map(|r| (0..w).map(move |c| (r, c))).collect();
    rng.shuffle(&mut seeds);
    let mut next = 0;
    for (r, c) in seeds {
        if region[r][c] != usize::MAX {
            continue;
        }
        let target = 1 + rng.below(most);
        let mut members = vec![(r, c)];
        region[r][c] = next;
        while members.len() < target {
            let options: Vec<(usize, usize)> = members
                .iter()
                .flat_map(|&(y, x)| {
                    [
                        (y.wrapping_sub(1), x),
                        (y + 1, x),
                        (y, x.wrapping_sub(1)),
                        (y, x + 1),
                    ]
                })
                .filter(|&(y, x)| y < h && x < w && region[y][x] == usize::MAX)
                .collect();
            if options.is_empty() {
                break;
            }
            let (y, x) = *pick(rng, &options);
            region[y][x] = next;
            members.push((y, x));
        }
        next += 1;
    }
    region
}

/// Gives two regions that do not touch (orthogonally) one id, when their sizes add up to at
/// most `most`; whether it did.
fn split(regions: &mut [Vec<usize>], most: usize, rng: &mut Rng) -> bool {
    let (h, w) = (regions.len(), regions[0].len());
    let count = regions.iter().flatten().max().map_or(0, |m| m + 1);
    let size =
        |g: usize, regions: &[Vec<usize>]| regions.iter().flatten().filter(|&&x| x == g).count();
    let touch = |a: usize, b: usize, regions: &[Vec<usize>]| {
        (0..h).any(|r| {
            (0..w).any(|c| {
                regions[r][c] == a
                    && ((r + 1 < h && regions[r + 1][c] == b)
                        || (r > 0 && regions[r - 1][c] == b)
                        || (c + 1 < w && regions[r][c + 1] == b)
                        || (c > 0 && regions[r][c - 1] == b))
            })
        })
    };
    for _ in 0..10 {
        let (a, b) = (rng.below(count), rng.below(count));
        if a != b && size(a, regions) + size(b, regions) <= most && !touch(a, b, regions) {
            for g in regions.iter_mut().flatten() {
                if *g == b {
                    *g = a;
                }
            }
            return true;
        }
    }
    false
}

/// Region indices renumbered densely in order of first appearance (as the parser numbers them).
fn renumber(regions: Vec<Vec<usize>>) -> Vec<Vec<usize>> {
    let mut seen: Vec<usize> = Vec::new();
    regions
        .into_iter()
        .map(|row| {
            row.into_iter()
                .map(|g| match seen.iter().position(|&x| x == g) {
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

/// The two grids as a file: distinct random letters and digits as region ids, each grid spaced
/// or not, `.` or `0` for a blank, sometimes comment lines, one or two blank lines between.
fn render(p: &Suguru, rng: &mut Rng) -> String {
    let mut ids: Vec<char> = ('a'..='z').chain('A'..='Z').chain('0'..='9').collect();
    rng.shuffle(&mut ids);
    let blank = if chance(rng, 1, 4) { '0' } else { '.' };
    let mut out = String::new();
    if chance(rng, 1, 4) {
        out.push_str("; regions\n");
    }
    let spaced = chance(rng, 1, 2);
    for row in &p.regions {
        let cells: Vec<String> = row.iter().map(|&g| ids[g].to_string()).collect();
        out.push_str(&cells.join(if spaced { " " } else { "" }));
        out.push('\n');
    }
    out.push('\n');
    if chance(rng, 1, 4) {
        out.push_str(if chance(rng, 1, 2) {
            "\n"
        } else {
            "; givens\n"
        });
    }
    let spaced = chance(rng, 1, 2);
    for row in &p.givens {
        let cells: Vec<String> = row
            .iter()
            .map(|g| g.map_or(blank.to_string(), |d| d.to_string()))
            .collect();
        out.push_str(&cells.join(if spaced { " " } else { "" }));
        out.push('\n');
    }
    out
}
