//! Writes the project's Kakuro fixtures: `cargo run --release -p backref-kakuro --example
//! kakuro_fixtures -- DIR` (the unique 8×8 and 12×12 come from `design`, the rest from
//! `generate`; the 12×12 takes a minute or two). Each `NAME.txt` gets `NAME.expected`: `solutions: N` (native count, capped at 1000)
//! and, for a unique one, its rows of digits with `#` on black cells. The generator's counts
//! (one or two solutions, or none) are made inside PCRE2 (the pipeline's `unique`), and each is
//! compared with the native count: a disagreement stops the writer.

use backref_kakuro::design::{generate_unique_counted, Plan};
use backref_kakuro::generate::{generate_counted, Kind};
use backref_kakuro::puzzle::KakuroPuzzle;
use backref_kakuro::{native, render, Kakuro};

/// Solutions of `k` up to 2, counted inside PCRE2; the native count must agree.
fn engine_count(k: &Kakuro, _cap: u64) -> Result<u64, String> {
    let engine = backref_engine::engine_by_name("pcre2").expect("built in");
    backref_pipeline::checked_count_up_to_two(&KakuroPuzzle::new(k.clone()), &*engine)
}

fn main() {
    let dir = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "fixtures/kakuro".into());
    std::fs::create_dir_all(&dir).expect("the fixture directory");
    let cases: &[(&str, usize, usize, u64, Kind)] = &[
        ("gen04x04_unique", 4, 20, 1, Kind::Unique),
        ("gen05x05_unique", 5, 20, 2, Kind::Unique),
        ("gen05x05_several", 5, 25, 5, Kind::Several),
        ("gen04x04_none", 4, 20, 6, Kind::None),
    ];
    // Larger unique ones: a layout, an annealed filling, local repair (`design`); the
    // generator's own count, then the engine's with the native one.
    let designed: &[(&str, usize, u64)] = &[("gen08x08_unique", 8, 1), ("gen12x12_unique", 12, 1)];
    for &(name, n, seed) in designed {
        let t = std::time::Instant::now();
        let k =
            match generate_unique_counted(&Plan::square(n), seed, 100, &mut |k| engine_count(k, 2))
            {
                Ok(Some(k)) => k,
                Ok(None) => {
                    eprintln!("{name}: nothing generated");
                    continue;
                }
                Err(e) => panic!("{name}: {e}"),
            };
        write(&dir, name, &k);
        eprintln!("{name}: {:.1} s", t.elapsed().as_secs_f64());
    }
    for &(name, n, percent, seed, kind) in cases {
        let t = std::time::Instant::now();
        let k = match generate_counted(n, percent, seed, kind, &mut engine_count) {
            Ok(Some(k)) => k,
            Ok(None) => {
                eprintln!("{name}: nothing generated");
                continue;
            }
            Err(e) => panic!("{name}: {e}"),
        };
        let count = write(&dir, name, &k);
        eprintln!(
            "{name}: {count} solution(s), {:.1} s",
            t.elapsed().as_secs_f64()
        );
    }
}

/// Writes `NAME.txt` and `NAME.expected`; returns the native count.
fn write(dir: &str, name: &str, k: &Kakuro) -> u64 {
    let count = native::count(k, 1000);
    let mut expected = format!("solutions: {count}\n");
    if count == 1 {
        for row in native::solve(k).unwrap().rows() {
            expected.push_str(&row);
            expected.push('\n');
        }
    }
    std::fs::write(format!("{dir}/{name}.txt"), render::puzzle_text(k)).unwrap();
    std::fs::write(format!("{dir}/{name}.expected"), expected).unwrap();
    count
}
