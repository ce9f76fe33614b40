//! The backref IR.
//!
//! A puzzle states [`Program`] variables with finite domains and constrains them with gadgets
//! (choose, one-of, counts, tables, lookups). [`compile()`] orders the statements (each constraint
//! right after the last variable it reads), lowers every gadget to a subject segment and a
//! pattern AST in the best form the target dialect supports, and prints one dialect. The result
//! carries the group map that [`Compiled::decode`] uses to read a match back into values, which
//! [`check`] then verifies statement by statement without any regex.

#![warn(missing_docs)]

pub mod ast;
pub mod compile;
pub mod conditions;
pub mod dead;
pub mod dialect;
pub mod error;
pub mod exclude;
pub mod gadget;
mod ladder;
pub mod lines;
pub mod lower;
pub mod order;
pub mod print;
pub mod program;
pub mod propagate;
mod readings;
pub mod regular;
pub mod room;
pub mod unions;

pub use compile::{check, compile, Compiled, Options, Segment, Stats, Violation};
pub use conditions::{Condition, Cube, Lowered};
pub use dialect::{Dialect, Features};
pub use error::{DecodeError, ProgramError};
pub use gadget::{Cmp, Form, Gadget};
pub use lower::{walk_packing, walk_program, walk_steps, GroupInfo, Walk};
pub use print::Naming;
pub use program::{PackItem, PackOption, Program, StmtId, VarId, Variable};
pub use propagate::Propagation;
pub use unions::union_stops;
