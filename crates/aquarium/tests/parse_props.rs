//! Property tests of the parsers: mutated fixtures never make them panic, and every error is
//! typed, has a message, and points at a line (and column) of the input or just past its end.
//!
//! 256 cases per property by default; more with `PROPTEST_CASES=10000 cargo test -p
//! backref-aquarium --test parse_props`.

#[path = "support/mutate.rs"]
mod mutate;

use std::collections::BTreeMap;
use std::sync::OnceLock;

use backref_aquarium::{parse_solution, parse_str, parse_with_solution, render_task, ParseError};
use mutate::{case, fixtures_dir, line_count, line_text, read_fixtures, Mutation};
use proptest::prelude::*;

/// Characters of the task and solution formats, and a few that are not.
const ALPHABET: &[u8] = b"0123456789_;,; \t\r\n\n\nWw.-+x\xEF\xBB\xBF\xC3\xA9";

/// Pieces of the formats to insert whole.
const SNIPPETS: &[&str] = &[
    "\n\n",
    "99999999999",
    "4294967296",
    "18446744073709551616",
    "_0",
    ",1",
    "WW",
    "..",
    "\n.\n",
    "unsolvable",
];

fn dir() -> std::path::PathBuf {
    fixtures_dir(env!("CARGO_MANIFEST_DIR"), "aquarium")
}

/// The task files.
fn tasks() -> Vec<(String, Vec<u8>)> {
    read_fixtures(&dir(), ".txt")
}

/// The corpus layout: each task, an empty line, then its expected answer (a solution block, or
/// the word `unsolvable`).
fn tasks_with_answers() -> Vec<(String, Vec<u8>)> {
    let answers: BTreeMap<String, Vec<u8>> =
        read_fixtures(&dir(), ".expected").into_iter().collect();
    tasks()
        .into_iter()
        .map(|(name, task)| {
            let answer = &answers[&name.replace(".txt", ".expected")];
            (name, [task.as_slice(), b"\n", answer].concat())
        })
        .collect()
}

/// The grid size of each `.expected` file's puzzle.
fn sizes() -> &'static BTreeMap<String, usize> {
    static SIZES: OnceLock<BTreeMap<String, usize>> = OnceLock::new();
    SIZES.get_or_init(|| {
        tasks()
            .into_iter()
            .map(|(name, task)| {
                let n = parse_str(&String::from_utf8_lossy(&task), &name)
                    .unwrap()
                    .n();
                (name.replace(".txt", ".expected"), n)
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
    fn task_parser(c in case(tasks(), ALPHABET, SNIPPETS)) {
        let input = String::from_utf8_lossy(&c.input);
        match parse_str(&input, "p") {
            Ok(p) => prop_assert_eq!(parse_str(&render_task(&p), "again"), Ok(p)),
            Err(e) => well_formed(&e, &input)?,
        }
    }

    #[test]
    fn task_and_solution_parser(c in case(tasks_with_answers(), ALPHABET, SNIPPETS)) {
        let input = String::from_utf8_lossy(&c.input);
        match parse_with_solution(&input, "p") {
            Ok((p, Some(s))) => prop_assert_eq!(s.n(), p.n()),
            Ok((_, None)) => {}
            Err(e) => well_formed(&e, &input)?,
        }
    }

    #[test]
    fn solution_parser(c in case(read_fixtures(&dir(), ".expected"), ALPHABET, SNIPPETS)) {
        let n = sizes()[&c.fixture];
        let input = String::from_utf8_lossy(&c.input);
        match parse_solution(&input, "p", n) {
            Ok(s) => prop_assert!(s.n() == n && s.water.iter().all(|r| r.len() == n)),
            Err(e) => well_formed(&e, &input)?,
        }
    }
}

/// The mutations themselves, on a small input.
#[test]
fn mutations_do_what_they_say() {
    let apply = |m: Mutation| {
        let mut input = b"ab\r\ncd\nef".to_vec(); // 9 bytes
        m.apply(&mut input);
        String::from_utf8(input).unwrap()
    };
    assert_eq!(
        apply(Mutation::SetByte { at: 14, byte: b'X' }),
        "ab\r\ncX\nef"
    );
    assert_eq!(apply(Mutation::FlipBit { at: 0, bit: 1 }), "cb\r\ncd\nef");
    let insert = Mutation::Insert {
        at: 9,
        bytes: b"__".to_vec(),
    };
    assert_eq!(apply(insert), "ab\r\ncd\nef__");
    assert_eq!(apply(Mutation::Delete { at: 2, len: 3 }), "abd\nef");
    assert_eq!(
        apply(Mutation::DuplicateLine { line: 0 }),
        "ab\r\nab\r\ncd\nef"
    );
    assert_eq!(
        apply(Mutation::DuplicateLine { line: 2 }),
        "ab\r\ncd\nef\nef"
    );
    assert_eq!(
        apply(Mutation::TruncateLine { line: 0, keep: 1 }),
        "a\r\ncd\nef"
    );
    assert_eq!(apply(Mutation::DeleteLine { line: 4 }), "ab\r\nef");
    assert_eq!(apply(Mutation::SwapLines { a: 0, b: 2 }), "ef\r\ncd\nab");
    assert_eq!((line_count(b"a\n\nb"), line_count(b"a\n")), (3, 1));
    assert_eq!(line_text(b"a\r\nb", 1), Some(b"a".to_vec()));
    assert_eq!(line_text(b"a\r\nb", 3), None);
}
