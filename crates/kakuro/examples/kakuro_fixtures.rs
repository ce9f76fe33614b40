//! Writes the project's Kakuro fixtures: `cargo run -p backref-kakuro --example kakuro_fixtures
//! -- DIR`. Each `NAME.txt` gets `NAME.expected`: `solutions: N` (native count, capped at 1000)
//! and, for a unique one, its rows of digits with `#` on black cells.

use backref_kakuro::generate::{generate, Kind};
use backref_kakuro::{native, render};

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
    for &(name, n, percent, seed, kind) in cases {
        let t = std::time::Instant::now();
        let Some(k) = generate(n, percent, seed, kind) else {
            eprintln!("{name}: nothing generated");
            continue;
        };
        let count = native::count(&k, 1000);
        let mut expected = format!("solutions: {count}\n");
        if count == 1 {
            for row in native::solve(&k).unwrap().rows() {
                expected.push_str(&row);
                expected.push('\n');
            }
        }
        std::fs::write(format!("{dir}/{name}.txt"), render::puzzle_text(&k)).unwrap();
        std::fs::write(format!("{dir}/{name}.expected"), expected).unwrap();
        eprintln!(
            "{name}: {count} solution(s), {:.1} s",
            t.elapsed().as_secs_f64()
        );
    }
}
