//! Every encoding, run through PCRE2, against the rule checker, the native solver and brute
//! force, on regions whose occupied rows are not contiguous (disconnected regions) and on
//! non-convex ones (issue 12, finding 1).

use backref_aquarium::encode::{encode, Encoding, ENCODINGS};
use backref_aquarium::generate::{make_unsolvable, puzzle_from, random_regions, random_water, Rng};
use backref_aquarium::{check, count, parse_str, render_task, Puzzle, Solution};
use backref_engine::{engine_by_name, Limits, Mode, Outcome};
use backref_program::{compile, dialect::PCRE2, Options};

/// How many matches' captures a counting run keeps (each is decoded and checked).
const KEEP: usize = 16;

/// Decodes one match's captures into a water grid, checking the IR's own constraints.
fn decode(
    puzzle: &Puzzle,
    encoding: Encoding,
    compiled: &backref_program::Compiled,
    caps: &backref_engine::Captures,
) -> Solution {
    let encoded = encode(puzzle, encoding).unwrap();
    let values = compiled.decode(&encoded.program, |g| caps.get(g)).unwrap();
    assert!(
        backref_program::check(&encoded.program, &values).is_empty(),
        "IR check, {encoding:?}, {}",
        render_task(puzzle)
    );
    encoded.solution(puzzle, &values)
}

/// The first match through PCRE2 (decoded; `None` when the engine exhausts the search), and the
/// number of matches counted inside PCRE2. Every decoded grid is checked by the rule checker
/// and the counted grids must be distinct.
fn through_pcre2(puzzle: &Puzzle, encoding: Encoding) -> (Option<Solution>, u64) {
    let task = render_task(puzzle);
    let encoded = encode(puzzle, encoding).unwrap();
    let compiled = compile(&encoded.program, &encoded.order, &Options::new(&PCRE2)).unwrap();
    let engine = engine_by_name("pcre2").unwrap();
    let run = |mode| {
        engine
            .run(
                &compiled.pattern,
                &compiled.subject,
                mode,
                &Limits::default(),
            )
            .unwrap()
    };
    let first = match run(Mode::First).outcome {
        Outcome::Solved(caps) => Some(decode(puzzle, encoding, &compiled, &caps)),
        Outcome::NoSolution => None,
        other => panic!("{encoding:?} {task}: {other:?}"),
    };
    if let Some(s) = &first {
        assert_eq!(check(puzzle, s), Ok(()), "{encoding:?} {task}");
    }
    let counted = run(Mode::Count { keep: KEEP }).count.expect("PCRE2 counts");
    assert_eq!(counted.gave_up, None, "{encoding:?} {task}");
    let mut seen: Vec<Solution> = counted
        .kept
        .iter()
        .map(|caps| decode(puzzle, encoding, &compiled, caps))
        .collect();
    for s in &seen {
        assert_eq!(check(puzzle, s), Ok(()), "{encoding:?} {task}");
    }
    seen.sort();
    seen.dedup();
    assert_eq!(
        seen.len(),
        counted.kept.len(),
        "{encoding:?} {task}: repeats"
    );
    (first, counted.matches)
}

/// Every encoding agrees with the native solver on satisfiability and on the solution count.
fn agrees_with_native(puzzle: &Puzzle) -> usize {
    let native = count(puzzle, usize::MAX);
    for (name, encoding) in ENCODINGS {
        let (first, matches) = through_pcre2(puzzle, encoding);
        let task = render_task(puzzle);
        assert_eq!(first.is_some(), native > 0, "{name} {task}: satisfiable?");
        assert_eq!(matches, native as u64, "{name} {task}: count");
    }
    native
}

/// Rows that hold a cell of `id`, top to bottom.
fn occupied_rows(regions: &[Vec<u32>], id: u32) -> Vec<usize> {
    (0..regions.len())
        .filter(|&r| regions[r].contains(&id))
        .collect()
}

/// Whether some region's occupied rows skip a row.
fn has_gap(regions: &[Vec<u32>]) -> bool {
    let mut ids: Vec<u32> = regions.iter().flatten().copied().collect();
    ids.sort_unstable();
    ids.dedup();
    ids.iter().any(|&id| {
        let rows = occupied_rows(regions, id);
        rows.windows(2).any(|w| w[1] != w[0] + 1)
    })
}

/// `n`×`n` region ids drawn at random from `labels` values: regions are usually disconnected,
/// often with rows between their parts.
fn random_labels(n: usize, labels: usize, rng: &mut Rng) -> Vec<Vec<u32>> {
    (0..n)
        .map(|_| (0..n).map(|_| 1 + rng.below(labels) as u32).collect())
        .collect()
}

/// Connected random regions, then pairs of them merged under one id: the merged regions are
/// disconnected and often occupy rows with a gap between them.
fn merged_regions(n: usize, rng: &mut Rng) -> Vec<Vec<u32>> {
    let mut grid = random_regions(n, n + 2 + rng.below(n), rng);
    let max = *grid.iter().flatten().max().unwrap();
    // Map every id to a random one of the lower half of the ids.
    let target: Vec<u32> = (0..=max)
        .map(|_| 1 + rng.below(max as usize / 2 + 1) as u32)
        .collect();
    for cell in grid.iter_mut().flatten() {
        *cell = target[*cell as usize];
    }
    grid
}

#[test]
fn issue_12_region_with_a_row_gap() {
    // Region 1 occupies rows 0 and 2 (not row 1). Water in its row 0 must mean water in its
    // row 2: the clues ask for (0,0) alone, which settling forbids.
    let p = parse_str("1_0_0_1_0_0;1,2,2,2,2,2,1,2,2", "issue 12").unwrap();
    assert_eq!(occupied_rows(p.regions(), 1), vec![0, 2]);
    assert_eq!(agrees_with_native(&p), 0);
    // The same regions, region 1 full: both of its rows hold water.
    let full = parse_str("2_0_0_1_0_1;1,2,2,2,2,2,1,2,2", "full").unwrap();
    assert_eq!(agrees_with_native(&full), 1);
    // Region 1 at its lower level only.
    let low = parse_str("1_0_0_0_0_1;1,2,2,2,2,2,1,2,2", "low").unwrap();
    assert_eq!(agrees_with_native(&low), 1);
}

#[test]
fn generated_disconnected_and_non_convex_regions() {
    let mut rng = Rng::new(12);
    let (mut gapped, mut solvable, mut unsolvable) = (0, 0, 0);
    for i in 0..60 {
        let n = 4 + i % 3;
        let regions = match i % 3 {
            0 => random_labels(n, 3 + rng.below(4), &mut rng),
            1 => merged_regions(n, &mut rng),
            // Connected regions grown at random are often non-convex (U and L shapes).
            _ => random_regions(n, 2 + rng.below(2 * n), &mut rng),
        };
        gapped += usize::from(has_gap(&regions));
        let water = random_water(&regions, &mut rng);
        let p = puzzle_from(regions, &water);
        assert_eq!(check(&p, &water), Ok(()));
        if agrees_with_native(&p) > 0 {
            solvable += 1;
        }
        if let Some(variant) = make_unsolvable(&p, &mut rng, 50) {
            assert_eq!(agrees_with_native(&variant), 0);
            unsolvable += 1;
        }
    }
    assert!(gapped >= 20, "{gapped} instances with a row gap");
    assert_eq!(solvable, 60);
    assert!(unsolvable >= 10, "{unsolvable} unsolvable variants");
}

/// Solutions by brute force: every water grid of `p` (each cell water or not) that the rule
/// checker accepts. Grids whose row or column counts are off are skipped without the checker
/// (it rejects them for those counts); `full` runs the checker on every grid instead.
fn brute_force(p: &Puzzle, full: bool) -> usize {
    let n = p.n();
    let row_mask = (1u32 << n) - 1;
    let mut found = 0;
    for bits in 0u32..(1 << (n * n)) {
        let counts_hold = (0..n)
            .all(|r| (bits >> (r * n) & row_mask).count_ones() as usize == p.row_counts()[r])
            && (0..n).all(|c| {
                (0..n).filter(|r| bits >> (r * n + c) & 1 == 1).count() == p.col_counts()[c]
            });
        if !counts_hold && !full {
            continue;
        }
        let s = Solution {
            water: (0..n)
                .map(|y| (0..n).map(|x| bits >> (y * n + x) & 1 == 1).collect())
                .collect(),
        };
        let ok = check(p, &s).is_ok();
        assert!(counts_hold || !ok, "the checker accepts wrong counts");
        found += usize::from(ok);
    }
    found
}

#[test]
fn brute_force_native_and_engines_agree_on_tiny_grids() {
    let mut rng = Rng::new(2024);
    let mut gapped = 0;
    for i in 0..300 {
        let n = 3 + i % 2;
        let regions = match i % 4 {
            0 | 1 => random_labels(n, 2 + rng.below(4), &mut rng),
            2 => merged_regions(n, &mut rng),
            _ => random_regions(n, 1 + rng.below(n * n / 2), &mut rng),
        };
        gapped += usize::from(has_gap(&regions));
        let water = random_water(&regions, &mut rng);
        let mut p = puzzle_from(regions, &water);
        // Every fifth instance: clues nudged at random, often unsolvable.
        if i % 5 == 4 {
            let bump = |v: &[usize], rng: &mut Rng| -> Vec<usize> {
                v.iter()
                    .map(|&c| (c + rng.below(3)).saturating_sub(1).min(n))
                    .collect()
            };
            let (cols, rows) = (
                bump(p.col_counts(), &mut rng),
                bump(p.row_counts(), &mut rng),
            );
            p = p.with_counts(cols, rows).unwrap();
        }
        let brute = brute_force(&p, n == 3 && i % 10 == 0);
        assert_eq!(count(&p, usize::MAX), brute, "native, {}", render_task(&p));
        assert_eq!(agrees_with_native(&p), brute);
    }
    assert!(gapped >= 60, "{gapped} instances with a row gap");
}
