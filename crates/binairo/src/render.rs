//! Text renderings: the solved grid as rows of `0` and `1` separated by spaces (the input's
//! grid form), and an instance in the same form with `.` for blanks.

use crate::{Binairo, Grid};

/// The grid as text, one row a line, cells separated by spaces.
pub fn grid_text(grid: &Grid) -> String {
    backref_gridtext::spaced_rows(grid.rows())
}

/// An instance in the grid form (`.` for blanks), which [`crate::parse`] reads back.
pub fn puzzle_text(puzzle: &Binairo) -> String {
    let mut s = String::new();
    for row in &puzzle.givens {
        let cells: Vec<&str> = row
            .iter()
            .map(|g| match g {
                Some(0) => "0",
                Some(_) => "1",
                None => ".",
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
        let p = crate::parse(". 1\n0 .\n", "t").unwrap();
        assert_eq!(puzzle_text(&p), ". 1\n0 .\n");
        assert_eq!(crate::parse(&puzzle_text(&p), "t").unwrap(), p);
        assert_eq!(grid_text(&Grid::from_rows(&["01", "10"])), "0 1\n1 0\n");
    }
}
