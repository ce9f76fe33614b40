//! A registry entry: what the command line needs to know of a puzzle before loading it.
//! Each puzzle crate exports one; the binary keeps the one list.

use crate::error::Error;
use crate::input::{read, Input, InputKind};
use crate::instance::Instance;
use crate::settings::Choices;

/// One registered puzzle: its name, what its input is, the choices it offers, and its parser.
#[derive(Clone, Copy)]
pub struct PuzzleEntry {
    /// The name, as in `backref solve NAME`.
    pub name: &'static str,
    /// One line saying what the puzzle is.
    pub about: &'static str,
    /// What the instance argument is.
    pub input: InputKind,
    /// The instance argument in words, for help texts (e.g. "a board size").
    pub input_help: &'static str,
    /// Encodings, orders and switches.
    pub choices: Choices,
    /// Parses an instance.
    pub parse: fn(&Input) -> Result<Box<dyn Instance>, Error>,
}

impl PuzzleEntry {
    /// Reads and parses the instance argument `arg` (a file, `-`, or a literal).
    pub fn load(&self, arg: &str) -> Result<Box<dyn Instance>, Error> {
        (self.parse)(&read(arg, self.input)?)
    }
}

impl std::fmt::Debug for PuzzleEntry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PuzzleEntry")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

/// Finds `name` among `entries`, or says which names there are.
pub fn find<'a>(entries: &'a [PuzzleEntry], name: &str) -> Result<&'a PuzzleEntry, Error> {
    entries.iter().find(|e| e.name == name).ok_or_else(|| {
        Error::usage(format!(
            "unknown puzzle {name:?}; known puzzles: {}",
            entries
                .iter()
                .map(|e| e.name)
                .collect::<Vec<_>>()
                .join(", ")
        ))
    })
}
