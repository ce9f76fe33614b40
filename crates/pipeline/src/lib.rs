//! The backref solve pipeline as a library.
//!
//! A puzzle crate implements [`Puzzle`]: its stages, an encoding ([`Source`]: a [`Program`]
//! for the IR, or a hand-built pattern), an independent rule checker, a native solver on the
//! same static order, and a rendering of answers. The pipeline does the rest, the same way for
//! every puzzle:
//!
//! - [`solve()`] runs the stages on an engine, decodes each match, checks it with the IR checker
//!   and the rule checker, and cross-checks every outcome with the native solver, reporting an
//!   honest [`Outcome`]: solved (and verified or not), no solution, or gave up with its limit;
//! - [`solve_raced`] races the puzzle's portfolio of static orders on threads, or runs its
//!   restart plan ([`Restarts`]: static orders one after another under growing match limits);
//! - [`count()`] counts every solution (inside the engine where it can, otherwise by
//!   re-solving with the solutions found excluded) and compares with a native count;
//! - [`emit()`] returns a stage's subject, pattern and group map; [`inspect()`] adds how a
//!   page decodes and draws a match;
//! - [`check_engine`] and [`compare`] compare engines on one instance.
//!
//! [`Instance`] erases a puzzle's types so a registry ([`PuzzleEntry`]) can list every puzzle;
//! the `backref-puzzles` crate holds that list and shows the API end to end.
//!
//! [`Program`]: backref_program::Program

#![warn(missing_docs)]

mod count;
mod crosscheck;
mod emit;
mod error;
mod input;
pub mod inspect;
mod instance;
mod puzzle;
mod race;
pub mod refute;
mod registry;
mod report;
mod resolve;
pub mod restart;
mod reuse;
mod settings;
pub mod size;
mod solve;
mod steps;
mod tree;

pub use count::{
    checked_count_up_to_two, count, count_capped, counting_method, unique, CountReport, Method,
    Uniqueness, RESOLVE_MAX,
};
pub use crosscheck::{check_engine, compare, failures, Row, RowOutcome, Verdict};
pub use emit::{emit, Emitted, HandBuiltInfo};
pub use error::{BoxError, Error};
pub use input::{read, Input, InputKind};
pub use inspect::{inspect, Drawing, Inspection};
pub use instance::Instance;
pub use puzzle::{
    Contender, Decoder, Encoded, HandBuilt, Needs, Puzzle, Refuter, Solution, Source, TreeWalk,
};
pub use race::solve_raced;
pub use registry::{find, Collection, Member, PuzzleEntry};
pub use report::{
    ms, Outcome, Problem, Published, RaceReport, SolveReport, StageOutcome, StageStats,
};
pub use restart::{solve_restarted, RestartReport, Restarts};
pub use settings::{choose, names, Choices, Settings};
pub use solve::{solve, Request};
pub use steps::search_steps;
pub use tree::{native_tree_ms, NativeTree};

/// Checks that `engine` can run here, with its install hint when it cannot.
pub fn require_available(engine: &dyn backref_engine::Engine) -> Result<(), Error> {
    let info = engine.info();
    if info.available {
        return Ok(());
    }
    Err(Error::usage(format!(
        "engine {} is unavailable here: {}{}",
        info.name,
        info.version,
        info.install_hint
            .map(|h| format!(" (install: {h})"))
            .unwrap_or_default()
    )))
}
