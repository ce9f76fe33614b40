//! MiniZinc / FlatZinc end to end: `backref fzn` on the project's own FlatZinc fixtures (exact
//! output in MiniZinc's format, every solution also checked here), bad files naming file, line
//! and what is wrong, a snapshot of a tiny model's pattern, and — when the `minizinc` binary is
//! installed (a reported skip otherwise, a failure with CI=true) — `backref minizinc install`
//! and `minizinc --solver backref -a` on the project's own models with the solution counts and
//! optima Gecode gives, and the seed's colour-grid model from the shared corpus (skipped when
//! the corpus is absent).

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::{backref, scratch, stderr, Scratch};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/flatzinc")
}

fn fixture(name: &str) -> String {
    dir().join(name).to_string_lossy().into_owned()
}

fn stdout(args: &[&str]) -> (String, i32) {
    let out = backref(args);
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

/// The `name = value;` lines of each solution in MiniZinc's output.
fn solutions(text: &str) -> Vec<Vec<(String, String)>> {
    let mut all = Vec::new();
    let mut cur = Vec::new();
    for line in text.lines() {
        if line == "----------" {
            all.push(std::mem::take(&mut cur));
        } else if let Some((name, value)) = line.strip_suffix(';').and_then(|l| l.split_once(" = "))
        {
            cur.push((name.to_string(), value.to_string()));
        }
    }
    all
}

fn int(sol: &[(String, String)], name: &str) -> i64 {
    sol.iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.parse().expect("an integer"))
        .expect("printed")
}

#[test]
fn tiny_prints_minizinc_format() {
    let (out, code) = stdout(&["fzn", "-a", &fixture("tiny.fzn")]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "x = 1;\ny = 3;\nb = true;\nxy = array1d(1..2, [1, 3]);\n----------\n==========\n"
    );
    // The test's own check: x + y = 4, x < y, b <-> x = 1.
    for s in solutions(&out) {
        let (x, y) = (int(&s, "x"), int(&s, "y"));
        assert!(x + y == 4 && x < y);
        assert_eq!(s[2].1 == "true", x == 1);
    }
}

#[test]
fn statistics_and_one_solution() {
    let (out, code) = stdout(&["fzn", "-s", &fixture("tiny.fzn")]);
    assert_eq!(code, 0);
    assert!(out.starts_with("x = 1;\n"), "{out}");
    assert!(
        out.contains("----------\n%%%mzn-stat: solutions=1\n"),
        "{out}"
    );
    assert!(out.ends_with("%%%mzn-stat-end\n"), "{out}");
}

#[test]
fn num_solutions_stops_at_n_and_claims_completeness_only_when_the_search_ended() {
    let three = fixture("three.fzn");
    // Stopped at the second: no `==========`, the search did not end by itself.
    let (out, code) = stdout(&["fzn", "-n", "2", &three]);
    assert_eq!(
        (out.as_str(), code),
        ("x = 1;\n----------\nx = 2;\n----------\n", 0)
    );
    // More asked than there are: all three, then the search is complete.
    let (out, code) = stdout(&["fzn", "-a", "-n", "5", &three]);
    assert_eq!(code, 0);
    assert_eq!(out.matches("----------").count(), 3, "{out}");
    assert!(out.ends_with("x = 3;\n----------\n==========\n"), "{out}");
    // -n 0 is a usage error.
    let (_, code) = stdout(&["fzn", "-n", "0", &three]);
    assert_eq!(code, 2);
}

#[test]
fn unsatisfiable() {
    let (out, code) = stdout(&["fzn", "-a", &fixture("unsat.fzn")]);
    assert_eq!((out.as_str(), code), ("=====UNSATISFIABLE=====\n", 0));
}

#[test]
fn minimize_prints_each_improvement_then_proves_the_optimum() {
    let (out, code) = stdout(&["fzn", &fixture("minimize.fzn")]);
    assert_eq!(code, 0);
    assert!(out.ends_with("----------\n==========\n"), "{out}");
    let sols = solutions(&out);
    let z: Vec<i64> = sols.iter().map(|s| int(s, "z")).collect();
    assert!(z.windows(2).all(|w| w[1] < w[0]), "improving: {z:?}");
    // The optimum by brute force: min x + 2y over x + y >= 3, x != y, x, y in 0..4.
    let best = (0..=4)
        .flat_map(|x| (0..=4).map(move |y| (x, y)))
        .filter(|(x, y)| x + y >= 3 && x != y)
        .map(|(x, y)| x + 2 * y)
        .min();
    assert_eq!(z.last().copied(), best);
    for s in &sols {
        let (x, y) = (int(s, "x"), int(s, "y"));
        assert!(x + y >= 3 && x != y && int(s, "z") == x + 2 * y);
    }
}

#[test]
fn bad_files_name_file_line_and_problem() {
    for (name, expected) in [
        (
            "syntax.fzn",
            "syntax.fzn:2:21: expected \",\" or \")\", got 2",
        ),
        (
            "unsupported.fzn",
            "unsupported.fzn:3: constraint int_pow: not supported",
        ),
        ("unbounded.fzn", "unbounded.fzn:2: variable y is unbounded"),
        ("float.fzn", "float.fzn:2:5: floats are not supported"),
    ] {
        let out = backref(&["fzn", &fixture(&format!("bad/{name}"))]);
        assert_eq!(out.status.code(), Some(2), "{name}");
        assert!(out.stdout.is_empty(), "{name}: no half-written output");
        let err = stderr(&out);
        assert!(err.contains(expected), "{name}: {err}");
    }
}

#[test]
fn registered_as_a_puzzle() {
    let (out, code) = stdout(&["count", "flatzinc", &fixture("tiny.fzn")]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("1 solution(s)") && out.contains("native solver: 1"),
        "{out}"
    );
}

#[test]
fn tiny_pattern_snapshot() {
    let (out, code) = stdout(&["emit", "flatzinc", &fixture("tiny.fzn")]);
    assert_eq!(code, 0);
    insta::assert_snapshot!("flatzinc_tiny_pcre2", out);
}

/// Whether `minizinc` runs here: otherwise a reported skip, and a failure under CI=true.
fn minizinc(test: &str) -> bool {
    let ok = Command::new("minizinc")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        if std::env::var("CI").is_ok_and(|v| v == "true") {
            panic!("{test}: minizinc is not installed (CI installs it: apt-get install minizinc)");
        }
        eprintln!("SKIPPED: {test}: minizinc is not installed (apt-get install minizinc)");
    }
    ok
}

/// Installs backref as a solver into a fresh directory and returns it.
fn install(test: &str) -> Scratch {
    let dir = scratch(&format!("mzn-{test}"));
    let out = backref(&["minizinc", "install", "--dir", &dir.to_string_lossy()]);
    assert!(out.status.success(), "{}", stderr(&out));
    dir
}

/// Runs `minizinc` with the solver path `dir` and `args`; stdout.
fn run_minizinc(dir: &Path, args: &[&str]) -> String {
    let out = Command::new("minizinc")
        .env("MZN_SOLVER_PATH", dir)
        .args(args)
        .output()
        .expect("minizinc runs");
    assert!(
        out.status.success(),
        "minizinc {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Whether Gecode is among MiniZinc's solvers here.
fn gecode(dir: &Path) -> bool {
    run_minizinc(dir, &["--solvers"]).contains("org.gecode.gecode")
}

/// (model, solutions with -a, optimum printed after the last `= ` of the last solution).
const MODELS: &[(&str, usize, Option<&str>)] = &[
    ("colorgrid.mzn", 2, None),
    ("queens.mzn", 4, None),
    ("money.mzn", 1, None),
    ("magic_square.mzn", 8, None),
    ("australia.mzn", 18, None),
    ("nonogram_row.mzn", 6, None),
    ("table.mzn", 4, None),
    ("inverse.mzn", 4, None),
    ("cycle_colouring.mzn", 1, Some("3")),
    ("spread.mzn", 3, Some("11")),
];

fn count(text: &str) -> usize {
    text.lines().filter(|l| *l == "----------").count()
}

fn optimum(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let end = lines
        .iter()
        .rposition(|l| *l == "----------")
        .expect("a solution");
    let last = lines[end - 1];
    last.rsplit("= ").next().unwrap_or_default().to_string()
}

#[test]
fn minizinc_lists_and_runs_backref() {
    if !minizinc("minizinc_lists_and_runs_backref") {
        return;
    }
    let dir = install("runs");
    assert!(dir.join("backref.msc").exists());
    assert!(dir.join("backref-mznlib/fzn_regular.mzn").exists());
    assert!(run_minizinc(&dir, &["--solvers"]).contains("org.backref.backref"));
    let with_gecode = gecode(&dir);
    if !with_gecode {
        eprintln!("SKIPPED: the comparison with Gecode (not among minizinc's solvers here)");
    }
    for (model, solutions, best) in MODELS {
        let path = fixture(model);
        let ours = run_minizinc(&dir, &["--solver", "backref", "-a", &path]);
        assert_eq!(count(&ours), *solutions, "{model}: {ours}");
        assert!(ours.ends_with("==========\n"), "{model}: complete: {ours}");
        if let Some(best) = best {
            assert_eq!(optimum(&ours), *best, "{model}");
        }
        if with_gecode {
            let theirs = run_minizinc(&dir, &["--solver", "gecode", "-G", "std", "-a", &path]);
            if best.is_some() {
                assert_eq!(optimum(&ours), optimum(&theirs), "{model}: optimum");
            } else {
                assert_eq!(count(&ours), count(&theirs), "{model}: count as Gecode");
            }
        }
    }
}

#[test]
fn seed_colorgrid_from_the_corpus() {
    let seed =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/minizinc/seed_colorgrid.mzn");
    if !seed.exists() {
        eprintln!(
            "SKIPPED: seed_colorgrid_from_the_corpus: {} is absent",
            seed.display()
        );
        return;
    }
    if !minizinc("seed_colorgrid_from_the_corpus") {
        return;
    }
    let dir = install("seed");
    let out = run_minizinc(
        &dir,
        &["--solver", "backref", "-a", &seed.to_string_lossy()],
    );
    assert_eq!(
        out,
        "[1, 1, 2, 3, 3, 1, 1, 2, 3, 3, 3, 3, 2, 1, 3, 2]\n----------\n\
         [1, 1, 2, 3, 3, 3, 1, 2, 3, 3, 3, 3, 2, 1, 3, 2]\n----------\n==========\n"
    );
}
