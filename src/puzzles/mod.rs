//! The puzzles the CLI knows, each adapted to [`crate::puzzle::Instance`].

use anyhow::{bail, Result};

use crate::puzzle::Instance;

mod queens;

/// Every puzzle name, as `solve` and `emit` take them.
pub const PUZZLES: &[&str] = &["queens"];

/// Parses the instance `input` of `puzzle` (a size, a file, `-` for stdin, or a literal).
pub fn load(puzzle: &str, input: &str) -> Result<Box<dyn Instance>> {
    match puzzle {
        "queens" => Ok(Box::new(queens::Queens::parse(input)?)),
        other => bail!(
            "unknown puzzle {other:?}; known puzzles: {}",
            PUZZLES.join(", ")
        ),
    }
}
