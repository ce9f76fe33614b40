//! `backref solve … --format svg`: one well-formed SVG document per solved board, with one
//! element per queen, water cell, piece or digit; a message drawing without a solution; the
//! other commands refuse the format.

mod common;

use common::{backref, stderr};

/// Solves `puzzle input` with `--format svg`, checks exit 0 and well-formed XML, and returns
/// the document.
fn svg(puzzle: &str, input: &str) -> String {
    let out = backref(&["solve", puzzle, input, "--format", "svg"]);
    let text = String::from_utf8(out.stdout.clone()).expect("UTF-8");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{puzzle} {input}: {text}\n{}",
        stderr(&out)
    );
    if let Err(e) = backref_svg::well_formed(&text) {
        panic!("{puzzle} {input}: not well-formed XML: {e}\n{text}");
    }
    assert!(text.starts_with("<?xml"), "{text}");
    assert!(text.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    text
}

fn count(doc: &str, class: &str) -> usize {
    doc.matches(&format!("class=\"{class}\"")).count()
}

#[test]
fn queens() {
    let doc = svg("queens", "8");
    assert_eq!(count(&doc, "queen"), 8);
    insta::assert_snapshot!("queens_4", svg("queens", "4"));
}

#[test]
fn aquarium() {
    let doc = svg("aquarium", "fixtures/aquarium/gen06_1.txt");
    // One rect per water cell of the fixture's (unique) answer.
    let expected = std::fs::read_to_string("fixtures/aquarium/gen06_1.expected").unwrap();
    let water = expected.matches('W').count();
    assert!(water > 0);
    assert_eq!(count(&doc, "water"), water);
    assert_eq!(count(&doc, "regions"), 1);
}

#[test]
fn colorgrid() {
    let doc = svg("colorgrid", "fixtures/colorgrid/so_example.txt");
    assert_eq!(count(&doc, "cell"), 16);
    // Every clue letter: rows rgb brg b grbg, cols rbg rbr grb bgbg.
    assert_eq!(count(&doc, "clue"), 11 + 13);
    insta::assert_snapshot!("colorgrid_so_example", doc);
}

#[test]
fn fillit() {
    let doc = svg("fillit", "fixtures/fillit/random_08a.txt");
    assert_eq!(count(&doc, "piece"), 8);
    for letter in 'A'..='H' {
        assert_eq!(
            doc.matches(&format!(">{letter}</text>")).count(),
            4,
            "{letter}"
        );
    }
}

#[test]
fn rectangles() {
    let doc = svg(
        "rectangles",
        "fixtures/rectangles/canvas_10x5_11_pieces.txt",
    );
    let (json, _) = common::json(&[
        "solve",
        "rectangles",
        "fixtures/rectangles/canvas_10x5_11_pieces.txt",
    ]);
    let placed = json["placements"].as_array().expect("placements").len();
    assert_eq!(count(&doc, "piece"), placed);
}

#[test]
fn sudoku() {
    let doc = svg("sudoku", "fixtures/sudoku/sudoku9x9_unique.txt");
    let input = std::fs::read_to_string("fixtures/sudoku/sudoku9x9_unique.txt").unwrap();
    let line = input.lines().find(|l| !l.starts_with('#')).unwrap();
    let givens = line.chars().filter(char::is_ascii_digit).count();
    assert_eq!(count(&doc, "given"), givens);
    assert_eq!(count(&doc, "found"), 81 - givens);
}

#[test]
fn without_a_solution_the_drawing_says_so() {
    let out = backref(&["solve", "queens", "3", "--format", "svg"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    backref_svg::well_formed(&text).unwrap();
    assert!(text.contains("queens 3: no solution"), "{text}");
}

#[test]
fn other_commands_refuse_svg() {
    for args in [
        &["count", "queens", "4"][..],
        &["emit", "queens", "4"],
        &["check", "queens", "4"],
        &["engines"],
        &["solve", "queens", "4", "--all"],
        &["solve", "queens", "4", "--unique"],
    ] {
        let mut all = args.to_vec();
        all.extend(["--format", "svg"]);
        let out = backref(&all);
        assert_eq!(out.status.code(), Some(2), "{all:?}");
        assert!(out.stdout.is_empty(), "{all:?}");
        assert!(
            stderr(&out).contains("--format svg"),
            "{all:?}: {}",
            stderr(&out)
        );
    }
}
