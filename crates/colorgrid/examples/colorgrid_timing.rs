//! Times the native solver on every fixture: `cargo run --release -p backref-colorgrid
//! --example colorgrid_timing`.

use std::path::Path;
use std::time::Instant;

use backref_colorgrid::{count, parse_str, solve_first};

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/colorgrid");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .expect("fixtures/colorgrid")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().and_then(|x| x.to_str()) == Some("txt"))
        .collect();
    paths.sort();
    for path in paths {
        let name = path.file_stem().unwrap_or_default().to_string_lossy();
        let text = std::fs::read_to_string(&path).expect("readable");
        let p = parse_str(&text, &name).expect("valid puzzle");
        let t = Instant::now();
        let first = solve_first(&p);
        let t_first = t.elapsed();
        let t = Instant::now();
        let n = count(&p, 1000);
        let t_count = t.elapsed();
        println!(
            "{name:24} {:>2}x{:<2} solutions(cap 1000)={n} first={} solve_first={t_first:?} count(1000)={t_count:?}",
            p.height(),
            p.width(),
            first.is_some()
        );
    }
}
