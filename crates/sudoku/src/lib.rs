//! Sudoku and its variants: fill an N×N grid (N = p×q) so that every row, column and box holds
//! each of N symbols once, plus the constraints of the variant section.
//!
//! [`grid`] parses the one-line and the grid form and the variant section, [`abigail`]
//! Abigail's instance files; [`model`] turns a
//! puzzle into houses, pairwise relations and one-pass domains; [`order`] chooses a static
//! order from that structure; [`encode`] states it through the IR's packing gadget;
//! [`native`] searches the same tree natively; [`verify`] checks answers from the rules alone;
//! [`puzzle`] is the pipeline's [`backref_pipeline::Puzzle`] and the registry entry;
//! [`generate`] makes box Sudokus with a unique solution.

pub mod abigail;
pub mod encode;
pub mod generate;
pub mod grid;
pub mod model;
pub mod native;
pub mod order;
pub mod puzzle;
pub mod svg;
pub mod verify;

pub use grid::{parse, ParseError, Sudoku, Unsupported, Variant};
pub use puzzle::ENTRY;
