//! SAT (`cnf`) end to end: every fixture to its expected outcome with the model checked here
//! clause by clause, model counts inside the engine equal to the native count and to a brute
//! force, the clause lookahead keeping the solution set (counted with and without, listed
//! alike), every engine agreeing (also `--portable` and past 100 groups), the `backref sat`
//! drop-in (exit 10/20/0, `v` lines), bad files naming file, line and column, and snapshots
//! of a small formula in every dialect.

mod common;

use std::path::{Path, PathBuf};

use common::{backref, emit_text, json, stderr, EVERY_DIALECT};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/cnf")
}

/// The `.cnf` fixtures (not `bad/` or `hard/`), sorted.
fn fixtures() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir())
        .expect("fixtures/cnf")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "cnf"))
        .collect();
    v.sort();
    v
}

/// A DIMACS reader of the test's own (comments, header, clauses until `%`).
fn clauses(path: &Path) -> (usize, Vec<Vec<i64>>) {
    let text = std::fs::read_to_string(path).unwrap();
    let mut vars = 0;
    let mut out = vec![];
    let mut open = vec![];
    for line in text.lines() {
        let t = line.trim();
        if t.starts_with('%') {
            break;
        }
        if t.starts_with('c') || t.is_empty() {
            continue;
        }
        if t.starts_with('p') {
            vars = t.split_whitespace().nth(2).unwrap().parse().unwrap();
            continue;
        }
        for w in t.split_whitespace() {
            match w.parse::<i64>().unwrap() {
                0 => out.push(std::mem::take(&mut open)),
                l => open.push(l),
            }
        }
    }
    (vars, out)
}

/// Whether the literals `model` satisfy every clause of `path`, one value per variable.
fn satisfies(path: &Path, model: &[i64]) -> bool {
    let (vars, cs) = clauses(path);
    let ok = model.len() == vars
        && model
            .iter()
            .enumerate()
            .all(|(i, l)| l.unsigned_abs() as usize == i + 1);
    ok && cs.iter().all(|c| c.iter().any(|l| model.contains(l)))
}

fn brute_count(path: &Path) -> u64 {
    let (vars, cs) = clauses(path);
    (0..1u64 << vars)
        .filter(|m| {
            cs.iter().all(|c| {
                c.iter()
                    .any(|&l| ((m >> (l.unsigned_abs() - 1)) & 1 == 1) == (l > 0))
            })
        })
        .count() as u64
}

fn expected(path: &Path) -> (bool, Option<u64>) {
    let e = std::fs::read_to_string(path.with_extension("expected")).expect("an .expected file");
    let sat = match e.lines().next() {
        Some("satisfiable") => true,
        Some("unsatisfiable") => false,
        other => panic!("{path:?}: {other:?}"),
    };
    let models = e
        .lines()
        .find_map(|l| l.strip_prefix("models: "))
        .map(|n| n.parse().unwrap());
    (sat, models)
}

fn model(v: &serde_json::Value) -> Vec<i64> {
    v["model"]
        .as_array()
        .expect("a model")
        .iter()
        .map(|l| l.as_i64().unwrap())
        .collect()
}

#[test]
fn every_fixture_solves_to_its_expected_outcome_with_a_checked_model() {
    let files = fixtures();
    assert!(files.len() >= 15, "{files:?}");
    for f in files {
        let (sat, _) = expected(&f);
        for encoding in ["lookahead", "plain"] {
            let (v, code) = json(&["solve", "cnf", f.to_str().unwrap(), "--encoding", encoding]);
            assert_eq!(code, 0, "{f:?}: {v}");
            assert_eq!(v["verified"], true, "{f:?}: {v}");
            if sat {
                assert_eq!(v["outcome"], "solved", "{f:?}");
                assert!(satisfies(&f, &model(&v)), "{f:?}: {v}");
            } else {
                assert_eq!(v["outcome"], "no_solution", "{f:?}");
            }
        }
    }
}

#[test]
fn counts_inside_the_engine_equal_the_native_count_and_brute_force() {
    for f in fixtures() {
        let Some(models) = expected(&f).1 else {
            continue;
        };
        assert_eq!(brute_count(&f), models, "{f:?}: the .expected file");
        let (v, code) = json(&["count", "cnf", f.to_str().unwrap()]);
        assert_eq!(code, 0, "{f:?}: {v}");
        assert_eq!(v["count"], models, "{f:?}: {v}");
        assert_eq!(v["native_count"], models, "{f:?}: {v}");
        let out = backref(&["count", "cnf", f.to_str().unwrap()]);
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            text.contains(&format!(": {models} solution(s), counted by pcre2")),
            "{text}"
        );
    }
}

/// The clause lookahead is a hint: with and without it, under every order, the engine lists
/// the same models (each satisfying the formula).
#[test]
fn the_clause_lookahead_keeps_the_solution_set() {
    for name in [
        "random3_v12_c36",
        "random3_v20_c91",
        "satlib_style",
        "duplicates_tautologies",
    ] {
        let f = dir().join(format!("{name}.cnf"));
        let mut lists = vec![];
        for encoding in ["lookahead", "plain"] {
            for order in ["greedy", "shuffled-1", "occurrence", "natural"] {
                let (v, code) = json(&[
                    "count",
                    "cnf",
                    f.to_str().unwrap(),
                    "--list",
                    "--encoding",
                    encoding,
                    "--order",
                    order,
                ]);
                assert_eq!(code, 0, "{f:?}: {v}");
                let mut list: Vec<String> = v["solutions"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|s| s[0].as_str().unwrap().to_string())
                    .collect();
                for s in &list {
                    let lits: Vec<i64> = s.split(' ').map(|l| l.parse().unwrap()).collect();
                    assert!(satisfies(&f, &lits), "{name}: {s}");
                }
                list.sort();
                lists.push(list);
            }
        }
        assert!(!lists[0].is_empty(), "{name}");
        assert!(lists.iter().all(|l| *l == lists[0]), "{name}: {lists:?}");
    }
}

fn check_agrees(args: &[&str]) {
    let mut all = vec!["check", "cnf"];
    all.extend(args);
    all.extend(["--timeout", "30"]);
    let (v, code) = json(&all);
    for r in v["rows"].as_array().expect("rows") {
        match r["outcome"].as_str().unwrap() {
            "solved" | "no_solution" => assert_eq!(r["verified"], true, "{args:?}: {r}"),
            "unavailable" => {
                common::available(r["engine"].as_str().unwrap());
            }
            other => panic!("{args:?}: {other}: {r}"),
        }
    }
    assert_eq!(code, 0, "{args:?}: {v}");
    assert_eq!(v["agree"], true, "{args:?}: {v}");
}

#[test]
fn every_engine_agrees_also_portable_and_past_a_hundred_groups() {
    let f = |n: &str| dir().join(format!("{n}.cnf")).to_str().unwrap().to_string();
    for name in [
        "random3_v20_c91",
        "random3_v20_c100",
        "pigeonhole_3",
        "satlib_style",
    ] {
        check_agrees(&[&f(name)]);
        check_agrees(&[&f(name), "--portable"]);
    }
    // 150 variables: group numbers past 100 (Python's octal trap) in every dialect.
    check_agrees(&[&f("random3_v150_c450")]);
}

#[test]
fn sat_drop_in_answers_in_the_competition_format() {
    let f = dir().join("random3_v20_c91.cnf");
    let out = backref(&["sat", f.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(10), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with("c ")).collect();
    assert_eq!(lines[0], "s SATISFIABLE", "{text}");
    assert!(lines[1..].iter().all(|l| l.starts_with("v ")), "{text}");
    assert_eq!(*lines.last().unwrap(), "v 0", "{text}");
    let lits: Vec<i64> = lines[1..]
        .iter()
        .flat_map(|l| l[2..].split(' ').map(|x| x.parse::<i64>().unwrap()))
        .filter(|l| *l != 0)
        .collect();
    assert!(satisfies(&f, &lits), "{text}");

    let out = backref(&["sat", dir().join("pigeonhole_4.cnf").to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(20));
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(text.lines().any(|l| l == "s UNSATISFIABLE"), "{text}");

    // A time bound far below what the search needs: nothing is known.
    let hard = dir().join("hard/random3_v200_c852.cnf");
    let out = backref(&["sat", hard.to_str().unwrap(), "--timeout", "0.2"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(text.lines().any(|l| l == "s UNKNOWN"), "{text}");
    assert!(!text.contains("SATISFIABLE"), "{text}");

    let out = backref(&["sat", dir().join("bad/junk.cnf").to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(
        stderr(&out).contains("bad/junk.cnf:3:3: expected a literal"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn bad_files_name_the_file_line_and_what_was_expected() {
    let cases = [
        ("literal_beyond", ":3:3: literal 4 names variable 4, but the header declares 3 variable(s)"),
        ("count_disagrees", ":1: the header declares 3 clause(s), the file has 2"),
        (
            "missing_terminator",
            ":3: the clause starting here has no terminating `0` before the end of the file (line 3)",
        ),
        (
            "junk",
            ":3:3: expected a literal (a non-zero whole number) or `0` ending a clause, found \"x3\"",
        ),
        (
            "no_header",
            ":1:1: expected the header `p cnf VARIABLES CLAUSES` before any clause, found \"1\"",
        ),
    ];
    for (name, message) in cases {
        let f = dir().join(format!("bad/{name}.cnf"));
        let path = f.to_str().unwrap();
        let out = backref(&["solve", "cnf", path]);
        assert_eq!(out.status.code(), Some(2), "{name}");
        assert!(out.stdout.is_empty(), "{name}");
        assert_eq!(stderr(&out), format!("error: {path}{message}\n"), "{name}");
    }
}

#[test]
fn emit_snapshots_of_a_tiny_formula_in_every_dialect() {
    let f = dir().join("tiny_sat.cnf");
    for dialect in EVERY_DIALECT {
        for portable in [false, true] {
            let extra: &[&str] = if portable { &["--portable"] } else { &[] };
            let text = emit_text("cnf", f.to_str().unwrap(), dialect, extra);
            let suffix = if portable { "_portable" } else { "" };
            insta::assert_snapshot!(format!("cnf_tiny_{dialect}{suffix}"), text);
        }
    }
}

/// SATLIB's uf20-91 (all satisfiable): the count inside the engine equals the native count.
/// The corpus is not in the repository; without it this test prints a `SKIPPED:` line.
#[test]
fn satlib_uf20_counts_agree_when_the_corpus_is_present() {
    let corpus = Path::new("/work/shared/corpus/sat/uf20-91");
    let Ok(entries) = std::fs::read_dir(corpus) else {
        eprintln!("SKIPPED: {corpus:?} is absent");
        return;
    };
    let mut files: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    files.sort();
    for f in files.iter().take(20) {
        let (v, code) = json(&["count", "cnf", f.to_str().unwrap()]);
        assert_eq!(code, 0, "{f:?}: {v}");
        assert!(v["count"].as_u64().unwrap() >= 1, "{f:?}: satisfiable");
        assert_eq!(v["count"], v["native_count"], "{f:?}: {v}");
        assert_eq!(v["count"].as_u64().unwrap(), brute_count(f), "{f:?}");
    }
}
