//! The native tree search walks the pattern's tree: on the same pieces, square size and
//! propagation, the pieces it enters are exactly the items PCRE2 enters (the per-item callouts of
//! a pattern compiled with callouts), and its first arrangement is the classic answer, at the
//! answer's size and at a size too small (no arrangement).

use backref_engine::{callouts_to_first_match, engine_by_name};
use backref_fillit::encode::encode;
use backref_fillit::tree::{search_tree, Lookahead};
use backref_fillit::{parse, solve, Piece};
use backref_program::{compile, dialect::PCRE2, Options, Propagation};

/// The items PCRE2 enters before its first match (or before it finds none), and whether it
/// matched.
fn entered(pieces: &[Piece], side: usize, propagation: Propagation) -> (u64, bool) {
    let encoded = encode(pieces, side).expect("an encoding");
    let mut program = encoded.program;
    program.propagation = propagation;
    let options = Options {
        callouts: true,
        propagation: Some(propagation),
        ..Options::new(&PCRE2)
    };
    let compiled = compile(&program, &encoded.order, &options).expect("a pattern");
    let engine = engine_by_name("pcre2").expect("PCRE2 is built in");
    let (steps, matched) = callouts_to_first_match(&*engine, &compiled.pattern, &compiled.subject)
        .expect("the engine runs")
        .expect("a callout count");
    (steps - 1, matched)
}

fn fixture(name: &str) -> Vec<Piece> {
    let path = format!(
        "{}/../../fixtures/fillit/{name}.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    parse(&std::fs::read(&path).expect("a fixture")).expect("valid pieces")
}

#[test]
fn the_tree_is_the_patterns_with_and_without_the_lookahead() {
    let mut pruned = false;
    for name in [
        "one_t",
        "four_squares",
        "bar_and_bar",
        "mixed_5",
        "random_08a",
        "random_08b",
        "random_09",
        "random_10",
        "random_11",
        "bars_and_squares_12",
    ] {
        let pieces = fixture(name);
        let answer = solve(&pieces);
        // Sizes too small for some piece are left out: PCRE2 may then fail before its first
        // callout (the item's one option can never match).
        let fit = |side: usize| {
            pieces
                .iter()
                .all(|p| p.width() <= side && p.height() <= side)
        };
        for side in [answer.side - 1, answer.side]
            .into_iter()
            .filter(|s| fit(*s))
        {
            let mut visits = Vec::new();
            for (propagation, lookahead) in [
                (Propagation::None, Lookahead::None),
                (Propagation::Complete, Lookahead::Complete),
            ] {
                let tree = search_tree(&pieces, side, lookahead);
                let (items, matched) = entered(&pieces, side, propagation);
                assert_eq!(
                    tree.visits,
                    items,
                    "{name} at {side}x{side}, --propagate {}: pieces entered natively against items entered by PCRE2",
                    propagation.name()
                );
                assert_eq!(tree.first.is_some(), matched, "{name} at {side}x{side}");
                if side == answer.side {
                    assert_eq!(
                        tree.first.as_ref(),
                        Some(&answer),
                        "{name}: the classic answer"
                    );
                }
                visits.push(tree.visits);
            }
            assert!(visits[1] <= visits[0], "{name}: the lookahead only prunes");
            pruned |= visits[1] < visits[0];
        }
    }
    assert!(pruned, "the lookahead pruned some search");
}

#[test]
fn the_bench_times_the_tree_of_the_run_that_decided() {
    use backref_fillit::puzzle::Fillit;
    use backref_pipeline::{native_tree_ms, Instance, NativeTree, Request, Settings};

    let fillit = Fillit::new(fixture("random_10"));
    let engine = engine_by_name("pcre2").expect("PCRE2 is built in");
    for propagation in [Propagation::None, Propagation::Complete] {
        let mut request = Request::new(&*engine);
        request.settings = Settings {
            propagation: Some(propagation),
            ..Settings::default()
        };
        let report = fillit.solve(&*engine, &request).expect("a solve");
        assert!(report.verified, "{}", propagation.name());
        let timed = native_tree_ms(&fillit, &request, &report).expect("the tree search");
        assert!(
            matches!(timed, NativeTree::Ms(t) if t >= 0.0),
            "{}: a time for the searched stages, got {timed:?}",
            propagation.name()
        );
    }
}

#[test]
fn forward_checking_is_timed_by_the_irs_walk() {
    use backref_fillit::puzzle::Fillit;
    use backref_pipeline::{native_tree_ms, Instance, NativeTree, Request, Settings};

    // The classic solver does not forward-check; the IR walks the packing's tree instead
    // (`backref_program::walk_packing`).
    let fillit = Fillit::new(fixture("random_10"));
    let engine = engine_by_name("pcre2").expect("PCRE2 is built in");
    let mut request = Request::new(&*engine);
    request.settings = Settings {
        propagation: Some(Propagation::Forward),
        ..Settings::default()
    };
    let report = fillit.solve(&*engine, &request).expect("a solve");
    assert!(report.verified);
    let timed = native_tree_ms(&fillit, &request, &report).expect("a walk");
    assert!(matches!(timed, NativeTree::Ms(t) if t >= 0.0), "{timed:?}");
}
