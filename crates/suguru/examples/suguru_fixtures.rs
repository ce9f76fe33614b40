//! Writes the project's Suguru fixtures: `cargo run -p backref-suguru --example suguru_fixtures
//! -- DIR`. Each `NAME.txt` gets `NAME.expected`: `solutions: N` (native count, capped at
//! 1000) and, for a unique one, its rows of digits. The generator's
//! counts (one or two solutions, or none) are made inside PCRE2 (the pipeline's `unique`), and
//! each is compared with the native count: a disagreement stops the writer.

use backref_suguru::generate::{generate_counted, Kind};
use backref_suguru::puzzle::SuguruPuzzle;
use backref_suguru::{native, render, Suguru};

/// Solutions of `p` up to 2, counted inside PCRE2; the native count must agree.
fn engine_count(p: &Suguru, _cap: u64) -> Result<u64, String> {
    let engine = backref_engine::engine_by_name("pcre2").expect("built in");
    backref_pipeline::checked_count_up_to_two(&SuguruPuzzle::new(p.clone()), &*engine)
}

fn main() {
    let dir = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "fixtures/suguru".into());
    std::fs::create_dir_all(&dir).expect("the fixture directory");
    let cases: &[(&str, usize, usize, u64, Kind)] = &[
        ("gen05x05_unique", 5, 5, 1, Kind::Unique),
        ("gen06x06_unique", 6, 6, 2, Kind::Unique),
        ("gen09x07_unique", 9, 7, 3, Kind::Unique),
        ("gen10x10_unique", 10, 10, 4, Kind::Unique),
        ("gen05x05_several", 5, 5, 5, Kind::Several),
        ("gen06x06_none", 6, 6, 6, Kind::None),
    ];
    for &(name, h, w, seed, kind) in cases {
        let t = std::time::Instant::now();
        let p = match generate_counted(h, w, seed, kind, &mut engine_count) {
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
