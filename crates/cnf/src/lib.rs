//! SAT for backref: a formula in DIMACS CNF ([`dimacs`]) stated through the IR as booleans,
//! one clause gadget per clause and clause-lookahead gadgets ([`encode`]), decided in a static
//! order from the formula's structure ([`order`]); answers checked clause by clause
//! ([`verify`]), satisfiability cross-checked by an independent DPLL solver ([`dpll`]), and a
//! same-tree native search ([`tree`]) for the regex/native ratio.

#![warn(missing_docs)]

pub mod dimacs;
pub mod dpll;
pub mod encode;
pub mod generate;
pub mod order;
pub mod puzzle;
pub mod simplify;
pub mod tree;
pub mod verify;

pub use dimacs::{parse, Cnf, DimacsError};
pub use order::{Order, OrderKind, ORDERS};
pub use puzzle::{Sat, ENTRY};
