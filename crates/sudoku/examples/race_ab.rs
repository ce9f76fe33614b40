//! The default race against its favourite alone, interleaved: each puzzle is solved by
//! `--order cover` and then by the default (`solve_raced`: cover, with greedy-down joining
//! after 20 ms and greedy after 40 ms), so that both see the same machine (this 2-core machine's speed drifts by a
//! third over minutes). Prints, for each, the median, p90 and max of the wall clock minus the
//! native cross-check, the sum, and the puzzles over 100 ms.
//!
//!     cargo run --release -p backref-sudoku --example race_ab -- FILE [K]

use std::time::Instant;

use backref_pipeline::{solve_raced, Request};
use backref_sudoku::grid::parse;

mod ab;

fn main() {
    let mut args = std::env::args().skip(1);
    let file = args.next().expect("FILE");
    let limit: usize = args.next().map_or(usize::MAX, |k| k.parse().expect("K"));
    // As the CLI, which always has a watchdog thread (see sudoku_bench).
    std::thread::spawn(|| {}).join().expect("a thread");
    let engine = backref_engine::engine_by_name("pcre2").expect("PCRE2 is built in");
    let mut alone = Request::new(&*engine);
    alone.settings.order = Some("cover".into());
    let raced = Request::new(&*engine);
    let text = std::fs::read_to_string(&file).expect("a readable file");
    let puzzles = ab::puzzles(&text, limit);
    let mut times: [Vec<(f64, usize)>; 2] = [Vec::new(), Vec::new()];
    for (i, line) in puzzles.iter().enumerate() {
        let sudoku = parse(line).expect("a puzzle");
        for (request, out) in [&alone, &raced].into_iter().zip(times.iter_mut()) {
            let clock = Instant::now();
            let report = solve_raced(&sudoku, &*engine, request).expect("a report");
            assert!(report.trusted(), "puzzle {}: {:?}", i + 1, report.problems);
            let wall = clock.elapsed().as_secs_f64() * 1e3;
            out.push((wall - report.total(|s| s.native_ms), i + 1));
        }
    }
    for (name, v) in ["cover alone", "race"].into_iter().zip(times.iter_mut()) {
        ab::summary(name, v);
    }
}
