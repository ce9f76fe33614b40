//! Rectangle packing through the .NET balancing-group encoding, end to end: the readable
//! pattern (snapshot), its switches and debug variant, every fixture and corpus case solved by
//! both encodings (segment on PCRE2, balancing on .NET) with the same answer, and the usage
//! error for other engines. The .NET parts need `mono` and `mcs` on `PATH` (CI installs
//! `mono-mcs`); without them they are a reported skip (`SKIPPED: ...`), and a failure when `CI`
//! is set.

mod common;

use std::path::{Path, PathBuf};

use common::{backref, json, stderr};
use serde_json::Value;

/// The seed's example: a 2×2 block, `bb`, `c`, `ddd` and a 3×2 canvas.
const SEED_EXAMPLE: &str = "aa\naa\n\nbb\n\nc\n\nddd\n\n~~~\n~~~\n";

/// Seconds a run may take before it counts as "gave up" (small hand-made cases).
const RUN_TIMEOUT: &str = "30";
/// Seconds the segment encoding gets on a case: a safety net only (the slowest takes well
/// under a second).
const SEGMENT_TIMEOUT: &str = "60";
/// Seconds the balancing encoding gets on a case: a safety net only.
const BALANCING_TIMEOUT: &str = "120";

/// Writes `text` to a file named `name` in this test binary's scratch directory.
fn input(name: &str, text: &str) -> String {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("balancing");
    std::fs::create_dir_all(&dir).expect("scratch directory");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write input");
    path.display().to_string()
}

fn on_path(program: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join(program).is_file()))
}

/// Whether Mono can run here. When not, the .NET part of `test` is a reported skip, and a
/// failure on CI (which installs `mono-mcs`).
fn mono(test: &str) -> bool {
    if on_path("mono") && on_path("mcs") {
        return true;
    }
    let line = format!(
        "SKIPPED: {test}: .NET part: `mono` and `mcs` are not on PATH (apt-get install mono-mcs)"
    );
    if std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "0" && v != "false") {
        panic!("{line} (and $CI is set: CI installs every engine)");
    }
    eprintln!("{line}");
    false
}

/// `solve rectangles FILE` with `args`, as JSON, with its exit code.
fn solve(file: &str, args: &[&str]) -> (Value, i32) {
    let mut all = vec!["solve", "rectangles", file];
    all.extend(args);
    if !args.contains(&"--timeout") {
        all.extend(["--timeout", RUN_TIMEOUT]);
    }
    json(&all)
}

fn segment(file: &str, extra: &[&str]) -> (Value, i32) {
    let mut args = vec!["--engine", "pcre2", "--encoding", "segment"];
    args.extend(extra);
    solve(file, &args)
}

fn balancing(file: &str, extra: &[&str]) -> (Value, i32) {
    let mut args = vec!["--engine", "dotnet", "--encoding", "balancing"];
    args.extend(extra);
    solve(file, &args)
}

fn emit(file: &str, encoding: &str, extra: &[&str]) -> String {
    let mut args = vec!["emit", "rectangles", file, "--encoding", encoding];
    args.extend(extra);
    let out = backref(&args);
    assert!(out.status.success(), "emit failed: {}", stderr(&out));
    String::from_utf8(out.stdout).expect("UTF-8")
}

fn outcome(v: &Value) -> &str {
    v["outcome"].as_str().unwrap_or("?")
}

#[test]
fn seed_example_pattern_snapshot() {
    let file = input("seed.txt", SEED_EXAMPLE);
    // The subject lists the pieces in try order; input order keeps the seed's text.
    insta::assert_snapshot!(
        "rectangles_seed_balancing",
        emit(&file, "balancing", &["--order", "input"])
    );
}

#[test]
fn emit_json_names_the_options_and_counts() {
    let file = input("seed-json.txt", SEED_EXAMPLE);
    let doc: Value = serde_json::from_str(&emit(
        &file,
        "balancing",
        &["--format", "json", "--order", "input"],
    ))
    .expect("JSON");
    assert_eq!(doc["dialect"], "dotnet");
    assert_eq!(doc["encoding"], "balancing");
    assert_eq!(
        doc["options"],
        serde_json::json!(["Multiline", "Singleline", "IgnorePatternWhitespace"])
    );
    let subject = doc["subject"].as_str().unwrap();
    assert!(subject.starts_with(SEED_EXAMPLE), "{subject:?}");
    assert!(subject[SEED_EXAMPLE.len()..].chars().all(|c| c == '='));
    assert_eq!(doc["stats"]["subject_bytes"], subject.len());
    assert_eq!(
        doc["stats"]["pattern_bytes"],
        doc["pattern"].as_str().unwrap().len()
    );
    assert!(doc["stats"]["groups"].as_u64().unwrap() >= 5);
    assert!(doc["stats"]["backrefs"].as_u64().unwrap() >= 5);
}

#[test]
fn switches_and_debug_change_the_pattern() {
    let file = input("seed-switches.txt", SEED_EXAMPLE);
    let full = emit(&file, "balancing", &[]);
    let fixed = emit(&file, "balancing", &["--no-rotation"]);
    let reuse = emit(&file, "balancing", &["--reuse"]);
    let debug = emit(&file, "balancing-debug", &[]);
    assert!(full.contains("turned") && !fixed.contains("turned"));
    assert!(full.contains("not a piece used before") && !reuse.contains("not a piece used before"));
    // With reuse the tape is longer: 4 steps per cell instead of 4·5/2 in all, plus 6 + 1.
    let tape = |text: &str| {
        text.lines()
            .find(|l| !l.is_empty() && l.chars().all(|c| c == '='))
            .map_or(0, str::len)
    };
    assert_eq!((tape(&full), tape(&reuse)), (10 + 7, 24 + 7));
    // Debug: no final assertion, and the main loop (the only group closed at column 0) may
    // run zero times.
    let top_closes = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| l.starts_with(')'))
            .map(|l| l.split_whitespace().next().unwrap_or("").to_string())
            .collect()
    };
    assert!(full.contains("5. done: no free cell is left"));
    assert_eq!(top_closes(&full), [")+", ")"]);
    assert!(!debug.contains("5. done"));
    assert_eq!(top_closes(&debug), [")*"]);
    assert!(debug.contains("debug: no final assertion"));
}

#[test]
fn balancing_needs_the_dotnet_engine() {
    let file = input("seed-engine.txt", SEED_EXAMPLE);
    for engine in ["pcre2", "fancy"] {
        let out = backref(&[
            "solve",
            "rectangles",
            &file,
            "--engine",
            engine,
            "--encoding",
            "balancing",
        ]);
        assert_eq!(out.status.code(), Some(2), "{engine}");
        // Every engine of the .NET family is named (Mono, CoreCLR, Go's regexp2).
        let err = stderr(&out);
        assert!(
            err.contains("the balancing encoding needs --engine dotnet or ")
                && err.contains("--engine regexp2 (.NET balancing groups)"),
            "{err}"
        );
    }
    let out = backref(&["solve", "rectangles", &file, "--encoding", "zigzag"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("segment, balancing, balancing-debug"));
}

fn cases() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for dir in [
        Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/rectangles"),
        PathBuf::from("/work/shared/corpus/rectangles"),
    ] {
        let mut found: Vec<PathBuf> = std::fs::read_dir(&dir)
            .map(|d| d.filter_map(|e| e.ok()).map(|e| e.path()).collect())
            .unwrap_or_default();
        found.retain(|p| p.extension().is_some_and(|e| e == "txt"));
        found.sort();
        files.extend(found);
    }
    // Small inputs first: a failure shows on the simplest case.
    files.sort_by_key(|p| std::fs::metadata(p).map(|m| m.len()).unwrap_or(0));
    files
}

/// Checks one answer: the expected satisfiability, verification, exit code 0. The time limits
/// are far above what any case takes (all 40 take under 3 s together), so a run that gives up
/// is a failure, not a case left out: what the test covers never depends on the machine's speed.
fn agrees(name: &str, what: &str, (v, code): &(Value, i32), expected: &str) {
    assert_ne!(outcome(v), "gave_up", "{name} {what} gave up: {v}");
    assert_eq!(*code, 0, "{name} {what}: {v}");
    match expected {
        "solvable" => assert_eq!(outcome(v), "solved", "{name} {what}: {v}"),
        "unsolvable" => assert_eq!(outcome(v), "no_solution", "{name} {what}: {v}"),
        _ => {}
    }
    if outcome(v) == "solved" {
        assert_eq!(v["verified"], true, "{name} {what}: {v}");
    }
}

#[test]
fn every_case_agrees_across_encodings() {
    let files = cases();
    let dotnet = mono("every_case_agrees_across_encodings");
    let mut compared = 0;
    for path in &files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let file = path.display().to_string();
        // `solvable` or `unsolvable`, then (for solvable fixtures) the expected grid.
        let expected_text =
            std::fs::read_to_string(path.with_extension("expected")).unwrap_or_default();
        let mut expected_lines = expected_text.lines();
        let expected = expected_lines.next().unwrap_or("").trim().to_string();
        let expected_grid: Vec<&str> = expected_lines.take_while(|l| !l.is_empty()).collect();
        let seg = segment(&file, &["--timeout", SEGMENT_TIMEOUT]);
        agrees(&name, "segment/pcre2", &seg, &expected);
        if !dotnet {
            continue;
        }
        let bal = balancing(&file, &["--timeout", BALANCING_TIMEOUT]);
        if outcome(&bal.0) == "solved" && !expected_grid.is_empty() {
            assert_eq!(bal.0["grid"], serde_json::json!(expected_grid), "{name}");
        }
        agrees(&name, "balancing/dotnet", &bal, &expected);
        assert_eq!(outcome(&seg.0), outcome(&bal.0), "{name}");
        // Same search order (next free cell, pieces in input order, upright first): the same
        // first answer.
        assert_eq!(seg.0["placements"], bal.0["placements"], "{name}");
        compared += 1;
    }
    eprintln!(
        "{compared} of {} cases compared across encodings",
        files.len()
    );
}

#[test]
fn switches_change_satisfiability() {
    // `111` only fits a 1×3 canvas when turned.
    let tall = input("tall.txt", "111\n\n~\n~\n~\n");
    // One cell, a two-cell canvas: only with reuse.
    let twice = input("twice.txt", "1\n\n~~\n");
    // One domino, a 2×2 canvas: with reuse, two upright dominoes (no rotation needed).
    let domino = input("domino.txt", "11\n\n~~\n~~\n");
    let cases: [(&str, &[&str], &str); 8] = [
        (&tall, &[], "solved"),
        (&tall, &["--no-rotation"], "no_solution"),
        (&twice, &[], "no_solution"),
        (&twice, &["--reuse"], "solved"),
        (&domino, &[], "no_solution"),
        (&domino, &["--reuse"], "solved"),
        (&domino, &["--reuse", "--no-rotation"], "solved"),
        (&tall, &["--reuse", "--no-rotation"], "no_solution"),
    ];
    let dotnet = mono("switches_change_satisfiability");
    for (file, switches, want) in cases {
        let (v, code) = segment(file, switches);
        assert_eq!(
            (outcome(&v), code),
            (want, 0),
            "segment {file} {switches:?}: {v}"
        );
        if !dotnet {
            continue;
        }
        let (b, code) = balancing(file, switches);
        assert_eq!(
            (outcome(&b), code),
            (want, 0),
            "balancing {file} {switches:?}: {b}"
        );
        if want == "solved" {
            assert_eq!(b["verified"], true);
            assert_eq!(b["placements"], v["placements"], "{file} {switches:?}");
        }
    }
    if dotnet {
        // With reuse the same piece is placed twice.
        let (b, _) = balancing(&twice, &["--reuse"]);
        let pieces: Vec<&Value> = b["placements"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| &p["piece"])
            .collect();
        assert_eq!(pieces, [&Value::from(0), &Value::from(0)]);
    }
}

#[test]
fn debug_mode_shows_a_partial_fill() {
    // `a` goes to the corner, `bb` turned fills the right column, and nothing is left for the
    // last cell: no solution, but the debug pattern matches the first placements that fit.
    let file = input("partial.txt", "a\n\nbb\n\n~~\n~~\n");
    if !mono("debug_mode_shows_a_partial_fill") {
        return;
    }
    // In input order (largest first would put `bb` in the corner).
    let (full, code) = balancing(&file, &["--order", "input"]);
    assert_eq!((outcome(&full), code), ("no_solution", 0), "{full}");
    let (v, code) = solve(
        &file,
        &[
            "--engine",
            "dotnet",
            "--encoding",
            "balancing-debug",
            "--order",
            "input",
        ],
    );
    // A partial fill is shown, but it is not an answer: the rule check says what is missing.
    assert_eq!(code, 1, "{v}");
    assert_eq!(outcome(&v), "solved");
    assert_eq!(v["verified"], false);
    assert_eq!(
        v["placements"],
        serde_json::json!([
            {"piece": 0, "row": 0, "col": 0, "rotated": false},
            {"piece": 1, "row": 0, "col": 1, "rotated": true},
        ])
    );
    let problems = v["problems"].to_string();
    assert!(problems.contains("rule check"), "{problems}");
    assert!(!problems.contains("disagreement"), "{problems}");
}
