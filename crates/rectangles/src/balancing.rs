//! Rectangle packing as one .NET balancing-group pattern, in the style of the published seed:
//! the pattern does not depend on the puzzle (only on the rule switches); it reads the pieces
//! and the canvas from the subject, which is the puzzle text itself followed by a *tape*.
//!
//! The search, one placement per turn of the main loop:
//! 1. **corner**: the first free canvas cell in reading order (searched from just right of the
//!    previous piece's first row) — its position is pushed onto `Corner`; no free cell left
//!    ends the loop;
//! 2. **piece**: the first unused piece, then — lazily, one tape character each — every later
//!    unused piece; the choice is pushed onto `Piece` (the text before the piece's block);
//! 3. **turn**: upright (`Turn` captures nothing) or, when rotation is allowed and the piece is
//!    not a square, turned by 90° (`Turn` captures one character); the placed width and height
//!    are counted onto the stacks `Cols` and `Rows`;
//! 4. **fit**: from the corner, the first row must hold `Cols` free cells (`Span`), and each of
//!    the `Rows − 1` rows below must hold `Span` canvas cells at the same column (`Left` is the
//!    text between the line start and the corner); the cells just below the piece, if the
//!    canvas goes on, are pushed onto `Open`.
//!
//! Why `Open` is enough: every piece goes to the first free cell in reading order, so the
//! covered cells of each column always form a top segment, and every cell the pattern tests
//! lies at or after the last corner's first row. Such a cell is free exactly when it is in the
//! canvas's first line or on `Open` (the cells that a later piece covered again lie before the
//! point the search has reached). So only first-row cells are tested, against one entry per
//! column of each piece rather than one per covered cell. After the loop, **done** asserts that
//! no free cell is left. The debug variant leaves that assertion out and lets the loop run zero
//! times: the engine stops after the first placements that fit, a partial fill.
//!
//! The main match itself only walks the tape: one `=` per piece considered, so that lazily
//! trying one more piece is something the engine can backtrack over. Lookarounds are atomic in
//! .NET, so every choice must be made by the main match; everything else happens inside
//! lookarounds that jump to the subject's start and follow a captured position. The tape is
//! long enough for the deepest search (n(n+1)/2 steps for n pieces, n per canvas cell with
//! reuse) plus one character per entry the position stacks can hold, which the "not on the
//! stack" test steps over.
//!
//! Pieces are tried in input order, upright before turned, squares only upright — the order of
//! [`crate::native`] and of the segment encoding — so all three find the same first solution.

use backref_balancing::{
    ahead, alt, any, atomic, backref, behind, capture, comment, from_start, group, if_group,
    is_empty, line_start, lit, mark_here, marked, newline, none_of, not_ahead, not_marked, pop,
    render, seq, start, word, Node, Pattern,
};
use thiserror::Error;

use crate::{Options, Placement, Puzzle};

/// The tape character: the main match steps over one per piece it considers.
pub const TAPE: char = '=';

const CORNER: &str = "Corner";
const PIECE: &str = "Piece";
const TURN: &str = "Turn";
const OPEN: &str = "Open";
const COLS: &str = "Cols";
const ROWS: &str = "Rows";
const LEFT: &str = "Left";
const SPAN: &str = "Span";
const SIDE: &str = "Side";
const SKIP: &str = "Skip";

/// A generated subject and pattern, and what is needed to read a match back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Balancing {
    /// The puzzle text (lines ending in `\n`, blocks separated by one empty line, the canvas
    /// last) followed by the tape.
    pub subject: String,
    /// The pattern, for `RegexOptions.IgnorePatternWhitespace` plus [`Pattern::needs`].
    pub pattern: Pattern,
    /// Whether the final "no free cell is left" assertion was left out.
    pub debug: bool,
    /// Offset of each piece's block in the subject.
    piece_starts: Vec<usize>,
    /// Offset of the canvas's first cell.
    canvas_start: usize,
    /// Canvas width and height.
    canvas: (usize, usize),
}

/// Why a match could not be read back into placements.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DecodeError {
    /// The engine did not report the captures of a group.
    #[error("the match has no capture list for group {0}")]
    MissingGroup(&'static str),
    /// The per-placement groups disagree on the number of placements.
    #[error("{corners} corners, {pieces} pieces and {turns} turns captured")]
    Counts {
        /// `Corner` captures.
        corners: usize,
        /// `Piece` captures.
        pieces: usize,
        /// `Turn` captures.
        turns: usize,
    },
    /// A `Piece` capture that does not end where a piece's block starts.
    #[error("piece capture {index} ends at offset {offset}, where no piece starts")]
    Piece {
        /// Position in use order.
        index: usize,
        /// Its length.
        offset: usize,
    },
    /// A `Corner` capture that does not end at a canvas cell.
    #[error("corner capture {index} ends at offset {offset}, which is not a canvas cell")]
    Corner {
        /// Position in use order.
        index: usize,
        /// Its length.
        offset: usize,
    },
}

/// `(?:\w+\n)+\n`: one piece's block and the empty line after it.
fn block() -> Node {
    seq([group([word().plus(), newline()]).plus(), newline()])
}

/// One canvas cell, `~`.
fn cell() -> Node {
    lit("~")
}

/// The current canvas cell is free — valid for every cell the pattern tests, which all lie at
/// or after the last corner's first row: it is in the canvas's first line, or a piece placed
/// earlier left it open just below its bottom edge.
fn free() -> Node {
    alt([
        behind([lit("\n\n"), cell().star()]).note("in the canvas's first line,"),
        marked(OPEN, SKIP).note("or on Open"),
    ])
}

/// From just right of the last piece's first row (or from the start), step on to the first
/// free cell.
fn scan() -> [Node; 3] {
    [
        seq([
            if_group(CORNER, [backref(CORNER), backref(SPAN)], [])
                .note("after the last piece's first row (or from the start)"),
            any()
                .star()
                .lazy()
                .note("step on, one character at a time,"),
        ]),
        ahead([cell()]).note("to a canvas cell"),
        free().note("that is free"),
    ]
}

/// The pattern for `options`; `debug` leaves out the final assertion (a partial fill matches).
pub fn pattern(options: &Options, debug: bool) -> Node {
    let unused = |skip_top| {
        if options.allow_reuse {
            seq([])
        } else {
            not_marked(PIECE, SKIP, skip_top).note("not a piece used before")
        }
    };
    let [from, at_cell, is_free] = scan();
    let corner = from_start([
        capture(CORNER, [from]).note("push the text before"),
        at_cell,
        is_free,
    ])
    .note("1. corner: the first free cell in reading order");
    let first_piece = from_start([
        capture(PIECE, [block().star().lazy()]).note("push the text before a block"),
        ahead([word()]).note("that is a piece, not the canvas,"),
        unused(true),
    ])
    .note("2. piece: the first unused piece ...");
    let next_piece = group([
        lit(&TAPE.to_string()).note("one more tape character"),
        from_start([
            capture(
                PIECE,
                [
                    backref(PIECE).note("from the piece tried last"),
                    pop(PIECE, []).note("(replacing it)"),
                    block().note("past its block"),
                    block().star().lazy(),
                ],
            )
            .note("push the text before a later block"),
            ahead([word()]).note("that is a piece,"),
            unused(true),
        ]),
    ])
    .star()
    .lazy()
    .note("... or, on backtracking, a later one");
    let square = seq([
        ahead([capture(SIDE, [word()]).plus(), newline()]),
        group([pop(SIDE, []), word().plus(), newline()]).plus(),
        newline(),
        is_empty(SIDE),
    ]);
    let upright = seq([
        capture(TURN, []).note("upright: Turn captures nothing"),
        from_start([
            backref(PIECE).note("at the piece:"),
            ahead([capture(COLS, [word()]).plus(), newline()]).note("Cols: its width"),
            capture(ROWS, [word().plus(), newline()])
                .plus()
                .note("Rows: its height"),
        ]),
    ]);
    let turn = if options.allow_rotation {
        alt([
            upright,
            seq([
                behind([capture(TURN, [any()])]).note("turned: Turn captures a character"),
                from_start([
                    backref(PIECE).note("at the piece:"),
                    not_ahead([square]).note("not a square (turning it changes nothing)"),
                    ahead([capture(ROWS, [word()]).plus(), newline()]).note("Rows: its width"),
                    capture(COLS, [word().plus(), newline()])
                        .plus()
                        .note("Cols: its height"),
                ]),
            ]),
        ])
        .note("3. turn: upright first, then turned")
    } else {
        upright.note("3. turn: upright only (no rotation)")
    };
    let first_row = atomic([capture(
        SPAN,
        [
            pop(COLS, []).note("the corner (free: the scan found it),"),
            cell(),
            group([
                pop(COLS, []).note("one per further column,"),
                free(),
                cell(),
            ])
            .star(),
        ],
    )
    .note("Span: the first row, free cells")]);
    let lower_row = group([
        pop(ROWS, []).note("one per further row:"),
        cell().star(),
        newline(),
        backref(LEFT).note("next line, same column,"),
        ahead([backref(SPAN)]).note("Span canvas cells there"),
    ]);
    let below = group([
        cell().star(),
        newline(),
        backref(LEFT).note("next line, same column,"),
        ahead([backref(SPAN)]).note("if the canvas goes on,"),
        group([mark_here(OPEN), cell()])
            .plus()
            .lazy()
            .note("open its cells one by one"),
        behind([line_start(), backref(LEFT), backref(SPAN)]).note("up to the Span's end"),
    ])
    .opt()
    .note("below the piece:");
    let fit = from_start([
        backref(CORNER).note("at the corner:"),
        behind([line_start(), capture(LEFT, [cell().star()])]).note("Left: cells to its left"),
        first_row,
        is_empty(COLS).note("the piece is not wider than the room"),
        pop(ROWS, []).note("the first row done"),
        atomic([lower_row.star()]),
        is_empty(ROWS).note("the piece is not taller than the room"),
        below,
    ])
    .note("4. fit: place it at the corner, open the cells below it");
    let turn_of_loop = group([
        lit(&TAPE.to_string()).note("one tape character per turn"),
        corner,
        first_piece,
        next_piece,
        turn,
        fit,
    ]);
    let main_loop = if debug {
        turn_of_loop
            .star()
            .note("place pieces while one fits (debug: no final check)")
    } else {
        turn_of_loop.plus().note("place pieces while one fits")
    };
    let mut parts = vec![
        start(),
        atomic([none_of(&TAPE.to_string()).star()]).note("the main match walks the tape only"),
        main_loop,
    ];
    if debug {
        parts.push(comment(
            "debug: no final assertion, so a partial fill matches",
        ));
    } else {
        parts.push(not_ahead([from_start(scan())]).note("5. done: no free cell is left"));
    }
    seq(parts)
}

/// The subject (puzzle text plus tape) and the generated pattern for `puzzle`.
pub fn generate(puzzle: &Puzzle, options: &Options, debug: bool) -> Balancing {
    let mut subject = String::new();
    // The pieces in try order; `piece_starts` is indexed by piece number.
    let mut piece_starts = vec![0; puzzle.pieces.len()];
    for i in puzzle.try_order(options.order) {
        let piece = &puzzle.pieces[i];
        piece_starts[i] = subject.len();
        for row in piece.cells.chunks(piece.width.max(1)) {
            subject.extend(row);
            subject.push('\n');
        }
        subject.push('\n');
    }
    let canvas_start = subject.len();
    let (w, h) = (puzzle.canvas.width, puzzle.canvas.height);
    for _ in 0..h {
        subject.push_str(&"~".repeat(w));
        subject.push('\n');
    }
    let n = puzzle.pieces.len();
    let area = puzzle.canvas.area();
    let steps = if options.allow_reuse {
        n * area
    } else {
        n * (n + 1) / 2
    };
    subject.push_str(&TAPE.to_string().repeat(steps + n.max(area) + 1));
    Balancing {
        subject,
        pattern: render(&pattern(options, debug)),
        debug,
        piece_starts,
        canvas_start,
        canvas: (w, h),
    }
}

impl Balancing {
    /// Reads the placements, in use order, from every capture of the groups `Corner`, `Piece`
    /// and `Turn` (`all(name)` returns them oldest first, as .NET's `Group.Captures`).
    pub fn decode<'a>(
        &self,
        all: impl Fn(&str) -> Option<&'a [String]>,
    ) -> Result<Vec<Placement>, DecodeError> {
        let get = |name: &'static str| all(name).ok_or(DecodeError::MissingGroup(name));
        let (corners, pieces, turns) = (get(CORNER)?, get(PIECE)?, get(TURN)?);
        if corners.len() != pieces.len() || pieces.len() != turns.len() {
            return Err(DecodeError::Counts {
                corners: corners.len(),
                pieces: pieces.len(),
                turns: turns.len(),
            });
        }
        let (w, h) = self.canvas;
        let mut placements = Vec::with_capacity(pieces.len());
        for (index, ((corner, piece), turn)) in corners.iter().zip(pieces).zip(turns).enumerate() {
            let offset = piece.len();
            let piece = self
                .piece_starts
                .iter()
                .position(|&s| s == offset)
                .ok_or(DecodeError::Piece { index, offset })?;
            let offset = corner.len();
            let cell = offset
                .checked_sub(self.canvas_start)
                .map(|d| (d / (w + 1), d % (w + 1)))
                .filter(|&(row, col)| row < h && col < w)
                .ok_or(DecodeError::Corner { index, offset })?;
            placements.push(Placement {
                piece,
                row: cell.0,
                col: cell.1,
                rotated: !turn.is_empty(),
            });
        }
        Ok(placements)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{parse, PieceOrder};

    const SEED_EXAMPLE: &str = "aa\naa\n\nbb\n\nc\n\nddd\n\n~~~\n~~~\n";

    #[test]
    fn subject_is_the_normalized_text_and_a_tape() {
        let p = parse("aa\r\naa\r\n\r\nbb\n\nc\n\nddd\n\n~~~\n~~~\n\n").unwrap();
        let input = Options {
            order: PieceOrder::Input,
            ..Options::default()
        };
        let b = generate(&p, &input, false);
        // 4 pieces: 10 steps, 6 cells, one spare.
        assert_eq!(
            b.subject,
            format!("{SEED_EXAMPLE}{}", "=".repeat(10 + 6 + 1))
        );
        assert_eq!(b.piece_starts, vec![0, 7, 11, 14]);
        assert_eq!(b.canvas_start, 19);
        // The default order lists the pieces largest first; starts stay indexed by piece.
        let area = generate(&p, &Options::default(), false);
        assert!(area
            .subject
            .starts_with("aa\naa\n\nddd\n\nbb\n\nc\n\n~~~\n~~~\n="));
        assert_eq!(area.piece_starts, vec![0, 12, 16, 7]);
        let reuse = Options {
            allow_reuse: true,
            ..Options::default()
        };
        assert!(generate(&p, &reuse, false)
            .subject
            .ends_with(&"=".repeat(24 + 6 + 1)));
    }

    #[test]
    fn switches_change_the_pattern() {
        let text = |o: &Options, debug| render(&pattern(o, debug)).text;
        let all = text(&Options::default(), false);
        assert!(all.contains("turned") && all.contains("not a piece used before"));
        assert!(all.contains("5. done"));
        let fixed = Options {
            allow_rotation: false,
            ..Options::default()
        };
        assert!(!text(&fixed, false).contains("turned"));
        let reuse = Options {
            allow_reuse: true,
            ..Options::default()
        };
        assert!(!text(&reuse, false).contains("not a piece used before"));
        let debug = text(&Options::default(), true);
        assert!(!debug.contains("5. done") && debug.contains("debug"));
    }

    #[test]
    fn decodes_the_capture_lists() {
        let p = parse(SEED_EXAMPLE).unwrap();
        let input = Options {
            order: PieceOrder::Input,
            ..Options::default()
        };
        let b = generate(&p, &input, false);
        let prefix = |n: usize| b.subject[..n].to_string();
        let corner = vec![prefix(19), prefix(21)];
        let piece = vec![prefix(0), prefix(7)];
        let turn = vec![String::new(), "=".to_string()];
        let all = |name: &str| match name {
            "Corner" => Some(corner.as_slice()),
            "Piece" => Some(piece.as_slice()),
            "Turn" => Some(turn.as_slice()),
            _ => None,
        };
        let placements = b.decode(all).unwrap();
        assert_eq!(
            placements,
            vec![
                Placement {
                    piece: 0,
                    row: 0,
                    col: 0,
                    rotated: false
                },
                Placement {
                    piece: 1,
                    row: 0,
                    col: 2,
                    rotated: true
                },
            ]
        );
        assert_eq!(crate::check(&p, &Options::default(), &placements), Ok(()));
        let short = vec![prefix(19)];
        let bad = |name: &str| match name {
            "Corner" => Some(short.as_slice()),
            "Piece" => Some(piece.as_slice()),
            "Turn" => Some(turn.as_slice()),
            _ => None,
        };
        assert!(matches!(b.decode(bad), Err(DecodeError::Counts { .. })));
        assert_eq!(b.decode(|_| None), Err(DecodeError::MissingGroup("Corner")));
    }
}
