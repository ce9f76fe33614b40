//! `--propagate light`, `forward` and `complete` keep every puzzle's solution set: counted inside
//! PCRE2 with and without the checks, the counts agree with each other and with the native
//! count, and the forward-checked pattern really carries its checks.

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
    ("sudoku", "fixtures/sudoku/variant_killer_6x6_several.txt"),
    ("rectangles", "fixtures/rectangles/line_on_3x2.txt"),
    ("rectangles", "fixtures/rectangles/areas_cannot_sum.txt"),
    // Solvable: cells already covered take an option using nothing, which the packing
    // lookahead's search must not require it to place (it once said "no solution" here).
    ("rectangles", "fixtures/rectangles/puzzles_md_example.txt"),
    ("rectangles", "fixtures/rectangles/own_characters.txt"),
    // Options of 12 cells and definitions past `SHARE_OVER`: the checks call each long option's
    // test as a group of its own.
    ("rectangles", "fixtures/rectangles/long_pieces_8x6.txt"),
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
        assert_eq!(plain, native, "{puzzle} {input}");
        for level in ["light", "forward", "complete"] {
            let (checked, _) = count(puzzle, input, level);
            assert_eq!(
                checked, plain,
                "{puzzle} {input}: --propagate {level} changed the count"
            );
        }
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
        solves_verified(input, "forward");
    }
}

/// `solve fillit INPUT --propagate LEVEL` ends solved and verified.
fn solves_verified(input: &str, level: &str) {
    let (v, code) = json(&["solve", "fillit", input, "--propagate", level]);
    assert_eq!(code, 0, "{input}: {v}");
    assert_eq!(v["outcome"], "solved", "{input}: {v}");
    assert_eq!(v["verified"], true, "{input}: {v}");
}

#[test]
fn fillit_keeps_its_classic_answer_under_the_packing_lookahead() {
    // Sizes with room to spare (random_26a: 17 cells), none (random_09's 6×6, refuted by the
    // lookahead before the first piece) and the inputs only the lookahead finishes: the
    // checker compares each square with the native classic one.
    for input in [
        "fixtures/fillit/mixed_5.txt",
        "fixtures/fillit/random_09.txt",
        "fixtures/fillit/random_26a.txt",
        "fixtures/fillit/slow/random_16.txt",
        "fixtures/fillit/slow/random_20.txt",
        "fixtures/fillit/slow/slow_20.txt",
    ] {
        solves_verified(input, "complete");
    }
}

#[test]
fn fillit_races_the_classic_search_against_the_lookahead() {
    // random_20's classic search does not end (docs/performance.md): only the lookahead's
    // contender can win, and the report names it.
    let (v, code) = json(&["solve", "fillit", "fixtures/fillit/slow/random_20.txt"]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["outcome"], "solved", "{v}");
    assert_eq!(v["verified"], true, "{v}");
    assert_eq!(v["raced"]["winner"], "propagate complete", "{v}");
    // A level named by the user is not raced.
    let (v, code) = json(&[
        "solve",
        "fillit",
        "fixtures/fillit/random_10.txt",
        "--propagate",
        "none",
    ]);
    assert_eq!(code, 0, "{v}");
    assert!(v["raced"].is_null(), "{v}");
}

#[test]
fn checks_too_wide_for_the_branch_reset_form_leave_that_form_without_them() {
    // Forward checking's resource per item would pad guillotine_20x15's branch-reset form past
    // its budget (and light checks nothing there): the form is kept without the checks (what
    // `none` compiles), not traded for the trie loop (no checks either, and ten times slower
    // there), and the stats say so.
    let emit = |level: &str| {
        let (v, code) = json(&[
            "emit",
            "rectangles",
            "fixtures/rectangles/slow/guillotine_20x15.txt",
            "--propagate",
            level,
        ]);
        assert_eq!(code, 0, "{v}");
        v
    };
    let (none, forward) = (emit("none"), emit("forward"));
    assert_eq!(
        forward["stats"]["propagation"], "none",
        "{}",
        forward["stats"]
    );
    assert_eq!(forward["pattern"], none["pattern"]);
}

#[test]
fn checks_too_long_to_compile_give_way_to_the_next_level() {
    // PCRE2 would scan about 400 million conditionals to look up guillotine_12x8's forward
    // checks (7.7 s of compile for a 7 ms match) and 127 million for a 16x16 Sudoku's (4.3 s):
    // past `SCAN_BUDGET` both get the light checks, which on rectangles check nothing, so
    // there the pattern is `none`'s. The stats say which level the pattern carries.
    let emit = |puzzle: &str, input: &str, level: &str| {
        let (v, code) = json(&["emit", puzzle, input, "--propagate", level]);
        assert_eq!(code, 0, "{v}");
        v
    };
    for (puzzle, input, carried) in [
        (
            "rectangles",
            "fixtures/rectangles/guillotine_12x8.txt",
            "none",
        ),
        (
            "sudoku",
            "fixtures/sudoku/sudoku16x16_gen_low_1.txt",
            "light",
        ),
    ] {
        let forward = emit(puzzle, input, "forward");
        let weaker = emit(puzzle, input, carried);
        assert_eq!(forward["stats"]["propagation"], carried, "{input}");
        assert_eq!(weaker["stats"]["propagation"], carried, "{input}");
        assert_eq!(forward["pattern"], weaker["pattern"], "{input}");
    }
    // A 9x9 Sudoku's checks fit: forward stays forward.
    let nine = emit("sudoku", "fixtures/sudoku/sudoku9x9_several.txt", "forward");
    assert_eq!(nine["stats"]["propagation"], "forward");
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
fn a_classic_sudoku_gets_the_light_checks_by_default() {
    let pattern = |args: &[&str]| {
        let out = backref(args);
        assert!(out.status.success());
        String::from_utf8(out.stdout).unwrap()
    };
    let nine = "fixtures/sudoku/sudoku9x9_unique.txt";
    assert!(pattern(&["emit", "sudoku", nine]).contains("(?(DEFINE)((?>"));
    assert!(!pattern(&["emit", "sudoku", nine, "--propagate", "none"]).contains("(?(DEFINE)((?>"));
    // Elsewhere the default stays none (measured no faster).
    let four = "fixtures/sudoku/sudoku4x4_unique.txt";
    assert!(!pattern(&["emit", "sudoku", four]).contains("(?(DEFINE)((?>"));
}

#[test]
fn an_unknown_level_is_a_usage_error() {
    let out = backref(&["solve", "queens", "6", "--propagate", "full"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("expected one of none, light, forward"),
        "{err}"
    );
}

/// `bench --steps` measures search size as PCRE2's steps: the same search gives the same count
/// every time, both with and without forward checking (whose count includes its checks' work),
/// and an answer the encoder ruled out without a search costs none.
#[test]
fn search_steps_measure_each_pattern_of_a_solve() {
    use backref_engine::Pcre2;
    use backref_pipeline::{search_steps, Request, Settings};
    use backref_program::{Options, Propagation};
    use std::time::Duration;

    let engine = Pcre2::jit();
    let budget = Duration::from_secs(60);
    for (puzzle, input) in [
        ("queens", "8"),
        ("sudoku", "fixtures/sudoku/sudoku4x4_several.txt"),
    ] {
        let instance = backref_puzzles::load(puzzle, input).expect("loads");
        let steps = |propagation| {
            let request = Request {
                settings: Settings {
                    order: (puzzle == "queens").then(|| "natural".into()),
                    ..Settings::default()
                },
                options: Options {
                    propagation: Some(propagation),
                    ..Options::new(backref_engine::Engine::dialect(&engine))
                },
                ..Request::new(&engine)
            };
            let report = instance.solve_once(&engine, &request).expect("solves");
            assert_eq!(report.outcome.as_str(), "solved", "{puzzle} {input}");
            search_steps(&*instance, &engine, &request, &report, budget)
                .expect("measures")
                .expect("within the budget")
        };
        let none = steps(Propagation::None);
        assert!(none > 0, "{puzzle} {input}");
        assert_eq!(
            steps(Propagation::None),
            none,
            "{puzzle} {input}: not repeatable"
        );
        for level in [Propagation::Light, Propagation::Forward] {
            assert!(steps(level) > 0, "{puzzle} {input} {level:?}");
        }
    }
    // Two givens that clash: the encoder rules the grid out, and no search ran.
    let instance =
        backref_puzzles::load("sudoku", "fixtures/sudoku/sudoku4x4_clash.txt").expect("loads");
    let request = Request::new(&engine);
    let report = instance.solve_once(&engine, &request).expect("solves");
    assert_eq!(report.outcome.as_str(), "no_solution");
    let steps = search_steps(&*instance, &engine, &request, &report, budget).expect("measures");
    assert_eq!(steps, Some(0));
}
