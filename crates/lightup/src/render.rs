//! Text renderings: the answer as the input's rows with `L` on the bulbs, cells separated by
//! spaces; an instance in the same form.

use backref_gridtext::spaced_rows;

use crate::{Bulbs, LightUp};

/// The answer, one row a line.
pub fn answer_text(puzzle: &LightUp, answer: &Bulbs) -> String {
    spaced_rows(answer.rows(puzzle))
}

/// An instance, which [`crate::parse`] reads back.
pub fn puzzle_text(puzzle: &LightUp) -> String {
    let empty = Bulbs {
        bulbs: puzzle.cells.iter().map(|r| vec![false; r.len()]).collect(),
    };
    spaced_rows(empty.rows(puzzle))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let p = crate::parse(". * 1\n. . 4\n", "t").unwrap();
        assert_eq!(puzzle_text(&p), ". * 1\n. . 4\n");
        let a = Bulbs::from_rows(&["L..", "..."]);
        assert_eq!(answer_text(&p, &a), "L * 1\n. . 4\n");
    }
}
