//! Plain-text puzzle input shared by the grid puzzle crates' parsers: the located
//! [`ParseError`] (`origin:line:column: message`) and [`significant_lines`], which drops blank
//! and comment lines. Nothing here knows a puzzle's cells or rules.

use thiserror::Error;

/// A parse failure: where, and what was expected.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{origin}:{line}:{column}: {message}")]
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

/// The lines of `text` that carry content, each with its 1-based line number: a trailing `\r`
/// is stripped; blank lines and lines whose first non-blank character is `comment` are left out.
pub fn significant_lines(text: &str, comment: char) -> Vec<(usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim_end_matches('\r')))
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with(comment))
        .collect()
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
    fn significant_lines_keep_their_numbers() {
        let text = "# note\r\n1 2\r\n\n   \n  # indented note\n3 4\n";
        assert_eq!(significant_lines(text, '#'), vec![(2, "1 2"), (6, "3 4")]);
    }

    #[test]
    fn the_comment_character_is_the_callers() {
        let text = "; note\n# .\n";
        assert_eq!(significant_lines(text, ';'), vec![(2, "# .")]);
        assert!(significant_lines("", ';').is_empty());
    }
}
