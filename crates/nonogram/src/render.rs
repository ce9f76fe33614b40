//! Text renderings: the picture (`#` filled, `.` empty) with each row's clue to its right, and
//! an instance in the plain form.

use crate::{Nonogram, Picture};

fn clue_text(clue: &[usize]) -> String {
    if clue.is_empty() {
        "0".into()
    } else {
        clue.iter()
            .map(|a| a.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// The picture, each row followed by its clue.
pub fn picture_text(puzzle: &Nonogram, picture: &Picture) -> String {
    let mut s = String::new();
    for (row, clue) in picture.rows().iter().zip(&puzzle.rows) {
        s.push_str(&format!("{row}  {}\n", clue_text(clue)));
    }
    s
}

/// An instance in the plain form, which [`crate::parse`] reads back.
pub fn puzzle_text(puzzle: &Nonogram) -> String {
    let mut s = String::new();
    for clue in &puzzle.rows {
        s.push_str(&clue_text(clue));
        s.push('\n');
    }
    s.push('\n');
    for clue in &puzzle.cols {
        s.push_str(&clue_text(clue));
        s.push('\n');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let p = crate::parse("1 1\n0\n\n1\n0\n1\n", "t").unwrap();
        assert_eq!(crate::parse(&puzzle_text(&p), "t").unwrap(), p);
        let pic = Picture::from_rows(&["#.#", "..."]);
        assert_eq!(picture_text(&p, &pic), "#.#  1 1\n...  0\n");
    }
}
