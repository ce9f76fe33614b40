//! Refuting a stage another way: when a stage's own search (in the order that makes its first
//! match the answer) outgrows a first budget, the puzzle's feasibility-only program
//! ([`crate::Puzzle::refutation`]) runs; its exhausted search rules the stage out.

use backref_engine::{Engine, Limit, Limits, Mode, Outcome, Timing};
use backref_program::{compile, Options};

use crate::error::Error;
use crate::puzzle::Refuter;
use crate::report::Problem;

/// The match limit of a stage's first try when the stage can be refuted another way: 1.5–3 s
/// under PCRE2's JIT without callouts (7–14 ns a step on fillit's patterns). Every fillit fixture
/// the classic order settles does so well within it (the longest, all_19_shapes, in about 90
/// million steps), so those never pay for the second program; with 50 million they did, twice
/// over (all_19_shapes 0.64 → 1.0 s of matching, since the classic search then starts again).
pub const FIRST_TRY_MATCH_LIMIT: u64 = 200_000_000;

/// What the feasibility-only program found.
#[derive(Debug)]
pub struct Refutation {
    /// Its search was exhausted: the stage has no solution.
    pub exhausted: bool,
    /// It found a solution, so the stage has one (the stage's own search must find it too).
    pub feasible: bool,
    /// Its engine timings.
    pub timing: Timing,
    /// Its pattern's size in bytes.
    pub pattern_bytes: usize,
    /// Failed IR checks of the solution it found (an encoding bug if not empty).
    pub problems: Vec<Problem>,
    /// It ran before the stage's own search ([`crate::Puzzle::refute_first`]), not after a
    /// first try.
    pub first: bool,
}

/// Whether a user match limit of `user_limit` leaves room for a first try on a budget of
/// `budget` steps.
pub fn wanted_budget(user_limit: Option<u64>, budget: u64) -> bool {
    user_limit.is_none_or(|l| l > budget)
}

/// Whether a first try on a budget of `budget` steps that ended in `outcome`, under a user match
/// limit of `user_limit`, calls for the refutation.
pub fn wanted(outcome: &Outcome, user_limit: Option<u64>, budget: u64) -> bool {
    matches!(
        outcome,
        Outcome::GaveUp {
            limit: Limit::MatchLimit,
            ..
        }
    ) && wanted_budget(user_limit, budget)
}

/// Whether a refutation the puzzle asks to run first ([`crate::Puzzle::refute_first`]) pays on
/// `engine`: where the engine has a cheaper form for short searches, the stage's own compile is
/// the cost it saves (PCRE2's JIT: 0.6–0.8 ms for fillit's 6×6 in a fresh process, against
/// about 0.3 ms for the refutation's compile and search on the interpreter).
pub fn first_pays(engine: &dyn Engine) -> bool {
    engine.for_short_searches().is_some()
}

/// Builds the refutation's program with `build`, runs it to the end (within `limits`) and says
/// what it found, on `engine`'s form for short searches ([`Engine::for_short_searches`]): a refutation usually ends within a few
/// thousand steps (fillit's 6×6 without an arrangement in anisg_valid_19: 7,202 steps of
/// PCRE2's interpreter, 0.28 ms with its compile, against 0.88 ms on the JIT, 0.84 of them
/// compiling), and a long one is still JIT-compiled.
pub fn run(
    engine: &dyn Engine,
    build: Refuter<'_>,
    options: &Options,
    limits: &Limits,
    first: bool,
) -> Result<Refutation, Error> {
    let program = build()?;
    let compiled = compile(&program.program, &program.order, options)?;
    let short = engine.for_short_searches();
    let engine = short.as_deref().unwrap_or(engine);
    let run = engine.run(&compiled.pattern, &compiled.subject, Mode::First, limits)?;
    let mut problems = Vec::new();
    if let Outcome::Solved(caps) = &run.outcome {
        match compiled.decode(&program.program, |n| caps.get(n)) {
            Ok(values) => problems.extend(
                backref_program::check(&program.program, &values)
                    .into_iter()
                    .map(|v| {
                        Problem::Disagreement(format!(
                            "IR check of the refutation's match: statement {} ({}) does not hold",
                            v.statement, v.what
                        ))
                    }),
            ),
            Err(e) => problems.push(Problem::Decode(format!("the refutation's match: {e}"))),
        }
    }
    Ok(Refutation {
        exhausted: matches!(run.outcome, Outcome::NoSolution),
        feasible: matches!(run.outcome, Outcome::Solved(_)),
        timing: run.timing,
        pattern_bytes: compiled.stats.pattern_bytes,
        problems,
        first,
    })
}
