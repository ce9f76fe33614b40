//! Times the native solver on every fixture (and on the shared corpus when present):
//! `cargo run --release -p backref-aquarium --example aquarium_timing`.

use std::path::Path;
use std::time::Instant;

use backref_aquarium::{count, parse_with_solution, solve_first};

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dirs = [
        root.join("../../fixtures/aquarium"),
        root.join("../../../shared/corpus/aquarium"),
    ];
    for dir in dirs {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        let mut paths: Vec<_> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().and_then(|x| x.to_str()) == Some("txt"))
            .collect();
        paths.sort();
        for path in paths {
            let name = path.file_stem().unwrap_or_default().to_string_lossy();
            let text = std::fs::read_to_string(&path).expect("readable");
            // Corpus files carry their published solution after the task line.
            let (p, _) = parse_with_solution(&text, &name).expect("valid puzzle");
            let t = Instant::now();
            let first = solve_first(&p);
            let t_first = t.elapsed();
            let t = Instant::now();
            let n = count(&p, 2);
            let t_count = t.elapsed();
            println!(
                "{name:24} {0:>2}x{0:<2} solutions(cap 2)={n} first={1:?} solve_first={t_first:?} count(2)={t_count:?}",
                p.n(),
                first.is_some()
            );
        }
    }
}
