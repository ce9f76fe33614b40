//! The rectangle-packing input parser.
//!
//! Format and decisions:
//! - Lines end in `\n` or `\r\n` (mixing is allowed); the last line may lack its line end. A
//!   `\r` anywhere else is a bad character.
//! - A block is a run of non-empty lines; blocks are separated by exactly one empty line. An
//!   empty line before the first block, or two empty lines in a row between blocks, is an
//!   error; any number of empty lines after the last block is accepted (several published test
//!   inputs end with one).
//! - A piece block consists of word characters `[A-Za-z0-9_]` (ASCII only); it may mix several
//!   of them — it is still one rectangle, and its characters are kept cell by cell for
//!   rendering. All its lines must have the same length.
//! - The canvas is the last block and consists of `~` only. A block mixing `~` with word
//!   characters, a `~` block that is not last, and input without a `~` block are errors.
//! - Zero pieces (a canvas alone) is accepted; such a puzzle is simply unsolvable.
//!
//! The parser never panics; errors carry 1-based line (and column) numbers.

use thiserror::Error;

use crate::{Canvas, Piece, Puzzle};

/// Why an input is not a valid rectangle-packing puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseError {
    /// No blocks at all (empty input or empty lines only).
    #[error("the input is empty")]
    Empty,
    /// A character that is neither a word character nor `~`.
    #[error("line {line}, column {column}: unexpected {}, blocks are made of [A-Za-z0-9_] or '~'", describe(*.ch))]
    BadChar {
        /// 1-based line number.
        line: usize,
        /// 1-based column (in characters).
        column: usize,
        /// The character.
        ch: char,
    },
    /// An empty line before the first block.
    #[error("line {line}: empty line before the first block")]
    LeadingEmptyLine {
        /// 1-based line number.
        line: usize,
    },
    /// Two or more empty lines between blocks.
    #[error("line {line}: extra empty line, blocks are separated by exactly one empty line")]
    ExtraEmptyLine {
        /// 1-based line number of the second empty line.
        line: usize,
    },
    /// A block whose lines differ in length.
    #[error("line {line}: {found} characters, but the block starting at line {block} has lines of {expected}")]
    RaggedBlock {
        /// 1-based line number of the offending line.
        line: usize,
        /// 1-based first line of the block.
        block: usize,
        /// Length of the block's first line.
        expected: usize,
        /// Length of this line.
        found: usize,
    },
    /// A block mixing `~` and word characters.
    #[error("line {line}, column {column}: the block starting at line {block} mixes '~' and word characters")]
    MixedBlock {
        /// 1-based line number of the first character that does not match the block's kind.
        line: usize,
        /// 1-based column of that character.
        column: usize,
        /// 1-based first line of the block.
        block: usize,
    },
    /// No `~` block.
    #[error("no canvas: the last block must be made of '~'")]
    NoCanvas,
    /// A `~` block followed by piece blocks only.
    #[error(
        "line {line}: the canvas must be the last block, but piece blocks follow it (line {next})"
    )]
    CanvasNotLast {
        /// 1-based first line of the canvas block.
        line: usize,
        /// 1-based first line of the next block.
        next: usize,
    },
    /// Two `~` blocks.
    #[error("line {second}: a second canvas block (the first starts at line {first})")]
    TwoCanvases {
        /// 1-based first line of the first canvas block.
        first: usize,
        /// 1-based first line of the second canvas block.
        second: usize,
    },
}

impl ParseError {
    /// The 1-based line the error points at, if any.
    pub fn line(&self) -> Option<usize> {
        use ParseError::*;
        match *self {
            Empty | NoCanvas => None,
            BadChar { line, .. }
            | LeadingEmptyLine { line }
            | ExtraEmptyLine { line }
            | RaggedBlock { line, .. }
            | MixedBlock { line, .. }
            | CanvasNotLast { line, .. } => Some(line),
            TwoCanvases { second, .. } => Some(second),
        }
    }
}

fn describe(ch: char) -> String {
    match ch {
        ' ' => "space".into(),
        '\t' => "tab".into(),
        '\r' => "carriage return".into(),
        c if c.is_control() => format!("control character U+{:04X}", c as u32),
        c => format!("character {c:?}"),
    }
}

fn is_word(ch: char) -> bool {
    ch.is_ascii_alphanumeric() || ch == '_'
}

/// A block of non-empty lines: its first line number and its lines.
struct Block<'a> {
    first: usize,
    lines: Vec<&'a str>,
}

/// Splits into lines (without `\n` / `\r\n`) paired with 1-based numbers.
fn lines(input: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut rest = input;
    while !rest.is_empty() {
        let (line, tail) = match rest.find('\n') {
            Some(i) => (&rest[..i], &rest[i + 1..]),
            None => (rest, ""),
        };
        let line = if line.len() < rest.len() {
            // Terminated by `\n`: a `\r` right before it is part of the line end.
            line.strip_suffix('\r').unwrap_or(line)
        } else {
            line
        };
        out.push((out.len() + 1, line));
        rest = tail;
    }
    out
}

/// Parses a puzzle.
///
/// ```
/// let puzzle = backref_rectangles::parse("aa\naa\n\nbb\n\nc\n\nddd\n\n~~~\n~~~\n").unwrap();
/// assert_eq!(puzzle.pieces.len(), 4);
/// assert_eq!((puzzle.canvas.width, puzzle.canvas.height), (3, 2));
/// ```
pub fn parse(input: &str) -> Result<Puzzle, ParseError> {
    let all = lines(input);
    // Trailing empty lines are accepted and dropped.
    let used = all
        .iter()
        .rposition(|(_, l)| !l.is_empty())
        .map_or(0, |i| i + 1);
    let all = &all[..used];
    if all.is_empty() {
        return Err(ParseError::Empty);
    }
    let mut blocks: Vec<Block<'_>> = Vec::new();
    let mut previous_empty = false;
    for &(number, line) in all {
        if line.is_empty() {
            if blocks.is_empty() {
                return Err(ParseError::LeadingEmptyLine { line: number });
            }
            if previous_empty {
                return Err(ParseError::ExtraEmptyLine { line: number });
            }
            previous_empty = true;
            continue;
        }
        if let Some((column, ch)) = line
            .chars()
            .enumerate()
            .find(|&(_, c)| !is_word(c) && c != '~')
        {
            return Err(ParseError::BadChar {
                line: number,
                column: column + 1,
                ch,
            });
        }
        match blocks.last_mut() {
            Some(block) if !previous_empty => block.lines.push(line),
            _ => blocks.push(Block {
                first: number,
                lines: vec![line],
            }),
        }
        previous_empty = false;
    }

    let mut pieces = Vec::new();
    let mut canvas: Option<(usize, Canvas)> = None;
    for block in &blocks {
        let is_canvas = block.lines[0].starts_with('~');
        let width = block.lines[0].chars().count();
        for (i, line) in block.lines.iter().enumerate() {
            let number = block.first + i;
            if let Some(column) = line.chars().position(|c| (c == '~') != is_canvas) {
                return Err(ParseError::MixedBlock {
                    line: number,
                    column: column + 1,
                    block: block.first,
                });
            }
            let found = line.chars().count();
            if found != width {
                return Err(ParseError::RaggedBlock {
                    line: number,
                    block: block.first,
                    expected: width,
                    found,
                });
            }
        }
        if is_canvas {
            if let Some((first, _)) = canvas {
                return Err(ParseError::TwoCanvases {
                    first,
                    second: block.first,
                });
            }
            canvas = Some((
                block.first,
                Canvas {
                    width,
                    height: block.lines.len(),
                },
            ));
        } else {
            if let Some((line, _)) = canvas {
                return Err(ParseError::CanvasNotLast {
                    line,
                    next: block.first,
                });
            }
            pieces.push(Piece {
                width,
                height: block.lines.len(),
                cells: block.lines.iter().flat_map(|l| l.chars()).collect(),
                line: block.first,
            });
        }
    }
    let (_, canvas) = canvas.ok_or(ParseError::NoCanvas)?;
    Ok(Puzzle { pieces, canvas })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crlf_and_missing_final_newline() {
        let p = parse("ab\r\ncd\r\n\r\n~~\r\n~~").unwrap();
        assert_eq!(p.pieces[0].cells, vec!['a', 'b', 'c', 'd']);
        assert_eq!((p.canvas.width, p.canvas.height), (2, 2));
    }

    #[test]
    fn lone_carriage_return_is_bad() {
        let e = parse("a\rb\n\n~~~\n").unwrap_err();
        assert_eq!(
            e,
            ParseError::BadChar {
                line: 1,
                column: 2,
                ch: '\r'
            }
        );
    }
}
