//! Reading a puzzle instance named on the command line: a file, `-` for stdin, or (for puzzles
//! whose input fits on one line) the text itself.

use std::io::Read;

use anyhow::{Context, Result};

/// Reads `input`: `-` is stdin, an existing path is read as a file, and anything else is taken
/// as the instance text itself when `literal_ok`. Returns the text and a name for messages.
pub fn read(input: &str, literal_ok: bool) -> Result<(String, String)> {
    if input == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .context("cannot read standard input")?;
        return Ok((text, "<stdin>".into()));
    }
    let path = std::path::Path::new(input);
    if path.exists() || !literal_ok {
        let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {input}"))?;
        return Ok((text, input.to_string()));
    }
    Ok((input.to_string(), "<command line>".into()))
}
