//! Differential testing: random small instances of every puzzle, solved through PCRE2 and a
//! second engine and compared with each other, with the native solver, with the native count
//! and, for tiny instances, with a brute force over every candidate answer.
//!
//! A [`Generator`] makes a [`Case`] from a seed alone (the seed determines the instance, its
//! settings and its command-line flags), so any case can be made again from its generator's
//! name and its seed. A case's instance is built from its text by the puzzle's own parser, the
//! one the command line uses, so [`Case::text`] with [`Case::flags`] reproduces it with
//! `backref solve PUZZLE FILE FLAGS` (see [`Case::reproduce`]). Every puzzle has a generator:
//! the five founding puzzles' are here, Sudoku's (plain and with variants) in `sudoku.rs`, the
//! logic family's and CNF's in `logic/`. Besides its own flags, each generator puts a random
//! `--propagate` level on a quarter of its cases: every level must keep the solution set.
//!
//! [`run`] checks one case in-process through the pipeline ([`backref_pipeline::solve()`],
//! [`backref_pipeline::count()`]) and returns a [`Verdict`] listing every failure:
//!
//! - each engine's report has no problems (the pipeline's rule check, IR check and native
//!   cross-check), and a finished run is confirmed ([`SolveReport::confirmed`]);
//! - both engines and [`Puzzle::native`] (asked here stage by stage, independently of the
//!   pipeline's own cross-check) agree on whether there is a solution, and at which stage;
//! - where the first answer is fixed by the puzzle's order (fillit, rectangles, and the logic
//!   puzzles whose native solver walks the encoding's order) or the solution is unique, both
//!   engines give the native solver's answer;
//! - for single-stage puzzles with few enough solutions, PCRE2's in-engine count equals
//!   [`Puzzle::native_count`] and the brute force, where there is one; with at most
//!   [`OTHER_COUNT_MAX`], the second engine's count does too (by re-solving with every
//!   solution found excluded, on engines that cannot count inside the match);
//! - a generator's own check holds (FlatZinc's optimisation loop).
//!
//! Only the second engine may give up (its limits are [`Config::other_limits`]); a reference
//! run (PCRE2) that gives up is a failure. Used by the `differential` test and the `stress`
//! example of this crate.
//!
//! [`SolveReport::confirmed`]: backref_pipeline::SolveReport::confirmed

use std::time::{Duration, Instant};

use backref_engine::{engine_by_name, Engine, Limit, Limits};
use backref_pipeline::{
    count, count_capped, counting_method, solve, Method, Puzzle, Request, Settings, SolveReport,
};
use backref_program::{Options, Propagation};
use backref_rng::Rng;

mod flatzinc;
mod logic;
mod sudoku;

/// The largest number of candidate answers a brute force enumerates (every water grid of an
/// aquarium, every colouring of a colour grid, every choice of placements of the rectangles).
pub const BRUTE_FORCE_MAX: u64 = 1 << 16;

/// The second engine's default match limit (fancy-regex's backtrack limit): fancy-regex cannot
/// be interrupted, so a match limit rather than a timeout bounds its runs.
pub const OTHER_MATCH_LIMIT: u64 = 20_000_000;

/// The timeout of the second engine's runs when it can be interrupted (external engines).
pub const OTHER_TIMEOUT: Duration = Duration::from_secs(20);

/// PCRE2's match limit: a backstop far above what small instances need (a run that reaches it
/// is a failure), and above the pipeline's first-try budget so fillit's refutation stays on.
pub const REFERENCE_MATCH_LIMIT: u64 = 1_000_000_000;

/// Counts are compared only when the native solver finds fewer solutions than this.
pub const COUNT_CAP: u64 = 2_000;

/// How many counted matches the pipeline decodes and checks (IR checker and rule checker).
pub const COUNT_KEEP: usize = 8;

/// The second engine counts too when the native solver finds at most this many solutions: by
/// re-solving with each solution found excluded where the engine cannot count inside the match
/// (fancy-regex and the external engines), so the exclusion is tested on every puzzle. It
/// stops one past the native count, so a wrong exclusion shows as one solution too many.
pub const OTHER_COUNT_MAX: u64 = 8;

/// A seeded generator of cases for one puzzle.
#[derive(Clone, Copy)]
pub struct Generator {
    /// The generator's name (the puzzle's name, or the puzzle's name and a variant).
    pub name: &'static str,
    /// The puzzle, as in `backref solve PUZZLE`.
    pub puzzle: &'static str,
    /// What the generator makes, in one line.
    pub about: &'static str,
    /// How many cases a test run makes by default (`tests/differential.rs`): as many as keep
    /// the generator's test within a few seconds in a debug build.
    pub cases: u64,
    make: fn(&mut Rng) -> Made,
}

impl std::fmt::Debug for Generator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Generator")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

/// The generators of the five founding puzzles, one per puzzle, then their variants. Every
/// generator, these and the later puzzles' ones, is in [`generators`].
pub const GENERATORS: &[Generator] = &[
    Generator {
        name: "queens",
        puzzle: "queens",
        about: "N = 1..9, every static order and encoding, half of them portable",
        cases: 500,
        make: queens,
    },
    Generator {
        name: "aquarium",
        puzzle: "aquarium",
        about: "3x3..6x6, random connected regions, solvable or made unsolvable, both encodings",
        cases: 400,
        make: |rng| aquarium(rng, false),
    },
    Generator {
        name: "colorgrid",
        puzzle: "colorgrid",
        about: "3x3..5x6, 2-3 colours: random grids, unique ones, made unsolvable, random clues",
        cases: 500,
        make: colorgrid,
    },
    Generator {
        name: "fillit",
        puzzle: "fillit",
        about: "1-6 random tetriminos (any of the 19 shapes, anywhere in their 4x4 block)",
        cases: 400,
        make: fillit,
    },
    Generator {
        name: "rectangles",
        puzzle: "rectangles",
        about: "3x3..5x5 canvases: cut into pieces (plus extras), one piece short, or random",
        cases: 500,
        make: |rng| rectangles(rng, false),
    },
    Generator {
        name: "aquarium-scattered",
        puzzle: "aquarium",
        about: "like aquarium, with regions whose rows are not contiguous (disconnected regions)",
        cases: 100,
        make: |rng| aquarium(rng, true),
    },
    Generator {
        name: "rectangles-large",
        puzzle: "rectangles",
        about: "200-288 cell canvases cut into 2-5 pieces: the default races two orders there",
        cases: 40,
        make: rectangles_large,
    },
    Generator {
        name: "rectangles-twins",
        puzzle: "rectangles",
        about: "like rectangles, always with two pieces of one size, and counted",
        cases: 100,
        make: |rng| rectangles(rng, true),
    },
];

/// Every generator: the founding puzzles' ([`GENERATORS`]), then Sudoku's, the logic
/// family's and CNF's, and FlatZinc's.
pub fn generators() -> impl Iterator<Item = &'static Generator> {
    GENERATORS
        .iter()
        .chain(sudoku::GENERATORS)
        .chain(logic::GENERATORS)
        .chain([&flatzinc::GENERATOR])
}

/// The generator called `name`, or an error listing the names.
pub fn generator(name: &str) -> Result<&'static Generator, String> {
    generators().find(|g| g.name == name).ok_or_else(|| {
        let names: Vec<&str> = generators().map(|g| g.name).collect();
        format!("unknown generator {name:?}; known: {}", names.join(", "))
    })
}

impl Generator {
    /// The case of `seed`: the same seed always gives the same case.
    pub fn case(&self, seed: u64) -> Case {
        let made = (self.make)(&mut Rng::new(seed));
        let (settings, portable, propagation) = settings_from_flags(&made.flags);
        Case {
            generator: self.name,
            puzzle: self.puzzle,
            seed,
            size: made.size,
            kind: made.kind,
            text: made.text,
            flags: made.flags,
            settings,
            portable,
            propagation,
            subject: made.subject,
        }
    }
}

/// One generated instance with its settings.
pub struct Case {
    /// The generator's name.
    pub generator: &'static str,
    /// The puzzle's name.
    pub puzzle: &'static str,
    /// The seed that made it.
    pub seed: u64,
    /// Its size in words (`N=7`, `4x5`, `3 pieces`).
    pub size: String,
    /// How it was made (`connected regions, made unsolvable`).
    pub kind: String,
    /// The instance as the command line reads it (a board size, a task string, a file's text).
    pub text: String,
    /// The command-line flags of its settings (`--portable`, `--encoding NAME`, ...).
    pub flags: Vec<String>,
    /// The settings those flags stand for.
    pub settings: Settings,
    /// Whether `--portable` is among the flags.
    pub portable: bool,
    /// The level of `--propagate LEVEL` among the flags, if any.
    pub propagation: Option<Propagation>,
    subject: Box<dyn Subject>,
}

impl std::fmt::Debug for Case {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Case")
            .field("generator", &self.generator)
            .field("seed", &self.seed)
            .field("text", &self.text)
            .field("flags", &self.flags)
            .finish_non_exhaustive()
    }
}

impl Case {
    /// The compile options of this case's flags on `engine`.
    fn options(&self, engine: &dyn Engine) -> Options {
        Options {
            portable: self.portable,
            propagation: self.propagation,
            ..Options::new(engine.dialect())
        }
    }

    /// A request for this case's settings on `engine` under `limits`.
    fn request(&self, engine: &dyn Engine, limits: &Limits) -> Request {
        Request {
            settings: self.settings.clone(),
            options: self.options(engine),
            limits: limits.clone(),
            ..Request::new(engine)
        }
    }

    /// The file name [`Case::reproduce`] tells to save the text as (`None` for queens, whose
    /// instance is a word on the command line).
    pub fn file_name(&self) -> Option<String> {
        (self.puzzle != "queens").then(|| format!("{}-{}.txt", self.generator, self.seed))
    }

    /// How to run this case again: the instance text to save (when it is a file) and the
    /// `backref` commands that solve it on both engines and count it.
    pub fn reproduce(&self, other: &str) -> String {
        let mut out = String::new();
        let input = match self.file_name() {
            Some(file) => {
                out.push_str(&format!("instance (save as {file}):\n"));
                for line in self.text.lines() {
                    out.push_str(&format!("    {line}\n"));
                }
                file
            }
            None => self.text.clone(),
        };
        let flags: String = self.flags.iter().map(|f| format!(" {f}")).collect();
        out.push_str(&format!(
            "reproduce:\n    backref solve {} {input}{flags}\n    backref solve {} {input}{flags} --engine {other}\n",
            self.puzzle, self.puzzle
        ));
        if self.puzzle != "fillit" {
            out.push_str(&format!(
                "    backref count {} {input}{flags}\n",
                self.puzzle
            ));
        }
        out.push_str(&format!(
            "    (or this case alone: BACKREF_FUZZ_SEED={} BACKREF_FUZZ_CASES=1 cargo test -p backref-puzzles --test differential -- --exact --include-ignored {})\n",
            self.seed,
            self.generator.replace('-', "_")
        ));
        out
    }
}

/// The settings, the portability and the propagation level that command-line flags stand for.
/// Panics on a `--propagate` level the command line would refuse (a generator's mistake).
fn settings_from_flags(flags: &[String]) -> (Settings, bool, Option<Propagation>) {
    let mut settings = Settings::default();
    let mut portable = false;
    let mut propagation = None;
    let mut it = flags.iter();
    while let Some(flag) = it.next() {
        match flag.as_str() {
            "--portable" => portable = true,
            "--propagate" => {
                let level = it.next().map_or("", String::as_str);
                propagation = Some(
                    Propagation::from_name(level)
                        .unwrap_or_else(|| panic!("a --propagate level, not {level:?}")),
                );
            }
            "--encoding" => settings.encoding = it.next().cloned(),
            "--order" => settings.order = it.next().cloned(),
            switch => settings
                .switches
                .push(switch.trim_start_matches("--").to_string()),
        }
    }
    (settings, portable, propagation)
}

/// The engines and limits of a differential run.
pub struct Config {
    /// The reference engine (PCRE2's JIT), which also counts.
    pub reference: Box<dyn Engine>,
    /// Limits of its runs (a run that reaches them is a failure).
    pub reference_limits: Limits,
    /// The engine compared with it.
    pub other: Box<dyn Engine>,
    /// Limits of its runs (a run that reaches them is counted, not a failure).
    pub other_limits: Limits,
}

impl Config {
    /// PCRE2 against the engine called `other`, with this module's default limits: a match
    /// limit ([`OTHER_MATCH_LIMIT`]) for every second engine, and a timeout
    /// ([`OTHER_TIMEOUT`]) for those that can be interrupted (not fancy-regex, whose timed-out
    /// runs would go on in the background). Fails when an engine is unknown or unavailable.
    pub fn new(other: &str) -> Result<Config, String> {
        let reference = engine_by_name("pcre2").ok_or("PCRE2 is not registered")?;
        let other = engine_by_name(other).ok_or_else(|| {
            format!(
                "unknown engine {other:?}; known: {}",
                backref_engine::ENGINE_NAMES.join(", ")
            )
        })?;
        for engine in [&reference, &other] {
            backref_pipeline::require_available(&**engine).map_err(|e| e.to_string())?;
        }
        let other_limits = Limits {
            match_limit: Some(OTHER_MATCH_LIMIT),
            timeout: (!other.outlives_timeout()).then_some(OTHER_TIMEOUT),
            ..Limits::default()
        };
        Ok(Config {
            reference,
            reference_limits: Limits {
                match_limit: Some(REFERENCE_MATCH_LIMIT),
                ..Limits::default()
            },
            other,
            other_limits,
        })
    }
}

/// How one engine's solve ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunOutcome {
    /// Solved at the stage with this label (empty for single-stage puzzles).
    Solved(String),
    /// No solution at any stage.
    NoSolution,
    /// A limit ended the search.
    GaveUp(Limit),
    /// The pipeline returned an error.
    Error,
}

impl std::fmt::Display for RunOutcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RunOutcome::Solved(stage) if stage.is_empty() => f.write_str("solved"),
            RunOutcome::Solved(stage) => write!(f, "solved {stage}"),
            RunOutcome::NoSolution => f.write_str("no_solution"),
            RunOutcome::GaveUp(limit) => write!(f, "gave_up ({limit})"),
            RunOutcome::Error => f.write_str("error"),
        }
    }
}

/// One engine's solve of a case.
#[derive(Clone, Debug)]
pub struct EngineRun {
    /// The engine's name.
    pub engine: &'static str,
    /// How it ended.
    pub outcome: RunOutcome,
    /// Wall-clock time of the whole solve (encode, compile, match, checks).
    pub elapsed: Duration,
}

/// What the count comparison found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CountCheck {
    /// Not compared: the puzzle has several stages or no native count.
    NotCounted,
    /// Not compared: the native solver found at least [`COUNT_CAP`] solutions.
    TooMany,
    /// Compared.
    Counted {
        /// PCRE2's in-engine count (the pipeline's [`backref_pipeline::CountReport::count`]).
        engine: u64,
        /// The native solver's count.
        native: u64,
        /// The brute force's count (or a known value), when there is one, and what it is.
        oracle: Option<(&'static str, u64)>,
    },
}

/// Everything [`run`] found about one case.
#[derive(Clone, Debug)]
pub struct Verdict {
    /// The stage at which the native solver found a solution (`Some("")` for a solvable
    /// single-stage puzzle), `None` when it found none.
    pub native: Option<String>,
    /// The reference engine's run, then the other engine's.
    pub runs: Vec<EngineRun>,
    /// The count comparison.
    pub count: CountCheck,
    /// Every failed check, in words. Empty when the case passed.
    pub failures: Vec<String>,
    /// Wall-clock time of the whole check.
    pub elapsed: Duration,
}

impl Verdict {
    /// Whether every check passed (the second engine may still have given up).
    pub fn passed(&self) -> bool {
        self.failures.is_empty()
    }

    /// Whether the second engine gave up.
    pub fn other_gave_up(&self) -> bool {
        self.runs
            .get(1)
            .is_some_and(|r| matches!(r.outcome, RunOutcome::GaveUp(_)))
    }

    /// One line for a log: the case and its flags, every engine's outcome and time, the native
    /// solver's, the counts, and the total time.
    pub fn line(&self, case: &Case) -> String {
        let runs: Vec<String> = self
            .runs
            .iter()
            .map(|r| {
                format!(
                    "{} {} {:.1} ms",
                    r.engine,
                    r.outcome,
                    r.elapsed.as_secs_f64() * 1e3
                )
            })
            .collect();
        let native = match &self.native {
            Some(stage) if stage.is_empty() => "solved".to_string(),
            Some(stage) => format!("solved {stage}"),
            None => "no_solution".into(),
        };
        let count = match &self.count {
            CountCheck::NotCounted => String::new(),
            CountCheck::TooMany => format!(", count skipped (>= {COUNT_CAP})"),
            CountCheck::Counted {
                engine,
                native,
                oracle,
            } => format!(
                ", count {engine}/{native}{}",
                oracle
                    .map(|(what, n)| format!(" ({what} {n})"))
                    .unwrap_or_default()
            ),
        };
        format!(
            "{:<18} seed {:<20} {:<8} {}{}: {} | native {native}{count} | {:.1} ms{}",
            case.generator,
            case.seed,
            case.size,
            case.kind,
            if case.flags.is_empty() {
                String::new()
            } else {
                format!(" [{}]", case.flags.join(" "))
            },
            runs.join(", "),
            self.elapsed.as_secs_f64() * 1e3,
            if self.passed() { "" } else { "  DISAGREEMENT" }
        )
    }

    /// The failure report: the case, its settings, every failure, the instance text and how to
    /// run it again.
    pub fn report(&self, case: &Case, config: &Config) -> String {
        let mut out = format!(
            "differential failure: {} seed {} ({}, {}{})\n",
            case.generator,
            case.seed,
            case.size,
            case.kind,
            if case.flags.is_empty() {
                String::new()
            } else {
                format!(", {}", case.flags.join(" "))
            }
        );
        out.push_str(&format!("  {}\n", self.line(case)));
        for f in &self.failures {
            out.push_str(&format!("  - {f}\n"));
        }
        out.push_str(&case.reproduce(config.other.name()));
        out
    }
}

/// Checks `case` on both engines of `config` (see the module documentation).
pub fn run(case: &Case, config: &Config) -> Verdict {
    case.subject.check(case, config)
}

/// A generated puzzle with its types erased: what [`run`] needs of it.
trait Subject: Sync {
    fn check(&self, case: &Case, config: &Config) -> Verdict;
}

/// An independent count of a tiny instance's solutions, and what it is.
type Oracle = (&'static str, Box<dyn Fn() -> u64 + Sync>);

/// A check of its own that a generator adds to a case (FlatZinc's optimisation loop): it runs
/// after the common checks and returns its failures, in words.
type Extra = Box<dyn Fn(&Case, &Config) -> Vec<String> + Sync>;

/// A puzzle through its own [`Puzzle`] type.
struct Typed<P: Puzzle> {
    puzzle: P,
    /// Whether the puzzle's order fixes the first answer (every engine must find the native
    /// solver's).
    canonical: bool,
    oracle: Option<Oracle>,
    /// The generator's own further check, if any.
    extra: Option<Extra>,
}

/// What a generator made: the instance and how to describe it.
struct Made {
    size: String,
    kind: String,
    text: String,
    flags: Vec<String>,
    subject: Box<dyn Subject>,
}

impl Made {
    /// A case of `puzzle`, read from `text`; `canonical` when its order fixes the first answer.
    fn with<P: Puzzle + 'static>(
        puzzle: P,
        text: String,
        canonical: bool,
        oracle: Option<Oracle>,
    ) -> Made {
        Made::typed(puzzle, text, canonical, oracle, None)
    }

    /// Like [`Made::with`], with a check of the generator's own run after the common ones.
    fn with_extra<P: Puzzle + 'static>(
        puzzle: P,
        text: String,
        oracle: Option<Oracle>,
        extra: Extra,
    ) -> Made {
        Made::typed(puzzle, text, false, oracle, Some(extra))
    }

    fn typed<P: Puzzle + 'static>(
        puzzle: P,
        text: String,
        canonical: bool,
        oracle: Option<Oracle>,
        extra: Option<Extra>,
    ) -> Made {
        Made {
            size: String::new(),
            kind: String::new(),
            text,
            flags: Vec::new(),
            subject: Box::new(Typed {
                puzzle,
                canonical,
                oracle,
                extra,
            }),
        }
    }

    fn described(mut self, size: String, kind: String, flags: Vec<String>) -> Made {
        self.size = size;
        self.kind = kind;
        self.flags = flags;
        self
    }
}

impl<P: Puzzle> Subject for Typed<P> {
    fn check(&self, case: &Case, config: &Config) -> Verdict {
        let start = Instant::now();
        let p = &self.puzzle;
        let mut failures = Vec::new();
        let settings = case.settings.for_options(&case.options(&*config.reference));
        let stages = p.stages();

        // The native solver, stage by stage, as the pipeline runs stages.
        let mut native = None;
        let mut native_answer = None;
        for (i, label) in stages.iter().enumerate() {
            match p.native(i, &settings) {
                Ok(Some(answer)) => {
                    native = Some(label.clone());
                    native_answer = Some(answer);
                    break;
                }
                Ok(None) => {}
                Err(e) => {
                    failures.push(format!("the native solver failed at stage {label:?}: {e}"));
                    break;
                }
            }
        }
        let native_count = (stages.len() == 1)
            .then(|| p.native_count(0, &settings, COUNT_CAP))
            .flatten();
        let unique = native_count == Some(1);

        let mut runs = Vec::new();
        let engines = [
            (&*config.reference, &config.reference_limits, false),
            (&*config.other, &config.other_limits, true),
        ];
        for (engine, limits, may_give_up) in engines {
            let request = case.request(engine, limits);
            let t = Instant::now();
            let result = solve(p, engine, &request);
            let elapsed = t.elapsed();
            let name = engine.name();
            let outcome = match result {
                Err(e) => {
                    failures.push(format!("{name}: the pipeline failed: {e}"));
                    RunOutcome::Error
                }
                Ok(report) => {
                    let outcome = self.judge(name, &report, may_give_up, &mut failures);
                    if let (RunOutcome::Solved(_), Some(answer)) = (&outcome, &native_answer) {
                        if self.canonical || unique {
                            let expected = p.render(answer).grid;
                            let found = report.solution.as_ref().map(|s| &s.grid);
                            if found != Some(&expected) {
                                failures.push(format!(
                                    "{name}: the answer differs from the native solver's {} one: {:?} against {expected:?}",
                                    if unique { "unique" } else { "first" },
                                    found
                                ));
                            }
                        }
                    }
                    outcome
                }
            };
            match (&outcome, &native) {
                (RunOutcome::Solved(stage), Some(n)) if stage != n => failures.push(format!(
                    "{name} solved at stage {stage:?}, the native solver at stage {n:?}"
                )),
                (RunOutcome::Solved(_), None) => failures.push(format!(
                    "{name} says solvable, the native solver says no solution"
                )),
                (RunOutcome::NoSolution, Some(_)) => failures.push(format!(
                    "{name} says no solution, the native solver says solvable"
                )),
                _ => {}
            }
            runs.push(EngineRun {
                engine: name,
                outcome,
                elapsed,
            });
        }
        let finished = |o: &RunOutcome| matches!(o, RunOutcome::Solved(_) | RunOutcome::NoSolution);
        if finished(&runs[0].outcome)
            && finished(&runs[1].outcome)
            && runs[0].outcome != runs[1].outcome
        {
            failures.push(format!(
                "the engines disagree: {} {}, {} {}",
                runs[0].engine, runs[0].outcome, runs[1].engine, runs[1].outcome
            ));
        }

        let count = match native_count {
            None => CountCheck::NotCounted,
            Some(n) if n >= COUNT_CAP => CountCheck::TooMany,
            Some(n) => {
                let check = self.count(case, config, n, native.is_some(), &mut failures);
                if n <= OTHER_COUNT_MAX && !matches!(runs[1].outcome, RunOutcome::GaveUp(_)) {
                    self.count_other(case, config, n, &mut failures);
                }
                check
            }
        };
        if let Some(extra) = &self.extra {
            failures.extend(extra(case, config));
        }
        Verdict {
            native,
            runs,
            count,
            failures,
            elapsed: start.elapsed(),
        }
    }
}

impl<P: Puzzle> Typed<P> {
    /// The outcome of one engine's report, with the report's problems as failures.
    fn judge(
        &self,
        name: &str,
        report: &SolveReport,
        may_give_up: bool,
        failures: &mut Vec<String>,
    ) -> RunOutcome {
        for problem in &report.problems {
            failures.push(format!("{name}: {problem}"));
        }
        match report.outcome {
            backref_pipeline::Outcome::GaveUp { limit, .. } => {
                if !may_give_up {
                    failures.push(format!("{name} gave up ({limit})"));
                }
                RunOutcome::GaveUp(limit)
            }
            outcome => {
                if !report.confirmed() {
                    failures.push(format!(
                        "{name}: the outcome is not confirmed (verified: {}, problems: {})",
                        report.verified,
                        report.problems.len()
                    ));
                }
                if outcome == backref_pipeline::Outcome::Solved {
                    RunOutcome::Solved(
                        report
                            .stages
                            .last()
                            .map(|s| s.stage.clone())
                            .unwrap_or_default(),
                    )
                } else {
                    RunOutcome::NoSolution
                }
            }
        }
    }

    /// Counts inside PCRE2 and compares with the native count and the oracle.
    fn count(
        &self,
        case: &Case,
        config: &Config,
        native: u64,
        solvable: bool,
        failures: &mut Vec<String>,
    ) -> CountCheck {
        let engine = &*config.reference;
        let request = case.request(engine, &config.reference_limits);
        let report = match count(&self.puzzle, engine, &request, COUNT_KEEP) {
            Ok(r) => r,
            Err(e) => {
                failures.push(format!("{}: counting failed: {e}", engine.name()));
                return CountCheck::NotCounted;
            }
        };
        for problem in &report.problems {
            failures.push(format!("{} count: {problem}", engine.name()));
        }
        if let Some(limit) = report.gave_up {
            failures.push(format!("{} gave up counting ({limit})", engine.name()));
        }
        if report.native_count != Some(report.count) {
            failures.push(format!(
                "{} counted {} solutions, the pipeline's native count is {:?}",
                engine.name(),
                report.count,
                report.native_count
            ));
        }
        if report.count != native {
            failures.push(format!(
                "{} counted {} solutions, Puzzle::native_count {native}",
                engine.name(),
                report.count
            ));
        }
        if (report.count > 0) != solvable {
            failures.push(format!(
                "{} counted {} solutions, the native solver says {}",
                engine.name(),
                report.count,
                if solvable { "solvable" } else { "no solution" }
            ));
        }
        let oracle = self.oracle.as_ref().map(|(what, f)| (*what, f()));
        if let Some((what, n)) = oracle.filter(|&(_, n)| n != report.count) {
            failures.push(format!(
                "{} counted {} solutions, the {what} {n}",
                engine.name(),
                report.count
            ));
        }
        CountCheck::Counted {
            engine: report.count,
            native,
            oracle,
        }
    }

    /// Counts on the second engine, up to one past the native count (see
    /// [`OTHER_COUNT_MAX`]), and compares; a limit it reaches is not a failure.
    fn count_other(&self, case: &Case, config: &Config, native: u64, failures: &mut Vec<String>) {
        let engine = &*config.other;
        let name = engine.name();
        let request = case.request(engine, &config.other_limits);
        let report =
            match count_capped(&self.puzzle, engine, &request, COUNT_KEEP, Some(native + 1)) {
                Ok(r) => r,
                Err(e) => {
                    failures.push(format!("{name}: counting failed: {e}"));
                    return;
                }
            };
        for problem in &report.problems {
            failures.push(format!("{name} count: {problem}"));
        }
        if report.gave_up.is_none() && report.count != native {
            failures.push(format!(
                "{name} counted {} solutions ({}), the native count is {native}",
                report.count,
                match counting_method(engine) {
                    Ok(Method::Resolve) => "re-solving with each found solution excluded",
                    _ => "inside the match",
                }
            ));
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Generators. Each builds its instance's text, parses it with the puzzle's own parser (the one
// the command line uses) and chooses the flags; everything comes from the one `Rng`.

/// The greatest common divisor (`gcd(0, b) = b`).
fn gcd(a: usize, b: usize) -> usize {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// `true` with probability `num / den`.
fn chance(rng: &mut Rng, num: usize, den: usize) -> bool {
    rng.below(den) < num
}

/// A random element of a non-empty slice.
fn pick<'a, T>(rng: &mut Rng, items: &'a [T]) -> &'a T {
    &items[rng.below(items.len())]
}

/// `--propagate LEVEL` one time in `den`, at a random level (every level keeps the solution
/// set, so every check of [`run`] holds under each).
fn maybe_propagate(rng: &mut Rng, den: usize, flags: &mut Vec<String>) {
    if chance(rng, 1, den) {
        let level = pick(rng, &Propagation::ALL);
        flags.extend(["--propagate".to_string(), level.name().to_string()]);
    }
}

/// `--order NAME` with a random one of `orders`, except one time in `den`, which leaves the
/// order to the puzzle's default (for puzzles that race orders by default, the race).
fn maybe_order<T>(rng: &mut Rng, orders: &[(&str, T)], den: usize, flags: &mut Vec<String>) {
    if !chance(rng, 1, den) {
        flags.extend(["--order".to_string(), pick(rng, orders).0.to_string()]);
    }
}

/// `--encoding NAME` with a random one of `encodings`, one time in `den`.
fn maybe_encoding<T>(rng: &mut Rng, encodings: &[(&str, T)], den: usize, flags: &mut Vec<String>) {
    if chance(rng, 1, den) {
        flags.extend(["--encoding".to_string(), pick(rng, encodings).0.to_string()]);
    }
}

/// `--portable` one time in `den`.
fn maybe_portable(rng: &mut Rng, den: usize, flags: &mut Vec<String>) {
    if chance(rng, 1, den) {
        flags.push("--portable".into());
    }
}

/// N-Queens: N = 1..9, a random static order or, one time in four, none (the default's restarts
/// over random orders under growing match limits), sometimes a named encoding, half of them
/// portable. The oracle is the known count (OEIS A000170).
fn queens(rng: &mut Rng) -> Made {
    use backref_queens::{Queens, ENCODINGS, ORDERS};
    /// Solutions of N-Queens for N = 1..9 (OEIS A000170).
    const KNOWN: [u64; 9] = [1, 0, 0, 2, 10, 4, 40, 92, 352];
    let n = 1 + rng.below(KNOWN.len());
    let mut flags = Vec::new();
    maybe_order(rng, &ORDERS, 4, &mut flags);
    maybe_encoding(rng, &ENCODINGS, 2, &mut flags);
    maybe_portable(rng, 2, &mut flags);
    maybe_propagate(rng, 4, &mut flags);
    let text = n.to_string();
    let puzzle = Queens::parse(&text).expect("the command line reads a board size");
    let known = KNOWN[n - 1];
    let oracle: Oracle = ("known count", Box::new(move || known));
    Made::with(puzzle, text, false, Some(oracle)).described(
        format!("N={n}"),
        if known > 0 { "solvable" } else { "unsolvable" }.into(),
        flags,
    )
}

/// Aquarium: 3x3..6x6, regions grown at random (connected), or with `scattered` some regions
/// whose rows are not contiguous; water at random levels (solvable), a third of them made
/// unsolvable; either encoding, a quarter portable. Up to 4x4 a brute force over every water
/// grid, through the rule checker, counts the solutions.
fn aquarium(rng: &mut Rng, scattered: bool) -> Made {
    use backref_aquarium::encode::ENCODINGS;
    use backref_aquarium::generate::{make_unsolvable, puzzle_from, random_regions, random_water};
    use backref_aquarium::puzzle::Aquarium;
    use backref_aquarium::{parse_str, render_task, verify, Solution};

    let n = 3 + rng.below(4);
    let mut regions = random_regions(n, 1 + rng.below(2 * n), rng);
    let mut kind = String::from("connected regions");
    if scattered {
        kind = scatter(&mut regions, rng).into();
    }
    let water = random_water(&regions, rng);
    let mut puzzle = puzzle_from(regions, &water);
    if chance(rng, 1, 3) {
        match make_unsolvable(&puzzle, rng, 30) {
            Some(p) => {
                puzzle = p;
                kind.push_str(", made unsolvable");
            }
            None => kind.push_str(", solvable (could not make it unsolvable)"),
        }
    } else {
        kind.push_str(", solvable");
    }
    let mut flags = vec![
        "--encoding".to_string(),
        pick(rng, &ENCODINGS).0.to_string(),
    ];
    maybe_portable(rng, 4, &mut flags);
    maybe_propagate(rng, 4, &mut flags);
    let text = render_task(&puzzle);
    let parsed = parse_str(&text, "generated").expect("the command line reads the task string");
    assert_eq!(
        parsed, puzzle,
        "the task string {text} reads back differently"
    );
    let oracle = (n * n <= 16).then(|| -> Oracle {
        let p = parsed.clone();
        (
            "brute force",
            Box::new(move || {
                (0u64..1 << (n * n))
                    .filter(|bits| {
                        let water = (0..n)
                            .map(|y| (0..n).map(|x| bits >> (y * n + x) & 1 == 1).collect())
                            .collect();
                        verify::check(&p, &Solution { water }).is_ok()
                    })
                    .count() as u64
            }),
        )
    });
    Made::with(Aquarium::new(parsed), text, false, oracle).described(
        format!("{n}x{n}"),
        kind,
        flags,
    )
}

/// Gives `regions` at least one region whose rows are not contiguous: two regions merged, or
/// labels drawn at random per cell, or (when neither made a gap) two far corners relabelled
/// with a new id. Returns how.
fn scatter(regions: &mut [Vec<u32>], rng: &mut Rng) -> &'static str {
    let n = regions.len();
    let mut how = if chance(rng, 1, 2) {
        let ids: Vec<u32> = regions.iter().flatten().copied().collect();
        let (a, b) = (*pick(rng, &ids), *pick(rng, &ids));
        for id in regions.iter_mut().flatten() {
            if *id == b {
                *id = a;
            }
        }
        "two regions merged"
    } else {
        let labels = 2 + rng.below(n) as u32;
        for id in regions.iter_mut().flatten() {
            *id = 1 + rng.below(labels as usize) as u32;
        }
        "random labels"
    };
    if !has_row_gap(regions) {
        let new = regions.iter().flatten().max().copied().unwrap_or(0) + 1;
        regions[0][0] = new;
        regions[n - 1][0] = new;
        how = "two far cells relabelled";
    }
    how
}

/// Whether some region id occurs in two rows but not in a row between them.
fn has_row_gap(regions: &[Vec<u32>]) -> bool {
    let mut ids: Vec<u32> = regions.iter().flatten().copied().collect();
    ids.sort_unstable();
    ids.dedup();
    ids.iter().any(|id| {
        let rows: Vec<usize> = (0..regions.len())
            .filter(|&r| regions[r].contains(id))
            .collect();
        rows.windows(2).any(|w| w[1] != w[0] + 1)
    })
}

/// Colour grid: 3x3..5x6 over 2-3 colours: random painted grids (many solutions), grids refined
/// to a unique or a few solutions, grids made unsolvable, or random clues; sometimes with an
/// explicit alphabet; a quarter portable. A brute force over every colouring counts the
/// solutions of the smallest.
fn colorgrid(rng: &mut Rng) -> Made {
    use backref_colorgrid::generate::{generate, make_unsolvable, puzzle_from, random_grid, Want};
    use backref_colorgrid::puzzle::ColorGrid;
    use backref_colorgrid::render::render_puzzle;
    use backref_colorgrid::{parse_str, verify, Puzzle, Solution};

    const PALETTES: [&str; 4] = ["abc", "rgb", "XYZ", "kLm"];
    let (rows, cols) = (3 + rng.below(3), 3 + rng.below(4));
    let letters = &pick(rng, &PALETTES)[..2 + rng.below(2)];
    let colors = letters.as_bytes();
    let alphabet = chance(rng, 1, 4).then_some(letters);
    let rectangles = 1 + rng.below(4);
    let painted =
        |rng: &mut Rng| puzzle_from(&random_grid(rows, cols, colors, rectangles, rng), alphabet);
    let (puzzle, kind): (Puzzle, &str) = match rng.below(8) {
        0..=2 => (painted(rng), "random grid"),
        3 | 4 => {
            let want = if chance(rng, 1, 2) {
                Want::Unique
            } else {
                Want::Several
            };
            match generate(rows, cols, colors, rectangles, want, 50, rng, 3) {
                Some((p, _, _)) if want == Want::Unique => (p, "refined to a unique solution"),
                Some((p, _, _)) => (p, "refined to a few solutions"),
                None => (painted(rng), "random grid (refining failed)"),
            }
        }
        5 | 6 => {
            let p = painted(rng);
            match make_unsolvable(&p, rng, 30) {
                Some(u) => (u, "made unsolvable"),
                None => (p, "random grid (could not make it unsolvable)"),
            }
        }
        _ => {
            let clue = |len: usize, rng: &mut Rng| {
                let mut c: Vec<u8> = Vec::new();
                for _ in 0..1 + rng.below(len.min(3)) {
                    let options: Vec<u8> = colors
                        .iter()
                        .copied()
                        .filter(|&x| c.last() != Some(&x))
                        .collect();
                    c.push(*pick(rng, &options));
                }
                String::from_utf8(c).expect("ASCII letters")
            };
            let row_clues = (0..rows).map(|_| clue(cols, rng)).collect();
            let col_clues = (0..cols).map(|_| clue(rows, rng)).collect();
            let p = Puzzle::new(row_clues, col_clues, Some(letters)).expect("valid random clues");
            (p, "random clues")
        }
    };
    let mut flags = Vec::new();
    maybe_portable(rng, 4, &mut flags);
    maybe_propagate(rng, 4, &mut flags);
    let text = render_puzzle(&puzzle);
    let parsed = parse_str(&text, "generated").expect("the command line reads the clue file");
    assert_eq!(
        parsed, puzzle,
        "the clue file reads back differently:\n{text}"
    );
    let k = parsed.colors().len() as u64;
    let cells = (rows * cols) as u32;
    let oracle =
        k.checked_pow(cells)
            .filter(|&m| m <= BRUTE_FORCE_MAX)
            .map(|candidates| -> Oracle {
                let p = parsed.clone();
                (
                    "brute force",
                    Box::new(move || {
                        let alphabet = p.colors().to_vec();
                        (0..candidates)
                            .filter(|&code| {
                                let mut code = code;
                                let cells = (0..rows)
                                    .map(|_| {
                                        (0..cols)
                                            .map(|_| {
                                                let c = alphabet[(code % k) as usize];
                                                code /= k;
                                                c
                                            })
                                            .collect()
                                    })
                                    .collect();
                                verify::check(&p, &Solution { cells }).is_ok()
                            })
                            .count() as u64
                    }),
                )
            });
    Made::with(ColorGrid::new(parsed), text, false, oracle).described(
        format!("{rows}x{cols}"),
        format!("{} colours, {kind}", colors.len()),
        flags,
    )
}

/// fillit: 1-6 pieces, each of the 19 shapes at a random place in its 4x4 block; a quarter
/// portable. The classic order fixes the answer.
fn fillit(rng: &mut Rng) -> Made {
    use backref_fillit::puzzle::Fillit;
    use backref_fillit::{parse, Shape};

    let count = 1 + rng.below(6);
    let mut blocks = Vec::new();
    let mut shapes = Vec::new();
    for _ in 0..count {
        let shape = *pick(rng, &Shape::ALL);
        let piece = shape.piece();
        let (dr, dc) = (
            rng.below(4 - piece.height() + 1),
            rng.below(4 - piece.width() + 1),
        );
        let mask = piece.mask() << (4 * dr + dc);
        let block: String = (0..4)
            .map(|r| {
                let row: String = (0..4)
                    .map(|c| {
                        if mask >> (4 * r + c) & 1 == 1 {
                            '#'
                        } else {
                            '.'
                        }
                    })
                    .collect();
                row + "\n"
            })
            .collect();
        blocks.push(block);
        shapes.push(format!("{shape:?}"));
    }
    let text = blocks.join("\n");
    let pieces = parse(text.as_bytes()).expect("the command line reads the tetrimino file");
    let mut flags = Vec::new();
    maybe_portable(rng, 4, &mut flags);
    maybe_propagate(rng, 4, &mut flags);
    Made::with(Fillit::new(pieces), text, true, None).described(
        format!("{count} piece{}", if count == 1 { "" } else { "s" }),
        shapes.join(" "),
        flags,
    )
}

/// Rectangles: a 3x3..5x5 canvas; at most 8 pieces: cut from the canvas (some turned, plus
/// extras: solvable unless rotation is off), the same one piece short, or random pieces;
/// sometimes `--no-rotation` or `--reuse` (not when the greatest common divisor of the piece
/// areas does not divide the canvas area), a quarter portable. The use order fixes the answer.
/// Without reuse, a brute force over every choice of placements (through the rule checker)
/// counts the solutions of the small ones.
///
/// With `twins`, the case always has two pieces of one size (up to rotation when rotation is
/// allowed) and no reuse. Counts are compared in every case: a count keeps every assignment of
/// twins to places (the encoder's twin hint, which skips them, is left out when enumerating;
/// before that, `a`/`a`/`a`, `bb`/`bb`, `c`, `d`, `e`/`e`/`e` on a 3x3 canvas counted 8
/// against the native 32).
fn rectangles(rng: &mut Rng, twins: bool) -> Made {
    use backref_rectangles::puzzle::Rectangles;
    use backref_rectangles::{parse, Options};

    /// The most pieces: exhausting a canvas with more of them takes PCRE2 seconds (portable).
    const MAX_PIECES: usize = 8;
    let (w, h) = (3 + rng.below(3), 3 + rng.below(3));
    let no_rotation = chance(rng, 1, 4);
    let reuse = !twins && chance(rng, 1, 6);
    let extra = |rng: &mut Rng| (1 + rng.below(4), 1 + rng.below(3));
    let draw = |rng: &mut Rng| {
        let mut pieces: Vec<(usize, usize)> = Vec::new();
        let kind = match rng.below(4) {
            0 | 1 => {
                cut(w, h, MAX_PIECES - 2, rng, &mut pieces);
                if !no_rotation {
                    for p in pieces.iter_mut() {
                        if chance(rng, 1, 3) {
                            *p = (p.1, p.0);
                        }
                    }
                }
                for _ in 0..rng.below(3) {
                    pieces.push(extra(rng));
                }
                "cut from the canvas"
            }
            2 => {
                cut(w, h, MAX_PIECES - 1, rng, &mut pieces);
                if pieces.len() > 1 {
                    let i = rng.below(pieces.len());
                    pieces.remove(i);
                }
                if chance(rng, 1, 2) {
                    pieces.push(extra(rng));
                }
                "cut from the canvas, one piece short"
            }
            _ => {
                while pieces.len() < 6 && pieces.iter().map(|p| p.0 * p.1).sum::<usize>() < w * h {
                    pieces.push(extra(rng));
                }
                "random pieces"
            }
        };
        (pieces, kind)
    };
    let same = |a: (usize, usize), b: (usize, usize)| a == b || (!no_rotation && a == (b.1, b.0));
    let has_twins = |pieces: &[(usize, usize)]| {
        (0..pieces.len()).any(|i| (0..i).any(|k| same(pieces[i], pieces[k])))
    };
    let (mut pieces, mut kind) = draw(rng);
    // Cuts often give equal pieces; half the cases without twins look for a draw without any,
    // so that counts are compared on them.
    if !twins && chance(rng, 1, 2) {
        for _ in 0..30 {
            if !has_twins(&pieces) {
                break;
            }
            (pieces, kind) = draw(rng);
        }
    }
    if twins && !has_twins(&pieces) {
        let twin = *pick(rng, &pieces);
        pieces.push(twin);
    }
    rng.shuffle(&mut pieces);
    let text = rectangles_text(&pieces, w, h, rng);
    let puzzle = parse(&text).expect("the command line reads the pieces and canvas");
    // With reuse, a canvas whose area no sum of piece areas reaches (every area even, the
    // canvas odd) has no solution that only an exhaustive search of the partial tilings proves:
    // past PCRE2's match limit on a 5x5 (stress seed 16000562). Such cases go without reuse.
    let divisor = pieces.iter().fold(0, |g, &(pw, ph)| gcd(g, pw * ph));
    let reuse = reuse && divisor > 0 && (w * h) % divisor == 0;
    let mut flags = Vec::new();
    if no_rotation {
        flags.push("--no-rotation".to_string());
    }
    if reuse {
        flags.push("--reuse".to_string());
    }
    maybe_portable(rng, 4, &mut flags);
    maybe_propagate(rng, 4, &mut flags);
    let options = Options {
        allow_rotation: !no_rotation,
        allow_reuse: reuse,
        ..Options::default()
    };
    let candidates = placements(&puzzle, &options)
        .iter()
        .try_fold(1u64, |acc, p| acc.checked_mul(1 + p.len() as u64));
    let oracle = (!reuse && candidates.is_some_and(|c| c <= BRUTE_FORCE_MAX)).then(|| -> Oracle {
        let p = puzzle.clone();
        (
            "brute force",
            Box::new(move || brute_rectangles(&p, &options)),
        )
    });
    let made = Made::with(Rectangles::new(puzzle), text, true, oracle).described(
        format!("{w}x{h}"),
        format!(
            "{} pieces{}, {kind}",
            pieces.len(),
            if !reuse && has_twins(&pieces) {
                " with twins"
            } else {
                ""
            }
        ),
        flags,
    );
    made
}

/// Rectangles on canvases of at least [`backref_rectangles::puzzle::RACE_FROM_CELLS`] cells
/// (14x15..18x16), where the default races two orders: cut into 2 to 5 pieces (some turned),
/// sometimes one piece short (no solution) or with `--no-rotation`, a quarter portable, a
/// quarter with `--propagate none` or `light`; three cases in four leave the order to the
/// default race, so the answer is compared only where it is unique (the
/// winner's order decides the first one), as under a named `-by-columns` order (the native
/// solver scans rows). Too big for the brute force.
fn rectangles_large(rng: &mut Rng) -> Made {
    use backref_rectangles::parse;
    use backref_rectangles::puzzle::{Rectangles, ENTRY, RACE_FROM_CELLS};
    use backref_rectangles::transpose::BY_COLUMNS;

    let (w, h) = loop {
        let (w, h) = (14 + rng.below(5), 12 + rng.below(5));
        if w * h >= RACE_FROM_CELLS {
            break (w, h);
        }
    };
    let no_rotation = chance(rng, 1, 4);
    let mut pieces = Vec::new();
    cut(w, h, 2 + rng.below(4), rng, &mut pieces);
    let mut kind = "cut from the canvas";
    if !no_rotation {
        for p in pieces.iter_mut() {
            if chance(rng, 1, 3) {
                *p = (p.1, p.0);
            }
        }
    }
    if pieces.len() > 1 && chance(rng, 1, 4) {
        let i = rng.below(pieces.len());
        pieces.remove(i);
        kind = "cut from the canvas, one piece short";
    }
    rng.shuffle(&mut pieces);
    let text = rectangles_text(&pieces, w, h, rng);
    let puzzle = parse(&text).expect("the command line reads the pieces and canvas");
    let mut flags = Vec::new();
    if no_rotation {
        flags.push("--no-rotation".to_string());
    }
    let raced = !chance(rng, 1, 4);
    // The native solver scans rows; under a `-by-columns` order the encoding scans the
    // transposed canvas, so its first answer may be another one (seed 19100086).
    let mut canonical = false;
    if !raced {
        let order = pick(rng, ENTRY.choices.orders);
        canonical = !order.ends_with(BY_COLUMNS);
        flags.extend(["--order".to_string(), order.to_string()]);
    }
    maybe_portable(rng, 4, &mut flags);
    // The complete lookahead is left out on these canvases, and forward checking is drawn only
    // for a single order: slow to compile, not wrong. Before the checks shared long options
    // and gave way past `SCAN_BUDGET`, `forward` on seed 19100000's 17x16 canvas wrote an
    // 8.7 MB pattern that PCRE2 compiled in 16.5 s; 30 such canvases now compile in 26–668 ms.
    if chance(rng, 1, 4) {
        let levels: &[Propagation] = if raced {
            &[Propagation::None, Propagation::Light]
        } else {
            &[Propagation::None, Propagation::Light, Propagation::Forward]
        };
        let level = pick(rng, levels);
        flags.extend(["--propagate".to_string(), level.name().to_string()]);
    }
    Made::with(Rectangles::new(puzzle), text, canonical, None).described(
        format!("{w}x{h}"),
        format!(
            "{} pieces, {kind}{}",
            pieces.len(),
            if raced { ", raced" } else { "" }
        ),
        flags,
    )
}

/// The rectangles file of `pieces` on a `w`×`h` canvas: one block of letters per piece (one
/// piece in six mixes characters, rendered cell by cell), then the canvas.
fn rectangles_text(pieces: &[(usize, usize)], w: usize, h: usize, rng: &mut Rng) -> String {
    let blocks: Vec<String> = pieces
        .iter()
        .enumerate()
        .map(|(i, &(pw, ph))| {
            let letter = (b'a' + (i % 26) as u8) as char;
            // One piece in six mixes characters (rendered cell by cell).
            let mixed = chance(rng, 1, 6);
            (0..ph)
                .map(|r| {
                    (0..pw)
                        .map(|c| match (mixed, (r + c) % 3) {
                            (true, 1) => '7',
                            (true, 2) => '_',
                            _ => letter,
                        })
                        .collect::<String>()
                        + "\n"
                })
                .collect()
        })
        .collect();
    let canvas: String = (0..h).map(|_| "~".repeat(w) + "\n").collect();
    blocks
        .iter()
        .map(String::as_str)
        .chain([canvas.as_str()])
        .collect::<Vec<_>>()
        .join("\n")
}

/// Cuts a `w`×`h` rectangle into at most `most` pieces (at least one) by random straight cuts
/// (guillotine cuts).
fn cut(w: usize, h: usize, most: usize, rng: &mut Rng, out: &mut Vec<(usize, usize)>) {
    if most <= 1 || w * h == 1 || (w * h <= 6 && chance(rng, 1, 3)) {
        out.push((w, h));
        return;
    }
    let across = if w == 1 {
        true
    } else if h == 1 {
        false
    } else {
        chance(rng, 1, 2)
    };
    // The budget of pieces is shared between the two parts in proportion to their areas.
    let (a, b) = if across {
        let at = 1 + rng.below(h - 1);
        ((w, at), (w, h - at))
    } else {
        let at = 1 + rng.below(w - 1);
        ((at, h), (w - at, h))
    };
    let first = (most * a.0 * a.1 / (w * h)).clamp(1, most - 1);
    cut(a.0, a.1, first, rng, out);
    cut(b.0, b.1, most - first, rng, out);
}

/// Every placement of every piece inside the canvas, as `(placement, cells bit mask)`:
/// upright, and turned when allowed and the piece is not a square.
fn placements(
    puzzle: &backref_rectangles::Puzzle,
    options: &backref_rectangles::Options,
) -> Vec<Vec<(backref_rectangles::Placement, u64)>> {
    let canvas = puzzle.canvas;
    puzzle
        .pieces
        .iter()
        .enumerate()
        .map(|(i, piece)| {
            let mut out = Vec::new();
            let turns: &[bool] = if options.allow_rotation && piece.width != piece.height {
                &[false, true]
            } else {
                &[false]
            };
            for &rotated in turns {
                let (pw, ph) = if rotated {
                    (piece.height, piece.width)
                } else {
                    (piece.width, piece.height)
                };
                if pw > canvas.width || ph > canvas.height {
                    continue;
                }
                for row in 0..=canvas.height - ph {
                    for col in 0..=canvas.width - pw {
                        let mut mask = 0u64;
                        for r in row..row + ph {
                            for c in col..col + pw {
                                mask |= 1 << (r * canvas.width + c);
                            }
                        }
                        let placement = backref_rectangles::Placement {
                            piece: i,
                            row,
                            col,
                            rotated,
                        };
                        out.push((placement, mask));
                    }
                }
            }
            out
        })
        .collect()
}

/// Counts the covers of the canvas by distinct pieces (each unused or at one placement), each
/// confirmed by the rule checker: every such cover is exactly one solution in use order.
fn brute_rectangles(
    puzzle: &backref_rectangles::Puzzle,
    options: &backref_rectangles::Options,
) -> u64 {
    fn walk(
        i: usize,
        used: u64,
        chosen: &mut Vec<backref_rectangles::Placement>,
        all: &[Vec<(backref_rectangles::Placement, u64)>],
        full: u64,
        check: &dyn Fn(&[backref_rectangles::Placement]) -> bool,
    ) -> u64 {
        if i == all.len() {
            return u64::from(used == full && check(chosen));
        }
        let mut n = walk(i + 1, used, chosen, all, full, check);
        for &(p, mask) in &all[i] {
            if used & mask == 0 {
                chosen.push(p);
                n += walk(i + 1, used | mask, chosen, all, full, check);
                chosen.pop();
            }
        }
        n
    }
    let all = placements(puzzle, options);
    let full = (1u64 << puzzle.canvas.area()) - 1;
    let check = |list: &[backref_rectangles::Placement]| {
        backref_rectangles::check(puzzle, options, list).is_ok()
    };
    walk(0, 0, &mut Vec::new(), &all, full, &check)
}
