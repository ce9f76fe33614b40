//! Native search nodes (the regex's search tree: same cells, candidates and checks, must-cover
//! checks included) of a few static cell and value orders on every puzzle of a collection: the
//! median, p90 and worst node counts, and the puzzles over a threshold.
//!
//!     cargo run --release -p backref-sudoku --example order_nodes -- FILE [--limit K]

use backref_sudoku::grid::{parse, SIZES};
use backref_sudoku::model::Model;
use backref_sudoku::native::search_bounded;
use backref_sudoku::order::{estimate, greedy, greedy_cover, likely_first};

/// Node budget per order and puzzle.
const LIMIT: u64 = 5_000_000;

fn main() {
    let mut args = std::env::args().skip(1);
    let file = args.next().expect("FILE");
    let limit: usize = match (args.next().as_deref(), args.next()) {
        (Some("--limit"), Some(k)) => k.parse().expect("--limit K"),
        _ => usize::MAX,
    };
    let text = std::fs::read_to_string(&file).expect("a readable file");
    let puzzles: Vec<&str> = text
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| SIZES.iter().any(|s| s.0 * s.0 == l.chars().count()))
        .take(limit)
        .collect();
    type Config = (&'static str, fn(&Model) -> (Vec<usize>, Model));
    let configs: Vec<Config> = vec![
        ("greedy", |m| (greedy(m, None, 0.0), m.clone())),
        ("cover", |m| (greedy_cover(m), m.clone())),
        ("cover likely", |m| {
            (greedy_cover(m), likely_first(m.clone()))
        }),
        ("shuffled-1 up", |m| (greedy(m, Some(1), 0.15), m.clone())),
        ("pick of 3 by estimate", |m| {
            let orders = [
                greedy(m, None, 0.0),
                greedy_cover(m),
                greedy(m, Some(1), 0.15),
            ];
            let best = orders
                .iter()
                .min_by(|a, b| estimate(m, a).total_cmp(&estimate(m, b)))
                .unwrap();
            (best.clone(), m.clone())
        }),
        ("pick greedy/cover", |m| {
            let orders = [greedy(m, None, 0.0), greedy_cover(m)];
            let best = orders
                .iter()
                .min_by(|a, b| estimate(m, a).total_cmp(&estimate(m, b)))
                .unwrap();
            (best.clone(), m.clone())
        }),
    ];
    let mut nodes: Vec<Vec<u64>> = vec![Vec::new(); configs.len()];
    for line in &puzzles {
        let s = parse(line).expect("a puzzle");
        let m = Model::new(&s);
        for (k, (_, f)) in configs.iter().enumerate() {
            let (cells, mm) = f(&m);
            nodes[k].push(search_bounded(&mm, &cells, 1, LIMIT).nodes);
        }
    }
    let stat = |v: &[u64]| {
        let mut v = v.to_vec();
        v.sort();
        (v[v.len() / 2], v[v.len() * 9 / 10], v[v.len() - 1])
    };
    println!("| order | median nodes | p90 | max | over 300k | sum |");
    for (k, (name, _)) in configs.iter().enumerate() {
        let (a, b, c) = stat(&nodes[k]);
        let over = nodes[k].iter().filter(|&&x| x > 300_000).count();
        let sum: u64 = nodes[k].iter().sum();
        println!("| {name} | {a} | {b} | {c} | {over} | {sum} |");
    }
    let best: Vec<u64> = (0..puzzles.len())
        .map(|i| (0..configs.len()).map(|k| nodes[k][i]).min().unwrap())
        .collect();
    println!("best of all: {:?}", stat(&best));
    for (i, _) in puzzles.iter().enumerate() {
        if std::env::var("SHOW").is_ok() && (0..configs.len()).any(|k| nodes[k][i] > 300_000) {
            let row: Vec<String> = (0..configs.len())
                .map(|k| nodes[k][i].to_string())
                .collect();
            println!("puzzle {}: {}", i + 1, row.join(" "));
        }
    }
}
