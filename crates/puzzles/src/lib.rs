//! Every puzzle backref knows, in one registry, over the pipeline library.
//!
//! Each puzzle crate implements [`pipeline::Puzzle`] and exports a [`PuzzleEntry`]; [`PUZZLES`]
//! is the one list of them (adding a puzzle is its crate plus one line here). [`load`] reads an
//! instance by puzzle name, as the command line does, into an [`Instance`] that can be solved,
//! counted or emitted on any engine.
//!
//! Solving 8-queens through PCRE2's JIT, with the answer verified by the rule checker and
//! cross-checked by the native solver:
//!
//! ```
//! use backref_puzzles::{engine, load, pipeline::{Outcome, Request}};
//!
//! let queens = load("queens", "8")?;
//! let pcre2 = engine::engine_by_name("pcre2").expect("PCRE2 is built in");
//! let report = queens.solve(&*pcre2, &Request::new(&*pcre2))?;
//!
//! assert_eq!(report.outcome, Outcome::Solved);
//! assert!(report.trusted()); // verified, and the native solver agrees
//! let board = report.solution.expect("a solved report has its answer");
//! print!("{}", board.text);
//! assert_eq!(board.grid.iter().filter(|row| row.contains('Q')).count(), 8);
//! # Ok::<(), backref_puzzles::pipeline::Error>(())
//! ```
//!
//! A puzzle crate's own type works the same way without the registry, with its answer typed:
//! `backref_pipeline::solve(&backref_queens::Queens::new(8), &*pcre2, &request)`.
//!
//! [`differential`] generates random small instances of every puzzle and checks PCRE2 against
//! a second engine, the native solver and the native count (the `differential` test and the
//! `stress` example).

#![warn(missing_docs)]

pub use backref_engine as engine;
pub use backref_pipeline as pipeline;
pub use backref_program as program;

use backref_pipeline::{Error, Instance, PuzzleEntry};

pub mod differential;

/// Every registered puzzle, in the order help texts list them.
pub const PUZZLES: &[PuzzleEntry] = &[
    backref_queens::ENTRY,
    backref_aquarium::puzzle::ENTRY,
    backref_colorgrid::puzzle::ENTRY,
    backref_fillit::puzzle::ENTRY,
    backref_rectangles::puzzle::ENTRY,
    backref_sudoku::ENTRY,
    backref_cnf::ENTRY,
    backref_binairo::ENTRY,
    backref_starbattle::ENTRY,
    backref_nonogram::ENTRY,
    backref_lightup::ENTRY,
    backref_suguru::ENTRY,
    backref_kakuro::ENTRY,
    backref_flatzinc::ENTRY,
];

/// The registered puzzle called `name`, or an error listing the names.
pub fn find(name: &str) -> Result<&'static PuzzleEntry, Error> {
    backref_pipeline::find(PUZZLES, name)
}

/// Reads the instance `input` of `puzzle` (a size, a file, `-` for stdin, or a task string).
pub fn load(puzzle: &str, input: &str) -> Result<Box<dyn Instance>, Error> {
    find(puzzle)?.load(input)
}

/// Reads `input` of `puzzle` as one instance or a collection of one instance per line
/// ([`PuzzleEntry::load_many`]).
pub fn load_many(puzzle: &str, input: &str) -> Result<backref_pipeline::Collection, Error> {
    find(puzzle)?.load_many(input)
}

/// The names of every registered puzzle.
pub fn names() -> Vec<&'static str> {
    PUZZLES.iter().map(|e| e.name).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_found() {
        let names = names();
        for (i, n) in names.iter().enumerate() {
            assert!(!names[i + 1..].contains(n), "{n} registered twice");
            assert_eq!(find(n).unwrap().name, *n);
        }
        let e = find("sokoban").unwrap_err().to_string();
        assert!(
            e.starts_with("unknown puzzle \"sokoban\"; known puzzles: queens, "),
            "{e}"
        );
    }
}
