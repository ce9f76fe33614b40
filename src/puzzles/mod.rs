//! The puzzles the CLI knows, each adapted to [`crate::puzzle::Instance`].

use anyhow::{bail, Result};

use crate::puzzle::Instance;

mod aquarium;
mod colorgrid;
mod fillit;
mod input;
mod queens;
mod rectangles;

/// Every puzzle name, as `solve` and `emit` take them.
pub const PUZZLES: &[&str] = &["queens", "aquarium", "colorgrid", "fillit", "rectangles"];

/// Parses the instance `input` of `puzzle` (a size, a file, `-` for stdin, or a literal).
pub fn load(puzzle: &str, input: &str) -> Result<Box<dyn Instance>> {
    match puzzle {
        "queens" => Ok(Box::new(queens::Queens::parse(input)?)),
        "aquarium" => Ok(Box::new(aquarium::Aquarium::parse(input)?)),
        "colorgrid" => Ok(Box::new(colorgrid::ColorGrid::parse(input)?)),
        "fillit" => Ok(Box::new(fillit::Fillit::parse(input)?)),
        "rectangles" => Ok(Box::new(rectangles::Rectangles::parse(input)?)),
        other => bail!(
            "unknown puzzle {other:?}; known puzzles: {}",
            PUZZLES.join(", ")
        ),
    }
}
