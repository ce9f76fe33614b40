//! The native search mirrors the pattern's propagation: on the same puzzle, order and level
//! (none, light, forward), the cells it opens are exactly the items PCRE2 enters (counted by the
//! per-item callouts of a pattern compiled with callouts). Without the mirror the native tree
//! is larger wherever the checks prune.

use backref_engine::{callouts_to_first_match, engine_by_name};
use backref_program::{compile, dialect::PCRE2, Options, Propagation};
use backref_sudoku::encode::encode;
use backref_sudoku::model::Model;
use backref_sudoku::native::search_tree;
use backref_sudoku::order::{order, OrderKind};
use backref_sudoku::parse;

/// The project's classic fixtures: unique, several solutions, none, and the grid form.
const FIXTURES: [&str; 4] = [
    "sudoku9x9_unique.txt",
    "sudoku9x9_several.txt",
    "sudoku9x9_no_solution.txt",
    "sudoku9x9_unique_grid.txt",
];

/// A sparse, widely published hard 9×9 (23 givens, one solution), where the checks prune.
const SPARSE: &str =
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";

/// The items PCRE2 enters before its first match (or before it gives up looking), and whether
/// it matched: the callouts of a pattern with one at the start of its statement and one per
/// item entered.
fn entered(model: &Model, cells: &[usize], propagation: Propagation) -> (u64, bool) {
    let encoded = encode(model, cells, false).expect("an encoding");
    let options = Options {
        callouts: true,
        propagation: Some(propagation),
        ..Options::new(&PCRE2)
    };
    let compiled = compile(&encoded.program, &encoded.order, &options).expect("a pattern");
    let engine = engine_by_name("pcre2").expect("PCRE2 is built in");
    let (steps, matched) = callouts_to_first_match(&*engine, &compiled.pattern, &compiled.subject)
        .expect("the engine runs")
        .expect("a callout count");
    (steps - 1, matched)
}

fn puzzles() -> Vec<(String, Model)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/sudoku/");
    let mut out: Vec<(String, Model)> = FIXTURES
        .iter()
        .map(|f| {
            let text = std::fs::read_to_string(format!("{dir}{f}")).expect("a fixture");
            (f.to_string(), Model::new(&parse(&text).expect("a puzzle")))
        })
        .collect();
    out.push((
        "sparse".into(),
        Model::new(&parse(SPARSE).expect("a puzzle")),
    ));
    out
}

#[test]
fn the_native_tree_is_the_engines_at_every_propagation_level() {
    let mut pruned = false;
    for (name, m) in puzzles() {
        for kind in [OrderKind::Cover, OrderKind::GreedyDown] {
            let cells = order(&m, kind);
            let m = if kind.descending() {
                m.clone().descending()
            } else {
                m.clone()
            };
            let mut visits = Vec::new();
            for level in [Propagation::None, Propagation::Light, Propagation::Forward] {
                let native = search_tree(&m, &cells, 1, u64::MAX, level);
                let (items, matched) = entered(&m, &cells, level);
                assert_eq!(
                    native.visits, items,
                    "{name}, order {kind:?}, --propagate {}: native cells opened against items entered",
                    level.name()
                );
                assert_eq!(native.first.is_some(), matched, "{name}");
                visits.push(native.visits);
            }
            assert!(
                visits[1] <= visits[0],
                "{name}: the light checks only prune"
            );
            assert!(
                visits[2] <= visits[1],
                "{name}: forward checking prunes more"
            );
            pruned |= visits[1] < visits[0] && visits[2] < visits[1];
        }
    }
    assert!(pruned, "the checks pruned some search");
}
