//! Colour grids with regular row and column constraints.
//!
//! Fill an R×C grid with colours (single ASCII letters). Every row and every column has a
//! *clue*: its sequence of colours with consecutive repeats removed. Clue `rgb` means the line
//! matches the regular expression `r+g+b+`.
//!
//! # Rule implemented
//!
//! A [`Solution`] solves a [`Puzzle`] when it has R rows of C cells, every cell holds a colour
//! of the puzzle's alphabet, and for every row and every column, the line's letters with runs of
//! equal letters collapsed to one letter equal the line's clue exactly (case-sensitive).
//!
//! # Input format
//!
//! A plain text file of `key: value` lines:
//!
//! ```text
//! # The Stack Overflow 49101990 example: 4×4, two solutions.
//! colors: rgb            # optional
//! rows: rgb brg b grbg
//! cols: rbg rbr grb bgbg
//! ```
//!
//! * `#` starts a comment that runs to the end of the line; blank lines are ignored.
//! * Keys are `rows`, `cols` and `colors` (lower case), each at most once, in any order.
//!   `rows` and `cols` are required.
//! * `rows:` lists one clue per row, top to bottom; `cols:` one clue per column, left to right;
//!   clues are separated by spaces or tabs. R is the number of row clues, C the number of column
//!   clues.
//! * A clue is a non-empty word of ASCII letters (`a`–`z`, `A`–`Z`; case matters) with no two
//!   equal adjacent letters (those would be the same run).
//! * `colors:` fixes the alphabet: its ASCII letters (spaces and commas between them are
//!   ignored; each letter at most once). Every clue letter must then be in it. Without `colors:`
//!   the alphabet is the set of letters used by the clues, sorted in ASCII order. A colour of
//!   the alphabet that no clue uses can never be placed (every cell's colour is in its row clue).
//! * A clue longer than its line is accepted by the parser; such a puzzle has no solution.
//!
//! The layout of the Stack Overflow question the example comes from is read too: the column
//! clues on the first line, separated by commas, then one line per row, top to bottom: its
//! cells (`_`, separated by commas; the layout has no given colours) and, after a space, its
//! clue.
//!
//! ```text
//! rbg,rbr,grb,bgbg
//! _,_,_,_ rgb
//! _,_,_,_ brg
//! _,_,_,_ b
//! _,_,_,_ grbg
//! ```
//!
//! A first line without `:` and with a comma chooses this layout.
//!
//! Parse errors name the line and column (1-based, in characters) and what was expected.
//!
//! # Fixture `.expected` format
//!
//! Either the single word `unsolvable`, or a first line `solutions: N` (the exact number of
//! solutions) followed, when N ≤ 10, by all N solutions as blocks of R rows of C letters,
//! separated by blank lines (in any order). See [`parse::parse_expected`] and
//! [`render::render_expected`].
//!
//! # Modules
//!
//! * [`parse`]: text → [`Puzzle`], solutions and expected files.
//! * [`dfa`]: the DFA of a clue (for encoders; the checker does not use it).
//! * [`native`]: a line-propagation + backtracking solver ([`native::solve_first`],
//!   [`native::count`]).
//! * [`verify`]: an independent rule checker ([`verify::check`]).
//! * [`render`]: letters, ANSI colours, JSON and file formats.
//! * [`generate`]: a seeded generator of puzzles.

use serde::Serialize;
use thiserror::Error;

pub mod dfa;
pub mod encode;
pub mod generate;
pub mod native;
pub mod parse;
pub mod puzzle;
pub mod render;
pub mod svg;
pub mod verify;

pub use dfa::{clue_dfa, Dfa, DfaError};
pub use native::{count, solve_all, solve_first};
pub use parse::{parse_expected, parse_solution, parse_str, Expected, ParseError, ParseErrorKind};
pub use render::{
    render_ansi, render_expected, render_letters, render_puzzle, render_text, solution_json,
    solution_rows,
};
pub use verify::{check, Violation};

/// A colour-grid puzzle: the alphabet and one clue per row and per column.
///
/// The fields are private so that a `Puzzle` always holds valid clues (non-empty, ASCII
/// letters of the alphabet, no equal adjacent letters); build one with [`Puzzle::new`] or
/// [`parse_str`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Puzzle {
    colors: Vec<u8>,
    rows: Vec<String>,
    cols: Vec<String>,
}

/// Why [`Puzzle::new`] refused a clue or an alphabet.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ClueError {
    /// No row clues or no column clues.
    #[error("the puzzle needs at least one row clue and one column clue")]
    NoLines,
    /// An empty clue.
    #[error("clue {index} is empty")]
    EmptyClue {
        /// Index among the row clues followed by the column clues.
        index: usize,
    },
    /// A character that is not an ASCII letter.
    #[error("`{found}` is not an ASCII letter")]
    NotALetter {
        /// The character.
        found: char,
    },
    /// Two equal adjacent letters in a clue.
    #[error("clue `{clue}` repeats `{letter}`: runs are already collapsed in a clue")]
    Repeated {
        /// The clue.
        clue: String,
        /// The repeated letter.
        letter: char,
    },
    /// A clue letter missing from the alphabet.
    #[error("colour `{letter}` is not in the alphabet `{colors}`")]
    NotInColors {
        /// The letter.
        letter: char,
        /// The alphabet.
        colors: String,
    },
    /// A letter twice in the alphabet.
    #[error("colour `{letter}` appears twice in the alphabet")]
    DuplicateColor {
        /// The letter.
        letter: char,
    },
}

impl Puzzle {
    /// Builds a puzzle from row clues, column clues and an optional alphabet (default: the
    /// sorted set of clue letters). Validates every clue.
    pub fn new(
        rows: Vec<String>,
        cols: Vec<String>,
        colors: Option<&str>,
    ) -> Result<Puzzle, ClueError> {
        if rows.is_empty() || cols.is_empty() {
            return Err(ClueError::NoLines);
        }
        for (index, clue) in rows.iter().chain(&cols).enumerate() {
            if clue.is_empty() {
                return Err(ClueError::EmptyClue { index });
            }
            if let Some(found) = clue.chars().find(|c| !c.is_ascii_alphabetic()) {
                return Err(ClueError::NotALetter { found });
            }
            if let Some(w) = clue.as_bytes().windows(2).find(|w| w[0] == w[1]) {
                return Err(ClueError::Repeated {
                    clue: clue.clone(),
                    letter: w[0] as char,
                });
            }
        }
        let colors = match colors {
            Some(given) => {
                let mut seen = Vec::new();
                for c in given.chars() {
                    if !c.is_ascii_alphabetic() {
                        return Err(ClueError::NotALetter { found: c });
                    }
                    if seen.contains(&(c as u8)) {
                        return Err(ClueError::DuplicateColor { letter: c });
                    }
                    seen.push(c as u8);
                }
                for clue in rows.iter().chain(&cols) {
                    if let Some(&l) = clue.as_bytes().iter().find(|l| !seen.contains(l)) {
                        return Err(ClueError::NotInColors {
                            letter: l as char,
                            colors: given.to_string(),
                        });
                    }
                }
                seen
            }
            None => {
                let mut set: Vec<u8> = rows.iter().chain(&cols).flat_map(|c| c.bytes()).collect();
                set.sort_unstable();
                set.dedup();
                set
            }
        };
        Ok(Puzzle { colors, rows, cols })
    }

    /// The colour alphabet (ASCII letters), in the order given by `colors:` or sorted.
    pub fn colors(&self) -> &[u8] {
        &self.colors
    }

    /// Row clues, top to bottom.
    pub fn rows(&self) -> &[String] {
        &self.rows
    }

    /// Column clues, left to right.
    pub fn cols(&self) -> &[String] {
        &self.cols
    }

    /// Number of rows R.
    pub fn height(&self) -> usize {
        self.rows.len()
    }

    /// Number of columns C.
    pub fn width(&self) -> usize {
        self.cols.len()
    }
}

/// A proposed or found grid: `cells[row][col]` is a colour letter (ASCII).
///
/// The field is public so that any grid (even a malformed one) can be handed to
/// [`verify::check`], which reports a wrong shape instead of panicking.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Solution {
    /// `cells[row][col]`, rows top to bottom.
    pub cells: Vec<Vec<u8>>,
}

impl Solution {
    /// Builds a grid from row strings (`["rrgb", "brrg", ...]`).
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Solution {
        Solution {
            cells: rows
                .iter()
                .map(|r| r.as_ref().as_bytes().to_vec())
                .collect(),
        }
    }

    /// The rows as strings (non-ASCII bytes, impossible in a solver's output, become `?`).
    pub fn row_strings(&self) -> Vec<String> {
        self.cells
            .iter()
            .map(|r| {
                r.iter()
                    .map(|&b| if b.is_ascii() { b as char } else { '?' })
                    .collect()
            })
            .collect()
    }
}
