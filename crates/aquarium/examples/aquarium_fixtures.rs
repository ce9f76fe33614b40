//! Regenerates the aquarium fixtures: `cargo run --release -p backref-aquarium --example
//! aquarium_fixtures [OUT_DIR]` (default: the workspace's `fixtures/aquarium`).
//!
//! Every puzzle comes from a fixed seed, so the output is the same on every run.

use std::path::PathBuf;

use backref_aquarium::generate::{generate_unique, make_unsolvable, Rng};
use backref_aquarium::{native, render::solution_text, render_task};

fn main() {
    let out: PathBuf = std::env::args_os().nth(1).map_or_else(
        || {
            PathBuf::from(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../../fixtures/aquarium"
            ))
        },
        PathBuf::from,
    );
    std::fs::create_dir_all(&out).expect("create output directory");
    let write = |name: &str, task: String, expected: String| {
        std::fs::write(out.join(format!("{name}.txt")), task + "\n").expect("write task");
        std::fs::write(out.join(format!("{name}.expected")), expected).expect("write expected");
        println!("{name}");
    };
    // (size, how many, regions per puzzle)
    let plan: [(usize, usize, usize); 5] =
        [(6, 3, 8), (8, 3, 12), (10, 3, 18), (12, 2, 26), (15, 2, 38)];
    let mut unique = Vec::new();
    for (size, how_many, regions) in plan {
        for k in 1..=how_many {
            let seed = (size as u64) * 1000 + k as u64;
            let mut rng = Rng::new(seed);
            let (puzzle, solution) =
                generate_unique(size, regions, &mut rng, 10_000).expect("a unique puzzle");
            assert_eq!(native::count(&puzzle, 2), 1);
            let name = format!("gen{size:02}_{k}");
            write(&name, render_task(&puzzle), solution_text(&solution));
            unique.push((name, puzzle));
        }
    }
    // Unsolvable variants: one where the totals disagree, two where they agree.
    let mut rng = Rng::new(4242);
    let p = &unique[0].1;
    let mut rows = p.row_counts().to_vec();
    let i = rows
        .iter()
        .position(|&r| r < p.n())
        .expect("a row that is not full");
    rows[i] += 1;
    let bad = p
        .with_counts(p.col_counts().to_vec(), rows)
        .expect("in range");
    assert_eq!(native::count(&bad, 1), 0);
    write(
        "unsolvable06_totals",
        render_task(&bad),
        "unsolvable\n".into(),
    );
    for (_, p) in [&unique[3], &unique[6]] {
        let bad = make_unsolvable(p, &mut rng, 10_000).expect("an unsolvable variant");
        let size = p.n();
        write(
            &format!("unsolvable{size:02}_moved"),
            render_task(&bad),
            "unsolvable\n".into(),
        );
    }
}
