//! Property tests of the parser: mutated fixtures never make it panic, and every error has a
//! message and points at a line (and column) of the input or just past its end.
//!
//! 256 cases by default; more with `PROPTEST_CASES=10000 cargo test -p backref-fillit --test
//! parse_props`.

#[path = "../../aquarium/tests/support/mutate.rs"]
mod mutate;

use backref_fillit::{parse, ParseError, MAX_PIECES};
use mutate::{case, fixtures_dir, line_count, line_text, read_fixtures};
use proptest::prelude::*;

/// Bytes of the format, and a few that are not.
const ALPHABET: &[u8] = b"#####.....\n\n\n\r \t\0x\xC3\xA9\xFF";

/// Pieces of the format to insert whole.
const SNIPPETS: &[&str] = &[
    "\n",
    "\n\n",
    "####\n",
    "....\n",
    "#...\n#...\n#...\n#...\n",
    "\n##..\n##..\n....\n....\n",
    "#",
    ".",
];

proptest! {
    #[test]
    fn parser(c in case(
        read_fixtures(&fixtures_dir(env!("CARGO_MANIFEST_DIR"), "fillit"), ".txt"),
        ALPHABET,
        SNIPPETS,
    )) {
        match parse(&c.input) {
            Ok(pieces) => prop_assert!((1..=MAX_PIECES).contains(&pieces.len())),
            Err(e) => {
                let text = e.to_string();
                prop_assert!(!text.is_empty());
                let lines = line_count(&c.input);
                match e.line() {
                    Some(line) => prop_assert!(
                        (1..=lines + 1).contains(&line),
                        "line {line} of {lines}: {text}"
                    ),
                    None => prop_assert!(c.input.is_empty(), "{text}"),
                }
                if let ParseError::BadByte { line, column, .. } = e {
                    let len = line_text(&c.input, line).map_or(0, |t| t.len());
                    prop_assert!((1..=len).contains(&column), "column {column}: {text}");
                }
            }
        }
    }
}
