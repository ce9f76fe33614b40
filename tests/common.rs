//! Helpers shared by the end-to-end tests: run the `backref` binary and read its output.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Runs `backref` with `args` and returns its output.
pub fn backref(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_backref"))
        .args(args)
        .output()
        .expect("the backref binary runs")
}

/// Runs `backref` with `args` plus `--format json` and parses stdout, returning it with the exit code.
pub fn json(args: &[&str]) -> (serde_json::Value, i32) {
    let mut all = args.to_vec();
    all.extend(["--format", "json"]);
    let out = backref(&all);
    let text = String::from_utf8_lossy(&out.stdout);
    let value = serde_json::from_str(&text).unwrap_or_else(|e| {
        panic!(
            "stdout of {all:?} is not JSON ({e}): {text}\nstderr: {}",
            String::from_utf8_lossy(&out.stderr)
        )
    });
    (value, out.status.code().unwrap_or(-1))
}

/// Stderr as text.
pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Whether an external engine is available here (per `backref engines`). When it is not, the
/// caller's part is a reported skip (`SKIPPED: ...` on stderr), and a failure when `CI` is set
/// (CI installs every engine).
pub fn available(engine: &str) -> bool {
    let name = engine;
    let engine = backref_engine::engine_by_name(name).expect("a registered engine");
    let test = std::thread::current().name().unwrap_or("test").to_string();
    let ok = backref_engine::require_or_skip(&test, &*engine);
    ok && listed_available(name)
}

/// Whether `backref engines` lists `engine` as available.
fn listed_available(engine: &str) -> bool {
    let (list, _) = json(&["engines"]);
    list.as_array()
        .expect("a list")
        .iter()
        .any(|e| e["name"] == engine && e["available"] == true)
}

/// The `.txt` fixtures of `puzzle` under `fixtures/`, sorted (empty when there are none).
pub fn fixtures(puzzle: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures")
        .join(puzzle);
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(|e| e.ok()).map(|e| e.path()).collect())
        .unwrap_or_default();
    v.retain(|p| p.extension().is_some_and(|e| e == "txt"));
    v.sort();
    v
}

/// The `.expected` file beside a fixture (empty when there is none).
pub fn expected(path: &Path) -> String {
    std::fs::read_to_string(path.with_extension("expected")).unwrap_or_default()
}

/// A JSON answer's `grid`, one string per row.
pub fn grid(v: &serde_json::Value) -> Vec<String> {
    v["grid"]
        .as_array()
        .expect("a grid")
        .iter()
        .map(|r| r.as_str().expect("a row").to_string())
        .collect()
}

/// One instance of every registered puzzle, for tests that must cover each (the inspection
/// page and the browser): small, with one solution where the puzzle has such fixtures.
pub const ONE_OF_EACH: &[(&str, &str)] = &[
    ("queens", "8"),
    ("aquarium", "fixtures/aquarium/gen06_1.txt"),
    ("colorgrid", "fixtures/colorgrid/so_example.txt"),
    ("fillit", "fixtures/fillit/mixed_5.txt"),
    ("rectangles", "fixtures/rectangles/puzzles_md_example.txt"),
    ("sudoku", "fixtures/sudoku/variant_jigsaw_6x6.txt"),
    ("cnf", "fixtures/cnf/random3_v12_c36.cnf"),
    ("binairo", "fixtures/binairo/gen06x06_unique.txt"),
    (
        "starbattle",
        "fixtures/starbattle/gen06x06_1star_unique.txt",
    ),
    ("nonogram", "fixtures/nonogram/gen05x05_unique.txt"),
    ("lightup", "fixtures/lightup/gen06x06_unique.txt"),
    ("suguru", "fixtures/suguru/gen05x05_unique.txt"),
    ("kakuro", "fixtures/kakuro/gen04x04_unique.txt"),
];

/// The dialects the full emit snapshots cover, one per IR printer.
pub const EVERY_DIALECT: &[&str] = &["pcre2", "perl", "fancy", "python", "javascript", "dotnet"];

/// `backref emit PUZZLE INPUT --engine DIALECT --names readable` (plus `extra`), asserted to
/// succeed, as the text the emit snapshots hold: `subject: …` and `pattern: …` lines.
pub fn emit_text(puzzle: &str, input: &str, dialect: &str, extra: &[&str]) -> String {
    let mut args = vec![
        "emit", puzzle, input, "--engine", dialect, "--names", "readable",
    ];
    args.extend(extra);
    let (v, code) = json(&args);
    assert_eq!(code, 0, "{v}");
    format!(
        "subject: {}\npattern: {}\n",
        v["subject"].as_str().unwrap(),
        v["pattern"].as_str().unwrap()
    )
}

/// A scratch directory in the system's temporary folder, removed with its contents when it
/// goes out of scope, even when the test fails. It derefs to its path.
pub struct Scratch(tempfile::TempDir);

impl std::ops::Deref for Scratch {
    type Target = Path;

    fn deref(&self) -> &Path {
        self.0.path()
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        self.0.path()
    }
}

/// A fresh, uniquely named scratch directory whose name starts with `backref-{tag}-`.
pub fn scratch(tag: &str) -> Scratch {
    let dir = tempfile::Builder::new()
        .prefix(&format!("backref-{tag}-"))
        .tempdir()
        .expect("a scratch directory");
    Scratch(dir)
}

/// Writes each case's text to `bad.txt` in `dir` and solves it as `puzzle`: exit code 2, and
/// stderr names the file and contains the case's message.
pub fn bad_inputs_name_the_place(puzzle: &str, dir: &Path, cases: &[(&str, &str)]) {
    for (text, message) in cases {
        let f = dir.join("bad.txt");
        std::fs::write(&f, text).unwrap();
        let out = backref(&["solve", puzzle, f.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "{text:?}");
        let err = stderr(&out);
        assert!(
            err.contains(message) && err.contains("bad.txt"),
            "{text:?}: {err}"
        );
    }
}

/// `backref solve PUZZLE FILE --format svg`, asserted to succeed with a well-formed drawing.
pub fn solved_svg(puzzle: &str, file: &Path) -> String {
    let out = backref(&["solve", puzzle, file.to_str().unwrap(), "--format", "svg"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let svg = String::from_utf8(out.stdout).unwrap();
    backref_svg::well_formed(&svg).unwrap();
    svg
}
