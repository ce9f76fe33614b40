//! The `fillit` drop-in's forms: the small trie form first, then the branch-reset form. Every
//! form, and the default sequence, prints the classic answer byte for byte.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use common::{expected, stderr};

/// `backref fillit FILE` with extra environment variables.
fn drop_in(file: &Path, env: &[(&str, &str)]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_backref"));
    cmd.args(["fillit", file.to_str().unwrap()]);
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().unwrap()
}

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/fillit")
        .join(name)
}

#[test]
fn every_form_prints_the_classic_answer() {
    for name in [
        "one_t.txt",
        "random_08a.txt",
        "random_11.txt",
        "bars_and_squares_12.txt",
        "random_26a.txt",
    ] {
        let file = fixture(name);
        let want = expected(&file);
        for form in ["trie", "reset", "guards"] {
            let out = drop_in(&file, &[("BACKREF_FILLIT_FORM", form)]);
            assert_eq!(out.status.code(), Some(0), "{name} {form}");
            assert_eq!(
                String::from_utf8(out.stdout).unwrap(),
                want,
                "{name} {form}"
            );
        }
    }
}

#[test]
fn the_big_form_takes_over_when_the_small_one_runs_out_of_time() {
    // With no time for the trie form, the branch-reset form answers, without a note (the
    // regex engine did answer).
    let file = fixture("random_11.txt");
    let out = drop_in(&file, &[("BACKREF_FILLIT_FIRST_MS", "0")]);
    assert_eq!(
        String::from_utf8(out.stdout.clone()).unwrap(),
        expected(&file)
    );
    assert_eq!(stderr(&out), "");
    // The default sequence gives the same answer.
    let out = drop_in(&file, &[]);
    assert_eq!(String::from_utf8(out.stdout).unwrap(), expected(&file));
}

#[test]
fn the_hard_benchmark_map_gets_the_native_classic_answer() {
    // The public benchmark's 23-piece map: the regex search does not end within the bound, and
    // the native solver (exact mode) prints the published square. Skipped without the corpus.
    let file = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/corpus/fillit/valid/ant0wan_benchmark.txt");
    if !file.is_file() {
        eprintln!("skipping: {} not found", file.display());
        return;
    }
    let out = drop_in(&file, &[("BACKREF_FILLIT_TIMEOUT", "0.5")]);
    assert_eq!(out.status.code(), Some(0));
    let want = std::fs::read_to_string(file.with_extension("expected")).unwrap();
    assert_eq!(String::from_utf8(out.stdout.clone()).unwrap(), want);
    assert!(
        stderr(&out).contains("printing the native solver's"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn stats_on_stderr_name_every_size_tried_and_leave_stdout_alone() {
    // random_09's 6×6 has no arrangement: the trie form refutes it, then solves 7×7. The trie
    // form alone, so that the lines do not depend on how fast the machine is.
    let file = fixture("random_09.txt");
    let out = drop_in(
        &file,
        &[
            ("BACKREF_FILLIT_STATS", "1"),
            ("BACKREF_FILLIT_FORM", "trie"),
        ],
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(out.stdout.clone()).unwrap(),
        expected(&file)
    );
    let lines: Vec<serde_json::Value> = stderr(&out)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    let seen: Vec<(&str, &str, &str)> = lines
        .iter()
        .map(|l| {
            (
                l["form"].as_str().unwrap(),
                l["stage"].as_str().unwrap(),
                l["outcome"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        seen,
        [("trie", "6x6", "no_solution"), ("trie", "7x7", "solved")]
    );
    assert!(lines.iter().all(|l| l["compile_ms"].is_number()));
}
