//! The logic-puzzle family end to end (Binairo first): every fixture through PCRE2 with its
//! expected outcome and answer, counting inside the engine equal to the native count, the
//! uniqueness check, Abigail's talk inputs (skipped when the corpus is absent), bad input, the
//! SVG drawing, and snapshots of a small instance's pattern.

mod common;

use std::path::{Path, PathBuf};

use common::{backref, expected, fixtures, grid, json, stderr};

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

/// The unique answer an `.expected` file lists (its lines after the count).
fn expected_rows(path: &Path) -> Vec<String> {
    expected(path)
        .lines()
        .skip(1)
        .filter(|l| !l.is_empty())
        .map(String::from)
        .collect()
}

/// Solves every fixture of `puzzle` (with `extra` arguments): no solution where none is
/// expected; otherwise solved, verified, and the listed answer where it is unique.
fn fixtures_solve(puzzle: &str, extra: &[&str]) {
    let files = fixtures(puzzle);
    assert!(!files.is_empty(), "no {puzzle} fixtures");
    for f in files {
        let mut args = vec!["solve", puzzle, f.to_str().unwrap()];
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
        let mut args = vec!["count", puzzle, f.to_str().unwrap()];
        args.extend(extra);
        let (v, code) = json(&args);
        assert_eq!(code, 0, "{f:?}: {v}");
        let n = expected_count(&f);
        assert_eq!(v["count"], n, "{f:?}: {v}");
        assert_eq!(v["native_count"], n, "{f:?}: {v}");
        assert_eq!(v["complete"], true, "{f:?}");
    }
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
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/binairo");
    for (name, want) in [
        ("gen08x08_unique.txt", "unique"),
        ("gen06x06_several.txt", "not_unique"),
    ] {
        let (v, code) = json(&[
            "solve",
            "binairo",
            dir.join(name).to_str().unwrap(),
            "--unique",
        ]);
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
    let Some(path) = talk("input-binairo-1") else {
        return;
    };
    let (v, code) = json(&["solve", "binairo", path.to_str().unwrap(), "--unique"]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["outcome"], "solved");
    assert_eq!(v["verified"], true);
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
    let dir = std::env::temp_dir().join(format!("backref-logic-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (text, message) in [
        (
            "0 1 . .\n. x . .\n",
            ":2:3: expected 0, 1 or . (a blank), found 'x'",
        ),
        (
            "0 1 . .\n. . .\n",
            ":2:0: row 2 has 3 cells, expected 4 like the first row",
        ),
        (
            "0 1 .\n. . .\n",
            "needs an even number of rows and of columns",
        ),
    ] {
        let f = dir.join("bad.txt");
        std::fs::write(&f, text).unwrap();
        let out = backref(&["solve", "binairo", f.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "{text:?}");
        let err = stderr(&out);
        assert!(err.contains(message), "{text:?}: {err}");
        assert!(err.contains("bad.txt"), "{err}");
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn binairo_svg() {
    let f = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/binairo/gen06x06_unique.txt");
    let out = backref(&["solve", "binairo", f.to_str().unwrap(), "--format", "svg"]);
    assert_eq!(out.status.code(), Some(0));
    let svg = String::from_utf8(out.stdout).unwrap();
    backref_svg::well_formed(&svg).unwrap();
    assert_eq!(svg.matches("class=\"cell\"").count(), 36);
}

#[test]
fn binairo_snapshot_of_a_small_instance() {
    let dir = std::env::temp_dir().join(format!("backref-logic-snap-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("b4.txt");
    std::fs::write(&f, "1 . . .\n. . 0 .\n. . . .\n. 1 . .\n").unwrap();
    for dialect in ["pcre2", "javascript"] {
        let (v, code) = json(&[
            "emit",
            "binairo",
            f.to_str().unwrap(),
            "--engine",
            dialect,
            "--names",
            "readable",
        ]);
        assert_eq!(code, 0, "{v}");
        let text = format!(
            "subject: {}\npattern: {}\n",
            v["subject"].as_str().unwrap(),
            v["pattern"].as_str().unwrap()
        );
        insta::assert_snapshot!(format!("binairo4_{dialect}"), text);
    }
    let _ = std::fs::remove_dir_all(dir);
}
