//! Parsing of colour-grid puzzles, solution grids and fixture `.expected` files.
//!
//! The puzzle format is described in the crate documentation. Parsing never panics: every
//! problem is a [`ParseError`] naming the origin, the 1-based line and column (columns count
//! characters) and what was expected.

use thiserror::Error;

use crate::{Puzzle, Solution};

/// A parse failure: where it happened and what went wrong.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{origin}:{line}:{column}: {kind}")]
pub struct ParseError {
    /// The name of the input, as given by the caller.
    pub origin: String,
    /// 1-based line number.
    pub line: usize,
    /// 1-based column, counted in characters.
    pub column: usize,
    /// What went wrong.
    pub kind: ParseErrorKind,
}

/// The kinds of parse failure.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseErrorKind {
    /// A non-blank line without `:`.
    #[error("expected `key: value` (keys: rows, cols, colors)")]
    MissingColon,
    /// A key other than `rows`, `cols`, `colors`.
    #[error("unknown key `{key}`: expected `rows`, `cols` or `colors`")]
    UnknownKey {
        /// The key found.
        key: String,
    },
    /// A key given twice.
    #[error("duplicate key `{key}` (first given on line {first_line})")]
    DuplicateKey {
        /// The key.
        key: String,
        /// Line of its first occurrence.
        first_line: usize,
    },
    /// `rows:` or `cols:` is missing.
    #[error("missing `{key}:` line")]
    MissingKey {
        /// The missing key.
        key: &'static str,
    },
    /// A key with nothing after the colon.
    #[error("`{key}:` needs at least one {what}")]
    EmptyList {
        /// The key.
        key: String,
        /// `"clue"` or `"colour letter"`.
        what: &'static str,
    },
    /// Nothing between two commas of the question layout's column clues.
    #[error("expected a clue between the commas, found none")]
    EmptyClue,
    /// A row line of the question's layout without its two parts.
    #[error("expected a row: its cells (`_,_,...`), a space, and its clue")]
    QuestionRow,
    /// A row of the question's layout whose cells are not one per column clue.
    #[error("the row has {found} cells, expected {expected} (one per column clue)")]
    QuestionCells {
        /// Column clues on the first line.
        expected: usize,
        /// Cells found.
        found: usize,
    },
    /// A cell of the question's layout other than `_`.
    #[error("expected `_` (an empty cell), found `{found}`: the layout has no given colours")]
    NotBlankCell {
        /// What was found.
        found: String,
    },
    /// A character that is not an ASCII letter where a colour was expected.
    #[error("expected a colour (an ASCII letter), found `{}`", found.escape_debug())]
    NotALetter {
        /// The character found.
        found: char,
    },
    /// Two equal adjacent letters in a clue.
    #[error("clue repeats `{letter}`: a clue lists runs, so adjacent letters must differ")]
    RepeatedLetter {
        /// The letter.
        letter: char,
    },
    /// A clue letter missing from `colors:`.
    #[error("colour `{letter}` is not in `colors: {colors}`")]
    NotInColors {
        /// The letter.
        letter: char,
        /// The declared alphabet.
        colors: String,
    },
    /// A letter twice in `colors:`.
    #[error("colour `{letter}` appears twice in `colors:`")]
    DuplicateColor {
        /// The letter.
        letter: char,
    },
    /// A solution row with the wrong number of cells.
    #[error("solution row {row} has {found} cells, expected {expected}")]
    SolutionRowLength {
        /// 1-based row.
        row: usize,
        /// Expected cells.
        expected: usize,
        /// Cells found.
        found: usize,
    },
    /// A solution block with the wrong number of rows.
    #[error("solution has {found} rows, expected {expected}")]
    SolutionRows {
        /// Expected rows.
        expected: usize,
        /// Rows found.
        found: usize,
    },
    /// An expected file whose first line is neither `unsolvable` nor `solutions: N`.
    #[error("expected `unsolvable` or `solutions: N`")]
    ExpectedHeader,
    /// An expected file listing a number of solutions other than its header.
    #[error("header says {count} solutions, {listed} listed (all must be listed when ≤ 10)")]
    ExpectedListed {
        /// The header count.
        count: usize,
        /// Solutions listed.
        listed: usize,
    },
}

fn err(origin: &str, line: usize, column: usize, kind: ParseErrorKind) -> ParseError {
    ParseError {
        origin: origin.to_string(),
        line,
        column,
        kind,
    }
}

/// 1-based character column of byte offset `byte` in `line`.
fn column_of(line: &str, byte: usize) -> usize {
    line[..byte].chars().count() + 1
}

/// Lines of `text` with 1-based numbers (a leading byte-order mark is dropped).
fn numbered_lines(text: &str) -> Vec<(usize, &str)> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    text.lines().enumerate().map(|(i, l)| (i + 1, l)).collect()
}

/// Position just after the end of `text` (for "missing ..." errors).
fn end_position(text: &str) -> (usize, usize) {
    end_of(&numbered_lines(text))
}

/// Position just after the last of numbered `lines`.
fn end_of(lines: &[(usize, &str)]) -> (usize, usize) {
    match lines.last() {
        Some(&(n, l)) => (n, l.chars().count() + 1),
        None => (1, 1),
    }
}

/// A whitespace-separated word and its byte offset in the line.
fn words(line: &str, from: usize, to: usize) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, ch) in line[from..to].char_indices() {
        let i = from + i;
        if ch == ' ' || ch == '\t' {
            if let Some(s) = start.take() {
                out.push((s, &line[s..i]));
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        out.push((s, &line[s..to]));
    }
    out
}

/// A clue with the position of its first letter.
struct Placed {
    line: usize,
    /// Byte offset in the line.
    start: usize,
    text: String,
}

/// The clues a layout read: each with its line, and the `colors:` alphabet when given.
type Read = (
    Option<(usize, Vec<Placed>)>,
    Option<(usize, Vec<Placed>)>,
    Option<(usize, Vec<u8>)>,
);

/// A line's content before any `#` comment.
fn content(line: &str) -> &str {
    &line[..line.find('#').unwrap_or(line.len())]
}

/// Parses a puzzle (see the crate documentation for the format). `origin` names the input in
/// error messages.
pub fn parse_str(text: &str, origin: &str) -> Result<Puzzle, ParseError> {
    let lines = numbered_lines(text);
    // The Stack Overflow question's layout has no `key:` lines: its first line is the column
    // clues, separated by commas.
    let first = lines
        .iter()
        .map(|(_, l)| content(l))
        .find(|c| !c.trim().is_empty());
    let question = first.is_some_and(|c| !c.contains(':') && c.contains(','));
    let (rows, cols, colors) = if question {
        question_layout(&lines, origin)?
    } else {
        key_value_layout(&lines, origin)?
    };
    validate(&lines, origin, rows, cols, colors)
}

/// Whether `ch`, at `col` of line `line_no`, is a colour: an ASCII letter.
fn letter(origin: &str, line_no: usize, col: usize, ch: char) -> Result<(), ParseError> {
    if ch.is_ascii_alphabetic() {
        return Ok(());
    }
    Err(err(
        origin,
        line_no,
        col,
        ParseErrorKind::NotALetter { found: ch },
    ))
}

/// The clue a word spells: ASCII letters, no letter twice in a row.
fn clue(
    origin: &str,
    line_no: usize,
    line: &str,
    start: usize,
    word: &str,
) -> Result<Placed, ParseError> {
    let mut prev: Option<char> = None;
    for (i, ch) in word.char_indices() {
        let col = column_of(line, start + i);
        letter(origin, line_no, col, ch)?;
        if prev == Some(ch) {
            return Err(err(
                origin,
                line_no,
                col,
                ParseErrorKind::RepeatedLetter { letter: ch },
            ));
        }
        prev = Some(ch);
    }
    Ok(Placed {
        line: line_no,
        start,
        text: word.to_string(),
    })
}

/// The layout of Stack Overflow question 49101990: the column clues on the first line,
/// separated by commas, then one line per row: its cells (`_`, separated by commas) and, after
/// a space, its clue.
fn question_layout(lines: &[(usize, &str)], origin: &str) -> Result<Read, ParseError> {
    let mut content_lines = lines
        .iter()
        .map(|&(n, l)| (n, l, content(l)))
        .filter(|(_, _, c)| !c.trim().is_empty());
    let Some((head_no, head, head_content)) = content_lines.next() else {
        return Err(err(
            origin,
            1,
            1,
            ParseErrorKind::MissingKey { key: "cols" },
        ));
    };
    let mut cols = Vec::new();
    let mut at = 0;
    for item in head_content.split(',') {
        let lead = item.len() - item.trim_start().len();
        let word = item.trim();
        if word.is_empty() {
            return Err(err(
                origin,
                head_no,
                column_of(head, at + lead),
                ParseErrorKind::EmptyClue,
            ));
        }
        cols.push(clue(origin, head_no, head, at + lead, word)?);
        at += item.len() + 1;
    }
    let mut rows = Vec::new();
    for (line_no, line, c) in content_lines {
        let items = words(line, 0, c.trim_end().len());
        let col_after = |k: usize| column_of(line, items[k].0 + items[k].1.len());
        match items.len() {
            1 => {
                return Err(err(
                    origin,
                    line_no,
                    col_after(0),
                    ParseErrorKind::QuestionRow,
                ))
            }
            2 => {}
            _ => {
                return Err(err(
                    origin,
                    line_no,
                    column_of(line, items[2].0),
                    ParseErrorKind::QuestionRow,
                ))
            }
        }
        let (cells_at, cells) = items[0];
        let mut k = 0;
        let mut count = 0;
        for cell in cells.split(',') {
            if cell != "_" {
                return Err(err(
                    origin,
                    line_no,
                    column_of(line, cells_at + k),
                    ParseErrorKind::NotBlankCell {
                        found: cell.to_string(),
                    },
                ));
            }
            count += 1;
            k += cell.len() + 1;
        }
        if count != cols.len() {
            return Err(err(
                origin,
                line_no,
                column_of(line, cells_at),
                ParseErrorKind::QuestionCells {
                    expected: cols.len(),
                    found: count,
                },
            ));
        }
        let (start, word) = items[1];
        rows.push(clue(origin, line_no, line, start, word)?);
    }
    if rows.is_empty() {
        let (n, c) = end_of(lines);
        return Err(err(origin, n, c, ParseErrorKind::QuestionRow));
    }
    Ok((Some((head_no + 1, rows)), Some((head_no, cols)), None))
}

/// The `key: value` layout (the crate documentation's).
fn key_value_layout(lines: &[(usize, &str)], origin: &str) -> Result<Read, ParseError> {
    let mut rows: Option<(usize, Vec<Placed>)> = None;
    let mut cols: Option<(usize, Vec<Placed>)> = None;
    let mut colors: Option<(usize, Vec<u8>)> = None;

    for &(line_no, line) in lines {
        let content = content(line);
        if content.trim().is_empty() {
            continue;
        }
        let first = content.len() - content.trim_start().len();
        let Some(colon) = content.find(':') else {
            return Err(err(
                origin,
                line_no,
                column_of(line, first),
                ParseErrorKind::MissingColon,
            ));
        };
        let key = content[..colon].trim();
        let first_line = match key {
            "rows" => rows.as_ref().map(|r| r.0),
            "cols" => cols.as_ref().map(|c| c.0),
            "colors" => colors.as_ref().map(|c| c.0),
            _ => {
                return Err(err(
                    origin,
                    line_no,
                    column_of(line, first),
                    ParseErrorKind::UnknownKey {
                        key: key.to_string(),
                    },
                ))
            }
        };
        if let Some(first_line) = first_line {
            return Err(err(
                origin,
                line_no,
                column_of(line, first),
                ParseErrorKind::DuplicateKey {
                    key: key.to_string(),
                    first_line,
                },
            ));
        }
        let value_end = content.trim_end().len().max(colon + 1);
        let items = words(line, colon + 1, value_end);
        if key == "colors" {
            let mut letters: Vec<u8> = Vec::new();
            for (start, word) in &items {
                for (i, ch) in word.char_indices() {
                    if ch == ',' {
                        continue;
                    }
                    let col = column_of(line, start + i);
                    letter(origin, line_no, col, ch)?;
                    if letters.contains(&(ch as u8)) {
                        return Err(err(
                            origin,
                            line_no,
                            col,
                            ParseErrorKind::DuplicateColor { letter: ch },
                        ));
                    }
                    letters.push(ch as u8);
                }
            }
            if letters.is_empty() {
                return Err(err(
                    origin,
                    line_no,
                    column_of(line, colon + 1),
                    ParseErrorKind::EmptyList {
                        key: key.to_string(),
                        what: "colour letter",
                    },
                ));
            }
            colors = Some((line_no, letters));
            continue;
        }
        if items.is_empty() {
            return Err(err(
                origin,
                line_no,
                column_of(line, colon + 1),
                ParseErrorKind::EmptyList {
                    key: key.to_string(),
                    what: "clue",
                },
            ));
        }
        let clues = (items.into_iter())
            .map(|(start, word)| clue(origin, line_no, line, start, word))
            .collect::<Result<Vec<_>, _>>()?;
        if key == "rows" {
            rows = Some((line_no, clues));
        } else {
            cols = Some((line_no, clues));
        }
    }
    Ok((rows, cols, colors))
}

/// What both layouts check once their clues are read: both lists present, and every clue
/// letter in `colors:` when given.
fn validate(
    lines: &[(usize, &str)],
    origin: &str,
    rows: Option<(usize, Vec<Placed>)>,
    cols: Option<(usize, Vec<Placed>)>,
    colors: Option<(usize, Vec<u8>)>,
) -> Result<Puzzle, ParseError> {
    let (end_line, end_col) = end_of(lines);
    let missing = |key| {
        err(
            origin,
            end_line,
            end_col,
            ParseErrorKind::MissingKey { key },
        )
    };
    let rows = rows.ok_or_else(|| missing("rows"))?.1;
    let cols = cols.ok_or_else(|| missing("cols"))?.1;

    if let Some((_, letters)) = &colors {
        for clue in rows.iter().chain(&cols) {
            for (i, b) in clue.text.bytes().enumerate() {
                if !letters.contains(&b) {
                    let line = lines
                        .iter()
                        .find(|(n, _)| *n == clue.line)
                        .map_or("", |(_, l)| *l);
                    return Err(err(
                        origin,
                        clue.line,
                        column_of(line, clue.start + i),
                        ParseErrorKind::NotInColors {
                            letter: b as char,
                            colors: String::from_utf8_lossy(letters).into_owned(),
                        },
                    ));
                }
            }
        }
    }

    let alphabet = colors.map(|(_, l)| String::from_utf8_lossy(&l).into_owned());
    let row_clues = rows.into_iter().map(|c| c.text).collect();
    let col_clues = cols.into_iter().map(|c| c.text).collect();
    // Everything `new` validates was checked above with positions; map defensively anyway.
    Puzzle::new(row_clues, col_clues, alphabet.as_deref()).map_err(|_| {
        err(
            origin,
            end_line,
            end_col,
            ParseErrorKind::MissingKey { key: "rows" },
        )
    })
}

/// Parses a solution grid: `rows` non-blank lines of `cols` letters each (blank lines around
/// the block are ignored, as is trailing whitespace).
pub fn parse_solution(
    text: &str,
    origin: &str,
    rows: usize,
    cols: usize,
) -> Result<Solution, ParseError> {
    let lines = numbered_lines(text);
    let blocks = blocks(&lines);
    match blocks.as_slice() {
        [] => {
            let (l, c) = end_position(text);
            Err(err(
                origin,
                l,
                c,
                ParseErrorKind::SolutionRows {
                    expected: rows,
                    found: 0,
                },
            ))
        }
        [one] => parse_block(one, origin, rows, cols),
        [first, second, ..] => Err(err(
            origin,
            second[0].0,
            1,
            ParseErrorKind::SolutionRows {
                expected: rows,
                found: first.len() + second.len(),
            },
        )),
    }
}

/// Groups non-blank lines into blocks separated by blank lines.
fn blocks<'a>(lines: &[(usize, &'a str)]) -> Vec<Vec<(usize, &'a str)>> {
    let mut out: Vec<Vec<(usize, &str)>> = Vec::new();
    let mut current = Vec::new();
    for &(n, l) in lines {
        if l.trim().is_empty() {
            if !current.is_empty() {
                out.push(std::mem::take(&mut current));
            }
        } else {
            current.push((n, l.trim_end()));
        }
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

fn parse_block(
    block: &[(usize, &str)],
    origin: &str,
    rows: usize,
    cols: usize,
) -> Result<Solution, ParseError> {
    let mut cells = Vec::with_capacity(rows);
    for (i, &(line_no, line)) in block.iter().enumerate() {
        if i >= rows {
            return Err(err(
                origin,
                line_no,
                1,
                ParseErrorKind::SolutionRows {
                    expected: rows,
                    found: block.len(),
                },
            ));
        }
        let mut row = Vec::with_capacity(cols);
        for (j, ch) in line.chars().enumerate() {
            if !ch.is_ascii_alphabetic() {
                return Err(err(
                    origin,
                    line_no,
                    j + 1,
                    ParseErrorKind::NotALetter { found: ch },
                ));
            }
            row.push(ch as u8);
        }
        if row.len() != cols {
            return Err(err(
                origin,
                line_no,
                row.len().min(cols) + 1,
                ParseErrorKind::SolutionRowLength {
                    row: i + 1,
                    expected: cols,
                    found: row.len(),
                },
            ));
        }
        cells.push(row);
    }
    if cells.len() != rows {
        let line_no = block.last().map_or(1, |(n, _)| *n);
        return Err(err(
            origin,
            line_no,
            1,
            ParseErrorKind::SolutionRows {
                expected: rows,
                found: cells.len(),
            },
        ));
    }
    Ok(Solution { cells })
}

/// The contents of a fixture `.expected` file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expected {
    /// The exact number of solutions (0 for `unsolvable`).
    pub count: usize,
    /// The listed solutions (all of them when `count ≤ 10`, none otherwise).
    pub solutions: Vec<Solution>,
}

/// Parses a fixture `.expected` file (format in the crate documentation) for an R×C puzzle.
pub fn parse_expected(
    text: &str,
    origin: &str,
    rows: usize,
    cols: usize,
) -> Result<Expected, ParseError> {
    let lines = numbered_lines(text);
    let Some(pos) = lines.iter().position(|(_, l)| !l.trim().is_empty()) else {
        return Err(err(origin, 1, 1, ParseErrorKind::ExpectedHeader));
    };
    let (header_line, header) = lines[pos];
    let header = header.trim();
    let rest = &lines[pos + 1..];
    if header == "unsolvable" {
        if let Some(&(n, _)) = rest.iter().find(|(_, l)| !l.trim().is_empty()) {
            return Err(err(
                origin,
                n,
                1,
                ParseErrorKind::ExpectedListed {
                    count: 0,
                    listed: 1,
                },
            ));
        }
        return Ok(Expected {
            count: 0,
            solutions: Vec::new(),
        });
    }
    let count = header
        .strip_prefix("solutions:")
        .map(str::trim)
        .filter(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|n| n.parse::<usize>().ok())
        .ok_or_else(|| err(origin, header_line, 1, ParseErrorKind::ExpectedHeader))?;
    let mut solutions = Vec::new();
    for block in blocks(rest) {
        solutions.push(parse_block(&block, origin, rows, cols)?);
    }
    let wanted = if count <= 10 { count } else { 0 };
    if solutions.len() != wanted && !(count > 10 && solutions.len() <= count) {
        return Err(err(
            origin,
            header_line,
            1,
            ParseErrorKind::ExpectedListed {
                count,
                listed: solutions.len(),
            },
        ));
    }
    Ok(Expected { count, solutions })
}
