//! Writes the project's Binairo fixtures: `cargo run -p backref-binairo --example
//! binairo_fixtures -- DIR`. Each instance `NAME.txt` (grid form) gets `NAME.expected`:
//! `solutions: N` (native count, capped at 1000) then, for a unique one, its grid. The
//! generator's counts (every removal of a given, the several and none checks) are made inside
//! PCRE2 (the pipeline's `checked_count_up_to_two`, which compares the native count too) once
//! the native counter has reached them within the generator's budget: a disagreement stops the
//! writer.

use backref_binairo::generate::{generate_counted, Kind, BUDGET};
use backref_binairo::puzzle::BinairoPuzzle;
use backref_binairo::{native, render, Binairo};

/// Solutions of `p` up to 2, counted inside PCRE2 (the native count must agree); `None` when
/// the native counter needs more than [`BUDGET`] nodes (the generator then keeps the given).
fn engine_count(p: &Binairo, cap: u64) -> Result<Option<u64>, String> {
    if native::count_within(p, cap, BUDGET).is_none() {
        return Ok(None);
    }
    let engine = backref_engine::engine_by_name("pcre2").expect("built in");
    backref_pipeline::checked_count_up_to_two(&BinairoPuzzle::new(p.clone()), &*engine).map(Some)
}

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
        let p = match generate_counted(h, w, seed, kind, &mut engine_count) {
            Ok(Some(p)) => p,
            Ok(None) => panic!("{name}: nothing generated"),
            Err(e) => panic!("{name}: {e}"),
        };
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
