//! `solve --unique` and `count` on every engine: PCRE2 counts inside the match, every other
//! engine re-solves with the solutions found so far excluded. For each engine and each puzzle
//! (Sudoku 4×4, N-Queens, Binairo): a unique case, a case with several solutions (two shown,
//! both verified and different), a case with none, and a count equal to PCRE2's in-engine count
//! and to the native solver's. A missing engine is a reported skip (a failure with `CI` set).

mod common;

use std::path::Path;

use common::{json, scratch};
use serde_json::Value;

/// The engines installed here, each missing one reported as a skip.
fn engines(test: &str) -> Vec<&'static str> {
    backref_engine::ENGINE_NAMES
        .iter()
        .copied()
        .filter(|name| {
            let engine = backref_engine::engine_by_name(name).expect("a registered engine");
            backref_engine::require_or_skip(test, &*engine)
        })
        .collect()
}

/// The method an engine counts with.
fn method(engine: &str) -> &'static str {
    let e = backref_engine::engine_by_name(engine).unwrap();
    if e.info().can_count {
        "in_engine"
    } else {
        "resolve"
    }
}

/// One puzzle's cases: inputs with one, several and no solution, and one to count.
struct Cases<'a> {
    puzzle: &'a str,
    unique: &'a str,
    several: &'a str,
    none: &'a str,
    count: &'a str,
}

/// `solve --unique` on the three inputs and `count` on the fourth, on every engine.
fn on_every_engine(test: &str, cases: &Cases, extra: &[&str]) {
    let args = |verb: &'static str, input: &str, engine: &str| -> Vec<String> {
        let mut v: Vec<String> = [verb, cases.puzzle, input, "--engine", engine]
            .iter()
            .map(|s| s.to_string())
            .collect();
        if verb == "solve" {
            v.push("--unique".into());
        }
        v.extend(extra.iter().map(|s| s.to_string()));
        v
    };
    let run = |a: Vec<String>| -> (Value, i32) {
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        json(&a)
    };
    let (reference, code) = run(args("count", cases.count, "pcre2"));
    assert_eq!(code, 0, "{reference}");
    assert_eq!(reference["method"], "in_engine", "{reference}");
    let expected = reference["count"].as_u64().expect("a count");
    assert!(expected >= 2, "the count case has several solutions");
    for engine in engines(test) {
        let at = format!("{} on {engine}", cases.puzzle);
        for (input, verdict, shown) in [
            (cases.unique, "unique", 1),
            (cases.several, "not_unique", 2),
            (cases.none, "no_solution", 0),
        ] {
            let (v, code) = run(args("solve", input, engine));
            assert_eq!(code, 0, "{at}: {v}");
            assert_eq!(v["uniqueness"], verdict, "{at}: {v}");
            assert_eq!(v["method"], method(engine), "{at}: {v}");
            assert_eq!(v["verified"], true, "{at}: {v}");
            assert_eq!(v["problems"], serde_json::json!([]), "{at}: {v}");
            let solutions = v["solutions"].as_array().expect("solutions");
            assert_eq!(solutions.len(), shown, "{at}: {v}");
            if shown == 2 {
                assert_ne!(solutions[0], solutions[1], "{at}: two different: {v}");
            }
        }
        let (v, code) = run(args("count", cases.count, engine));
        assert_eq!(code, 0, "{at}: {v}");
        assert_eq!(v["count"].as_u64(), Some(expected), "{at}: {v}");
        assert_eq!(v["native_count"].as_u64(), Some(expected), "{at}: {v}");
        assert_eq!(v["complete"], true, "{at}: {v}");
        assert_eq!(v["method"], method(engine), "{at}: {v}");
        if method(engine) == "resolve" {
            // One run per solution, and the last that finds none.
            assert_eq!(v["runs"].as_u64(), Some(expected + 1), "{at}: {v}");
        }
    }
}

fn fixture(path: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures")
        .join(path)
        .to_string_lossy()
        .into_owned()
}

#[test]
fn sudoku_4x4_on_every_engine() {
    let several = fixture("sudoku/sudoku4x4_several.txt");
    on_every_engine(
        "sudoku_4x4_on_every_engine",
        &Cases {
            puzzle: "sudoku",
            unique: &fixture("sudoku/sudoku4x4_unique.txt"),
            several: &several,
            none: &fixture("sudoku/sudoku4x4_clash.txt"),
            count: &several,
        },
        &[],
    );
}

#[test]
fn queens_on_every_engine() {
    // 1: one board; 4: two; 3: none; 6: four.
    on_every_engine(
        "queens_on_every_engine",
        &Cases {
            puzzle: "queens",
            unique: "1",
            several: "4",
            none: "3",
            count: "6",
        },
        &[],
    );
}

#[test]
fn binairo_on_every_engine() {
    let dir = scratch("unique-engines-binairo");
    // Six solutions: small enough for a re-solve per solution on every engine.
    let six = dir.join("six.txt");
    std::fs::write(&six, "1 0 . .\n. . 1 .\n. . . .\n. . . 1\n").unwrap();
    let six = six.to_string_lossy().into_owned();
    on_every_engine(
        "binairo_on_every_engine",
        &Cases {
            puzzle: "binairo",
            unique: &fixture("binairo/gen06x06_unique.txt"),
            several: &six,
            none: &fixture("binairo/gen06x06_none.txt"),
            count: &six,
        },
        &[],
    );
}

/// Without lookahead (`--portable`) the exclusion walks each position's other values; the
/// packing's guard form gives Sudoku's cells flags per digit.
#[test]
fn portable_patterns_exclude_without_lookahead() {
    for engine in ["node", "python", "fancy"] {
        if !engines("portable_patterns_exclude_without_lookahead").contains(&engine) {
            continue;
        }
        for (puzzle, input, expected) in [
            ("sudoku", fixture("sudoku/sudoku4x4_several.txt"), 6),
            ("queens", "6".to_string(), 4),
        ] {
            let (v, code) = json(&["count", puzzle, &input, "--engine", engine, "--portable"]);
            assert_eq!(code, 0, "{v}");
            assert_eq!(v["count"], expected, "{puzzle} on {engine}: {v}");
            assert_eq!(v["native_count"], expected, "{puzzle} on {engine}: {v}");
        }
    }
}

/// A cap on solutions is an honest gave-up: the count so far is a lower bound, exit 3.
#[test]
fn a_cap_on_solutions_gives_up_with_a_lower_bound() {
    for engine in ["pcre2", "fancy"] {
        let (v, code) = json(&["count", "queens", "6", "--engine", engine, "--max", "2"]);
        assert_eq!(code, 3, "{v}");
        assert_eq!(v["outcome"], "gave_up", "{v}");
        assert_eq!(v["count"], 2, "{v}");
        assert_eq!(v["complete"], false, "{v}");
        assert_eq!(v["gave_up"], "max 2 solutions", "{v}");
    }
}

#[test]
fn rectangles_with_reuse_and_pieces_of_one_size_count_on_every_engine() {
    // Two 3x3 pieces and `--reuse`: in the trie form (engines without branch reset) a cell's
    // two 3x3 options use the same resources, so a match reads as both (`Compiled::readings`).
    // Re-solving once counted 2 of the 4 tilings there.
    let dir = scratch("unique-engines-rectangles-reuse");
    let input = dir.join("twins.txt");
    std::fs::write(
        &input,
        "aaa\naaa\naaa\n\nbbbb\n\ncccc\ncccc\n\nddd\nddd\nddd\n\n~~~~~\n~~~~~\n~~~~~\n~~~~~\n~~~~~\n",
    )
    .unwrap();
    let input = input.to_string_lossy().into_owned();
    let count =
        |engine: &str| json(&["count", "rectangles", &input, "--reuse", "--engine", engine]);
    let (reference, code) = count("pcre2");
    assert_eq!(code, 0, "{reference}");
    assert_eq!(reference["count"], 4, "{reference}");
    for engine in engines("rectangles_with_reuse_and_pieces_of_one_size_count_on_every_engine") {
        let (v, code) = count(engine);
        assert_eq!(code, 0, "{engine}: {v}");
        assert_eq!(v["count"], 4, "{engine}: {v}");
        assert_eq!(v["native_count"], 4, "{engine}: {v}");
        assert_eq!(v["complete"], true, "{engine}: {v}");
        assert_eq!(v["problems"], serde_json::json!([]), "{engine}: {v}");
    }
}
