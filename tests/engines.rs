//! The engine matrix end to end: every fixture of every puzzle through every engine available
//! here with `backref check`, timeouts, unavailable engines and the progress line.
//!
//! `backref check` runs each engine in its own dialect and fails (exit 1, `agree: false`) on any
//! disagreement in satisfiability, failed verification or engine error; engines that give up are
//! shown but tolerated. Engines missing here are reported as `unavailable` and skipped.

mod common;

use std::path::PathBuf;
use std::process::{Command, Output};

use common::{available, backref, json, scratch, stderr};
use serde_json::Value;

/// Per-engine timeout for the matrix. Most instances take well under a second per engine; the
/// slower engines (Python's `re` and `regex`, the .NET family, fancy-regex) give up on the 16×16
/// sudoku and the anti-king windoku at 10 s, which the matrix shows but does not count as a
/// failure (`docs/engines.md`, "What the matrix found").
const TIMEOUT: &str = "10";

/// Fixtures that take several seconds per engine (aquarium gen15_1: 0.5–9 s on each of seven
/// engines; the generated 25×25 sudoku: a 2.4 MB pattern, about 1 s through PCRE2 alone); the
/// rest take well under a second each. The Sudoku variants of issue 13's second round run on
/// every engine through their unique fixture; their several and no-solution ones (100–250 KB
/// patterns, 20–110 s per fixture over the fifteen engines of the time) are checked on PCRE2, counts
/// included, by `tests/sudoku.rs`.
const SLOW: &[&str] = &[
    "gen15_1",
    "sudoku25x25_gen_1",
    "sudoku25x25_gen_low_1",
    "sudoku16x16_gen_low_1",
    "sudoku16x16_gen_low_2",
    "sudoku20x20_gen_1",
    "sudoku15x15_gen_1",
    "variant_arrow_6x6_no_solution",
    "variant_arrow_6x6_several",
    "variant_consecutive_6x6_no_solution",
    "variant_consecutive_6x6_several",
    "variant_kropki_negative_6x6_no_solution",
    "variant_little_killer_6x6_no_solution",
    "variant_little_killer_6x6_several",
    "variant_little_killer_9x9_unique",
    "variant_non_consecutive_6x6_no_solution",
    "variant_non_consecutive_6x6_several",
    "variant_sandwich_6x6_no_solution",
    "variant_sandwich_6x6_several",
    "variant_slow_thermo_6x6_no_solution",
    "variant_slow_thermo_6x6_several",
];

fn fixtures(puzzle: &str) -> Vec<PathBuf> {
    let mut v = common::fixtures(puzzle);
    v.retain(|p| !SLOW.iter().any(|s| p.file_stem().is_some_and(|f| f == *s)));
    // Invalid inputs (fillit's `error` fixtures) are the parsers' business, not the engines'.
    v.retain(|p| {
        std::fs::read_to_string(p.with_extension("expected")).map_or(true, |e| e != "error\n")
    });
    v
}

/// Runs `backref check ARGS` on every engine and asserts that they agree and that every engine
/// that finished was verified. Returns the JSON.
fn check_agrees(args: &[&str]) -> Value {
    let mut all = vec!["check"];
    all.extend(args);
    all.extend(["--timeout", TIMEOUT]);
    let (v, code) = json(&all);
    let rows = v["rows"].as_array().expect("rows");
    assert!(!rows.is_empty(), "{args:?}: no rows");
    assert_eq!(rows[0]["engine"], "pcre2", "{args:?}: pcre2 comes first");
    for r in rows {
        let outcome = r["outcome"].as_str().expect("outcome");
        match outcome {
            "solved" | "no_solution" => {
                assert_eq!(r["verified"], true, "{args:?}: {r}");
                assert_eq!(r["problems"], serde_json::json!([]), "{args:?}: {r}");
            }
            "unavailable" => {
                available(r["engine"].as_str().expect("a name"));
            }
            "gave_up" => eprintln!("{args:?}: {} gave up: {}", r["engine"], r["note"]),
            // A fixed limit of the engine (e.g. the .NET Compiled engines' pattern size).
            "too_large" => eprintln!("{args:?}: {} too large: {}", r["engine"], r["note"]),
            other => panic!("{args:?}: {} ended in {other}: {r}", r["engine"]),
        }
    }
    // Every engine that finished reached the same outcome at the same stage.
    let finished: Vec<(&Value, &Value)> = rows
        .iter()
        .filter(|r| r["outcome"] == "solved" || r["outcome"] == "no_solution")
        .map(|r| (&r["outcome"], &r["stage"]))
        .collect();
    assert!(
        finished.windows(2).all(|w| w[0] == w[1]),
        "{args:?}: the engines disagree: {v}"
    );
    assert_eq!(v["agree"], true, "{args:?}: {v}");
    assert_ne!(code, 1, "{args:?}: {v}");
    v
}

#[test]
fn queens_1_to_8_agree_on_every_engine() {
    for n in 1..=8 {
        let n = n.to_string();
        let v = check_agrees(&["queens", &n]);
        let expect = if n == "2" || n == "3" {
            "no_solution"
        } else {
            "solved"
        };
        assert_eq!(v["rows"][0]["outcome"], expect, "queens {n}");
        assert_eq!(v["satisfiable"], expect == "solved", "queens {n}");
        check_agrees(&["queens", &n, "--portable"]);
    }
    // The published scheme's encoding and order as well.
    for n in ["5", "6"] {
        check_agrees(&["queens", n, "--encoding", "pairwise", "--order", "natural"]);
    }
}

fn fixtures_agree(puzzle: &str) {
    let files = fixtures(puzzle);
    if files.is_empty() {
        eprintln!("skipping {puzzle}: no fixtures");
        return;
    }
    for f in files {
        check_agrees(&[puzzle, f.to_str().unwrap()]);
    }
}

#[test]
fn aquarium_fixtures_agree_on_every_engine() {
    fixtures_agree("aquarium");
}

#[test]
fn colorgrid_fixtures_agree_on_every_engine() {
    fixtures_agree("colorgrid");
}

#[test]
fn fillit_fixtures_agree_on_every_engine() {
    fixtures_agree("fillit");
}

#[test]
fn rectangles_fixtures_agree_on_every_engine() {
    fixtures_agree("rectangles");
}

#[test]
fn sudoku_fixtures_agree_on_every_engine() {
    fixtures_agree("sudoku");
}

#[test]
fn portable_patterns_agree_on_every_engine() {
    for puzzle in ["aquarium", "colorgrid", "fillit", "rectangles", "sudoku"] {
        for f in fixtures(puzzle).iter().take(3) {
            check_agrees(&[puzzle, f.to_str().unwrap(), "--portable"]);
        }
    }
    // Sudoku's packing in its guard form: one of each size and a jigsaw.
    for f in [
        "sudoku4x4_unique",
        "sudoku9x9_unique",
        "sudoku9x9_no_solution",
        "variant_jigsaw_6x6",
    ] {
        let path = format!("{}/fixtures/sudoku/{f}.txt", env!("CARGO_MANIFEST_DIR"));
        check_agrees(&["sudoku", &path, "--portable"]);
    }
}

/// Python reads `\\100` and up as octal escapes: compact Python patterns name their groups.
#[test]
fn python_backreferences_beyond_group_99() {
    if !available("python") {
        return;
    }
    let (v, code) = json(&[
        "check",
        "queens",
        "12",
        "--encoding",
        "rowguard",
        "--engines",
        "pcre2,python",
    ]);
    assert!(v["rows"][1]["groups"].as_u64().unwrap() > 99, "{v}");
    assert_eq!((v["agree"].as_bool(), code), (Some(true), 0), "{v}");
}

/// `check --corpus` on a folder of two puzzles: one matrix, every instance on every engine
/// asked for, in file order, with a summary per engine; an input meant to fail is skipped.
#[test]
fn check_corpus_runs_a_folder_as_one_matrix() {
    let dir = scratch("corpus");
    let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    for (puzzle, name) in [
        ("aquarium", "gen06_1"),
        ("aquarium", "unsolvable06_totals"),
        ("colorgrid", "gen05x05_unique_3c"),
    ] {
        std::fs::create_dir_all(dir.join(puzzle)).unwrap();
        std::fs::copy(
            fixtures.join(puzzle).join(format!("{name}.txt")),
            dir.join(puzzle).join(format!("{name}.txt")),
        )
        .unwrap();
    }
    std::fs::write(dir.join("colorgrid/broken.txt"), "not a grid\n").unwrap();
    std::fs::write(dir.join("colorgrid/broken.expected"), "error\n").unwrap();
    let corpus = dir.to_str().unwrap();
    let engines = "pcre2,fancy,oniguruma,perl";
    let (v, code) = json(&[
        "check",
        "--corpus",
        corpus,
        "--engines",
        engines,
        "--jobs",
        "2",
    ]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["agree"], true, "{v}");
    let inputs: Vec<&str> = v["instances"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["input"].as_str().unwrap())
        .collect();
    assert_eq!(
        inputs,
        [
            "aquarium/gen06_1.txt",
            "aquarium/unsolvable06_totals.txt",
            "colorgrid/gen05x05_unique_3c.txt"
        ]
    );
    assert_eq!(v["instances"][1]["satisfiable"], false, "{v}");
    assert_eq!(v["skipped"][0]["input"], "colorgrid/broken.txt", "{v}");
    for e in ["pcre2", "fancy", "oniguruma"] {
        assert_eq!(v["summary"][e]["agree"], 3, "{e}: {v}");
    }
    // Markdown: the matrix, one row per instance, and the summary table.
    let out = backref(&["check", "--corpus", corpus, "--engines", "pcre2,oniguruma"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("3 instances × 2 engines in "), "{text}");
    assert!(
        text.contains("| instance | pcre2 | oniguruma | verdict |"),
        "{text}"
    );
    assert!(
        text.contains("| aquarium aquarium/unsolvable06_totals.txt | none "),
        "{text}"
    );
    assert!(text.contains("| engine | agree | disagree |"), "{text}");
    assert!(
        text.contains("| oniguruma | 3 | 0 | 0 | 0 | 0 | 0 |"),
        "{text}"
    );
    // A missing folder is a usage error.
    let out = backref(&["check", "--corpus", "/nonexistent/corpus"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("no such folder"), "{}", stderr(&out));
}

#[test]
fn check_reports_the_table_in_text() {
    let out = backref(&["check", "queens", "6", "--engines", "pcre2,fancy"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with("queens 6: 2 of 2 engines ran, 2 finished; agree"),
        "{text}"
    );
    for word in [
        "engine",
        "outcome",
        "same",
        "verified",
        "compile ms",
        "match ms",
    ] {
        assert!(text.contains(word), "{text}");
    }
    let fancy = text.lines().find(|l| l.starts_with("fancy")).unwrap();
    assert!(fancy.contains("solved") && fancy.contains("yes"), "{text}");
}

#[test]
fn check_json_has_the_documented_shape() {
    let (v, code) = json(&["check", "queens", "4", "--engines", "fancy,pcre2,fancy"]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["puzzle"], "queens");
    assert_eq!(v["input"], "4");
    assert_eq!(v["agree"], true);
    let rows = v["rows"].as_array().unwrap();
    // In the order given, without duplicates; the first is the reference.
    let names: Vec<&str> = rows.iter().map(|r| r["engine"].as_str().unwrap()).collect();
    assert_eq!(names, ["fancy", "pcre2"]);
    for r in rows {
        for key in [
            "engine",
            "outcome",
            "same_solution",
            "verified",
            "compile_ms",
            "match_ms",
            "problems",
        ] {
            assert!(r.get(key).is_some(), "{key} missing: {r}");
        }
        assert_eq!(r["same_solution"], true, "{r}");
    }
}

#[test]
fn check_rejects_unknown_engines_and_bad_input() {
    let out = backref(&["check", "queens", "4", "--engines", "pcre2,nosuch"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("nosuch"), "{}", stderr(&out));
    let out = backref(&["check", "queens", "zero"]);
    assert_eq!(out.status.code(), Some(2));
    let out = backref(&["check", "queens", "4", "--encoding", "nosuch"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let out = backref(&["check", "queens", "4", "--timeout", "0"]);
    assert_eq!(out.status.code(), Some(2));
}

/// Runs `backref` with extra environment variables.
fn backref_env(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_backref"));
    command.args(args);
    for (k, v) in env {
        command.env(k, v);
    }
    command.output().expect("the backref binary runs")
}

#[test]
fn check_marks_engines_it_cannot_find() {
    // Here: whatever `backref engines` says is missing must show as unavailable.
    let (list, _) = json(&["engines"]);
    let missing: Vec<String> = list
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["available"] == false)
        .map(|e| e["name"].as_str().unwrap().to_string())
        .collect();
    if missing.is_empty() {
        eprintln!("every engine is installed here; checking with an empty PATH only");
    } else {
        let (v, _) = json(&["check", "queens", "4"]);
        for r in v["rows"].as_array().unwrap() {
            let name = r["engine"].as_str().unwrap().to_string();
            assert_eq!(
                r["outcome"] == "unavailable",
                missing.contains(&name),
                "{r}"
            );
        }
    }
    // With nothing on PATH, every external engine is missing; the built-in ones still run.
    let empty = scratch("empty-path");
    let path = empty.to_str().unwrap();
    let out = backref_env(
        &["check", "queens", "5", "--format", "json"],
        &[("PATH", path)],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["agree"], true, "{v}");
    for r in v["rows"].as_array().unwrap() {
        let name = r["engine"].as_str().unwrap();
        let builtin = ["pcre2", "pcre2-interp", "pcre2-lazy", "fancy", "oniguruma"].contains(&name);
        // The Go runner is a native binary: once built and cached it needs nothing on PATH.
        let cached_binary = name == "regexp2" && r["outcome"] == "solved";
        if builtin || cached_binary {
            assert_eq!(r["outcome"], "solved", "{r}");
        } else {
            assert_eq!(r["outcome"], "unavailable", "{r}");
            assert!(r["note"].as_str().unwrap().contains("install"), "{r}");
            assert_eq!(r["verified"], Value::Null, "{r}");
        }
    }
    let out = backref_env(&["check", "queens", "5"], &[("PATH", path)]);
    let text = String::from_utf8_lossy(&out.stdout);
    let perl = text.lines().find(|l| l.starts_with("perl")).unwrap();
    assert!(perl.contains("unavailable"), "{text}");
    // Asking only for missing engines is a usage error.
    let out = backref_env(
        &["check", "queens", "5", "--engines", "perl,node"],
        &[("PATH", path)],
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
}

/// The published scheme on a board far too big for it: every engine must give up at the timeout.
const HOPELESS: &[&str] = &[
    "queens",
    "30",
    "--encoding",
    "pairwise",
    "--order",
    "natural",
    "--timeout",
    "0.5",
];

#[test]
fn solve_gives_up_at_the_timeout_on_pcre2_fancy_and_perl() {
    for engine in ["pcre2", "fancy", "perl"] {
        if !available(engine) {
            continue;
        }
        let mut args = vec!["solve"];
        args.extend(HOPELESS);
        args.extend(["--engine", engine]);
        let (v, code) = json(&args);
        assert_eq!(code, 3, "{engine}: {v}");
        assert_eq!(v["outcome"], "gave_up", "{engine}: {v}");
        assert_eq!(v["gave_up"]["limit"], "timeout", "{engine}: {v}");
    }
}

#[test]
fn check_exits_3_when_every_engine_gives_up() {
    let mut args = vec!["check"];
    args.extend(HOPELESS);
    args.extend(["--engines", "pcre2,fancy,perl"]);
    let (v, code) = json(&args);
    assert_eq!(code, 3, "{v}");
    assert_eq!(v["agree"], true, "{v}");
    assert_eq!(v["satisfiable"], Value::Null, "{v}");
    for r in v["rows"].as_array().unwrap() {
        if r["outcome"] == "unavailable" {
            continue;
        }
        assert_eq!(r["outcome"], "gave_up", "{r}");
        assert!(r["note"].as_str().unwrap().starts_with("timeout"), "{r}");
        assert_eq!(r["verified"], Value::Null, "{r}");
    }
}

#[test]
fn progress_is_drawn_only_when_asked_or_on_a_terminal() {
    // stderr is a pipe here: nothing but the result.
    let args = [
        "solve",
        "queens",
        "30",
        "--encoding",
        "pairwise",
        "--order",
        "natural",
        "--timeout",
        "2",
    ];
    let out = backref(&args);
    assert_eq!(out.status.code(), Some(3));
    let err = stderr(&out);
    assert!(!err.contains('\r') && !err.contains(" steps ("), "{err:?}");
    // Forced on, and drawn from the start (so the check does not depend on how long the run
    // lasts on this machine): a line with the clock, cleared at the end. A 2 s timeout is kept
    // by a calibrated match limit, without callouts, so PCRE2 has no step count to show.
    let out = backref_env(
        &args,
        &[
            ("BACKREF_PROGRESS", "always"),
            ("BACKREF_PROGRESS_DELAY_MS", "0"),
        ],
    );
    assert_eq!(out.status.code(), Some(3));
    let err = stderr(&out);
    assert!(err.contains("\r\x1b[2K"), "{err:?}");
    assert!(err.contains("solve queens 30 with pcre2: "), "{err:?}");
    assert!(!err.contains(" steps ("), "{err:?}");
    // Cleared at the end: after the last clear only notes follow, no progress line.
    let tail = err.rsplit("\r\x1b[2K").next().unwrap();
    assert!(!tail.contains("with pcre2: "), "{err:?}");
    // A run shorter than the delay draws nothing even when forced (a minute: any machine
    // solves 6-queens within it).
    let out = backref_env(
        &["solve", "queens", "6"],
        &[
            ("BACKREF_PROGRESS", "always"),
            ("BACKREF_PROGRESS_DELAY_MS", "60000"),
        ],
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stderr(&out), "");
}

/// The hand-built balancing-group pattern runs on every engine of the .NET family: Mono and
/// CoreCLR, each interpreted and with `RegexOptions.Compiled` (the modes are known to diverge
/// on balancing groups), and Go's regexp2. Each must reach the fixture's expected outcome with a
/// verified answer.
#[test]
fn balancing_pattern_agrees_on_every_dotnet_engine() {
    let engines = [
        "dotnet",
        "dotnet-compiled",
        "dotnet-core",
        "dotnet-core-compiled",
        "regexp2",
    ];
    for engine in engines {
        if !available(engine) {
            continue;
        }
        for f in fixtures("rectangles") {
            let expected = common::expected(&f);
            let want = if expected.starts_with("solvable") {
                "solved"
            } else if expected.starts_with("unsolvable") {
                "no_solution"
            } else {
                continue;
            };
            let file = f.to_str().unwrap();
            let (v, code) = json(&[
                "solve",
                "rectangles",
                file,
                "--encoding",
                "balancing",
                "--engine",
                engine,
                "--timeout",
                TIMEOUT,
            ]);
            assert_eq!(v["outcome"], want, "{engine} {file}: {v}");
            assert_eq!(code, 0, "{engine} {file}: {v}");
            assert_eq!(v["verified"], true, "{engine} {file}: {v}");
        }
    }
}
