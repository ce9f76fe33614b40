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

/// Runs the generator `name`'s default number of cases (scaled, or as the environment asks)
/// against PCRE2 and fancy-regex, prints a summary, and panics with the failures.
fn differential(name: &str) {
    let config = Config::new("fancy").expect("PCRE2 and fancy-regex are built in");
    let generator = generator(name).expect("a known generator");
    let (first, n) = (first_seed(), cases(generator.cases));
    assert!(
        n > 0,
        "no cases to run for {name}: a test that runs none would pass silently"
    );
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
    differential("queens");
}

#[test]
fn aquarium() {
    differential("aquarium");
}

#[test]
fn colorgrid() {
    differential("colorgrid");
}

#[test]
fn fillit() {
    differential("fillit");
}

#[test]
fn rectangles() {
    differential("rectangles");
}

/// Regions whose rows are not contiguous (a region id in rows 0 and 2 but not 1): the encodings
/// settle water over the rows a region occupies, as the rules and the native solver do (before
/// that fix about 30% of these cases disagreed: seeds 2, 6, 9, 10 said no solution, 3 and 11
/// counted 2 for 1).
#[test]
fn aquarium_scattered() {
    differential("aquarium-scattered");
}

/// Two pieces of one size in every case, counted: counting keeps every assignment of twins to
/// places (before the fix, seed 7 counted 8 against the native 32).
#[test]
fn rectangles_twins() {
    differential("rectangles-twins");
}

/// Canvases of 200 cells or more, where the default races two orders.
#[test]
fn rectangles_large() {
    differential("rectangles-large");
}

#[test]
fn sudoku() {
    differential("sudoku");
}

#[test]
fn sudoku_variants() {
    differential("sudoku-variants");
}

#[test]
fn binairo() {
    differential("binairo");
}

#[test]
fn starbattle() {
    differential("starbattle");
}

#[test]
fn nonogram() {
    differential("nonogram");
}

#[test]
fn lightup() {
    differential("lightup");
}

#[test]
fn suguru() {
    differential("suguru");
}

#[test]
fn kakuro() {
    differential("kakuro");
}

#[test]
fn cnf() {
    differential("cnf");
}

#[test]
fn sudoku_9x9() {
    differential("sudoku-9x9");
}

#[test]
fn flatzinc() {
    differential("flatzinc");
}
