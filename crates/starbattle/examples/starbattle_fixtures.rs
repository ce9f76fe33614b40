//! Writes the project's Star Battle fixtures: `cargo run -p backref-starbattle --example
//! starbattle_fixtures -- DIR`. Each `NAME.txt` (grid form, with a `stars: K` line when K > 1)
//! gets `NAME.expected`: `stars: K`,
//! `solutions: N` (native count, capped at 1000) and, for a unique one, its rows of `*`/`.`.
//! The generator's verdicts (one or two solutions, or none) are counted inside PCRE2 (the
//! pipeline's `unique`), each compared with the native count: a disagreement stops the writer.

use backref_starbattle::generate::{generate_counted, Kind};
use backref_starbattle::puzzle::StarBattlePuzzle;
use backref_starbattle::{native, render, StarBattle};

/// Solutions of `p` with `k` stars up to 2, counted inside PCRE2; the native count must agree.
fn engine_count(p: &StarBattle, k: u32, _cap: u64) -> Result<u64, String> {
    let engine = backref_engine::engine_by_name("pcre2").expect("built in");
    let mut p = p.clone();
    p.stars = Some(k);
    backref_pipeline::checked_count_up_to_two(&StarBattlePuzzle::new(p), &*engine)
}

fn main() {
    let dir = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "fixtures/starbattle".into());
    std::fs::create_dir_all(&dir).expect("the fixture directory");
    let cases: &[(&str, usize, usize, u64, Kind)] = &[
        ("gen05x05_1star_unique", 5, 1, 1, Kind::Unique),
        ("gen06x06_1star_unique", 6, 1, 2, Kind::Unique),
        ("gen08x08_1star_unique", 8, 1, 3, Kind::Unique),
        ("gen10x10_2star_unique", 10, 2, 4, Kind::Unique),
        ("gen10x10_2star_b_unique", 10, 2, 40, Kind::Unique),
        ("gen06x06_1star_several", 6, 1, 5, Kind::Several),
        ("gen09x09_2star_several", 9, 2, 6, Kind::Several),
        ("gen06x06_1star_none", 6, 1, 7, Kind::None),
        ("gen10x10_2star_none", 10, 2, 8, Kind::None),
    ];
    for &(name, n, k, seed, kind) in cases {
        let t = std::time::Instant::now();
        let mut p = match generate_counted(n, k, seed, kind, &mut engine_count) {
            Ok(Some(p)) => p,
            Ok(None) => {
                eprintln!("{name}: nothing generated");
                continue;
            }
            Err(e) => panic!("{name}: {e}"),
        };
        if k > 1 {
            p.stars = Some(k as u32);
        }
        let count = native::count(&p, k as u32, 1000);
        let mut expected = format!("stars: {k}\nsolutions: {count}\n");
        if count == 1 {
            for row in native::solve(&p, k as u32).unwrap().rows() {
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
