//! The logic-puzzle family end to end (Binairo first): every fixture through PCRE2 with its
//! expected outcome and answer, counting inside the engine equal to the native count, the
//! uniqueness check, Abigail's talk inputs (skipped when the corpus is absent), bad input, the
//! SVG drawing, and snapshots of a small instance's pattern.

mod common;

use std::path::{Path, PathBuf};

use common::{
    backref, bad_inputs_name_the_place, emit_text, expected, fixtures, grid, json, scratch,
    solved_svg, stderr,
};

/// The corpus directory of Abigail's talk inputs, when it is there.
fn talk(name: &str) -> Option<PathBuf> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/corpus/logic/abigail_talk")
        .join(name);
    let p = if p.exists() {
        p
    } else {
        Path::new("/work/shared/corpus/logic/abigail_talk").join(name)
    };
    if p.exists() {
        Some(p)
    } else {
        eprintln!("SKIPPED: {name} is not in the shared corpus here");
        None
    }
}

/// The number of solutions an `.expected` file states (`solutions: N`).
fn expected_count(path: &Path) -> u64 {
    let exp = expected(path);
    exp.lines()
        .find_map(|l| l.strip_prefix("solutions: "))
        .unwrap_or_else(|| panic!("{path:?}: no `solutions:` line"))
        .trim()
        .parse()
        .unwrap()
}

/// The unique answer an `.expected` file lists (its lines after the `key: value` ones).
fn expected_rows(path: &Path) -> Vec<String> {
    expected(path)
        .lines()
        .filter(|l| !l.is_empty() && !l.contains(": "))
        .map(String::from)
        .collect()
}

/// The puzzle options an `.expected` file states (`stars: K` → `--stars K`).
fn expected_options(path: &Path) -> Vec<String> {
    expected(path)
        .lines()
        .filter_map(|l| l.strip_prefix("stars: "))
        .flat_map(|k| ["--stars".to_string(), k.trim().to_string()])
        .collect()
}

/// Solves every fixture of `puzzle` (with `extra` arguments): no solution where none is
/// expected; otherwise solved, verified, and the listed answer where it is unique.
fn fixtures_solve(puzzle: &str, extra: &[&str]) {
    let files = fixtures(puzzle);
    assert!(!files.is_empty(), "no {puzzle} fixtures");
    for f in files {
        let options = expected_options(&f);
        let mut args = vec!["solve", puzzle, f.to_str().unwrap()];
        args.extend(options.iter().map(String::as_str));
        args.extend(extra);
        let (v, code) = json(&args);
        match expected_count(&f) {
            0 => assert_eq!(
                (v["outcome"].as_str(), code),
                (Some("no_solution"), 0),
                "{f:?}: {v}"
            ),
            n => {
                assert_eq!(
                    (v["outcome"].as_str(), code),
                    (Some("solved"), 0),
                    "{f:?}: {v}"
                );
                assert_eq!(v["verified"], true, "{f:?}");
                if n == 1 {
                    assert_eq!(grid(&v), expected_rows(&f), "{f:?}");
                }
            }
        }
    }
}

/// Counts every fixture of `puzzle` inside PCRE2: the count equals the native count and the
/// expected one.
fn fixtures_count(puzzle: &str, extra: &[&str]) {
    for f in fixtures(puzzle) {
        let options = expected_options(&f);
        let mut args = vec!["count", puzzle, f.to_str().unwrap()];
        args.extend(options.iter().map(String::as_str));
        args.extend(extra);
        let (v, code) = json(&args);
        assert_eq!(code, 0, "{f:?}: {v}");
        let n = expected_count(&f);
        assert_eq!(v["count"], n, "{f:?}: {v}");
        assert_eq!(v["native_count"], n, "{f:?}: {v}");
        assert_eq!(v["complete"], true, "{f:?}");
    }
}

/// Solves Abigail's talk input `name` as `puzzle` (with `extra` arguments), when the corpus is
/// here: exit 0, solved and verified. Returns the input's path and the answer.
fn solve_talk(puzzle: &str, name: &str, extra: &[&str]) -> Option<(PathBuf, serde_json::Value)> {
    let path = talk(name)?;
    let mut args = vec!["solve", puzzle, path.to_str().unwrap()];
    args.extend(extra);
    let (v, code) = json(&args);
    assert_eq!(code, 0, "{name}: {v}");
    assert_eq!(
        (v["outcome"].as_str(), v["verified"].as_bool()),
        (Some("solved"), Some(true)),
        "{name}: {v}"
    );
    Some((path, v))
}

/// A fixture file's path under `fixtures/`.
fn fixture(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures")
        .join(rel)
}

#[test]
fn binairo_fixtures_solve_to_their_answers() {
    fixtures_solve("binairo", &[]);
    fixtures_solve("binairo", &["--portable"]);
}

#[test]
fn binairo_counting_inside_the_engine_equals_the_native_count() {
    fixtures_count("binairo", &[]);
    fixtures_count("binairo", &["--portable"]);
}

#[test]
fn binairo_uniqueness() {
    for (name, want) in [
        ("gen08x08_unique.txt", "unique"),
        ("gen06x06_several.txt", "not_unique"),
    ] {
        let f = fixture("binairo").join(name);
        let (v, code) = json(&["solve", "binairo", f.to_str().unwrap(), "--unique"]);
        assert_eq!(code, 0, "{v}");
        assert_eq!(
            v["unique"].as_str().or(v["uniqueness"].as_str()),
            Some(want),
            "{name}: {v}"
        );
    }
}

#[test]
fn binairo_talk_input_runs_as_it_is() {
    let Some((_, v)) = solve_talk("binairo", "input-binairo-1", &["--unique"]) else {
        return;
    };
    let rows = grid(&v);
    assert_eq!(rows.len(), 8);
    assert!(rows
        .iter()
        .all(|r| r.len() == 6 && r.chars().all(|c| c == '0' || c == '1')));
}

#[test]
fn binairo_one_line_form_on_the_command_line() {
    // 4×4, row by row: `1...` `..0.` `....` `....` written with runs of blanks.
    let (v, code) = json(&["count", "binairo", "1e0i"]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["count"], v["native_count"]);
    assert!(v["count"].as_u64().unwrap() >= 1, "{v}");
}

#[test]
fn binairo_bad_input_names_the_place() {
    let dir = scratch("logic");
    bad_inputs_name_the_place(
        "binairo",
        &dir,
        &[
            (
                "0 1 . .\n. x . .\n",
                ":2:3: expected 0, 1 or . (a blank), found 'x'",
            ),
            (
                "0 1 . .\n. . .\n",
                ":2: row 2 has 3 cells, expected 4 like the first row",
            ),
            (
                "0 1 .\n. . .\n",
                "needs an even number of rows and of columns",
            ),
        ],
    );
}

#[test]
fn binairo_svg() {
    let svg = solved_svg("binairo", &fixture("binairo/gen06x06_unique.txt"));
    assert_eq!(svg.matches("class=\"cell\"").count(), 36);
}

#[test]
fn binairo_snapshot_of_a_small_instance() {
    let dir = scratch("logic-snap");
    let f = dir.join("b4.txt");
    std::fs::write(&f, "1 . . .\n. . 0 .\n. . . .\n. 1 . .\n").unwrap();
    for dialect in ["pcre2", "javascript"] {
        let text = emit_text("binairo", f.to_str().unwrap(), dialect, &[]);
        insta::assert_snapshot!(format!("binairo4_{dialect}"), text);
    }
}

#[test]
fn starbattle_fixtures_solve_to_their_answers() {
    fixtures_solve("starbattle", &[]);
    fixtures_solve("starbattle", &["--portable"]);
}

#[test]
fn starbattle_counting_inside_the_engine_equals_the_native_count() {
    fixtures_count("starbattle", &[]);
    fixtures_count("starbattle", &["--portable"]);
    // without the room bounds and column strips: the same counts
    fixtures_count("starbattle", &["--encoding", "plain"]);
}

#[test]
fn starbattle_talk_inputs_run_as_they_are() {
    // (file, --stars): the talk's 6×6 and 8×8 take one star, 10×10 two, 14×14 three.
    for (name, k, n) in [
        ("input-star-1", "1", 6),
        ("input-star-3", "1", 8),
        ("input-star-4", "2", 10),
        ("input-star-2", "3", 14),
    ] {
        let Some((_, v)) = solve_talk("starbattle", name, &["--stars", k]) else {
            continue;
        };
        let rows = grid(&v);
        assert_eq!(rows.len(), n);
        let stars: usize = rows.iter().map(|r| r.matches('*').count()).sum();
        assert_eq!(stars, n * k.parse::<usize>().unwrap(), "{name}");
    }
}
#[test]
fn starbattle_uniqueness_and_options() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/starbattle");
    let f = dir.join("gen10x10_2star_unique.txt");
    let (v, code) = json(&[
        "solve",
        "starbattle",
        f.to_str().unwrap(),
        "--stars",
        "2",
        "--unique",
    ]);
    assert_eq!((code, v["uniqueness"].as_str()), (0, Some("unique")), "{v}");
    let f = dir.join("gen06x06_1star_several.txt");
    let (v, code) = json(&["solve", "starbattle", f.to_str().unwrap(), "--unique"]);
    assert_eq!(
        (code, v["uniqueness"].as_str()),
        (0, Some("not_unique")),
        "{v}"
    );
    // --stars is Star Battle's: another puzzle refuses it, and it must be a count.
    let out = backref(&["solve", "queens", "8", "--stars", "2"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("--stars=2 does not apply to queens"),
        "{}",
        stderr(&out)
    );
    let out = backref(&["solve", "starbattle", f.to_str().unwrap(), "--stars", "0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("--stars takes a whole number"),
        "{}",
        stderr(&out)
    );
    // Three stars cannot fit apart in a row of 4: ruled out without a search.
    let (v, code) = json(&[
        "solve",
        "starbattle",
        "1,1,2,2,1,1,2,2,3,3,4,4,3,3,4,4",
        "--stars",
        "3",
    ]);
    assert_eq!(
        (code, v["outcome"].as_str()),
        (0, Some("no_solution")),
        "{v}"
    );
}

#[test]
fn starbattle_bad_input_names_the_place() {
    let dir = scratch("logic-sb");
    bad_inputs_name_the_place(
        "starbattle",
        &dir,
        &[
            (
                "1 1\n1 *\n",
                ":2:3: expected a region id (a letter or a digit), found '*'",
            ),
            ("1 1 2\n1 1\n2 2 2\n", ":2: row 2 has 2 cells, expected 3"),
            ("1 1\n1 1\n", "a 2×2 grid needs 2 regions, found 1"),
        ],
    );
}

#[test]
fn starbattle_svg_and_snapshot() {
    let svg = solved_svg(
        "starbattle",
        &fixture("starbattle/gen06x06_1star_unique.txt"),
    );
    assert_eq!(svg.matches("class=\"star\"").count(), 6);
    let task = "1,1,2,2,1,1,2,2,3,3,4,4,3,3,4,4";
    for dialect in ["pcre2", "javascript"] {
        let text = emit_text("starbattle", task, dialect, &[]);
        insta::assert_snapshot!(format!("starbattle4_{dialect}"), text);
    }
}

#[test]
fn nonogram_fixtures_solve_to_their_answers() {
    fixtures_solve("nonogram", &[]);
    fixtures_solve("nonogram", &["--portable"]);
}

#[test]
fn nonogram_counting_inside_the_engine_equals_the_native_count() {
    fixtures_count("nonogram", &[]);
    fixtures_count("nonogram", &["--portable"]);
}
#[test]
fn nonogram_non_format_reads_like_the_plain_form() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/nonogram");
    let non = dir.join("nonformat_05x05_unique.non");
    let (v, code) = json(&["solve", "nonogram", non.to_str().unwrap(), "--unique"]);
    assert_eq!((code, v["uniqueness"].as_str()), (0, Some("unique")), "{v}");
    assert_eq!(grid(&v), expected_rows(&non));
    let (plain, _) = json(&[
        "solve",
        "nonogram",
        dir.join("gen05x05_unique.txt").to_str().unwrap(),
    ]);
    assert_eq!(grid(&v), grid(&plain));
    let several = dir.join("gen06x08_several.txt");
    let (v, code) = json(&["solve", "nonogram", several.to_str().unwrap(), "--unique"]);
    assert_eq!(
        (code, v["uniqueness"].as_str()),
        (0, Some("not_unique")),
        "{v}"
    );
}

#[test]
fn nonogram_bad_input_names_the_place() {
    let dir = scratch("logic-non");
    bad_inputs_name_the_place(
        "nonogram",
        &dir,
        &[
            (
                "1 x\n\n1\n",
                ":1:3: expected a run length (a number), found \"x\"",
            ),
            (
                "1\n2\n",
                "expected two blocks of clues (rows, a blank line, columns), found 1",
            ),
            (
                "width 2\nheight 2\nrows\n1\n",
                ":3: `rows` needs 2 clue lines, the file ends after 1",
            ),
        ],
    );
}

#[test]
fn nonogram_svg_and_snapshot() {
    let f = fixture("nonogram/gen05x05_unique.txt");
    let svg = solved_svg("nonogram", &f);
    let filled: usize = expected_rows(&f)
        .iter()
        .map(|r| r.matches('#').count())
        .sum();
    assert_eq!(svg.matches("class=\"filled\"").count(), filled);
    let tmp = scratch("logic-nonsnap");
    let cross = tmp.join("cross.txt");
    std::fs::write(&cross, "1\n3\n1\n\n1\n3\n1\n").unwrap();
    for dialect in ["pcre2", "javascript"] {
        let text = emit_text("nonogram", cross.to_str().unwrap(), dialect, &[]);
        insta::assert_snapshot!(format!("nonogram3_{dialect}"), text);
    }
}

#[test]
fn lightup_fixtures_solve_to_their_answers() {
    fixtures_solve("lightup", &[]);
    fixtures_solve("lightup", &["--portable"]);
}

#[test]
fn lightup_counting_inside_the_engine_equals_the_native_count() {
    fixtures_count("lightup", &[]);
    fixtures_count("lightup", &["--portable"]);
}

#[test]
fn lightup_talk_inputs_run_as_they_are() {
    for (name, n) in [("input-light-1", 7), ("input-light-2", 14)] {
        let Some((path, v)) = solve_talk("lightup", name, &["--unique"]) else {
            continue;
        };
        assert_eq!(v["uniqueness"], "unique", "{name}");
        let rows = grid(&v);
        assert_eq!(rows.len(), n);
        // The input's rows with `L` on bulbs: walls and numbers kept where they were.
        let input = std::fs::read_to_string(&path).unwrap();
        for (row, line) in rows.iter().zip(input.lines()) {
            let given: String = line.chars().filter(|c| *c != ' ').collect();
            assert_eq!(row.replace('L', "."), given, "{name}");
        }
    }
}

#[test]
fn lightup_bad_input_svg_and_snapshot() {
    let dir = scratch("logic-lu");
    bad_inputs_name_the_place(
        "lightup",
        &dir,
        &[
            (
                ". . 5\n",
                ":1:5: expected . (white), * (black) or a number 0-4, found '5'",
            ),
            // (Two well-formed lines alone would be read as a collection of two 1-row grids.)
            (
                "...\n..\n.5.\n",
                ":2: row 2 has 2 cells, expected 3 like the first row",
            ),
        ],
    );
    let f = fixture("lightup/gen06x06_unique.txt");
    let svg = solved_svg("lightup", &f);
    let bulbs: usize = expected_rows(&f)
        .iter()
        .map(|r| r.matches('L').count())
        .sum();
    assert_eq!(svg.matches("class=\"bulb\"").count(), bulbs);
    let small = dir.join("small.txt");
    std::fs::write(&small, ". . .\n. 2 *\n. . .\n").unwrap();
    for dialect in ["pcre2", "javascript"] {
        let text = emit_text("lightup", small.to_str().unwrap(), dialect, &[]);
        insta::assert_snapshot!(format!("lightup3_{dialect}"), text);
    }
}

#[test]
fn suguru_fixtures_solve_to_their_answers() {
    fixtures_solve("suguru", &[]);
    fixtures_solve("suguru", &["--portable"]);
}

#[test]
fn suguru_counting_inside_the_engine_equals_the_native_count() {
    fixtures_count("suguru", &[]);
}

#[test]
fn suguru_talk_inputs_run_as_they_are() {
    for (name, rows) in [("input-suguru-1", 5), ("input-suguru-2", 9)] {
        let Some((_, v)) = solve_talk("suguru", name, &["--unique"]) else {
            continue;
        };
        assert_eq!(v["uniqueness"], "unique", "{name}");
        assert_eq!(grid(&v).len(), rows);
    }
}

#[test]
fn suguru_bad_input_svg_and_snapshot() {
    let dir = scratch("logic-sg");
    bad_inputs_name_the_place(
        "suguru",
        &dir,
        &[
            (
                "1 1\n2 2\n\n. 3\n. .\n",
                ":4:3: given 3 in region 1 of 2 cells",
            ),
            (
                "1 1\n2 2\n\n. x\n. .\n",
                ":4:3: expected a digit 1-9 or . (blank), found 'x'",
            ),
            (
                "1 1\n2 2\n",
                "expected the region grid, a blank line and the givens grid",
            ),
        ],
    );
    let svg = solved_svg("suguru", &fixture("suguru/gen05x05_unique.txt"));
    assert_eq!(svg.matches("class=\"digit\"").count(), 25);
    let small = dir.join("small.txt");
    std::fs::write(&small, "1 1 2\n1 2 2\n\n. . .\n. . 1\n").unwrap();
    for dialect in ["pcre2", "javascript"] {
        let text = emit_text("suguru", small.to_str().unwrap(), dialect, &[]);
        insta::assert_snapshot!(format!("suguru3_{dialect}"), text);
    }
}

#[test]
fn kakuro_fixtures_solve_to_their_answers() {
    fixtures_solve("kakuro", &[]);
    fixtures_solve("kakuro", &["--portable"]);
}

#[test]
fn kakuro_counting_inside_the_engine_equals_the_native_count() {
    fixtures_count("kakuro", &[]);
}

#[test]
fn kakuro_bad_input_svg_and_snapshot() {
    let dir = scratch("logic-kk");
    bad_inputs_name_the_place(
        "kakuro",
        &dir,
        &[
            (
                "# ?\n# .\n# .\n",
                ":1:3: expected . (white), # (black) or a clue D\\R, found \"?\"",
            ),
            (
                "# 4\\ 3\\\n\\3 . .\n\\20 . .\n",
                ":3:1: across clue 20 cannot be the sum of 2 distinct digits",
            ),
        ],
    );
    let f = fixture("kakuro/gen04x04_unique.txt");
    let svg = solved_svg("kakuro", &f);
    let whites: usize = expected_rows(&f)
        .iter()
        .map(|r| r.chars().filter(|c| *c != '#').count())
        .sum();
    assert_eq!(svg.matches("class=\"digit\"").count(), whites);
    let small = fixture("kakuro/hand02x02_unique.txt");
    for dialect in ["pcre2", "javascript"] {
        let text = emit_text("kakuro", small.to_str().unwrap(), dialect, &[]);
        insta::assert_snapshot!(format!("kakuro2_{dialect}"), text);
    }
}
