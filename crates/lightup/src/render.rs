//! Text renderings: the answer as the input's rows with `L` on the bulbs, cells separated by
//! spaces; an instance in the same form.

use crate::{Bulbs, LightUp};

fn spaced(rows: Vec<String>) -> String {
    let mut s = String::new();
    for row in rows {
        let cells: Vec<String> = row.chars().map(String::from).collect();
        s.push_str(&cells.join(" "));
        s.push('\n');
    }
    s
}

/// The answer, one row a line.
pub fn answer_text(puzzle: &LightUp, answer: &Bulbs) -> String {
    spaced(answer.rows(puzzle))
}

/// An instance, which [`crate::parse`] reads back.
pub fn puzzle_text(puzzle: &LightUp) -> String {
    let empty = Bulbs {
        bulbs: puzzle.cells.iter().map(|r| vec![false; r.len()]).collect(),
    };
    spaced(empty.rows(puzzle))
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
