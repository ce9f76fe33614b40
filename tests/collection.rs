//! `solve` on a file of several instances, one per line: every one solved and verified, the
//! output in input order, a header line skipped and said, and a bad line an error.

mod common;

use std::path::{Path, PathBuf};

use common::{backref, stderr};

fn fixture(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/aquarium")
        .join(name);
    std::fs::read_to_string(path)
        .expect("fixture")
        .trim()
        .to_string()
}

fn scratch(name: &str, text: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("collection");
    std::fs::create_dir_all(&dir).expect("scratch directory");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write");
    path
}

#[test]
fn every_line_is_solved_in_order_and_a_header_is_skipped() {
    let (a, b) = (fixture("gen06_1.txt"), fixture("gen06_2.txt"));
    let file = scratch(
        "tasks.txt",
        &format!("2 tasks\n{a}\n\n# the second\n{b}\n{a}\n"),
    );
    let out = backref(&[
        "solve",
        "aquarium",
        file.to_str().unwrap(),
        "--format",
        "json",
        "--jobs",
        "2",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stderr(&out).contains("line 1 is not an instance, skipped as a header"));
    let lines: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON lines"))
        .collect();
    assert_eq!(
        lines
            .iter()
            .map(|v| v["line"].as_u64().unwrap())
            .collect::<Vec<_>>(),
        [2, 5, 6]
    );
    for v in &lines {
        assert_eq!(
            (&v["outcome"], &v["verified"]),
            (&"solved".into(), &true.into()),
            "{v}"
        );
    }
    assert_eq!(lines[0]["grid"], lines[2]["grid"]);
    let out = backref(&["solve", "aquarium", file.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("3 instances by pcre2: 3 solved, 0 no solution"),
        "{text}"
    );
}

#[test]
fn a_bad_line_is_the_error_of_the_whole_file() {
    let a = fixture("gen06_1.txt");
    let file = scratch("bad.txt", &format!("{a}\n1_2;3\n{a}\n"));
    let out = backref(&["solve", "aquarium", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("bad.txt"), "{}", stderr(&out));
}
