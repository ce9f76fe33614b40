//! Writes the project's Light Up fixtures: `cargo run -p backref-lightup --example
//! lightup_fixtures -- DIR`. Each `NAME.txt` gets `NAME.expected`: `solutions: N` (native
//! count, capped at 1000) and, for a unique one, its rows with `L` on the bulbs. The generator's
//! counts (one or two solutions, or none) are made inside PCRE2 (the pipeline's `unique`), and
//! each is compared with the native count: a disagreement stops the writer.

use backref_lightup::generate::{generate_counted, Kind};
use backref_lightup::puzzle::LightUpPuzzle;
use backref_lightup::{native, render, LightUp};

/// Solutions of `p` up to 2, counted inside PCRE2; the native count must agree.
fn engine_count(p: &LightUp, _cap: u64) -> Result<u64, String> {
    let engine = backref_engine::engine_by_name("pcre2").expect("built in");
    backref_pipeline::checked_count_up_to_two(&LightUpPuzzle::new(p.clone()), &*engine)
}

fn main() {
    let dir = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "fixtures/lightup".into());
    std::fs::create_dir_all(&dir).expect("the fixture directory");
    let cases: &[(&str, usize, usize, usize, u64, Kind)] = &[
        ("gen06x06_unique", 6, 6, 20, 1, Kind::Unique),
        ("gen08x08_unique", 8, 8, 20, 2, Kind::Unique),
        ("gen10x10_unique", 10, 10, 20, 3, Kind::Unique),
        ("gen14x14_unique", 14, 14, 20, 4, Kind::Unique),
        ("gen07x09_unique", 7, 9, 22, 5, Kind::Unique),
        ("gen06x06_several", 6, 6, 20, 6, Kind::Several),
        ("gen08x08_several", 8, 8, 20, 7, Kind::Several),
        ("gen08x08_none", 8, 8, 20, 8, Kind::None),
    ];
    for &(name, h, w, walls, seed, kind) in cases {
        let t = std::time::Instant::now();
        let mut found = None;
        for s in seed..seed + 200 {
            match generate_counted(h, w, walls, s * 1000, kind, &mut engine_count) {
                Ok(Some(p)) => {
                    found = Some(p);
                    break;
                }
                Ok(None) => {}
                Err(e) => panic!("{name}: {e}"),
            }
        }
        let Some(p) = found else {
            eprintln!("{name}: nothing generated");
            continue;
        };
        let count = native::count(&p, 1000);
        let mut expected = format!("solutions: {count}\n");
        if count == 1 {
            for row in native::solve(&p).unwrap().rows(&p) {
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
