//! The default order's native search tree (the regex's tree) of each puzzle file given, under
//! each propagation the pattern can state: nodes to the first and to the second solution, and
//! the native time, beside the puzzle's default propagation.
//!
//!     cargo run --release -p backref-sudoku --example tree_levels -- FILE...

use std::time::Instant;

use backref_program::Propagation;
use backref_sudoku::grid::parse;
use backref_sudoku::model::Model;
use backref_sudoku::native::search_tree;
use backref_sudoku::order::{order, DEFAULT_ORDER};

/// Node budget per search.
const LIMIT: u64 = 200_000_000;

fn main() {
    for file in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&file).expect("a readable file");
        let s = parse(&text).expect("a Sudoku grid");
        let m = Model::new(&s);
        let cells = order(&m, DEFAULT_ORDER);
        let givens = m.givens.iter().filter(|g| g.is_some()).count();
        println!(
            "{file}: {givens} givens of {}, default propagation {}",
            m.n * m.n,
            m.default_propagation().name()
        );
        for level in [Propagation::None, Propagation::Light, Propagation::Forward] {
            let shown = |k: u64| {
                if k > LIMIT {
                    format!("over {LIMIT}")
                } else {
                    k.to_string()
                }
            };
            let first = search_tree(&m, &cells, 1, LIMIT, level).nodes;
            let clock = Instant::now();
            let second = search_tree(&m, &cells, 2, LIMIT, level).nodes;
            let ms = clock.elapsed().as_secs_f64() * 1e3;
            println!(
                "  {:8} first {:>12}  second {:>12}  ({ms:.1} ms)",
                level.name(),
                shown(first),
                shown(second)
            );
        }
    }
}
