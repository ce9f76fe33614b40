//! Property tests of the parser: mutated fixtures never make it panic, and every error has a
//! message and points at a line (and column) of the input or just past its end.
//!
//! 256 cases by default; more with `PROPTEST_CASES=10000 cargo test -p backref-rectangles
//! --test parse_props`.

#[path = "../../aquarium/tests/support/mutate.rs"]
mod mutate;

use backref_rectangles::{parse, ParseError};
use mutate::{case, fixtures_dir, line_count, line_text, read_fixtures};
use proptest::prelude::*;

/// Characters of the format, and a few that are not.
const ALPHABET: &[u8] = b"~~~~aaabbZ09_\n\n\n\r \t#\0\xC3\xA9";

/// Pieces of the format to insert whole.
const SNIPPETS: &[&str] = &[
    "\n",
    "\n\n",
    "~~~\n",
    "\n~~\n~~\n",
    "aa\naa\n",
    "\nbb\n",
    "~",
    "_",
];

proptest! {
    #[test]
    fn parser(c in case(
        read_fixtures(&fixtures_dir(env!("CARGO_MANIFEST_DIR"), "rectangles"), ".txt"),
        ALPHABET,
        SNIPPETS,
    )) {
        let input = String::from_utf8_lossy(&c.input);
        match parse(&input) {
            Ok(p) => prop_assert!(p.canvas.width > 0 && p.canvas.height > 0),
            Err(e) => {
                let text = e.to_string();
                prop_assert!(!text.is_empty());
                let lines = line_count(input.as_bytes());
                match e.line() {
                    Some(line) => prop_assert!(
                        (1..=lines + 1).contains(&line),
                        "line {line} of {lines}: {text}"
                    ),
                    None => prop_assert!(
                        matches!(e, ParseError::Empty | ParseError::NoCanvas),
                        "{text}"
                    ),
                }
                if let ParseError::BadChar { line, column, .. }
                | ParseError::MixedBlock { line, column, .. } = e
                {
                    let chars = line_text(input.as_bytes(), line)
                        .map_or(0, |t| String::from_utf8_lossy(&t).chars().count());
                    prop_assert!((1..=chars).contains(&column), "column {column}: {text}");
                }
            }
        }
    }
}
