//! Differential fuzzing, kept in the suite (issue 12): random small instances of every puzzle,
//! each solved in-process through PCRE2 and fancy-regex and compared with each other, with the
//! native solver, with PCRE2's in-engine count against the native count, and with a brute force
//! on tiny instances (`backref_puzzles::differential` says exactly what is checked).
//!
//! One test per generator, over seeds `BACKREF_FUZZ_SEED..` (0 by default). The number of cases
//! keeps the whole file within about a minute in a debug build on a loaded two-core machine;
//! `BACKREF_FUZZ_CASES` asks for more: `BACKREF_FUZZ_CASES=5000` runs 5000 cases per generator,
//! `BACKREF_FUZZ_CASES=10x` ten times the default. A failing case prints its seed, the instance
//! as the command line reads it, and the commands that reproduce it, then the test panics:
//!
//!     BACKREF_FUZZ_SEED=1234 BACKREF_FUZZ_CASES=1 cargo test -p backref-puzzles --test differential aquarium
//!
//! fancy-regex runs under a match limit (it cannot be interrupted); its runs that reach it are
//! allowed, counted and printed. PCRE2 must finish every case.

use std::time::Instant;

use backref_puzzles::differential::{generator, run, Config, CountCheck};

/// Cases per generator in CI are these defaults times this factor.
const SCALE: u64 = 1;

/// Reports printed in full when cases fail (the others as one line each).
const FULL_REPORTS: usize = 5;

/// The number of cases to run for a generator whose default is `default`.
fn cases(default: u64) -> u64 {
    let Ok(v) = std::env::var("BACKREF_FUZZ_CASES") else {
        return default * SCALE;
    };
    let parsed = match v.trim().strip_suffix(['x', 'X']) {
        Some(factor) => factor.parse::<u64>().map(|f| f * default * SCALE),
        None => v.trim().parse::<u64>(),
    };
    parsed.unwrap_or_else(|_| {
        panic!("BACKREF_FUZZ_CASES must be a count (5000) or a factor (10x); got {v:?}")
    })
}

/// The first seed.
fn first_seed() -> u64 {
    std::env::var("BACKREF_FUZZ_SEED").map_or(0, |v| {
        v.trim()
            .parse()
            .unwrap_or_else(|_| panic!("BACKREF_FUZZ_SEED must be a number; got {v:?}"))
    })
}

/// Runs `default` cases (scaled, or as the environment asks) of the generator `name` against
/// PCRE2 and fancy-regex, prints a summary, and panics with the failures.
fn differential(name: &str, default: u64) {
    let config = Config::new("fancy").expect("PCRE2 and fancy-regex are built in");
    let generator = generator(name).expect("a known generator");
    let (first, n) = (first_seed(), cases(default));
    let start = Instant::now();
    let (mut solvable, mut counted, mut too_many, mut oracles) = (0, 0, 0, 0);
    let mut gave_up = Vec::new();
    let mut failures = Vec::new();
    let mut slowest = (0.0, String::new());
    for seed in first..first + n {
        let case = generator.case(seed);
        let verdict = run(&case, &config);
        solvable += u64::from(verdict.native.is_some());
        match &verdict.count {
            CountCheck::Counted { oracle, .. } => {
                counted += 1;
                oracles += u64::from(oracle.is_some());
            }
            CountCheck::TooMany => too_many += 1,
            CountCheck::NotCounted => {}
        }
        let line = verdict.line(&case);
        let ms = verdict.elapsed.as_secs_f64() * 1e3;
        if ms > slowest.0 {
            slowest = (ms, line.clone());
        }
        if verdict.other_gave_up() {
            eprintln!("fancy gave up (allowed): {line}");
            gave_up.push(seed);
        }
        if !verdict.passed() {
            if failures.len() < FULL_REPORTS {
                eprintln!("{}", verdict.report(&case, &config));
            } else {
                eprintln!("{line}");
            }
            failures.push(line);
        }
    }
    eprintln!(
        "{name}: {n} cases from seed {first} in {:.1} s: {solvable} solvable, {} not; \
         {counted} counted ({oracles} also by brute force or a known count), {too_many} with too many \
         solutions to count; fancy gave up on {} {gave_up:?}; slowest {:.1} ms: {}",
        start.elapsed().as_secs_f64(),
        n - solvable,
        gave_up.len(),
        slowest.0,
        slowest.1
    );
    assert!(
        failures.is_empty(),
        "{} of {n} {name} cases disagreed (reports above):\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn queens() {
    differential("queens", 500);
}

#[test]
fn aquarium() {
    differential("aquarium", 400);
}

#[test]
fn colorgrid() {
    differential("colorgrid", 500);
}

#[test]
fn fillit() {
    differential("fillit", 400);
}

#[test]
fn rectangles() {
    differential("rectangles", 500);
}

/// Known issue, reported, not fixed here (the aquarium encoder's owners are merging a fix):
/// on regions whose rows are not contiguous (a region id in rows 0 and 2 but not 1), the
/// aquarium encodings apply settling between consecutive rows only (`bands`) or count levels
/// over every row between a region's top and bottom (`levels`), while the rules and the native
/// solver skip the rows a region does not occupy. PCRE2 and fancy-regex then say "no solution"
/// where the native solver finds one (seeds 2, 6, 9, 10), or count 2 solutions where there is
/// 1 (seeds 3, 11). With the `aquarium` branch's encoder fix (019d1bc) applied, seeds 0..1000
/// of this generator all pass. Run it with `--ignored`; drop the `ignore` once the fix is
/// merged.
#[test]
#[ignore = "known aquarium encoder issue on regions with non-contiguous rows (fix being merged)"]
fn aquarium_scattered() {
    differential("aquarium-scattered", 100);
}

/// Known issue, reported, not fixed here: the rectangles encoder makes a piece wait for its
/// earlier piece of the same size (a search hint that keeps the first answer), so PCRE2 counts
/// one solution per arrangement of sizes while the native solver counts every assignment of
/// equal pieces (`backref count rectangles` reports the disagreement; e.g. seed 7 of this
/// generator's first run: 8 against 32). The `rectangles` test solves such cases but does not
/// count them. Run it with `--ignored`; drop the `ignore` once the counts agree.
#[test]
#[ignore = "known rectangles issue: in-engine counts skip permutations of equal pieces"]
fn rectangles_twins() {
    differential("rectangles-twins", 100);
}
