//! Property tests of the parsers: mutated fixtures never make them panic, and every error is
//! typed, has a message, and points at a line (and column) of the input or just past its end.
//!
//! 256 cases per property by default; more with `PROPTEST_CASES=10000 cargo test -p
//! backref-colorgrid --test parse_props`.

#[path = "../../aquarium/tests/support/mutate.rs"]
mod mutate;

use std::collections::BTreeMap;
use std::sync::OnceLock;

use backref_colorgrid::{
    parse_expected, parse_solution, parse_str, render_expected, render_puzzle, ParseError,
};
use mutate::{case, fixtures_dir, line_count, line_text, read_fixtures};
use proptest::prelude::*;

/// Characters of the puzzle and expected formats, and a few that are not.
const ALPHABET: &[u8] =
    b"rgbyRGBxz:#, \t\r\n\n\nrowscl:solutionunsvab0123456789\xEF\xBB\xBF\xC3\xA9";

/// Pieces of the formats to insert whole.
const SNIPPETS: &[&str] = &[
    "rows:",
    "cols:",
    "colors:",
    "rows: rgb\n",
    "cols: b\n",
    "colors: rgb\n",
    "# ",
    "\n\n",
    "solutions: ",
    "solutions: 99999999999999999999",
    "unsolvable\n",
    "rrgb\n",
    ":",
];

fn dir() -> std::path::PathBuf {
    fixtures_dir(env!("CARGO_MANIFEST_DIR"), "colorgrid")
}

/// (rows, cols) of each `.expected` file's puzzle.
fn sizes() -> &'static BTreeMap<String, (usize, usize)> {
    static SIZES: OnceLock<BTreeMap<String, (usize, usize)>> = OnceLock::new();
    SIZES.get_or_init(|| {
        read_fixtures(&dir(), ".txt")
            .into_iter()
            .map(|(name, text)| {
                let p = parse_str(&String::from_utf8_lossy(&text), &name).unwrap();
                (name.replace(".txt", ".expected"), (p.height(), p.width()))
            })
            .collect()
    })
}

/// Every error names its origin, has a message, and points into the input or just past it.
fn well_formed(e: &ParseError, input: &str) -> Result<(), TestCaseError> {
    let text = e.to_string();
    prop_assert!(text.starts_with("p:"), "{text}");
    prop_assert!(!e.kind.to_string().is_empty());
    let lines = line_count(input.as_bytes());
    prop_assert!(
        (1..=lines + 1).contains(&e.line),
        "line {} of {lines}: {text}",
        e.line
    );
    let chars = line_text(input.as_bytes(), e.line)
        .map_or(0, |t| String::from_utf8_lossy(&t).chars().count());
    prop_assert!(
        (1..=chars + 1).contains(&e.column),
        "column {} of a {chars}-character line: {text}",
        e.column
    );
    Ok(())
}

proptest! {
    #[test]
    fn puzzle_parser(c in case(read_fixtures(&dir(), ".txt"), ALPHABET, SNIPPETS)) {
        let input = String::from_utf8_lossy(&c.input);
        match parse_str(&input, "p") {
            Ok(p) => prop_assert_eq!(parse_str(&render_puzzle(&p), "again"), Ok(p)),
            Err(e) => well_formed(&e, &input)?,
        }
    }

    #[test]
    fn expected_parser(c in case(read_fixtures(&dir(), ".expected"), ALPHABET, SNIPPETS)) {
        let (rows, cols) = sizes()[&c.fixture];
        let input = String::from_utf8_lossy(&c.input);
        match parse_expected(&input, "p", rows, cols) {
            Ok(e) if e.count <= 10 => prop_assert_eq!(
                parse_expected(&render_expected(e.count, &e.solutions), "again", rows, cols),
                Ok(e)
            ),
            Ok(_) => {}
            Err(e) => well_formed(&e, &input)?,
        }
    }

    #[test]
    fn solution_parser(c in case(read_fixtures(&dir(), ".expected"), ALPHABET, SNIPPETS)) {
        let (rows, cols) = sizes()[&c.fixture];
        let input = String::from_utf8_lossy(&c.input);
        match parse_solution(&input, "p", rows, cols) {
            Ok(s) => prop_assert!(s.cells.len() == rows && s.cells.iter().all(|r| r.len() == cols)),
            Err(e) => well_formed(&e, &input)?,
        }
    }
}
