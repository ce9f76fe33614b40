//! Mutated fixtures for the parsers' property tests.
//!
//! Shared by the `tests/parse_props.rs` of the puzzle crates (aquarium, colorgrid, fillit,
//! rectangles), which include this file with `#[path]`; it is not a test target of its own.
//! A case is one fixture's bytes with a few [`Mutation`]s applied in turn: byte flips,
//! insertions, deletions, duplicated, truncated, deleted and swapped lines. Cases shrink
//! towards fewer and smaller mutations, and print the mutated input as text.

#![allow(dead_code)] // Each crate uses its own subset.

use std::fmt;
use std::path::{Path, PathBuf};

use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::select;

/// One edit of an input. Positions are taken modulo the input's length (or line count), so
/// every mutation applies to every input.
#[derive(Clone, Debug)]
pub enum Mutation {
    /// Replace the byte at `at` with `byte`.
    SetByte {
        /// Byte position.
        at: usize,
        /// The new byte.
        byte: u8,
    },
    /// Flip bit `bit` (0–7) of the byte at `at`.
    FlipBit {
        /// Byte position.
        at: usize,
        /// Which bit.
        bit: u8,
    },
    /// Insert `bytes` before position `at` (`at == len` appends).
    Insert {
        /// Byte position.
        at: usize,
        /// The bytes inserted.
        bytes: Vec<u8>,
    },
    /// Delete up to `len` bytes from `at`.
    Delete {
        /// Byte position.
        at: usize,
        /// How many bytes.
        len: usize,
    },
    /// Insert a copy of line `line` after it.
    DuplicateLine {
        /// Line index.
        line: usize,
    },
    /// Cut line `line` (its text, not its line end) to `keep` bytes, modulo its length + 1.
    TruncateLine {
        /// Line index.
        line: usize,
        /// Bytes kept.
        keep: usize,
    },
    /// Remove line `line` with its line end.
    DeleteLine {
        /// Line index.
        line: usize,
    },
    /// Exchange the texts of lines `a` and `b` (line ends stay in place).
    SwapLines {
        /// First line index.
        a: usize,
        /// Second line index.
        b: usize,
    },
}

/// Splits `input` into lines, each with its `\n` (the last one may lack it).
fn split_lines(input: &[u8]) -> Vec<Vec<u8>> {
    input
        .split_inclusive(|&b| b == b'\n')
        .map(<[u8]>::to_vec)
        .collect()
}

/// A line's text and its line end (`\n`, `\r\n` or nothing).
fn text_and_end(line: &[u8]) -> (&[u8], &[u8]) {
    let cut = if line.ends_with(b"\r\n") {
        line.len() - 2
    } else if line.ends_with(b"\n") {
        line.len() - 1
    } else {
        line.len()
    };
    line.split_at(cut)
}

impl Mutation {
    /// Applies the mutation to `input` in place.
    pub fn apply(&self, input: &mut Vec<u8>) {
        let len = input.len();
        match self {
            Mutation::SetByte { at, byte } if len > 0 => input[at % len] = *byte,
            Mutation::FlipBit { at, bit } if len > 0 => input[at % len] ^= 1 << (bit % 8),
            Mutation::Insert { at, bytes } => {
                let at = at % (len + 1);
                input.splice(at..at, bytes.iter().copied());
            }
            Mutation::Delete { at, len: n } if len > 0 => {
                let at = at % len;
                input.drain(at..(at + n).min(len));
            }
            Mutation::DuplicateLine { line }
            | Mutation::TruncateLine { line, .. }
            | Mutation::DeleteLine { line }
            | Mutation::SwapLines { a: line, .. } => {
                let mut lines = split_lines(input);
                if lines.is_empty() {
                    return;
                }
                let i = line % lines.len();
                match self {
                    Mutation::DuplicateLine { .. } => {
                        let mut copy = lines[i].clone();
                        // A copy of an unterminated last line gets a line end of its own.
                        if !copy.ends_with(b"\n") {
                            lines[i].push(b'\n');
                            copy = lines[i].clone();
                            copy.pop();
                        }
                        lines.insert(i + 1, copy);
                    }
                    Mutation::TruncateLine { keep, .. } => {
                        let (text, end) = text_and_end(&lines[i]);
                        let kept = keep % (text.len() + 1);
                        lines[i] = [&text[..kept], end].concat();
                    }
                    Mutation::DeleteLine { .. } => {
                        lines.remove(i);
                    }
                    Mutation::SwapLines { b, .. } => {
                        let j = b % lines.len();
                        let (ti, ei) = text_and_end(&lines[i]);
                        let (tj, ej) = text_and_end(&lines[j]);
                        let (new_i, new_j) = ([tj, ei].concat(), [ti, ej].concat());
                        lines[i] = new_i;
                        lines[j] = new_j;
                    }
                    _ => unreachable!(),
                }
                *input = lines.concat();
            }
            // Byte edits of an empty input.
            _ => {}
        }
    }
}

/// A byte: any value, or (more often) one of `alphabet`, the characters the format is made of.
fn byte(alphabet: &'static [u8]) -> BoxedStrategy<u8> {
    prop_oneof![
        1 => any::<u8>(),
        3 => select(alphabet),
    ]
    .boxed()
}

/// Text every parser should meet: a byte-order mark, Unicode whitespace (which `str::trim`
/// removes but a split on ASCII blanks does not), multi-byte letters, line ends.
const UNICODE: &[&str] = &[
    "\u{feff}",
    "\u{a0}",
    "\u{85}",
    "\u{2028}",
    "\u{3000}",
    "é",
    "\u{1F30A}",
    "\r",
    "\r\n",
    "\0",
];

/// Any mutation. Inserted and replacing bytes lean towards `alphabet`; an insertion may also be
/// one of `snippets` (pieces of the format) or of [`UNICODE`].
pub fn mutation(
    alphabet: &'static [u8],
    snippets: &'static [&'static str],
) -> impl Strategy<Value = Mutation> {
    let at = 0..4096usize;
    let text = select(
        UNICODE
            .iter()
            .chain(snippets)
            .copied()
            .collect::<Vec<&str>>(),
    )
    .prop_map(|s| s.as_bytes().to_vec());
    prop_oneof![
        (at.clone(), byte(alphabet)).prop_map(|(at, byte)| Mutation::SetByte { at, byte }),
        (at.clone(), 0..8u8).prop_map(|(at, bit)| Mutation::FlipBit { at, bit }),
        (at.clone(), vec(byte(alphabet), 1..4))
            .prop_map(|(at, bytes)| Mutation::Insert { at, bytes }),
        (at.clone(), text).prop_map(|(at, bytes)| Mutation::Insert { at, bytes }),
        (at.clone(), 1..8usize).prop_map(|(at, len)| Mutation::Delete { at, len }),
        (0..64usize).prop_map(|line| Mutation::DuplicateLine { line }),
        (0..64usize, 0..64usize).prop_map(|(line, keep)| Mutation::TruncateLine { line, keep }),
        (0..64usize).prop_map(|line| Mutation::DeleteLine { line }),
        (0..64usize, 0..64usize).prop_map(|(a, b)| Mutation::SwapLines { a, b }),
    ]
}

/// A fixture after some mutations.
#[derive(Clone)]
pub struct Case {
    /// The fixture's file name.
    pub fixture: String,
    /// The mutations applied, in order.
    pub mutations: Vec<Mutation>,
    /// The resulting input.
    pub input: Vec<u8>,
}

impl fmt::Debug for Case {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Case")
            .field("fixture", &self.fixture)
            .field("mutations", &self.mutations)
            .field("input", &String::from_utf8_lossy(&self.input))
            .finish()
    }
}

/// One of `fixtures` (name, bytes) with 1 to 4 mutations (see [`mutation`]).
pub fn case(
    fixtures: Vec<(String, Vec<u8>)>,
    alphabet: &'static [u8],
    snippets: &'static [&'static str],
) -> impl Strategy<Value = Case> {
    assert!(!fixtures.is_empty(), "no fixtures");
    let count = fixtures.len();
    (0..count, vec(mutation(alphabet, snippets), 1..=4)).prop_map(move |(i, mutations)| {
        let (name, bytes) = &fixtures[i];
        let mut input = bytes.clone();
        for m in &mutations {
            m.apply(&mut input);
        }
        Case {
            fixture: name.clone(),
            mutations,
            input,
        }
    })
}

/// `fixtures/<puzzle>/` of the repository, seen from a crate's manifest directory.
pub fn fixtures_dir(manifest_dir: &str, puzzle: &str) -> PathBuf {
    Path::new(manifest_dir).join("../../fixtures").join(puzzle)
}

/// The files of `dir` (and of its `slow/` subdirectory) whose name ends with `suffix`, as
/// (file name, bytes), sorted by name.
pub fn read_fixtures(dir: &Path, suffix: &str) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    for d in [dir.to_path_buf(), dir.join("slow")] {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries {
            let path = e.expect("readable directory").path();
            let name = path
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned();
            if path.is_file() && name.ends_with(suffix) {
                out.push((name, std::fs::read(&path).expect("readable fixture")));
            }
        }
    }
    out.sort();
    assert!(!out.is_empty(), "no `*{suffix}` in {}", dir.display());
    out
}

/// Lines of `input` the way the parsers number them: split at `\n`, a final `\n` does not start
/// another line. An error may point at line 1 ..= `line_count(input) + 1`.
pub fn line_count(input: &[u8]) -> usize {
    split_lines(input).len()
}

/// Text of 1-based line `line` of `input` without its line end (and without a `\r` before it),
/// or `None` past the end.
pub fn line_text(input: &[u8], line: usize) -> Option<Vec<u8>> {
    let lines = split_lines(input);
    let l = lines.get(line.checked_sub(1)?)?;
    Some(text_and_end(l).0.to_vec())
}
