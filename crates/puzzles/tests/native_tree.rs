//! `bench`'s native side of the match/native ratio walks the pattern's own tree only where the
//! native search mirrors what the pattern carried: a pattern with checks the native walk does
//! not follow gets no time (no ratio printed) rather than the time of another tree.

use std::path::Path;

use backref_pipeline::{NativeTree, Request, Settings};
use backref_program::Propagation;

fn fixture(rel: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures")
        .join(rel)
        .to_string_lossy()
        .into_owned()
}

/// The native tree's timing after a verified PCRE2 solve of `input` with `encoding` (`None`:
/// the default) under `--propagate level`, and the propagation the pattern carried.
fn timed(
    puzzle: &str,
    input: &str,
    encoding: Option<&str>,
    level: Propagation,
) -> (NativeTree, Propagation) {
    let engine = backref_engine::engine_by_name("pcre2").expect("PCRE2 is built in");
    let instance = backref_puzzles::load(puzzle, input).expect("the instance reads");
    let mut request = Request::new(&*engine);
    request.settings = Settings {
        encoding: encoding.map(str::to_string),
        ..Settings::default()
    };
    request.options.propagation = Some(level);
    let report = instance.solve(&*engine, &request).expect("a solve");
    assert!(report.verified, "{puzzle} {input}: {:?}", report.outcome);
    let carried = report.stages.last().expect("a stage").propagation;
    (
        instance
            .native_tree_ms(&request, &report)
            .expect("the tree timing"),
        carried,
    )
}

#[test]
fn queens_packing_has_a_native_tree_only_without_checks() {
    let (t, carried) = timed("queens", "12", Some("packing"), Propagation::None);
    assert_eq!((t, carried), (NativeTree::Native, Propagation::None));
    // Light checks only must-cover resources, and queens' packing has none: same tree.
    let (t, carried) = timed("queens", "12", Some("packing"), Propagation::Light);
    assert_eq!((t, carried), (NativeTree::Native, Propagation::None));
    for level in [Propagation::Forward, Propagation::Complete] {
        let (t, carried) = timed("queens", "12", Some("packing"), level);
        assert_eq!(
            (t, carried),
            (NativeTree::Untimed, level),
            "{}",
            level.name()
        );
    }
}

#[test]
fn sudoku_mirrors_the_houses_checks_but_not_the_lookahead_nor_variants() {
    let classic = fixture("sudoku/sudoku9x9_unique.txt");
    for level in [Propagation::None, Propagation::Light, Propagation::Forward] {
        let (t, carried) = timed("sudoku", &classic, None, level);
        assert_eq!(
            (t, carried),
            (NativeTree::Native, level),
            "{}",
            level.name()
        );
    }
    let (t, carried) = timed("sudoku", &classic, None, Propagation::Complete);
    assert_eq!((t, carried), (NativeTree::Untimed, Propagation::Complete));
    // A variant's relations cut candidates the native checks do not follow.
    let variant = fixture("sudoku/variant_anti_king_windoku_9x9.txt");
    let (t, _) = timed("sudoku", &variant, None, Propagation::None);
    assert_eq!(t, NativeTree::Native);
    let (t, carried) = timed("sudoku", &variant, None, Propagation::Light);
    assert_eq!((t, carried), (NativeTree::Untimed, Propagation::Light));
}
