//! Two propagation levels against each other on one order, interleaved puzzle by puzzle (this
//! 2-core machine's speed drifts by a third over minutes): each puzzle is solved under `--order
//! ORDER` with `--propagate A` and then with `--propagate B`. Prints, for each, the median, p90
//! and max of the wall clock minus the native cross-check, the sum, and the puzzles over 100 ms.
//!
//!     cargo run --release -p backref-sudoku --example propagate_ab -- FILE ORDER A B [K]

use std::time::Instant;

use backref_pipeline::{solve_raced, Request};
use backref_program::Propagation;
use backref_sudoku::grid::parse;

mod ab;

fn main() {
    let mut args = std::env::args().skip(1);
    let file = args.next().expect("FILE");
    let order = args.next().expect("ORDER (or race)");
    let levels: Vec<Propagation> = (0..2)
        .map(|_| {
            let name = args.next().expect("two levels");
            Propagation::from_name(&name).expect("a propagation level")
        })
        .collect();
    let limit: usize = args.next().map_or(usize::MAX, |k| k.parse().expect("K"));
    // As the CLI, which always has a watchdog thread (see sudoku_bench).
    std::thread::spawn(|| {}).join().expect("a thread");
    let engine = backref_engine::engine_by_name("pcre2").expect("PCRE2 is built in");
    let requests: Vec<Request> = levels
        .iter()
        .map(|level| {
            let mut r = Request::new(&*engine);
            if order != "race" {
                r.settings.order = Some(order.clone());
            }
            r.options.propagation = Some(*level);
            r
        })
        .collect();
    let text = std::fs::read_to_string(&file).expect("a readable file");
    let puzzles = ab::puzzles(&text, limit);
    let mut times: [Vec<(f64, usize)>; 2] = [Vec::new(), Vec::new()];
    for (i, line) in puzzles.iter().enumerate() {
        let sudoku = parse(line).expect("a puzzle");
        for (request, out) in requests.iter().zip(times.iter_mut()) {
            let clock = Instant::now();
            let report = solve_raced(&sudoku, &*engine, request).expect("a report");
            assert!(report.trusted(), "puzzle {}: {:?}", i + 1, report.problems);
            let wall = clock.elapsed().as_secs_f64() * 1e3;
            out.push((wall - report.total(|s| s.native_ms), i + 1));
        }
    }
    for (level, v) in levels.iter().zip(times.iter_mut()) {
        ab::summary(level.name(), v);
    }
}
