//! Aquarium, colour grid, fillit (and rectangles' column scan) end to end: every fixture through PCRE2 with the expected
//! outcome, counting inside the engine, bad input, and snapshots of small instances.

mod common;

use std::ffi::OsStr;
use std::path::Path;
use std::process::{Command, Output};

use common::{backref, expected, fixtures, grid, json, scratch, stderr};

/// Solves every fixture of `puzzle` and checks the outcome against its `.expected` file:
/// `unsolvable` → no_solution; otherwise solved, verified, and (when the expected file lists a
/// unique answer) that answer.
fn fixtures_agree(puzzle: &str, extra: &[&str]) {
    let files = fixtures(puzzle);
    assert!(!files.is_empty(), "no {puzzle} fixtures");
    for f in files {
        let mut args = vec!["solve", puzzle, f.to_str().unwrap()];
        args.extend(extra);
        let (v, code) = json(&args);
        let exp = expected(&f);
        if exp.trim() == "unsolvable" || exp.contains("solutions: 0") {
            assert_eq!(
                (v["outcome"].as_str(), code),
                (Some("no_solution"), 0),
                "{f:?}: {v}"
            );
            continue;
        }
        assert_eq!(code, 0, "{f:?}: {v}");
        assert_eq!(v["outcome"], "solved", "{f:?}");
        assert_eq!(v["verified"], true, "{f:?}");
        let grid = grid(&v);
        if puzzle == "aquarium" || exp.contains("solutions: 1\n") {
            let rows: Vec<&str> = exp
                .lines()
                .filter(|l| !l.is_empty() && !l.contains(':'))
                .collect();
            assert_eq!(grid, rows, "{f:?}");
        }
    }
}

#[test]
fn aquarium_fixtures_solve_to_their_answers() {
    fixtures_agree("aquarium", &[]);
}

#[test]
fn aquarium_levels_encoding_agrees() {
    fixtures_agree("aquarium", &["--encoding", "levels"]);
}

#[test]
fn colorgrid_fixtures_solve_to_their_answers() {
    fixtures_agree("colorgrid", &[]);
    fixtures_agree("colorgrid", &["--engine", "fancy"]);
}

#[test]
fn rectangles_column_scan_solves_every_fixture() {
    // Mirrored back, the transposed search's answers are verified on the original puzzle.
    fixtures_agree("rectangles", &["--order", "area-by-columns"]);
    fixtures_agree("rectangles", &["--order", "input-by-columns"]);
    let f = fixtures("rectangles").remove(0);
    let out = backref(&[
        "solve",
        "rectangles",
        f.to_str().unwrap(),
        "--encoding",
        "balancing",
        "--order",
        "area-by-columns",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("the balancing encoding scans the canvas row by row only"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn aquarium_task_string_on_the_command_line() {
    let task = "4_5_5_3_3_1_4_5_5_3_1_3;1,1,2,3,3,3,1,2,2,2,3,4,1,2,3,3,3,4,2,2,2,5,5,4,6,2,5,5,5,4,6,6,6,4,4,4";
    let (v, code) = json(&["solve", "aquarium", task]);
    assert_eq!((v["outcome"].as_str(), code), (Some("solved"), 0));
    assert_eq!(v["verified"], true);
    let grid = v["grid"].as_array().unwrap();
    assert!(grid
        .iter()
        .all(|r| r.as_str().unwrap().chars().all(|c| c == 'W' || c == '.')));
}

#[test]
fn an_aquarium_file_with_its_answer_is_solved_and_compared() {
    // The public corpus's layout: the task string, a blank line, the answer's rows.
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/aquarium/gen06_1.txt");
    let task = std::fs::read_to_string(&fixture).unwrap();
    let answer = expected(&fixture);
    let dir = scratch("aquarium-published");
    let write = |name: &str, text: String| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path.display().to_string()
    };
    let same = write("same.txt", format!("{task}\n{answer}"));
    let (v, code) = json(&["solve", "aquarium", &same]);
    assert_eq!((v["outcome"].as_str(), code), (Some("solved"), 0));
    assert_eq!(v["published"], "equal");
    let out = backref(&["solve", "aquarium", &same]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("the answer the input gives: equal"));
    // An answer that breaks the rules is reported, and the solve still stands.
    let flooded = answer.replace('.', "W");
    let wrong = write("wrong.txt", format!("{task}\n{flooded}"));
    let (v, code) = json(&["solve", "aquarium", &wrong]);
    assert_eq!((v["outcome"].as_str(), code), (Some("solved"), 0));
    assert_eq!(v["published"], "breaks_rules");
    assert!(v["published_violations"].as_u64().unwrap() > 0);
    // A malformed answer block is bad input, named by line and column.
    let short = write("short.txt", format!("{task}\nWW\n"));
    let out = backref(&["solve", "aquarium", &short]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("short.txt:3:"), "{err}");
}

#[test]
fn counting_inside_the_engine_matches_the_native_solver() {
    for (puzzle, input, n) in [
        ("queens", "8".to_string(), 92),
        ("queens", "10".to_string(), 724),
        ("queens", "3".to_string(), 0),
        (
            "colorgrid",
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("fixtures/colorgrid/so_example.txt")
                .display()
                .to_string(),
            2,
        ),
    ] {
        let (v, code) = json(&["count", puzzle, &input]);
        assert_eq!(code, 0, "{v}");
        assert_eq!(v["count"], n, "{puzzle} {input}");
        assert_eq!(v["native_count"], n);
        assert_eq!(v["complete"], true);
    }
    // Rowguard's line unions (from N=8) are deterministic: they keep every solution.
    for (n, count) in [("8", 92), ("10", 724)] {
        let (v, code) = json(&["count", "queens", n, "--encoding", "rowguard", "--portable"]);
        assert_eq!((code, &v["count"]), (0, &serde_json::json!(count)), "{v}");
    }
    // --all lists both colour-grid solutions, each verified.
    let ex = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/colorgrid/so_example.txt");
    let (v, _) = json(&["solve", "colorgrid", ex.to_str().unwrap(), "--all"]);
    let mut sols: Vec<String> = v["solutions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.to_string())
        .collect();
    sols.sort();
    assert_eq!(
        sols,
        vec![
            r#"["rrgb","bbrg","bbbb","grbg"]"#,
            r#"["rrgb","brrg","bbbb","grbg"]"#
        ]
    );
}

#[test]
fn an_engine_without_callouts_counts_by_re_solving() {
    let (v, code) = json(&["count", "queens", "6", "--engine", "fancy"]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(
        (&v["count"], &v["native_count"]),
        (&serde_json::json!(4), &serde_json::json!(4)),
        "{v}"
    );
    assert_eq!(v["method"], "resolve", "{v}");
    // One run per solution, and the last that finds none.
    assert_eq!(v["runs"], 5, "{v}");
}

#[test]
fn malformed_inputs_exit_two_with_a_message() {
    let dir = scratch("bad");
    let cases: &[(&str, &str, &str)] = &[
        ("aquarium", "1_2_3", "missing `;`"),
        ("aquarium", "1_1_1_1;1,2,3", "n² + 2n"),
        ("aquarium", "9_1_1_1;1,1,1,1", "larger"),
        ("colorgrid", "rows: rgb\n", "missing `cols:` line"),
        ("colorgrid", "rows: rrg\ncols: r g b\n", "clue repeats `r`"),
        (
            "colorgrid",
            "colors: rg\nrows: rgb\ncols: r g b\n",
            "colour `b` is not in `colors: rg`",
        ),
        (
            "colorgrid",
            "size: 3\nrows: r\ncols: r\n",
            "unknown key `size`",
        ),
    ];
    for (i, (puzzle, text, needle)) in cases.iter().enumerate() {
        let file = dir.join(format!("case{i}.txt"));
        std::fs::write(&file, text).unwrap();
        let out = backref(&["solve", puzzle, file.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "{puzzle} {text:?}");
        let err = stderr(&out).to_lowercase();
        assert!(err.contains(needle), "{puzzle} {text:?}: {err}");
        assert!(err.contains("case"), "the message names the file: {err}");
    }
    let out = backref(&[
        "solve",
        "colorgrid",
        dir.join("missing.txt").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("cannot read"));
}

/// Runs the fillit drop-in both ways it is installed, labelled: `backref fillit ARGS` and the
/// `fillit` executable.
fn drop_ins(args: &[&OsStr]) -> [(&'static str, Output); 2] {
    let run = |label, exe, first: Option<&str>| {
        let mut cmd = Command::new(exe);
        cmd.args(first).args(args);
        (label, cmd.output().expect("the drop-in runs"))
    };
    [
        run(
            "backref fillit",
            env!("CARGO_BIN_EXE_backref"),
            Some("fillit"),
        ),
        run("fillit", env!("CARGO_BIN_EXE_fillit"), None),
    ]
}

#[test]
fn fillit_drop_in_mode_behaves_like_the_classic_program() {
    let dir = scratch("fillit");
    let good = dir.join("good.txt");
    std::fs::write(&good, "##..\n##..\n....\n....\n\n#...\n#...\n#...\n#...\n").unwrap();
    for (how, out) in drop_ins(&[good.as_os_str()]) {
        assert_eq!(out.status.code(), Some(0), "{how}");
        assert_eq!(
            String::from_utf8(out.stdout).unwrap(),
            "AAB.\nAAB.\n..B.\n..B.\n",
            "{how}"
        );
    }
    for bad in [
        "",
        "##..\n##..\n....\n....\n\n",
        "##..\n##..\n....\n...\n",
        "###.\n#...\n#...\n....\n",
        "##..\r\n##..\r\n....\r\n....\r\n",
    ] {
        let f = dir.join("bad.txt");
        std::fs::write(&f, bad).unwrap();
        for (how, out) in drop_ins(&[f.as_os_str()]) {
            assert_eq!(out.status.code(), Some(1), "{how} {bad:?}");
            assert_eq!(
                String::from_utf8(out.stdout).unwrap(),
                "error\n",
                "{how} {bad:?}"
            );
        }
    }
    let (a, b) = (OsStr::new("a"), OsStr::new("b"));
    for args in [&[][..], &[a, b][..]] {
        for (how, out) in drop_ins(args) {
            assert_eq!(
                String::from_utf8(out.stdout).unwrap(),
                "usage: fillit source_file\n",
                "{how} {args:?}"
            );
        }
    }
    // The classic program opens any argument as a file: `--help` is a missing file to the
    // `fillit` executable, while `backref fillit --help` describes the subcommand.
    let [(_, through_backref), (_, classic)] = drop_ins(&[OsStr::new("--help")]);
    assert_eq!(String::from_utf8(classic.stdout).unwrap(), "error\n");
    assert!(String::from_utf8(through_backref.stdout)
        .unwrap()
        .contains("Behave exactly like the classic `fillit` program"));
    // A file name need not be UTF-8, as for the classic program.
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let odd = dir.join(OsStr::from_bytes(b"pi\xe8ces.txt"));
        std::fs::copy(&good, &odd).unwrap();
        for (how, out) in drop_ins(&[odd.as_os_str()]) {
            assert_eq!(
                String::from_utf8(out.stdout).unwrap(),
                "AAB.\nAAB.\n..B.\n..B.\n",
                "{how}"
            );
        }
    }
}

#[test]
fn fillit_drop_in_answers_natively_when_its_time_bound_passes() {
    // s_heavy_26 takes the classic search past any bound and the packing lookahead 50 s of
    // matching (docs/performance.md): with a short bound the drop-in prints the native classic
    // answer, byte for byte, and says why on stderr.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/fillit/slow");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_backref"))
        .args(["fillit", dir.join("s_heavy_26.txt").to_str().unwrap()])
        .env("BACKREF_FILLIT_TIMEOUT", "0.3")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let expected = std::fs::read_to_string(dir.join("s_heavy_26.expected")).unwrap();
    let err = stderr(&out);
    assert_eq!(String::from_utf8(out.stdout).unwrap(), expected);
    assert!(
        err.contains("within 0.3 s; printing the native solver's"),
        "{err}"
    );
}

#[test]
fn fillit_fixtures_match_the_classic_output() {
    for f in fixtures("fillit") {
        let exp = expected(&f);
        if exp.is_empty() {
            continue;
        }
        for (how, out) in drop_ins(&[f.as_os_str()]) {
            assert_eq!(String::from_utf8(out.stdout).unwrap(), exp, "{how} {f:?}");
            // The answer came from the regex: the native fallback would say so on stderr.
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert!(stderr.is_empty(), "{how} {f:?}: {stderr}");
        }
        if exp != "error\n" {
            let (v, code) = json(&["solve", "fillit", f.to_str().unwrap()]);
            assert_eq!(
                (v["outcome"].as_str(), v["verified"].as_bool(), code),
                (Some("solved"), Some(true), 0),
                "{f:?}"
            );
        }
    }
}

#[test]
fn snapshots_of_small_instances() {
    let task = "2_1_1_2;1,2,1,1";
    let ex = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/colorgrid/so_example.txt");
    let dir = scratch("snap");
    let tetris = dir.join("two.txt");
    std::fs::write(
        &tetris,
        "##..\n##..\n....\n....\n\n#...\n#...\n#...\n#...\n",
    )
    .unwrap();
    for dialect in ["pcre2", "perl", "fancy", "python", "javascript", "dotnet"] {
        for (name, puzzle, input) in [
            ("aquarium2", "aquarium", task.to_string()),
            ("colorgrid4", "colorgrid", ex.display().to_string()),
            ("fillit2", "fillit", tetris.display().to_string()),
        ] {
            let (v, code) = json(&[
                "emit", puzzle, &input, "--engine", dialect, "--names", "readable",
            ]);
            assert_eq!(code, 0, "{v}");
            let text = format!(
                "subject: {}\npattern: {}\n",
                v["subject"].as_str().unwrap(),
                v["pattern"].as_str().unwrap()
            );
            insta::assert_snapshot!(format!("{name}_{dialect}"), text);
        }
    }
}

#[test]
fn fillit_identical_pieces_keep_the_classic_answer() {
    // Pieces of one shape get ordered positions (symmetry breaking); the checker compares the
    // engine's square with the native solver's classic answer, so `verified` proves it unchanged.
    let dir = scratch("sym");
    let bar = "#...\n#...\n#...\n#...\n";
    let square = "##..\n##..\n....\n....\n";
    let pieces = [bar, square, bar, bar, square, bar];
    let file = dir.join("sym.txt");
    std::fs::write(&file, pieces.join("\n")).unwrap();
    for extra in [&[][..], &["--portable"][..], &["--engine", "fancy"][..]] {
        let mut args = vec!["solve", "fillit", file.to_str().unwrap()];
        args.extend(extra);
        let (v, code) = json(&args);
        assert_eq!(
            (v["outcome"].as_str(), v["verified"].as_bool(), code),
            (Some("solved"), Some(true), 0),
            "{extra:?}: {v}"
        );
    }
    // The classic program's square, which `solve` above verified against the native solver.
    let out = backref(&["fillit", file.to_str().unwrap()]);
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "ABBCDF\nABBCDF\nAEECDF\nAEECDF\n......\n......\n"
    );
}

/// `solve fillit FIXTURE --propagate none` (the classic search alone), required solved,
/// verified and equal to the fixture's `.expected` square; its JSON report.
fn classic_fillit(fixture: &str) -> serde_json::Value {
    let input = Path::new(env!("CARGO_MANIFEST_DIR")).join(fixture);
    let (v, code) = json(&[
        "solve",
        "fillit",
        input.to_str().unwrap(),
        "--propagate",
        "none",
    ]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(
        (&v["outcome"], &v["verified"]),
        (&serde_json::json!("solved"), &serde_json::json!(true)),
        "{v}"
    );
    let grid: Vec<&str> = v["grid"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect();
    let expected = std::fs::read_to_string(input.with_extension("expected")).unwrap();
    assert_eq!(grid.join("\n") + "\n", expected);
    v
}

/// random_09's nine pieces fill 6x6 with no cell to spare, a small square where an arrangement
/// is rare: the cell-by-cell feasibility program runs before the classic search, exhausts, and
/// the classic pattern of 6x6 is never compiled; 7x7 gives the classic answer.
#[test]
fn fillit_refutes_a_small_exact_fit_first() {
    let v = classic_fillit("fixtures/fillit/random_09.txt");
    let stages = v["stages"].as_array().expect("stages");
    assert_eq!(
        (&stages[0]["stage"], &stages[0]["outcome"]),
        (&serde_json::json!("6x6"), &serde_json::json!("no_solution")),
        "{v}"
    );
    let reason = stages[0]["reason"].as_str().unwrap_or_default();
    assert!(reason.contains("ran first and exhausted"), "{reason}");
    assert_eq!(stages[1]["stage"], "7x7");
}

/// random_16's 8x8 has no arrangement, and the classic order needs 73 million nodes to show it:
/// past its first budget, the cell-by-cell feasibility program exhausts instead, and 9x9 follows.
#[test]
fn fillit_refutes_a_size_cell_by_cell_when_the_classic_order_takes_long() {
    let v = classic_fillit("fixtures/fillit/slow/random_16.txt");
    let stages = v["stages"].as_array().expect("stages");
    assert_eq!(stages[0]["stage"], "8x8");
    assert_eq!(stages[0]["outcome"], "no_solution");
    let reason = stages[0]["reason"].as_str().unwrap_or_default();
    assert!(reason.contains("feasibility-only search"), "{reason}");
    assert_eq!(stages[1]["stage"], "9x9");
    assert_eq!(v["grid"].as_array().unwrap().len(), 9);
}
