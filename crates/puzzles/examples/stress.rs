//! The differential loop of `tests/differential.rs` for a given time, for engine developers:
//! random small instances of every puzzle, solved through PCRE2 and a second engine and
//! compared with each other, the native solver, the native count and brute forces
//! (`backref_puzzles::differential`).
//!
//!     cargo run --release -p backref-puzzles --example stress -- --seconds 60 \
//!         [--puzzle NAME] [--engine NAME] [--seed N] [--quiet] [--show]
//!
//! `--puzzle` takes a puzzle or generator name (`--list` lists them; by default every puzzle's
//! generator takes turns, without the variants that show known issues); `--engine` the engine
//! compared with PCRE2 (default `fancy`); `--seed` the first seed (default: from the clock,
//! printed so that the run can be repeated); `--show` prints each case's instance and the
//! commands that run it before running it. One line per case tried (generator, seed, size,
//! flags, each engine's outcome and time, the native outcome and counts, total time), the full report
//! of every disagreement (its seed, instance text and the commands that reproduce it), then a
//! summary per generator. Exits 1 on any disagreement, 2 on bad arguments.

use std::collections::BTreeMap;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use backref_puzzles::differential::{generator, generators, run, Config, CountCheck, Generator};

/// The generators that run by default: one per puzzle, and Sudoku's variants (the founding
/// puzzles' other generators aim at issues found and fixed before).
const DEFAULT: [&str; 14] = [
    "queens",
    "aquarium",
    "colorgrid",
    "fillit",
    "rectangles",
    "sudoku",
    "sudoku-variants",
    "binairo",
    "starbattle",
    "nonogram",
    "lightup",
    "suguru",
    "kakuro",
    "cnf",
];

const USAGE: &str = "usage: stress [--seconds S] [--puzzle NAME]... [--engine NAME] [--seed N] [--quiet] [--show] [--list]";

struct Args {
    seconds: f64,
    generators: Vec<&'static Generator>,
    engine: String,
    seed: u64,
    quiet: bool,
    show: bool,
}

fn parse_args() -> Result<Option<Args>, String> {
    let mut args = Args {
        seconds: 60.0,
        generators: Vec::new(),
        engine: "fancy".into(),
        seed: std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs()),
        quiet: false,
        show: false,
    };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut value = |what: &str| it.next().ok_or(format!("{arg} needs {what}"));
        match arg.as_str() {
            "--seconds" => {
                args.seconds = value("a number of seconds")?
                    .parse()
                    .ok()
                    .filter(|s: &f64| s.is_finite() && *s >= 0.0)
                    .ok_or("--seconds takes a non-negative number")?
            }
            "--puzzle" => {
                let name = value("a puzzle or generator name")?;
                let found: Vec<&'static Generator> = match generator(&name) {
                    Ok(g) => vec![g],
                    // A puzzle name: its generators.
                    Err(e) => {
                        let of: Vec<_> = generators().filter(|g| g.puzzle == name).collect();
                        if of.is_empty() {
                            return Err(e);
                        }
                        of
                    }
                };
                args.generators.extend(found);
            }
            "--engine" => args.engine = value("an engine name")?,
            "--seed" => {
                args.seed = value("a number")?
                    .parse()
                    .map_err(|_| "--seed takes a whole number")?
            }
            "--quiet" => args.quiet = true,
            "--show" => args.show = true,
            "--list" => {
                for g in generators() {
                    println!("{:<20} {:<11} {}", g.name, g.puzzle, g.about);
                }
                return Ok(None);
            }
            "--help" | "-h" => {
                println!("{USAGE}");
                return Ok(None);
            }
            other => return Err(format!("unknown argument {other:?}\n{USAGE}")),
        }
    }
    if args.generators.is_empty() {
        args.generators = DEFAULT
            .iter()
            .map(|n| generator(n).expect("a default generator"))
            .collect();
    }
    Ok(Some(args))
}

/// What one generator's cases came to.
#[derive(Default)]
struct Tally {
    cases: u64,
    solvable: u64,
    counted: u64,
    oracle: u64,
    too_many: u64,
    gave_up: Vec<u64>,
    failed: Vec<u64>,
    time: Duration,
    slowest: (Duration, u64),
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(Some(args)) => args,
        Ok(None) => return ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("stress: {e}");
            return ExitCode::from(2);
        }
    };
    let config = match Config::new(&args.engine) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("stress: {e}");
            return ExitCode::from(2);
        }
    };
    let names: Vec<&str> = args.generators.iter().map(|g| g.name).collect();
    println!(
        "stress: pcre2 against {} for {} s on {} from seed {}",
        config.other.name(),
        args.seconds,
        names.join(", "),
        args.seed
    );
    let start = Instant::now();
    let budget = Duration::from_secs_f64(args.seconds);
    let mut tallies: BTreeMap<&str, Tally> = BTreeMap::new();
    let mut reports = Vec::new();
    let mut seed = args.seed;
    'rounds: loop {
        for g in &args.generators {
            if start.elapsed() >= budget {
                break 'rounds;
            }
            let case = g.case(seed);
            if args.show {
                print!(
                    "{} seed {seed}: {}",
                    g.name,
                    case.reproduce(config.other.name())
                );
            }
            let verdict = run(&case, &config);
            let tally = tallies.entry(g.name).or_default();
            tally.cases += 1;
            tally.solvable += u64::from(verdict.native.is_some());
            match &verdict.count {
                CountCheck::Counted { oracle, .. } => {
                    tally.counted += 1;
                    tally.oracle += u64::from(oracle.is_some());
                }
                CountCheck::TooMany => tally.too_many += 1,
                CountCheck::NotCounted => {}
            }
            if verdict.other_gave_up() {
                tally.gave_up.push(seed);
            }
            tally.time += verdict.elapsed;
            if verdict.elapsed > tally.slowest.0 {
                tally.slowest = (verdict.elapsed, seed);
            }
            if !args.quiet || !verdict.passed() {
                println!("{}", verdict.line(&case));
            }
            if !verdict.passed() {
                tally.failed.push(seed);
                let report = verdict.report(&case, &config);
                println!("{report}");
                reports.push(report);
            }
        }
        seed += 1;
    }

    println!(
        "\nsummary: {:.1} s, pcre2 against {}, seeds {}..{}",
        start.elapsed().as_secs_f64(),
        config.other.name(),
        args.seed,
        seed
    );
    let mut total = 0;
    for (name, t) in &tallies {
        total += t.cases;
        println!(
            "  {name:<20} {:>6} cases ({} solvable, {} not), {} counted ({} by brute force or a known count), {} too many to count, {} gave up {:?}, {} disagreed {:?}, mean {:.1} ms, slowest {:.1} ms (seed {})",
            t.cases,
            t.solvable,
            t.cases - t.solvable,
            t.counted,
            t.oracle,
            t.too_many,
            config.other.name(),
            t.gave_up,
            t.failed.len(),
            t.failed,
            t.time.as_secs_f64() * 1e3 / t.cases.max(1) as f64,
            t.slowest.0.as_secs_f64() * 1e3,
            t.slowest.1
        );
    }
    println!("  {total} cases, {} disagreed", reports.len());
    if reports.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
