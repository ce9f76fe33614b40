//! The strict fillit input parser.
//!
//! Format, exactly: 1 to 26 pieces; a piece is exactly 4 lines of exactly 4 characters from `#`
//! and `.`, each line ended by `\n`; consecutive pieces are separated by exactly one empty line;
//! nothing follows the last piece's fourth line (no empty line, no missing final newline). A
//! piece has exactly four `#`, all edge-connected. Anything else is an error: `\r\n` line ends,
//! spaces, other bytes (including NUL and non-UTF-8), an empty file, more than 26 pieces.
//!
//! The parser never panics; every error says what was wrong and where (1-based line numbers).
//! When an input has several problems, the first one in reading order is reported.

use thiserror::Error;

use crate::{letter, Piece, MAX_PIECES};

/// Why an input is not a valid fillit file.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseError {
    /// The input has no bytes at all.
    #[error("the file is empty")]
    Empty,
    /// A byte other than `#`, `.` or the line-ending `\n`.
    #[error("line {line}, column {column}: unexpected {}, only '#' and '.' are allowed", describe_byte(.byte))]
    BadByte {
        /// 1-based line number.
        line: usize,
        /// 1-based column (byte offset in the line).
        column: usize,
        /// The offending byte.
        byte: u8,
    },
    /// A line ended by `\r\n` instead of `\n`.
    #[error("line {line}: ends with \\r\\n, fillit lines must end with \\n only")]
    CarriageReturn {
        /// 1-based line number.
        line: usize,
    },
    /// A piece line whose length is not 4.
    #[error("line {line}: expected 4 characters, found {length}")]
    BadLineLength {
        /// 1-based line number.
        line: usize,
        /// The line's length in bytes, without its `\n`.
        length: usize,
    },
    /// The last line is not ended by `\n`.
    #[error("line {line}: missing final newline")]
    MissingFinalNewline {
        /// 1-based line number.
        line: usize,
    },
    /// The file starts with an empty line.
    #[error("line {line}: empty line before the first piece")]
    LeadingEmptyLine {
        /// 1-based line number.
        line: usize,
    },
    /// Two (or more) empty lines in a row between pieces.
    #[error("line {line}: extra empty line, pieces are separated by exactly one empty line")]
    ExtraEmptyLine {
        /// 1-based line number.
        line: usize,
    },
    /// An empty line inside a piece (the piece has fewer than 4 lines).
    #[error("line {line}: piece {} has only {rows} line(s) before an empty line, expected 4", piece_name(*.piece))]
    ShortPiece {
        /// 1-based piece number.
        piece: usize,
        /// 1-based line number of the empty line.
        line: usize,
        /// How many piece lines came before it.
        rows: usize,
    },
    /// The file ends inside a piece.
    #[error("line {line}: the file ends after {rows} line(s) of piece {}, expected 4", piece_name(*.piece))]
    TruncatedPiece {
        /// 1-based piece number.
        piece: usize,
        /// 1-based number of the piece's last line.
        line: usize,
        /// How many piece lines there are.
        rows: usize,
    },
    /// A non-empty line where the empty separator line (or the end of the file) was expected.
    #[error("line {line}: expected an empty line or the end of the file after the 4 lines of piece {}", piece_name(*.piece))]
    MissingSeparator {
        /// 1-based piece number of the piece just read.
        piece: usize,
        /// 1-based line number.
        line: usize,
    },
    /// An empty line after the last piece.
    #[error("line {line}: empty line after the last piece")]
    TrailingEmptyLine {
        /// 1-based line number.
        line: usize,
    },
    /// A piece without exactly four `#`.
    #[error("piece {}, lines {line}-{}: {count} '#' cells, expected exactly 4", piece_name(*.piece), .line + 3)]
    BlockCount {
        /// 1-based piece number.
        piece: usize,
        /// 1-based number of the piece's first line.
        line: usize,
        /// Number of `#` found.
        count: usize,
    },
    /// A piece whose four `#` are not edge-connected.
    #[error("piece {}, lines {line}-{}: the 4 '#' cells are not edge-connected", piece_name(*.piece), .line + 3)]
    Disconnected {
        /// 1-based piece number.
        piece: usize,
        /// 1-based number of the piece's first line.
        line: usize,
    },
    /// A 27th piece starts.
    #[error("line {line}: a 27th piece starts here, at most 26 pieces are allowed")]
    TooManyPieces {
        /// 1-based line number where the 27th piece starts.
        line: usize,
    },
}

impl ParseError {
    /// The 1-based line the error points at (`None` for an empty file).
    pub fn line(&self) -> Option<usize> {
        use ParseError::*;
        match *self {
            Empty => None,
            BadByte { line, .. }
            | CarriageReturn { line }
            | BadLineLength { line, .. }
            | MissingFinalNewline { line }
            | LeadingEmptyLine { line }
            | ExtraEmptyLine { line }
            | ShortPiece { line, .. }
            | TruncatedPiece { line, .. }
            | MissingSeparator { line, .. }
            | TrailingEmptyLine { line }
            | BlockCount { line, .. }
            | Disconnected { line, .. }
            | TooManyPieces { line } => Some(line),
        }
    }
}

fn describe_byte(byte: &u8) -> String {
    match *byte {
        b' ' => "space".to_string(),
        b'\t' => "tab".to_string(),
        b'\r' => "carriage return".to_string(),
        0x21..=0x7E => format!("character '{}'", *byte as char),
        other => format!("byte 0x{other:02X}"),
    }
}

fn piece_name(piece: usize) -> String {
    if (1..=MAX_PIECES).contains(&piece) {
        format!("{piece} ({})", letter(piece - 1))
    } else {
        piece.to_string()
    }
}

/// One input line: its bytes without `\n`, whether a `\n` ended it, and its 1-based number.
struct Line<'a> {
    bytes: &'a [u8],
    terminated: bool,
    number: usize,
}

fn split_lines(input: &[u8]) -> Vec<Line<'_>> {
    let mut lines = Vec::new();
    let mut rest = input;
    while !rest.is_empty() {
        let number = lines.len() + 1;
        match rest.iter().position(|&b| b == b'\n') {
            Some(end) => {
                lines.push(Line {
                    bytes: &rest[..end],
                    terminated: true,
                    number,
                });
                rest = &rest[end + 1..];
            }
            None => {
                lines.push(Line {
                    bytes: rest,
                    terminated: false,
                    number,
                });
                rest = &[];
            }
        }
    }
    lines
}

/// Checks one line of a piece; returns its 4-bit row mask (bit `c` = `#` in column `c`).
fn piece_row(line: &Line<'_>) -> Result<u16, ParseError> {
    let n = line.bytes.len();
    let mut mask = 0u16;
    for (i, &b) in line.bytes.iter().enumerate() {
        match b {
            b'#' if i < 4 => mask |= 1 << i,
            b'#' | b'.' => {}
            b'\r' if i + 1 == n && line.terminated => {
                return Err(ParseError::CarriageReturn { line: line.number })
            }
            _ => {
                return Err(ParseError::BadByte {
                    line: line.number,
                    column: i + 1,
                    byte: b,
                })
            }
        }
    }
    if n != 4 {
        return Err(ParseError::BadLineLength {
            line: line.number,
            length: n,
        });
    }
    if !line.terminated {
        return Err(ParseError::MissingFinalNewline { line: line.number });
    }
    Ok(mask)
}

/// True when the cells of a 4×4 mask (bit `4·row + col`) form one edge-connected group.
fn connected(mask: u16) -> bool {
    if mask == 0 {
        return false;
    }
    let not_col0: u16 = 0xEEEE;
    let not_col3: u16 = 0x7777;
    let mut reached = 1u16 << mask.trailing_zeros();
    loop {
        let grown = reached
            | (reached << 4)
            | (reached >> 4)
            | ((reached << 1) & not_col0)
            | ((reached >> 1) & not_col3);
        let next = grown & mask;
        if next == reached {
            return reached == mask;
        }
        reached = next;
    }
}

/// Parses a fillit file's bytes into its pieces, in input order (piece `A` first).
///
/// ```
/// let pieces = backref_fillit::parse(b"#...\n#...\n#...\n#...\n").unwrap();
/// assert_eq!(pieces[0].shape(), backref_fillit::Shape::IVertical);
/// ```
pub fn parse(input: &[u8]) -> Result<Vec<Piece>, ParseError> {
    if input.is_empty() {
        return Err(ParseError::Empty);
    }
    let lines = split_lines(input);
    let mut pieces = Vec::new();
    let mut i = 0;
    loop {
        // A piece starts at lines[i], which exists.
        let number = pieces.len() + 1;
        let first = lines[i].number;
        if lines[i].bytes.is_empty() {
            return Err(if pieces.is_empty() {
                ParseError::LeadingEmptyLine { line: first }
            } else {
                ParseError::ExtraEmptyLine { line: first }
            });
        }
        if pieces.len() == MAX_PIECES {
            return Err(ParseError::TooManyPieces { line: first });
        }
        let mut mask = 0u16;
        for row in 0..4 {
            let Some(line) = lines.get(i) else {
                return Err(ParseError::TruncatedPiece {
                    piece: number,
                    line: lines[i - 1].number,
                    rows: row,
                });
            };
            if line.bytes.is_empty() {
                return Err(ParseError::ShortPiece {
                    piece: number,
                    line: line.number,
                    rows: row,
                });
            }
            mask |= piece_row(line)? << (4 * row);
            i += 1;
        }
        let count = mask.count_ones() as usize;
        if count != 4 {
            return Err(ParseError::BlockCount {
                piece: number,
                line: first,
                count,
            });
        }
        if !connected(mask) {
            return Err(ParseError::Disconnected {
                piece: number,
                line: first,
            });
        }
        pieces.push(Piece::from_mask(mask).expect("four connected cells form a tetrimino"));
        let Some(separator) = lines.get(i) else {
            return Ok(pieces);
        };
        if !separator.bytes.is_empty() {
            if separator.bytes == b"\r" && separator.terminated {
                return Err(ParseError::CarriageReturn {
                    line: separator.number,
                });
            }
            return Err(ParseError::MissingSeparator {
                piece: number,
                line: separator.number,
            });
        }
        i += 1;
        if i == lines.len() {
            return Err(ParseError::TrailingEmptyLine {
                line: separator.number,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn connectivity() {
        assert!(connected(0x000F));
        assert!(connected(0x1111));
        assert!(!connected(0x8032));
        assert!(!connected(0x0005 | 0x0500));
        // A wrap-around between column 3 and column 0 of the next row is not adjacency.
        assert!(!connected(0x0078));
    }

    #[test]
    fn errors_carry_lines() {
        let e = parse(b"....\n").unwrap_err();
        assert_eq!(e.line(), Some(1));
        assert!(matches!(e, ParseError::TruncatedPiece { rows: 1, .. }));
    }
}
