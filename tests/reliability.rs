//! The findings of the hostile audit (issue 12), each pinned end to end: bad time limits, bounds
//! on the whole run, engine limits in words, `-` for standard input, missing files, exit codes,
//! all-or-nothing output and JSON errors.

mod common;

use std::io::Write;
use std::process::{Command, Stdio};

use common::{backref, json, stderr};

/// Runs `backref ARGS` with `input` on standard input.
fn with_stdin(args: &[&str], input: &str) -> std::process::Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_backref"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the backref binary runs");
    // A program that does not read its input (the fillit drop-in given `-`) closes the pipe.
    let _ = child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes());
    child.wait_with_output().expect("backref ends")
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("reliability");
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir.join(name)
}

#[test]
fn bad_time_limits_are_usage_errors_in_every_subcommand() {
    for bad in ["nan", "inf", "1e300", "0", "-1"] {
        for args in [
            vec!["solve", "queens", "6"],
            vec!["count", "queens", "6"],
            vec!["check", "queens", "6"],
            vec!["bench", "queens", "--quick"],
        ] {
            let mut all = args.clone();
            all.extend(["--timeout", bad]);
            let out = backref(&all);
            assert_eq!(out.status.code(), Some(2), "{all:?}: {}", stderr(&out));
            assert!(
                stderr(&out).contains("a positive number of seconds"),
                "{all:?}: {}",
                stderr(&out)
            );
        }
    }
}

#[test]
fn a_timeout_ends_a_raced_run_that_spends_it_generating() {
    // Generating and compiling N=300's pattern takes tens of milliseconds, far past a 5 ms
    // deadline on any machine (with 0.5 s, a fast machine solved it since the large boards'
    // orders): the deadline covers generation too, and the run gives up on time.
    let (v, code) = json(&["solve", "queens", "300", "--timeout", "0.005"]);
    assert_eq!((code, v["outcome"].as_str()), (3, Some("gave_up")), "{v}");
    assert_eq!(v["gave_up"]["limit"], "timeout", "{v}");
}

#[test]
fn an_instance_beyond_an_engine_limit_is_refused_in_words() {
    let file = scratch("colorgrid_200.txt");
    let clues = vec!["ab"; 200].join(" ");
    std::fs::write(&file, format!("colors: ab\nrows: {clues}\ncols: {clues}\n")).unwrap();
    let (v, code) = json(&["solve", "colorgrid", file.to_str().unwrap()]);
    assert_eq!(code, 2, "{v}");
    assert_eq!(v["kind"], "too_large", "{v}");
    let e = v["error"].as_str().unwrap();
    assert!(
        e.contains("120,000 capturing groups; PCRE2 allows at most 65,535"),
        "{e}"
    );
}

#[test]
fn a_dash_reads_standard_input_for_every_puzzle() {
    let out = with_stdin(&["solve", "queens", "-", "--format", "json"], "6\n");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["grid"].as_array().map(Vec::len), Some(6));
    let fillit = "....\n##..\n.#..\n.#..\n";
    let out = with_stdin(&["solve", "fillit", "-", "--format", "json"], fillit);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let out = with_stdin(&["solve", "aquarium", "-"], "1_1_1_1;1,1,2,2\n");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    // The fillit drop-in keeps the classic program's behaviour: `-` is a file name.
    let out = with_stdin(&["fillit", "-"], fillit);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "error\n");
}

#[test]
fn a_missing_aquarium_file_is_named_not_parsed_as_a_task() {
    let out = backref(&["solve", "aquarium", "no/such/task.txt"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("cannot read no/such/task.txt: no such file"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn io_errors_exit_two_and_leave_nothing_behind() {
    let file = scratch("not_a_directory");
    std::fs::write(&file, "x").unwrap();
    for out_dir in [file.to_str().unwrap(), "/dev/null"] {
        let out = backref(&["emit", "queens", "5", "--out", out_dir]);
        assert_eq!(out.status.code(), Some(2), "{out_dir}: {}", stderr(&out));
        assert!(stderr(&out).contains("not a directory"), "{}", stderr(&out));
    }
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "x");
}

#[test]
fn json_mode_reports_errors_as_one_json_object() {
    for (args, kind) in [
        (vec!["solve", "queens", "x"], "input"),
        (vec!["solve", "queens", "8", "--timeout", "nan"], "usage"),
        (vec!["solve", "queens", "8", "--no-rotation"], "usage"),
        (vec!["count", "nope", "8"], "usage"),
        (vec!["emit", "aquarium", "missing.txt"], "input"),
    ] {
        let (v, code) = json(&args);
        assert_eq!(code, 2, "{args:?}: {v}");
        assert_eq!(v["kind"], kind, "{args:?}: {v}");
        assert!(v["error"].as_str().is_some_and(|e| !e.is_empty()), "{v}");
    }
}

#[test]
fn a_switch_of_another_puzzle_is_an_error() {
    let out = backref(&["solve", "queens", "8", "--reuse"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("--reuse does not apply to queens"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn verified_means_the_same_in_solve_and_check() {
    // No solution (N=3): confirmed by the native solver in both.
    let (s, _) = json(&["solve", "queens", "3"]);
    let (c, _) = json(&["check", "queens", "3", "--engines", "pcre2"]);
    assert_eq!(s["outcome"], "no_solution");
    assert_eq!(s["verified"], true, "{s}");
    assert_eq!(c["rows"][0]["verified"], true, "{c}");
}

#[test]
fn emit_names_the_stage_and_help_names_every_puzzle_and_the_default_bound() {
    let file = scratch("two.fillit");
    std::fs::write(&file, "....\n##..\n.#..\n.#..\n\n....\n####\n....\n....\n").unwrap();
    let out = backref(&["emit", "fillit", file.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("# stage 4x4 (1 of "), "{text}");
    let help = String::from_utf8_lossy(&backref(&["solve", "--help"]).stdout).into_owned();
    for p in ["queens", "aquarium", "colorgrid", "fillit", "rectangles"] {
        assert!(help.contains(p), "{p} missing from --help: {help}");
    }
    assert!(help.contains("300 s"), "{help}");
}
