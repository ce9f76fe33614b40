//! `backref export`: the regression suite for engine developers, as JSON lines and as PCRE2's
//! own test format, which `pcre2test` (Debian `pcre2-utils`) must reproduce exactly.

mod common;

use std::path::Path;
use std::process::Command;

use backref_engine::{Engine, Limits, Mode, Outcome, Pcre2};
use common::{backref, scratch, stderr, Scratch};
use serde_json::Value;

fn out_dir(name: &str) -> Scratch {
    scratch(&format!("export-{name}"))
}

/// A small suite: queens 1..6 and the fixtures up to 4,000 bytes a case.
fn export(format: &str, dir: &Path) {
    let out = backref(&[
        "export",
        "--format",
        format,
        "--out",
        dir.to_str().unwrap(),
        "--queens",
        "6",
        "--max-bytes",
        "4000",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stderr(&out).contains("cases from"), "{}", stderr(&out));
}

#[test]
fn jsonl_cases_hold_what_pcre2_finds() {
    let dir = out_dir("jsonl");
    export("jsonl", &dir);
    let text = std::fs::read_to_string(dir.join("cases.jsonl")).unwrap();
    let cases: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert!(cases.len() >= 10, "{} cases", cases.len());
    let ids: Vec<&str> = cases.iter().map(|c| c["id"].as_str().unwrap()).collect();
    for n in ["queens 1", "queens 2", "queens 5"] {
        assert!(ids.contains(&n), "{n} missing: {ids:?}");
    }
    let mut matches = 0;
    for c in &cases {
        assert!(
            c["pattern"].as_str().unwrap().len() + c["subject"].as_str().unwrap().len() <= 4000
        );
        assert_eq!(c["flags"], serde_json::json!([]), "{c}");
        assert!(c["patterns"]["java"].is_string(), "{c}");
        // Every expected result is what PCRE2 finds on that pattern and subject.
        let run = Pcre2::jit()
            .run(
                c["pattern"].as_str().unwrap(),
                c["subject"].as_str().unwrap(),
                Mode::First,
                &Limits::default(),
            )
            .unwrap();
        match (run.outcome, c["expected"].as_str().unwrap()) {
            (Outcome::Solved(caps), "match") => {
                matches += 1;
                let expected = c["captures"].as_array().unwrap();
                for (i, e) in expected.iter().enumerate() {
                    assert_eq!(caps.get(i), e.as_str(), "{} group {i}", c["id"]);
                }
            }
            (Outcome::NoSolution, "no_match") => assert!(c["captures"].is_null()),
            (other, expected) => panic!("{}: {other:?} but {expected}", c["id"]),
        }
    }
    // queens 2 and 3 have no solution; the rest do.
    assert!(matches >= 5 && matches < cases.len(), "{matches}");
}

#[test]
fn pcre2test_prints_exactly_the_exported_testoutput() {
    let dir = out_dir("pcre2test");
    export("pcre2test", &dir);
    let input = std::fs::read_to_string(dir.join("testinput")).unwrap();
    let expected = std::fs::read_to_string(dir.join("testoutput")).unwrap();
    assert!(input.contains("#subject ovector=0"), "{input}");
    assert!(expected.contains("No match"), "queens 2 has no match");
    assert!(expected.contains(" 0: "), "queens 4 matches");
    let ran = Command::new("pcre2test")
        .arg("-q")
        .arg(dir.join("testinput"))
        .output();
    let Ok(ran) = ran else {
        assert!(
            std::env::var_os(backref_engine::CI_VAR).is_none(),
            "pcre2test is not installed (apt-get install pcre2-utils) and CI is set"
        );
        eprintln!("SKIPPED: pcre2test_prints_exactly_the_exported_testoutput: pcre2test is not installed (apt-get install pcre2-utils)");
        return;
    };
    assert!(
        ran.status.success(),
        "{}",
        String::from_utf8_lossy(&ran.stderr)
    );
    let actual = String::from_utf8(ran.stdout).unwrap();
    if actual != expected {
        let line = actual
            .lines()
            .zip(expected.lines())
            .position(|(a, e)| a != e)
            .unwrap_or(actual.lines().count().min(expected.lines().count()));
        panic!(
            "pcre2test differs from testoutput at line {}: got {:?}, exported {:?}",
            line + 1,
            actual.lines().nth(line),
            expected.lines().nth(line)
        );
    }
}

#[test]
fn export_refuses_a_filter_nothing_passes_and_leaves_no_files() {
    let dir = out_dir("empty");
    let out = backref(&[
        "export",
        "--format",
        "jsonl",
        "--out",
        dir.to_str().unwrap(),
        "--queens",
        "3",
        "--max-bytes",
        "10",
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("--max-bytes 10"), "{}", stderr(&out));
    assert!(!dir.join("cases.jsonl").exists());
}
