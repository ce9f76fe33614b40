//! `parse_str` reads one task line: blank lines around it are fine, any other line is a typed
//! error naming that line (issue 12, finding 6).

use backref_aquarium::{parse_str, parse_with_solution, ParseErrorKind};

const TASK: &str = "1_1_2_0;1,1,2,3";

#[test]
fn blank_lines_and_trailing_newlines_are_fine() {
    let want = parse_str(TASK, "t").unwrap();
    for text in [
        format!("{TASK}\n"),
        format!("{TASK}\r\n"),
        format!("\n\n  {TASK}  \n\n \t\n"),
        format!("\u{feff}{TASK}\n\n"),
    ] {
        assert_eq!(parse_str(&text, "t"), Ok(want.clone()), "{text:?}");
    }
}

#[test]
fn a_second_non_blank_line_is_an_error_naming_it() {
    let e = parse_str(&format!("\n{TASK}\n\n  WW\n..\n"), "f.txt").unwrap_err();
    assert_eq!((e.line, e.column), (4, 3));
    assert_eq!(
        e.kind,
        ParseErrorKind::ExtraLine {
            task_line: 2,
            found: "WW".into()
        }
    );
    let text = e.to_string();
    assert!(text.starts_with("f.txt:4:3: "), "{text}");
    assert!(text.contains("after the task string on line 2"), "{text}");
    assert!(text.contains("expected only blank lines"), "{text}");
    assert!(text.contains("`WW`"), "{text}");

    // A second task is no more welcome than a solution block.
    let e = parse_str(&format!("{TASK}\n{TASK}"), "t").unwrap_err();
    assert_eq!((e.line, e.column), (2, 1));
    assert!(matches!(
        e.kind,
        ParseErrorKind::ExtraLine { task_line: 1, .. }
    ));

    // A long line is quoted only in part.
    let e = parse_str(&format!("{TASK}\n{}", "x".repeat(100)), "t").unwrap_err();
    assert!(
        matches!(e.kind, ParseErrorKind::ExtraLine { ref found, .. } if found.len() == 40),
        "{e}"
    );

    // An error in the task line itself is reported first.
    let e = parse_str("1_1_1\nWW\n", "t").unwrap_err();
    assert_eq!(e.kind, ParseErrorKind::MissingSemicolon);
}

#[test]
fn the_corpus_layout_is_read_by_parse_with_solution() {
    let text = format!("{TASK}\n\nWW\n..\n");
    assert!(parse_str(&text, "t").is_err());
    let (p, s) = parse_with_solution(&text, "t").unwrap();
    assert_eq!(p, parse_str(TASK, "t").unwrap());
    assert!(s.is_some());
}
