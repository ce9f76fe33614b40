//! Plain text for the grid puzzles: the parsers' located [`ParseError`]
//! (`origin:line:column: message`) and [`significant_lines`], which drops blank and comment
//! lines; and [`spaced_rows`], the space-separated grid form of texts written back. Nothing here
//! knows a puzzle's cells or rules.

#![warn(missing_docs)]

use thiserror::Error;

/// A parse failure: where, and what was expected. It prints as `origin:line:column: message`,
/// leaving out a column of 0 (`origin:line: message`, the whole line) and a line of 0
/// (`origin: message`, the whole input), as compilers do.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{origin}{}: {message}", place(*.line, *.column))]
pub struct ParseError {
    /// The input's name.
    pub origin: String,
    /// 1-based line (0: the whole input).
    pub line: usize,
    /// 1-based column in characters (0: the whole line or input).
    pub column: usize,
    /// What was wrong and what was expected.
    pub message: String,
}

impl ParseError {
    /// A failure in the input named `origin`, at `line` and `column` (0 for "the whole").
    pub fn new(origin: &str, line: usize, column: usize, message: impl Into<String>) -> Self {
        ParseError {
            origin: origin.to_string(),
            line,
            column,
            message: message.into(),
        }
    }
}

/// `:line:column`, `:line` or nothing, for the parts of a location that are known.
fn place(line: usize, column: usize) -> String {
    match (line, column) {
        (0, _) => String::new(),
        (l, 0) => format!(":{l}"),
        (l, c) => format!(":{l}:{c}"),
    }
}

/// The lines of `text` that carry content, each with its 1-based line number: a trailing `\r`
/// is stripped; blank lines and lines whose first non-blank character is `comment` are left out.
pub fn significant_lines(text: &str, comment: char) -> Vec<(usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim_end_matches('\r')))
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with(comment))
        .collect()
}

/// Rows of one-character cells as text: the cells of a row separated by spaces, one row a line
/// (each line ends in `\n`). The grid form the puzzles' inputs and text answers share.
pub fn spaced_rows<S: AsRef<str>>(rows: impl IntoIterator<Item = S>) -> String {
    let mut s = String::new();
    for row in rows {
        let cells: Vec<String> = row.as_ref().chars().map(String::from).collect();
        s.push_str(&cells.join(" "));
        s.push('\n');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_error_names_origin_line_and_column() {
        let e = ParseError::new("f.txt", 2, 3, "expected a digit");
        assert_eq!(e.to_string(), "f.txt:2:3: expected a digit");
        assert_eq!(ParseError::new("-", 0, 0, String::from("empty")).line, 0);
    }

    #[test]
    fn an_unknown_column_or_line_is_left_out() {
        let row = ParseError::new("f.txt", 2, 0, "row 2 has 3 cells, expected 4");
        assert_eq!(row.to_string(), "f.txt:2: row 2 has 3 cells, expected 4");
        let whole = ParseError::new("f.txt", 0, 0, "expected two blocks");
        assert_eq!(whole.to_string(), "f.txt: expected two blocks");
    }

    #[test]
    fn significant_lines_keep_their_numbers() {
        let text = "# note\r\n1 2\r\n\n   \n  # indented note\n3 4\n";
        assert_eq!(significant_lines(text, '#'), vec![(2, "1 2"), (6, "3 4")]);
    }

    #[test]
    fn spaced_rows_put_a_space_between_cells() {
        assert_eq!(spaced_rows(["01", "1#"]), "0 1\n1 #\n");
        assert_eq!(spaced_rows(vec![String::from("L")]), "L\n");
        assert_eq!(spaced_rows(Vec::<String>::new()), "");
    }

    #[test]
    fn the_comment_character_is_the_callers() {
        let text = "; note\n# .\n";
        assert_eq!(significant_lines(text, ';'), vec![(2, "# .")]);
        assert!(significant_lines("", ';').is_empty());
    }
}
