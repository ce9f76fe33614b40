//! Helpers shared by the end-to-end tests: run the `backref` binary and read its output.

#![allow(dead_code)]

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
