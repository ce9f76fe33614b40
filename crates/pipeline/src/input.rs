//! Reading a puzzle instance named on the command line: `-` for standard input, a file, or the
//! text itself for puzzles whose input is a word (a board size) or fits on one line.

use std::io::Read;

use crate::error::Error;

/// What a puzzle's instance argument may be.
#[derive(Clone, Copy, Debug)]
pub enum InputKind {
    /// A file's path, or `-` for standard input.
    File,
    /// A file's path, `-`, or the instance written out when `literal` says the argument looks
    /// like one (an aquarium task string); an argument that looks like neither is a missing
    /// file.
    FileOrLiteral {
        /// Whether an argument that names no file is the instance itself.
        literal: fn(&str) -> bool,
    },
    /// The instance itself (a board size), or `-` for standard input.
    Word,
}

/// An instance's text and where it came from, for messages.
#[derive(Clone, Debug)]
pub struct Input {
    /// The bytes as read.
    pub bytes: Vec<u8>,
    /// The file's path, `<stdin>`, or `<command line>`.
    pub origin: String,
}

impl Input {
    /// The bytes as text (invalid UTF-8 is an input error naming the origin).
    pub fn text(&self) -> Result<&str, Error> {
        std::str::from_utf8(&self.bytes)
            .map_err(|e| Error::input(format!("{}: not UTF-8 text ({e})", self.origin)))
    }
}

/// Reads the instance argument `arg` of a puzzle whose input is of `kind`.
pub fn read(arg: &str, kind: InputKind) -> Result<Input, Error> {
    if arg == "-" {
        let mut bytes = Vec::new();
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| Error::input(format!("cannot read standard input: {e}")))?;
        return Ok(Input {
            bytes,
            origin: "<stdin>".into(),
        });
    }
    let literal = Input {
        bytes: arg.as_bytes().to_vec(),
        origin: "<command line>".into(),
    };
    match kind {
        InputKind::Word => Ok(literal),
        InputKind::FileOrLiteral { literal: looks } if !std::path::Path::new(arg).exists() => {
            if looks(arg) {
                Ok(literal)
            } else {
                Err(Error::input(format!(
                    "cannot read {arg}: no such file (and it is not an instance written out)"
                )))
            }
        }
        _ => std::fs::read(arg)
            .map(|bytes| Input {
                bytes,
                origin: arg.to_string(),
            })
            .map_err(|e| Error::input(format!("cannot read {arg}: {e}"))),
    }
}
