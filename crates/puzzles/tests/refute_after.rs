//! `Request::refute_after`: a stage's first try gets that many steps before the puzzle's
//! refutation runs, as a first look (the lazy JIT gives up on its interpreter instead of
//! JIT-compiling). Behaviour only: which stages a refutation settled, and the answer.

use std::path::Path;

use backref_engine::{Engine, Pcre2};
use backref_pipeline::{Request, StageOutcome};
use backref_program::dialect::{Dialect, PCRE2};
use backref_program::{Features, Options};

/// PCRE2 without branch reset: fillit's trie form, the drop-in's first form.
static TRIE: Dialect = Dialect {
    features: Features {
        branch_reset: false,
        ..PCRE2.features
    },
    ..PCRE2
};

fn fixture(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/fillit")
        .join(name)
        .display()
        .to_string()
}

/// random_09's 6×6 has no arrangement; the classic order needs far more than 20,000 steps to
/// show it. With that budget the cell-by-cell refutation settles the size, on either PCRE2
/// engine, and 7×7 gives the classic answer; with the default budget (200 million steps) the
/// classic search exhausts the size itself.
#[test]
fn a_small_first_try_hands_a_size_to_the_refutation() {
    let file = fixture("random_09.txt");
    let instance = backref_puzzles::load("fillit", &file).expect("a fillit fixture");
    let expected = std::fs::read_to_string(fixture("random_09.expected")).unwrap();
    let engines: [Box<dyn Engine>; 2] = [Box::new(Pcre2::lazy_jit()), Box::new(Pcre2::jit())];
    for engine in &engines {
        for refute_after in [20_000, backref_pipeline::refute::FIRST_TRY_MATCH_LIMIT] {
            let mut request = Request::new(&**engine);
            request.options = Options::new(&TRIE);
            request.refute_after = refute_after;
            // The first try is the subject here, not the refutation of small exact fits
            // before it (`tests/puzzles.rs`, `fillit_refutes_a_small_exact_fit_first`).
            request.refute_first = false;
            let report = instance.solve(&**engine, &request).expect("a report");
            assert!(report.trusted(), "{report:?}");
            let first = &report.stages[0];
            assert_eq!(
                (first.stage.as_str(), first.outcome),
                ("6x6", StageOutcome::NoSolution)
            );
            let reason = first.reason.as_deref().unwrap_or_default();
            assert_eq!(
                reason.contains("a feasibility-only search"),
                refute_after == 20_000,
                "{} at {refute_after}: {reason}",
                engine.name()
            );
            let text = report.solution.as_ref().map(|s| s.text.as_str());
            assert_eq!(text, Some(expected.as_str()), "{}", engine.name());
        }
    }
}
