//! Writes the project's nonogram fixtures: `cargo run -p backref-nonogram --example
//! nonogram_fixtures -- DIR`. Each `NAME.txt` (plain form) gets `NAME.expected`: `solutions: N`
//! (native count, capped at 1000) and, for a unique one, its rows of `#`/`.`. The generator's
//! counts (one or two solutions, or none) are made inside PCRE2 (the pipeline's `unique`), and
//! each is compared with the native count: a disagreement stops the writer.

use backref_nonogram::generate::{generate_counted, Kind};
use backref_nonogram::puzzle::NonogramPuzzle;
use backref_nonogram::{native, render};

/// Solutions of `p` up to 2, counted inside PCRE2; the native count must agree.
fn engine_count(p: &backref_nonogram::Nonogram, _cap: u64) -> Result<u64, String> {
    let engine = backref_engine::engine_by_name("pcre2").expect("built in");
    backref_pipeline::checked_count_up_to_two(&NonogramPuzzle::new(p.clone()), &*engine)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = args.next().unwrap_or_else(|| "fixtures/nonogram".into());
    let only: Option<String> = args.next();
    std::fs::create_dir_all(&dir).expect("the fixture directory");
    let cases: &[(&str, usize, usize, usize, u64, Kind)] = &[
        ("gen05x05_unique", 5, 5, 60, 1, Kind::Unique),
        ("gen10x10_unique", 10, 10, 60, 2, Kind::Unique),
        ("gen15x15_unique", 15, 15, 62, 3, Kind::Unique),
        ("gen20x20_unique", 20, 20, 65, 4, Kind::Unique),
        ("gen25x25_unique", 25, 25, 68, 5, Kind::Unique),
        ("gen06x08_several", 6, 8, 50, 6, Kind::Several),
        ("gen10x10_several", 10, 10, 50, 7, Kind::Several),
        ("gen08x08_none", 8, 8, 50, 8, Kind::None),
    ];
    for &(name, h, w, percent, seed, kind) in cases {
        if only.as_deref().is_some_and(|o| o != name) {
            continue;
        }
        let t = std::time::Instant::now();
        let p = match generate_counted(h, w, percent, seed, kind, &mut engine_count) {
            Ok(Some(p)) => p,
            Ok(None) => {
                eprintln!("{name}: nothing generated");
                continue;
            }
            Err(e) => panic!("{name}: {e}"),
        };
        let count = native::count(&p, 1000);
        let mut expected = format!("solutions: {count}\n");
        if count == 1 {
            for row in native::solve(&p).unwrap().rows() {
                expected.push_str(&row);
                expected.push('\n');
            }
        }
        std::fs::write(format!("{dir}/{name}.txt"), render::puzzle_text(&p)).unwrap();
        std::fs::write(format!("{dir}/{name}.expected"), expected).unwrap();
        eprintln!(
            "{name}: {count} solution(s), {:.1} s",
            t.elapsed().as_secs_f64()
        );
    }
}
