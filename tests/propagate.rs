//! `--propagate forward` keeps every puzzle's solution set: counted inside PCRE2 with and
//! without the forward checks, the counts agree with each other and with the native count, and
//! the forward-checked pattern really carries its checks.

mod common;

use common::{backref, json};

/// Instances with several, one and no solutions, over the puzzles whose encodings use the
/// packing gadget (the only one forward checking changes).
const CASES: &[(&str, &str)] = &[
    ("queens", "6"),
    ("queens", "8"),
    ("sudoku", "fixtures/sudoku/sudoku4x4_several.txt"),
    ("sudoku", "fixtures/sudoku/sudoku9x9_several.txt"),
    ("sudoku", "fixtures/sudoku/sudoku9x9_no_solution.txt"),
    ("sudoku", "fixtures/sudoku/variant_jigsaw_6x6.txt"),
    ("sudoku", "fixtures/sudoku/variant_whisper_dots_xv_9x9.txt"),
    ("rectangles", "fixtures/rectangles/line_on_3x2.txt"),
    ("rectangles", "fixtures/rectangles/areas_cannot_sum.txt"),
];

fn count(puzzle: &str, input: &str, level: &str) -> (u64, u64) {
    let (v, code) = json(&["count", puzzle, input, "--propagate", level]);
    assert_eq!(code, 0, "{puzzle} {input} --propagate {level}: {v}");
    assert_eq!(v["complete"], true, "{v}");
    (
        v["count"].as_u64().expect("a count"),
        v["native_count"].as_u64().expect("a native count"),
    )
}

#[test]
fn forward_checking_keeps_every_solution() {
    for (puzzle, input) in CASES {
        let (plain, native) = count(puzzle, input, "none");
        let (forward, _) = count(puzzle, input, "forward");
        assert_eq!(plain, native, "{puzzle} {input}");
        assert_eq!(
            forward, plain,
            "{puzzle} {input}: forward checking changed the count"
        );
    }
}

#[test]
fn fillit_keeps_its_classic_answer_under_forward_checking() {
    // fillit cannot count (its answer is searched over several sizes); its rule checker
    // compares the answer with the native classic one, so `verified` means the same square.
    for input in [
        "fixtures/fillit/bar_and_bar.txt",
        "fixtures/fillit/bars_and_squares_12.txt",
    ] {
        let (v, code) = json(&["solve", "fillit", input, "--propagate", "forward"]);
        assert_eq!(code, 0, "{v}");
        assert_eq!(v["outcome"], "solved", "{v}");
        assert_eq!(v["verified"], true, "{v}");
    }
}

#[test]
fn forward_checking_is_in_the_pattern_only_when_asked() {
    let pattern = |level: &str| {
        let out = backref(&["emit", "queens", "6", "--propagate", level]);
        assert!(out.status.success());
        String::from_utf8(out.stdout).unwrap()
    };
    // The checks are atomic groups defined once, and called by number.
    assert!(pattern("forward").contains("(?(DEFINE)((?>"));
    assert!(!pattern("none").contains("(?(DEFINE)((?>"));
}

#[test]
fn an_unknown_level_is_a_usage_error() {
    let out = backref(&["solve", "queens", "6", "--propagate", "full"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("expected one of none, forward"), "{err}");
}
