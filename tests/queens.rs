//! N-Queens end to end: solving through each engine, honest outcomes, exit codes, snapshots.

mod common;

use common::{backref, json, scratch, stderr};

/// Checks a board from the rules alone (independently of the crate's checker).
fn assert_queens(grid: &serde_json::Value, n: usize) {
    let rows: Vec<&str> = grid
        .as_array()
        .expect("grid")
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect();
    assert_eq!(rows.len(), n);
    let mut queens = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        assert_eq!(row.len(), n);
        let cols: Vec<usize> = row.match_indices('Q').map(|(c, _)| c).collect();
        assert_eq!(cols.len(), 1, "row {r} of {rows:?}");
        queens.push((r as i64, cols[0] as i64));
    }
    for (i, a) in queens.iter().enumerate() {
        for b in &queens[i + 1..] {
            assert!(
                a.1 != b.1 && (a.0 - b.0).abs() != (a.1 - b.1).abs(),
                "{a:?} {b:?} attack"
            );
        }
    }
}

#[test]
fn solves_one_to_twelve_through_pcre2_and_fancy() {
    for engine in ["pcre2", "pcre2-interp", "pcre2-lazy", "fancy"] {
        for n in 1..=12 {
            if n == 2 || n == 3 {
                continue;
            }
            let (v, code) = json(&["solve", "queens", &n.to_string(), "--engine", engine]);
            assert_eq!(code, 0, "{engine} N={n}: {v}");
            assert_eq!(v["outcome"], "solved", "{engine} N={n}");
            assert_eq!(v["verified"], true);
            assert_queens(&v["grid"], n);
        }
    }
}

#[test]
fn every_encoding_and_order_solves_and_verifies() {
    for encoding in ["pairwise", "rowguard", "packing", "compact"] {
        for order in ["natural", "middle-out", "fewest-attacks"] {
            for portable in [false, true] {
                let mut args = vec![
                    "solve",
                    "queens",
                    "8",
                    "--encoding",
                    encoding,
                    "--order",
                    order,
                ];
                if portable {
                    args.push("--portable");
                }
                let (v, code) = json(&args);
                assert_eq!(code, 0, "{args:?}: {v}");
                assert_eq!(v["outcome"], "solved");
                assert_eq!(v["verified"], true);
                assert_queens(&v["grid"], 8);
            }
        }
    }
}

#[test]
fn two_and_three_have_no_solution_not_gave_up() {
    for engine in ["pcre2", "pcre2-interp", "pcre2-lazy", "fancy"] {
        for n in ["2", "3"] {
            for encoding in ["pairwise", "rowguard", "packing", "compact"] {
                let (v, code) = json(&[
                    "solve",
                    "queens",
                    n,
                    "--engine",
                    engine,
                    "--encoding",
                    encoding,
                ]);
                assert_eq!(code, 0);
                assert_eq!(v["outcome"], "no_solution", "{engine} {n} {encoding}");
                assert!(v.get("grid").is_none());
            }
        }
    }
}

#[test]
fn a_tiny_limit_gives_up_with_exit_three() {
    let (v, code) = json(&[
        "solve",
        "queens",
        "12",
        "--encoding",
        "pairwise",
        "--order",
        "natural",
        "--match-limit",
        "50",
    ]);
    assert_eq!(v["outcome"], "gave_up", "{v}");
    assert_eq!(code, 3);
    assert_eq!(v["gave_up"]["limit"], "match limit");
    let (v, code) = json(&[
        "solve",
        "queens",
        "12",
        "--engine",
        "fancy",
        "--match-limit",
        "50",
    ]);
    assert_eq!((v["outcome"].as_str(), code), (Some("gave_up"), 3));
}

#[test]
fn text_output_shows_board_outcome_and_statistics() {
    let out = backref(&["solve", "queens", "4"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("queens 4: solved (verified) by pcre2"),
        "{text}"
    );
    assert!(
        text.contains(". . Q .\nQ . . .\n. . . Q\n. Q . .\n"),
        "{text}"
    );
    assert!(
        text.contains("statements") && text.contains("native"),
        "{text}"
    );
    let out = backref(&["solve", "queens", "3"]);
    assert!(String::from_utf8(out.stdout)
        .unwrap()
        .contains("no solution (the engine exhausted the search)"));
}

#[test]
fn json_has_the_common_fields() {
    let (v, _) = json(&["solve", "queens", "8"]);
    for key in ["puzzle", "engine", "outcome", "grid", "verified", "stats"] {
        assert!(v.get(key).is_some(), "missing {key}: {v}");
    }
    for key in [
        "subject_bytes",
        "pattern_bytes",
        "statements",
        "groups",
        "backrefs",
        "compile_ms",
        "match_ms",
        "native_ms",
    ] {
        assert!(v["stats"].get(key).is_some(), "missing stats.{key}: {v}");
    }
    assert_eq!(v["puzzle"], "queens");
    // The published scheme's statement count at N=8: (5N³−3N²+4N)/3 = 800.
    let (v, _) = json(&["solve", "queens", "8", "--encoding", "pairwise"]);
    assert_eq!(v["stats"]["statements"], 800);
}

#[test]
fn bad_usage_exits_two_with_a_message() {
    let out = backref(&["solve", "queens", "eight"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("queens takes a board size"),
        "{}",
        stderr(&out)
    );
    let out = backref(&["solve", "queens", "8", "--engine", "nope"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("unknown engine \"nope\""),
        "{}",
        stderr(&out)
    );
    let out = backref(&["solve", "queens", "8", "--encoding", "nope"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("unknown encoding \"nope\"; choose one of: pairwise, rowguard"));
    let out = backref(&["solve", "nope", "8"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("unknown puzzle"));
    let out = backref(&["frobnicate"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn emit_writes_all_files_to_a_directory() {
    let dir = scratch("emit");
    let out = backref(&[
        "emit",
        "queens",
        "--encoding",
        "rowguard",
        "5",
        "--out",
        dir.to_str().unwrap(),
        "--names",
        "readable",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let subject = std::fs::read_to_string(dir.join("subject.txt")).unwrap();
    let pattern = std::fs::read_to_string(dir.join("pattern.txt")).unwrap();
    let groups = std::fs::read_to_string(dir.join("groups.tsv")).unwrap();
    assert!(subject.ends_with(";\n"));
    assert!(pattern.starts_with("\\A") && pattern.contains("(?<Q_"));
    assert_eq!(groups.lines().count(), 25);
}

#[test]
fn emit_snapshots_of_four_queens_in_every_dialect() {
    for dialect in ["pcre2", "perl", "fancy", "python", "javascript", "dotnet"] {
        for encoding in ["pairwise", "rowguard", "packing", "compact"] {
            let (v, code) = json(&[
                "emit",
                "queens",
                "4",
                "--engine",
                dialect,
                "--encoding",
                encoding,
                "--names",
                "readable",
            ]);
            assert_eq!(code, 0);
            let text = format!(
                "subject: {}\npattern: {}\n",
                v["subject"].as_str().unwrap(),
                v["pattern"].as_str().unwrap()
            );
            insta::assert_snapshot!(format!("queens4_{encoding}_{dialect}"), text);
        }
    }
}

/// From N=8 rowguard sums up each line over the rows placed so far (union statements after
/// the fifth row), and later guards read those unions instead of the squares.
#[test]
fn emit_snapshots_of_eight_queens_rowguard_with_line_unions() {
    for dialect in ["pcre2", "javascript"] {
        let (v, code) = json(&[
            "emit",
            "queens",
            "8",
            "--engine",
            dialect,
            "--encoding",
            "rowguard",
            "--order",
            "natural",
            "--names",
            "readable",
        ]);
        assert_eq!(code, 0);
        let pattern = v["pattern"].as_str().unwrap();
        assert!(pattern.contains("(?<Col_0_d4>"), "{pattern}");
        let text = format!(
            "subject: {}\npattern: {}\n",
            v["subject"].as_str().unwrap(),
            pattern.replace(';', ";\n")
        );
        insta::assert_snapshot!(format!("queens8_rowguard_unions_{dialect}"), text);
    }
}

#[test]
fn the_default_restarts_over_static_orders_and_names_them() {
    let (v, code) = json(&["solve", "queens", "30"]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["outcome"], "solved");
    assert_eq!(v["verified"], true);
    assert_queens(&v["grid"], 30);
    let runs = v["restarts"]["runs"].as_array().expect("restarts");
    assert_eq!(runs[0], "order random-1", "{v}");
    let limits = v["restarts"]["limits"].as_array().expect("limits");
    assert_eq!(limits.len(), runs.len(), "{v}");
    assert!(v.get("raced").is_none(), "{v}");
    // An explicit order runs alone.
    let (v, code) = json(&["solve", "queens", "30", "--order", "classes"]);
    assert_eq!(code, 0);
    assert!(v.get("restarts").is_none(), "{v}");
    assert_eq!(v["verified"], true);
    // A `random-K` order is a static order like the others, for any seed.
    let (v, code) = json(&["solve", "queens", "30", "--order", "random-17"]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["verified"], true);
    assert_queens(&v["grid"], 30);
}

/// The default at N=84 (where fewest-attacks and classes each need over 3 million nodes): runs
/// of `random-K` orders, every one but the reported one cut by its own match limit. How many
/// runs it takes depends on the machine (the unit grows with the measured setup time), so only
/// the shape is checked.
#[test]
fn restarts_run_random_orders_each_cut_by_its_own_limit() {
    let (v, code) = json(&["solve", "queens", "84"]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["verified"], true);
    assert_queens(&v["grid"], 84);
    let runs = v["restarts"]["runs"].as_array().expect("restarts");
    for (k, run) in runs.iter().enumerate() {
        assert_eq!(run, &format!("order random-{}", k + 1), "{v}");
    }
    let last = runs.last().and_then(|r| r.as_str()).unwrap_or_default();
    assert!(last.starts_with("order random-"), "{v}");
    // Every run but the reported one was cut by its own match limit.
    let limits = v["restarts"]["limits"].as_array().expect("limits");
    assert!(limits[..limits.len() - 1].iter().all(|l| l.is_u64()), "{v}");
    // A user's match limit caps every run and ends the sequence as a gave-up: the first run
    // stops on it, and nothing else is tried.
    let (v, code) = json(&["solve", "queens", "84", "--match-limit", "1000"]);
    assert_eq!(
        (code, &v["outcome"]),
        (3, &serde_json::json!("gave_up")),
        "{v}"
    );
    assert_eq!(v["gave_up"]["limit"], "match limit", "{v}");
    assert_eq!(
        v["restarts"]["runs"].as_array().map(Vec::len),
        Some(1),
        "{v}"
    );
}
