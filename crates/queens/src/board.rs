//! A board with one queen per row, and its text rendering.

/// A solved board: `cols[r]` is the column of the queen in row `r` (rows from the top).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// The column of each row's queen.
    pub cols: Vec<usize>,
}

impl Board {
    /// The board's rows as text, `Q` for a queen and `.` for an empty square.
    pub fn rows(&self) -> Vec<String> {
        let n = self.cols.len();
        self.cols
            .iter()
            .map(|&c| (0..n).map(|x| if x == c { 'Q' } else { '.' }).collect())
            .collect()
    }

    /// The board drawn for a terminal, one row per line, squares separated by spaces.
    pub fn render(&self) -> String {
        let mut s = String::new();
        for row in self.rows() {
            let cells: Vec<String> = row.chars().map(|c| c.to_string()).collect();
            s.push_str(&cells.join(" "));
            s.push('\n');
        }
        s
    }
}
