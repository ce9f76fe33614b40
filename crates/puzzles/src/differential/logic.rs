//! The logic family's generators and CNF's (see the parent module), one module each.

use super::Generator;

mod binairo;
mod cnf;
mod kakuro;
mod lightup;
mod nonogram;
mod starbattle;
mod suguru;

/// The logic family's generators, in the registry's order, then CNF's.
pub(super) const GENERATORS: &[Generator] = &[
    binairo::GENERATOR,
    starbattle::GENERATOR,
    nonogram::GENERATOR,
    lightup::GENERATOR,
    suguru::GENERATOR,
    kakuro::GENERATOR,
    cnf::GENERATOR,
];
