//! Each kind of malformed input gives its own typed, line-numbered error.

use backref_rectangles::{parse, ParseError};

fn err(input: &str) -> ParseError {
    parse(input).expect_err("input should be rejected")
}

#[test]
fn accepted_variants() {
    // Trailing newline optional, trailing empty lines accepted, CRLF accepted.
    for input in [
        "aa\naa\n\n~~\n~~",
        "aa\naa\n\n~~\n~~\n",
        "aa\naa\n\n~~\n~~\n\n\n",
        "aa\r\naa\r\n\r\n~~\r\n~~\r\n",
        "aa\r\naa\n\n~~\r\n~~",
    ] {
        let p = parse(input).unwrap_or_else(|e| panic!("{input:?}: {e}"));
        assert_eq!(p.pieces.len(), 1);
        assert_eq!((p.pieces[0].width, p.pieces[0].height), (2, 2));
        assert_eq!((p.canvas.width, p.canvas.height), (2, 2));
    }
    // A block may mix word characters; the characters are kept.
    let p = parse("ab\nC_\n\n9\n\n~~\n~~\n").unwrap();
    assert_eq!(p.pieces[0].cells, vec!['a', 'b', 'C', '_']);
    assert_eq!(p.pieces[0].line, 1);
    assert_eq!(p.pieces[1].line, 4);
    // A canvas alone is accepted (and unsolvable).
    assert!(parse("~~\n").unwrap().pieces.is_empty());
}

#[test]
fn empty_input() {
    assert_eq!(err(""), ParseError::Empty);
    assert_eq!(err("\n\n"), ParseError::Empty);
    assert_eq!(err("").to_string(), "the input is empty");
}

#[test]
fn bad_characters() {
    let e = err("a-a\n\n~~~\n");
    assert_eq!(
        e,
        ParseError::BadChar {
            line: 1,
            column: 2,
            ch: '-'
        }
    );
    assert_eq!(
        e.to_string(),
        "line 1, column 2: unexpected character '-', blocks are made of [A-Za-z0-9_] or '~'"
    );
    assert!(err("aa\n\n~ ~\n").to_string().contains("space"));
    assert!(matches!(
        err("é\n\n~\n"),
        ParseError::BadChar { ch: 'é', .. }
    ));
    // A lone carriage return (not before a newline).
    assert!(matches!(
        err("a\rb\n\n~~~\n"),
        ParseError::BadChar { ch: '\r', .. }
    ));
    // Whitespace-only lines are not empty lines.
    assert!(matches!(
        err("aa\n \n~~\n"),
        ParseError::BadChar { line: 2, .. }
    ));
}

#[test]
fn empty_lines() {
    let e = err("\naa\n\n~~\n");
    assert_eq!(e, ParseError::LeadingEmptyLine { line: 1 });
    assert_eq!(e.to_string(), "line 1: empty line before the first block");
    let e = err("aa\n\n\nbb\n\n~~\n");
    assert_eq!(e, ParseError::ExtraEmptyLine { line: 3 });
    assert!(e.to_string().starts_with("line 3: extra empty line"));
    assert_eq!(
        err("aa\r\n\r\n\r\n~~\r\n"),
        ParseError::ExtraEmptyLine { line: 3 }
    );
}

#[test]
fn ragged_blocks() {
    let e = err("aaa\naa\n\n~~~\n");
    assert_eq!(
        e,
        ParseError::RaggedBlock {
            line: 2,
            block: 1,
            expected: 3,
            found: 2
        }
    );
    assert_eq!(
        e.to_string(),
        "line 2: 2 characters, but the block starting at line 1 has lines of 3"
    );
    assert!(matches!(
        err("a\n\n~~~\n~~\n"),
        ParseError::RaggedBlock {
            line: 4,
            block: 3,
            ..
        }
    ));
}

#[test]
fn mixed_blocks() {
    let e = err("a~\n\n~~\n");
    assert_eq!(
        e,
        ParseError::MixedBlock {
            line: 1,
            column: 2,
            block: 1
        }
    );
    assert!(e.to_string().contains("mixes '~' and word characters"));
    assert_eq!(
        err("aa\n\n~~\n~a\n"),
        ParseError::MixedBlock {
            line: 4,
            column: 2,
            block: 3
        }
    );
}

#[test]
fn canvas_placement() {
    let e = err("aa\n\nbb\n");
    assert_eq!(e, ParseError::NoCanvas);
    assert_eq!(
        e.to_string(),
        "no canvas: the last block must be made of '~'"
    );
    let e = err("~~\n\naa\n");
    assert_eq!(e, ParseError::CanvasNotLast { line: 1, next: 3 });
    assert!(e.to_string().contains("must be the last block"));
    let e = err("aa\n\n~~\n\n~~\n");
    assert_eq!(
        e,
        ParseError::TwoCanvases {
            first: 3,
            second: 5
        }
    );
    assert_eq!(
        e.to_string(),
        "line 5: a second canvas block (the first starts at line 3)"
    );
    assert_eq!(e.line(), Some(5));
}

#[test]
fn random_inputs_never_panic() {
    let alphabet = ['a', 'b', '~', '~', '\n', '\n', '\r', ' ', 'é'];
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    for len in 0..400 {
        let text: String = (0..len % 60)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                alphabet[(state % alphabet.len() as u64) as usize]
            })
            .collect();
        match parse(&text) {
            Ok(puzzle) => {
                // Whatever parses can be solved, counted and rendered without panicking.
                let options = backref_rectangles::Options::default();
                if puzzle.canvas.area() <= 16 {
                    let solution = backref_rectangles::solve(&puzzle, &options);
                    if let Some(s) = &solution {
                        backref_rectangles::check(&puzzle, &options, s).unwrap();
                        backref_rectangles::render(&puzzle, s);
                    }
                    let n = backref_rectangles::count(&puzzle, &options, 5);
                    assert_eq!(n > 0, solution.is_some(), "{text:?}");
                }
            }
            Err(e) => assert!(!e.to_string().is_empty()),
        }
    }
}
