//! Parsing of puzzle-aquarium.com task strings and of solution blocks.
//!
//! # Task string
//!
//! `c1_c2_..._cN_r1_..._rN;id,id,...`: N column counts, N row counts (separated by `_`), one
//! `;`, then N² region ids row by row from the top-left (separated by `,`). Every item is a
//! non-negative decimal number made of ASCII digits only (no sign); spaces or tabs around an
//! item are allowed. N is deduced from the item count `T = N² + 2N`.
//!
//! [`parse_str`] reads the **first non-blank line** as the puzzle (leading and trailing
//! whitespace is ignored); blank lines before and after it are fine (a trailing newline, stdin),
//! but any other non-blank line is an error ([`ParseErrorKind::ExtraLine`]) rather than being
//! silently ignored. The corpus layout "task line, empty line, solution rows" is read by
//! [`parse_with_solution`].
//!
//! # Solution block
//!
//! N rows of N characters, `W` (or `w`) for water and `.` for an empty cell. Blank lines before
//! and after the block are ignored; trailing whitespace on a row is ignored.
//!
//! Parsing never panics: every problem is a [`ParseError`] naming the origin, the 1-based line
//! and column (columns count characters), and what was expected.

use thiserror::Error;

use crate::{Puzzle, Solution};

/// A parse failure: where it happened and what went wrong.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{origin}:{line}:{column}: {kind}")]
pub struct ParseError {
    /// The name of the input (a file name, `<stdin>`, ...), as given by the caller.
    pub origin: String,
    /// 1-based line number.
    pub line: usize,
    /// 1-based column, counted in characters.
    pub column: usize,
    /// What went wrong.
    pub kind: ParseErrorKind,
}

/// Which counts a count item belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Axis {
    /// A column count (the first N items).
    Column,
    /// A row count (the next N items).
    Row,
}

impl std::fmt::Display for Axis {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Axis::Column => "column",
            Axis::Row => "row",
        })
    }
}

/// The kinds of parse failure.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseErrorKind {
    /// The input holds no non-blank line.
    #[error("empty input: expected a task string `c1_..._cN_r1_..._rN;id,id,...`")]
    Empty,
    /// No `;` separates the counts from the region ids.
    #[error("missing `;`: expected `counts;region ids`, e.g. `1_1;1`")]
    MissingSemicolon,
    /// A second `;` on the task line.
    #[error("unexpected second `;`: expected only `,`-separated region ids after the first")]
    ExtraSemicolon,
    /// An item that is not a plain non-negative decimal number.
    #[error(
        "item {item}: expected {expected} (ASCII digits), found {}",
        describe(found)
    )]
    NotANumber {
        /// 1-based index of the item on the task line (counts first, then region ids).
        item: usize,
        /// What the item should have been (`"a water count"` or `"a region id"`).
        expected: &'static str,
        /// The text found.
        found: String,
    },
    /// A number that does not fit in 32 bits.
    #[error("item {item}: number `{found}` is too large")]
    NumberTooLarge {
        /// 1-based index of the item.
        item: usize,
        /// The text found.
        found: String,
    },
    /// The number of items is not N² + 2N for any whole N ≥ 1.
    #[error(
        "{total} numbers ({counts} counts before `;`, {ids} region ids after it) do not make \
         N² + 2N for any whole N: expected 2N counts and N² region ids"
    )]
    ItemCount {
        /// Total number of items.
        total: usize,
        /// Items before the `;`.
        counts: usize,
        /// Items after the `;`.
        ids: usize,
    },
    /// The item count fits some N but the `;` is in the wrong place.
    #[error(
        "for N = {n} expected {} counts before `;` and {} region ids after it, found {counts} and {ids}",
        2 * n,
        n * n
    )]
    CountSplit {
        /// The N deduced from the total item count.
        n: usize,
        /// Items before the `;`.
        counts: usize,
        /// Items after the `;`.
        ids: usize,
    },
    /// A water count larger than N.
    #[error("item {item}: {axis} {index} count {value} is larger than N = {n}")]
    CountTooLarge {
        /// 1-based index of the item.
        item: usize,
        /// Column or row count.
        axis: Axis,
        /// 1-based column or row number.
        index: usize,
        /// The count found.
        value: usize,
        /// The grid size.
        n: usize,
    },
    /// A non-blank line after the task line (in [`parse_str`], which reads one task only).
    #[error(
        "unexpected text after the task string on line {task_line}: expected only blank lines \
         after it, found {}",
        describe(found)
    )]
    ExtraLine {
        /// 1-based line number of the task string.
        task_line: usize,
        /// The offending line, trimmed (at most 40 characters of it).
        found: String,
    },
    /// A solution cell that is neither `W` nor `.`.
    #[error("expected `W` (water) or `.` (empty), found {}", describe(&found.to_string()))]
    SolutionChar {
        /// The character found.
        found: char,
    },
    /// A solution row of the wrong length.
    #[error("solution row {row} has {found} cells, expected {expected}")]
    SolutionRowLength {
        /// 1-based solution row.
        row: usize,
        /// Expected cells (N).
        expected: usize,
        /// Cells found.
        found: usize,
    },
    /// A solution with the wrong number of rows (or a blank line inside it).
    #[error("solution has {found} rows, expected {expected}")]
    SolutionRows {
        /// Expected rows (N).
        expected: usize,
        /// Rows found.
        found: usize,
    },
}

fn describe(found: &str) -> String {
    if found.is_empty() {
        "nothing".to_string()
    } else {
        format!("`{}`", found.escape_debug())
    }
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

/// Lines of `text` with 1-based line numbers (a leading byte-order mark is dropped).
fn numbered_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    text.lines().enumerate().map(|(i, l)| (i + 1, l))
}

/// Parses a puzzle from `text`: the first non-blank line is the task string; every other line
/// must be blank ([`ParseErrorKind::ExtraLine`] names the first that is not). `origin` names the
/// input in error messages.
pub fn parse_str(text: &str, origin: &str) -> Result<Puzzle, ParseError> {
    let mut lines = numbered_lines(text).filter(|(_, l)| !l.trim().is_empty());
    let (line_no, line) = lines
        .next()
        .ok_or_else(|| err(origin, 1, 1, ParseErrorKind::Empty))?;
    let puzzle = parse_task_line(line, line_no, origin)?;
    if let Some((extra_no, extra)) = lines.next() {
        let start = extra.len() - extra.trim_start().len();
        return Err(err(
            origin,
            extra_no,
            column_of(extra, start),
            ParseErrorKind::ExtraLine {
                task_line: line_no,
                found: extra.trim().chars().take(40).collect(),
            },
        ));
    }
    Ok(puzzle)
}

/// Parses the corpus layout: a task line (the first non-empty line), then optionally a
/// solution block after it. Returns the puzzle and the solution if one follows.
pub fn parse_with_solution(
    text: &str,
    origin: &str,
) -> Result<(Puzzle, Option<Solution>), ParseError> {
    let mut lines = numbered_lines(text).skip_while(|(_, l)| l.trim().is_empty());
    let (line_no, line) = lines
        .next()
        .ok_or_else(|| err(origin, 1, 1, ParseErrorKind::Empty))?;
    let puzzle = parse_task_line(line, line_no, origin)?;
    let rest: Vec<(usize, &str)> = lines.collect();
    if rest.iter().all(|(_, l)| l.trim().is_empty()) {
        return Ok((puzzle, None));
    }
    let end = rest.last().map_or(line_no, |(n, _)| *n);
    let solution = parse_solution_lines(&rest, end, origin, puzzle.n())?;
    Ok((puzzle, Some(solution)))
}

/// Parses a solution block of `n` rows of `n` cells (`W`/`w` water, `.` empty) from `text`.
/// Blank lines around the block are ignored.
pub fn parse_solution(text: &str, origin: &str, n: usize) -> Result<Solution, ParseError> {
    let lines: Vec<(usize, &str)> = numbered_lines(text).collect();
    let end = lines.last().map_or(1, |(n, _)| *n);
    parse_solution_lines(&lines, end, origin, n)
}

fn parse_solution_lines(
    lines: &[(usize, &str)],
    last_line: usize,
    origin: &str,
    n: usize,
) -> Result<Solution, ParseError> {
    let first = lines.iter().position(|(_, l)| !l.trim().is_empty());
    let last = lines.iter().rposition(|(_, l)| !l.trim().is_empty());
    let block = match (first, last) {
        (Some(a), Some(b)) => &lines[a..=b],
        _ => {
            return Err(err(
                origin,
                last_line,
                1,
                ParseErrorKind::SolutionRows {
                    expected: n,
                    found: 0,
                },
            ))
        }
    };
    let mut water = Vec::with_capacity(n);
    for (i, &(line_no, line)) in block.iter().enumerate() {
        let row = line.trim_end();
        if row.trim().is_empty() || i >= n {
            // A blank line inside the block or too many rows.
            let found = block.len().max(i + 1);
            return Err(err(
                origin,
                line_no,
                1,
                ParseErrorKind::SolutionRows { expected: n, found },
            ));
        }
        let mut cells = Vec::with_capacity(n);
        for (col, ch) in row.chars().enumerate() {
            match ch {
                'W' | 'w' => cells.push(true),
                '.' => cells.push(false),
                other => {
                    return Err(err(
                        origin,
                        line_no,
                        col + 1,
                        ParseErrorKind::SolutionChar { found: other },
                    ))
                }
            }
        }
        if cells.len() != n {
            return Err(err(
                origin,
                line_no,
                cells.len().min(n) + 1,
                ParseErrorKind::SolutionRowLength {
                    row: i + 1,
                    expected: n,
                    found: cells.len(),
                },
            ));
        }
        water.push(cells);
    }
    if water.len() != n {
        let line_no = block.last().map_or(last_line, |(l, _)| *l);
        return Err(err(
            origin,
            line_no,
            1,
            ParseErrorKind::SolutionRows {
                expected: n,
                found: water.len(),
            },
        ));
    }
    Ok(Solution { water })
}

/// One `_`- or `,`-separated item: its trimmed text and the byte offset of that text in the line.
struct Item<'a> {
    text: &'a str,
    start: usize,
}

fn split_items(line: &str, from: usize, to: usize, sep: char) -> Vec<Item<'_>> {
    let mut items = Vec::new();
    let mut start = from;
    for piece in line[from..to].split(sep) {
        let lead = piece.len() - piece.trim_start_matches([' ', '\t']).len();
        items.push(Item {
            text: piece.trim_matches([' ', '\t']),
            start: start + lead,
        });
        start += piece.len() + sep.len_utf8();
    }
    items
}

fn parse_number(
    item: &Item<'_>,
    index: usize,
    expected: &'static str,
    line: &str,
    line_no: usize,
    origin: &str,
) -> Result<u32, ParseError> {
    if item.text.is_empty() || !item.text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(err(
            origin,
            line_no,
            column_of(line, item.start),
            ParseErrorKind::NotANumber {
                item: index,
                expected,
                found: item.text.to_string(),
            },
        ));
    }
    item.text.parse::<u32>().map_err(|_| {
        err(
            origin,
            line_no,
            column_of(line, item.start),
            ParseErrorKind::NumberTooLarge {
                item: index,
                found: item.text.to_string(),
            },
        )
    })
}

/// Integer N ≥ 1 with N² + 2N = total, if any.
fn size_from_total(total: usize) -> Option<usize> {
    // N² + 2N = T  ⇔  (N + 1)² = T + 1.
    let target = total.checked_add(1)?;
    let mut root = (target as f64).sqrt() as usize;
    while root.saturating_mul(root) > target {
        root -= 1;
    }
    while (root + 1).saturating_mul(root + 1) <= target {
        root += 1;
    }
    (root * root == target && root >= 2).then(|| root - 1)
}

fn parse_task_line(line: &str, line_no: usize, origin: &str) -> Result<Puzzle, ParseError> {
    let start = line.len() - line.trim_start().len();
    let end = line.trim_end().len();
    let semi = match line[start..end].find(';') {
        Some(i) => start + i,
        None => {
            return Err(err(
                origin,
                line_no,
                column_of(line, end),
                ParseErrorKind::MissingSemicolon,
            ))
        }
    };
    if let Some(i) = line[semi + 1..end].find(';') {
        return Err(err(
            origin,
            line_no,
            column_of(line, semi + 1 + i),
            ParseErrorKind::ExtraSemicolon,
        ));
    }
    let count_items = split_items(line, start, semi, '_');
    let id_items = split_items(line, semi + 1, end, ',');

    let mut counts = Vec::with_capacity(count_items.len());
    for (i, item) in count_items.iter().enumerate() {
        counts.push(parse_number(item, i + 1, "a water count", line, line_no, origin)? as usize);
    }
    let mut ids = Vec::with_capacity(id_items.len());
    for (i, item) in id_items.iter().enumerate() {
        let index = count_items.len() + i + 1;
        ids.push(parse_number(
            item,
            index,
            "a region id",
            line,
            line_no,
            origin,
        )?);
    }

    let total = counts.len() + ids.len();
    let n = size_from_total(total).ok_or_else(|| {
        err(
            origin,
            line_no,
            column_of(line, start),
            ParseErrorKind::ItemCount {
                total,
                counts: counts.len(),
                ids: ids.len(),
            },
        )
    })?;
    if counts.len() != 2 * n {
        return Err(err(
            origin,
            line_no,
            column_of(line, semi),
            ParseErrorKind::CountSplit {
                n,
                counts: counts.len(),
                ids: ids.len(),
            },
        ));
    }
    for (i, &value) in counts.iter().enumerate() {
        if value > n {
            let (axis, index) = if i < n {
                (Axis::Column, i + 1)
            } else {
                (Axis::Row, i - n + 1)
            };
            return Err(err(
                origin,
                line_no,
                column_of(line, count_items[i].start),
                ParseErrorKind::CountTooLarge {
                    item: i + 1,
                    axis,
                    index,
                    value,
                    n,
                },
            ));
        }
    }
    let row_counts = counts.split_off(n);
    let regions: Vec<Vec<u32>> = ids.chunks(n).map(<[u32]>::to_vec).collect();
    // The checks above guarantee the shape, so `new` cannot fail; map defensively anyway.
    Puzzle::new(counts, row_counts, regions).map_err(|_| {
        err(
            origin,
            line_no,
            column_of(line, start),
            ParseErrorKind::ItemCount {
                total,
                counts: 2 * n,
                ids: n * n,
            },
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        assert_eq!(size_from_total(3), Some(1));
        assert_eq!(size_from_total(8), Some(2));
        assert_eq!(size_from_total(48), Some(6));
        assert_eq!(size_from_total(255), Some(15));
        assert_eq!(size_from_total(0), None);
        assert_eq!(size_from_total(4), None);
        assert_eq!(size_from_total(usize::MAX), None);
    }
}
