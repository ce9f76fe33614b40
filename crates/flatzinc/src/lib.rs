//! MiniZinc for backref: a FlatZinc file ([`parse()`], resolved into a [`Model`]) translated
//! into IR gadgets ([`encode`]), solved through a regex engine by the pipeline ([`Fzn`]
//! implements its `Puzzle`), every answer checked by an evaluator that shares no code with
//! the translation ([`eval`]) and satisfiability cross-checked by a native backtracking search
//! ([`native`]). Answers print in MiniZinc's format ([`output`]).

#![warn(missing_docs)]

pub mod ast;
pub mod bounds;
pub mod encode;
pub mod error;
pub mod eval;
pub mod model;
pub mod native;
pub mod optimise;
pub mod order;
pub mod output;
pub mod parse;
pub mod puzzle;
pub mod relations;

pub use error::FznError;
pub use model::{Model, Objective};
pub use optimise::{optimise, Ending};
pub use puzzle::{Fzn, ENTRY};

/// Reads and resolves a FlatZinc file's text; `file` names it in errors.
pub fn parse(text: &str, file: &str) -> Result<Model, FznError> {
    model::resolve(&parse::parse(text, file)?, file)
}
