//! Writes the project's Binairo fixtures: `cargo run -p backref-binairo --example
//! binairo_fixtures -- DIR`. Each instance `NAME.txt` (grid form) gets `NAME.expected`:
//! `solutions: N` (native count, capped at 1000) then, for a unique one, its grid.

use backref_binairo::generate::{generate, Kind};
use backref_binairo::{native, render};

fn main() {
    let dir = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "fixtures/binairo".into());
    std::fs::create_dir_all(&dir).expect("the fixture directory");
    let cases: &[(&str, usize, usize, u64, Kind)] = &[
        ("gen06x06_unique", 6, 6, 1, Kind::Unique),
        ("gen06x08_unique", 6, 8, 2, Kind::Unique),
        ("gen08x08_unique", 8, 8, 3, Kind::Unique),
        ("gen10x10_unique", 10, 10, 4, Kind::Unique),
        ("gen14x14_unique", 14, 14, 5, Kind::Unique),
        ("gen20x20_unique", 20, 20, 6, Kind::Unique),
        ("gen06x06_several", 6, 6, 7, Kind::Several),
        ("gen08x08_several", 8, 8, 8, Kind::Several),
        ("gen06x06_none", 6, 6, 9, Kind::None),
        ("gen10x10_none", 10, 10, 10, Kind::None),
    ];
    for &(name, h, w, seed, kind) in cases {
        let t = std::time::Instant::now();
        let p = generate(h, w, seed, kind).expect("a generated instance");
        let n = native::count(&p, 1000);
        let mut expected = format!("solutions: {n}\n");
        if n == 1 {
            expected.push_str(&render::grid_text(&native::solve(&p).unwrap()).replace(' ', ""));
        }
        std::fs::write(format!("{dir}/{name}.txt"), render::puzzle_text(&p)).unwrap();
        std::fs::write(format!("{dir}/{name}.expected"), expected).unwrap();
        eprintln!(
            "{name}: {n} solution(s), {:.1} s",
            t.elapsed().as_secs_f64()
        );
    }
}
