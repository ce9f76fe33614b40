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

/// One instance of a collection: the line it was read from (1-based) and the instance.
pub type Member = (usize, Box<dyn Instance>);

/// What [`PuzzleEntry::load_many`] read: one instance, or several, one per line.
pub struct Collection {
    /// The instances with their lines.
    pub members: Vec<Member>,
    /// A first line that was not an instance and was skipped as a header (line, text).
    pub skipped: Option<(usize, String)>,
}

impl PuzzleEntry {
    /// Reads and parses the instance argument `arg` (a file, `-`, or a literal).
    pub fn load(&self, arg: &str) -> Result<Box<dyn Instance>, Error> {
        (self.parse)(&read(arg, self.input)?)
    }

    /// Reads `arg` as one instance or, when it is not one, as a collection: one instance per
    /// line (blank lines and `#` comments skipped), as public collections of one-line puzzles
    /// are written. The whole input is tried first, so a multi-line instance is never split; a
    /// collection must have at least two lines and every one must parse, or the whole input's
    /// own error is returned. The first line alone may be a header that is not an instance
    /// (a count, a citation, as in public collections): it is then skipped and named in
    /// [`Collection::skipped`].
    pub fn load_many(&self, arg: &str) -> Result<Collection, Error> {
        let input = read(arg, self.input)?;
        let whole = match (self.parse)(&input) {
            Ok(one) => {
                return Ok(Collection {
                    members: vec![(1, one)],
                    skipped: None,
                })
            }
            Err(e) => e,
        };
        let Ok(text) = std::str::from_utf8(&input.bytes) else {
            return Err(whole);
        };
        let lines: Vec<(usize, &str)> = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.trim()))
            .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
            .collect();
        let mut members = Vec::with_capacity(lines.len());
        let mut skipped = None;
        for (k, &(n, line)) in lines.iter().enumerate() {
            let one = Input {
                bytes: line.as_bytes().to_vec(),
                origin: format!("{}, line {n}", input.origin),
            };
            match (self.parse)(&one) {
                Ok(instance) => members.push((n, instance)),
                Err(_) if k == 0 => skipped = Some((n, line.to_string())),
                Err(_) => return Err(whole),
            }
        }
        if members.len() < 2 {
            return Err(whole);
        }
        Ok(Collection { members, skipped })
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
