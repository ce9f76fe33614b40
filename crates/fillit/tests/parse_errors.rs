//! Every kind of malformed input gives its own typed error, pointing at the right line.

use backref_fillit::{parse, ParseError, Shape};

const T: &str = "....\n###.\n.#..\n....\n";
const O: &str = "....\n.##.\n.##.\n....\n";

fn err(input: &[u8]) -> ParseError {
    parse(input).expect_err("input should be rejected")
}

#[test]
fn valid_inputs_parse() {
    let pieces = parse(format!("{T}\n{O}").as_bytes()).unwrap();
    assert_eq!(
        pieces.iter().map(|p| p.shape()).collect::<Vec<_>>(),
        vec![Shape::TDown, Shape::O]
    );
    let all: Vec<String> = (0..26).map(|_| O.to_string()).collect();
    assert_eq!(parse(all.join("\n").as_bytes()).unwrap().len(), 26);
}

#[test]
fn pieces_are_normalized_to_the_top_left() {
    let a = parse(b"....\n....\n..##\n..##\n").unwrap();
    let b = parse(b"##..\n##..\n....\n....\n").unwrap();
    assert_eq!(a, b);
    assert_eq!(a[0].cells(), [(0, 0), (0, 1), (1, 0), (1, 1)]);
}

#[test]
fn empty_file() {
    assert_eq!(err(b""), ParseError::Empty);
    assert_eq!(err(b"").to_string(), "the file is empty");
}

#[test]
fn lone_newline_is_a_leading_empty_line() {
    assert_eq!(err(b"\n"), ParseError::LeadingEmptyLine { line: 1 });
}

#[test]
fn crlf_line_ends() {
    let e = err(T.replace('\n', "\r\n").as_bytes());
    assert_eq!(e, ParseError::CarriageReturn { line: 1 });
    assert!(e.to_string().contains("\\r\\n"), "{e}");
    // A CRLF separator line between pieces.
    let e = err(format!("{T}\r\n{O}").as_bytes());
    assert_eq!(e, ParseError::CarriageReturn { line: 5 });
}

#[test]
fn bad_bytes() {
    let e = err(b"....\n##x.\n.#..\n....\n");
    assert_eq!(
        e,
        ParseError::BadByte {
            line: 2,
            column: 3,
            byte: b'x'
        }
    );
    assert_eq!(
        e.to_string(),
        "line 2, column 3: unexpected character 'x', only '#' and '.' are allowed"
    );
    let e = err(b"....\n###.\n.#\x00.\n....\n");
    assert!(e.to_string().contains("byte 0x00"), "{e}");
    let e = err(b"....\n### \n.#..\n....\n");
    assert!(e.to_string().contains("space"), "{e}");
    let e = err("....\n##é\n.#..\n....\n".as_bytes());
    assert!(
        matches!(
            e,
            ParseError::BadByte {
                line: 2,
                column: 3,
                ..
            }
        ),
        "{e}"
    );
}

#[test]
fn line_lengths() {
    assert_eq!(
        err(b"....\n###..\n.#..\n....\n"),
        ParseError::BadLineLength { line: 2, length: 5 }
    );
    let e = err(b"....\n###\n.#..\n....\n");
    assert_eq!(e, ParseError::BadLineLength { line: 2, length: 3 });
    assert_eq!(e.to_string(), "line 2: expected 4 characters, found 3");
}

#[test]
fn missing_final_newline() {
    let e = err(&T.as_bytes()[..T.len() - 1]);
    assert_eq!(e, ParseError::MissingFinalNewline { line: 4 });
    assert_eq!(e.to_string(), "line 4: missing final newline");
}

#[test]
fn empty_lines() {
    assert_eq!(
        err(format!("\n{T}").as_bytes()),
        ParseError::LeadingEmptyLine { line: 1 }
    );
    let e = err(format!("{T}\n\n{O}").as_bytes());
    assert_eq!(e, ParseError::ExtraEmptyLine { line: 6 });
    assert!(e.to_string().starts_with("line 6: extra empty line"), "{e}");
    let e = err(format!("{T}\n").as_bytes());
    assert_eq!(e, ParseError::TrailingEmptyLine { line: 5 });
    assert_eq!(e.to_string(), "line 5: empty line after the last piece");
}

#[test]
fn pieces_with_the_wrong_number_of_lines() {
    let e = err(format!("###.\n.#..\n....\n\n{O}").as_bytes());
    assert_eq!(
        e,
        ParseError::ShortPiece {
            piece: 1,
            line: 4,
            rows: 3
        }
    );
    assert_eq!(
        e.to_string(),
        "line 4: piece 1 (A) has only 3 line(s) before an empty line, expected 4"
    );
    let e = err(format!("{T}\n....\n.##.\n").as_bytes());
    assert_eq!(
        e,
        ParseError::TruncatedPiece {
            piece: 2,
            line: 7,
            rows: 2
        }
    );
    assert!(e.to_string().contains("piece 2 (B)"), "{e}");
    let e = err(format!("{T}{O}").as_bytes());
    assert_eq!(e, ParseError::MissingSeparator { piece: 1, line: 5 });
}

#[test]
fn wrong_cells() {
    let e = err(b"....\n###.\n.##.\n....\n");
    assert_eq!(
        e,
        ParseError::BlockCount {
            piece: 1,
            line: 1,
            count: 5
        }
    );
    assert_eq!(
        e.to_string(),
        "piece 1 (A), lines 1-4: 5 '#' cells, expected exactly 4"
    );
    assert_eq!(
        err(format!("{T}\n....\n....\n....\n....\n").as_bytes()),
        ParseError::BlockCount {
            piece: 2,
            line: 6,
            count: 0
        }
    );
    let e = err(b"#...\n#...\n....\n.##.\n");
    assert_eq!(e, ParseError::Disconnected { piece: 1, line: 1 });
    assert!(e.to_string().contains("not edge-connected"), "{e}");
    // Diagonal contact is not a connection; nor is wrapping from column 4 to column 1.
    assert!(matches!(
        err(b"#...\n.#..\n..#.\n...#\n"),
        ParseError::Disconnected { .. }
    ));
    assert!(matches!(
        err(b"...#\n###.\n....\n....\n"),
        ParseError::Disconnected { .. }
    ));
}

#[test]
fn too_many_pieces() {
    let all: Vec<&str> = vec![O; 27];
    let e = err(all.join("\n").as_bytes());
    assert_eq!(e, ParseError::TooManyPieces { line: 131 });
    assert!(e.to_string().contains("27th piece"), "{e}");
}

#[test]
fn errors_report_their_line() {
    assert_eq!(ParseError::Empty.line(), None);
    assert_eq!(err(format!("{T}\n").as_bytes()).line(), Some(5));
}

#[test]
fn random_inputs_never_panic() {
    let alphabet = b"#.\n\n\n\r x\0";
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    for len in 0..400 {
        let bytes: Vec<u8> = (0..len % 130)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                alphabet[(state % alphabet.len() as u64) as usize]
            })
            .collect();
        if let Err(e) = parse(&bytes) {
            assert!(!e.to_string().is_empty());
        }
    }
}
