//! Text renderings: the digits with `#` on black cells (separated by spaces), and an instance
//! in its input form.

use crate::{Cell, Fill, Kakuro};

/// The answer, one row a line.
pub fn fill_text(fill: &Fill) -> String {
    backref_gridtext::spaced_rows(fill.rows())
}

/// An instance, which [`crate::parse`] reads back.
pub fn puzzle_text(k: &Kakuro) -> String {
    let mut s = String::new();
    for row in &k.cells {
        let cells: Vec<String> = row
            .iter()
            .map(|cell| match cell {
                Cell::White => ".".to_string(),
                Cell::Black {
                    down: None,
                    across: None,
                } => "#".to_string(),
                Cell::Black { down, across } => format!(
                    "{}\\{}",
                    down.map_or(String::new(), |d| d.to_string()),
                    across.map_or(String::new(), |a| a.to_string())
                ),
            })
            .collect();
        s.push_str(&cells.join(" "));
        s.push('\n');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let k = crate::parse("# 4\\ 3\\\n\\3 . .\n\\4 . .\n", "t").unwrap();
        assert_eq!(puzzle_text(&k), "# 4\\ 3\\\n\\3 . .\n\\4 . .\n");
        assert_eq!(fill_text(&Fill::from_rows(&["#1"])), "# 1\n");
    }
}
