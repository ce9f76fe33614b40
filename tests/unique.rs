//! `solve --unique`: the engine stops at the second solution; both are checked and shown.

mod common;

use common::{backref, json, stderr};

#[test]
fn unique_not_unique_and_no_solution() {
    for (n, verdict, solutions) in [
        ("1", "unique", 1),
        ("4", "not_unique", 2),
        ("3", "no_solution", 0),
    ] {
        let (v, code) = json(&["solve", "queens", n, "--unique"]);
        assert_eq!(code, 0, "{v}");
        assert_eq!(v["uniqueness"], verdict, "{v}");
        assert_eq!(v["verified"], true, "{v}");
        let found = v["solutions"].as_array().expect("solutions");
        assert_eq!(found.len(), solutions, "{v}");
        if solutions == 2 {
            assert_ne!(found[0], found[1], "two different boards: {v}");
        }
    }
}

#[test]
fn the_colour_grid_example_has_two_solutions() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/colorgrid/so_example.txt"
    );
    let (v, code) = json(&["solve", "colorgrid", file, "--unique"]);
    assert_eq!(
        (code, &v["uniqueness"]),
        (0, &serde_json::json!("not_unique")),
        "{v}"
    );
    assert_eq!(v["native_count"], 2, "{v}");
}

#[test]
fn several_sizes_and_hand_built_patterns_cannot_count() {
    let root = env!("CARGO_MANIFEST_DIR");
    let fillit = format!("{root}/fixtures/fillit/mixed_5.txt");
    let out = backref(&["solve", "fillit", &fillit, "--unique", "--engine", "fancy"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("searched over several sizes"),
        "{}",
        stderr(&out)
    );
    let rects = format!("{root}/fixtures/rectangles/puzzles_md_example.txt");
    let out = backref(&["count", "rectangles", &rects, "--encoding", "balancing"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("hand-built"), "{}", stderr(&out));
}
