//! Native search nodes of several static orders on every puzzle of a collection, to choose the
//! orders the default races (docs/sudoku.md, "Static orders"): for each order, the median and
//! worst node counts, and for each set of orders raced, the worst over puzzles of the best
//! order's count.
//!
//!     cargo run --release -p backref-sudoku --example order_study -- FILE [--limit K]

use backref_sudoku::grid::{parse, SIZES};
use backref_sudoku::model::Model;
use backref_sudoku::native::search_bounded;
use backref_sudoku::order::{greedy, greedy_weighed, order, OrderKind};

/// Node budget per order and puzzle (a count over it stands for "too slow").
const LIMIT: u64 = 3_000_000;

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
    type Config = (String, Box<dyn Fn(&Model) -> (Vec<usize>, Model)>);
    let mut configs: Vec<Config> = vec![
        (
            "greedy".into(),
            Box::new(|m| (order(m, OrderKind::Greedy), m.clone())),
        ),
        (
            "greedy-down".into(),
            Box::new(|m| (order(m, OrderKind::Greedy), m.clone().descending())),
        ),
    ];
    for seed in [None, Some(1), Some(2), Some(3)] {
        for sign in [1.0, -1.0] {
            configs.push((
                format!(
                    "weighed{}-s{seed:?}",
                    if sign > 0.0 {
                        "-unlikely-first"
                    } else {
                        "-likely-first"
                    }
                ),
                Box::new(move |m| {
                    let (cells, w) = greedy_weighed(m, seed, 0.15);
                    (cells, m.clone().sorted_values(|c, i| sign * w[c][i]))
                }),
            ));
        }
    }
    for seed in [1, 3] {
        configs.push((
            format!("noise-s{seed}-down"),
            Box::new(move |m| (greedy(m, Some(seed), 0.15), m.clone().descending())),
        ));
    }
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
    println!("| order | median nodes | p90 | max |");
    for (k, (name, _)) in configs.iter().enumerate() {
        let (a, b, c) = stat(&nodes[k]);
        println!("| {name} | {a} | {b} | {c} |");
    }
    // Pairs and triples with greedy: the worst puzzle's best count.
    let best = |set: &[usize]| -> Vec<u64> {
        (0..puzzles.len())
            .map(|i| set.iter().map(|&k| nodes[k][i]).min().unwrap())
            .collect()
    };
    let mut rows = Vec::new();
    for a in 1..configs.len() {
        rows.push((stat(&best(&[0, a])).2, vec![0, a]));
        for b in a + 1..configs.len() {
            rows.push((stat(&best(&[0, a, b])).2, vec![0, a, b]));
        }
    }
    rows.sort();
    println!("\nbest sets with greedy (max of min nodes):");
    for (worst, set) in rows.iter().take(25) {
        let names: Vec<&str> = set.iter().map(|&k| configs[k].0.as_str()).collect();
        let over: usize = best(set).iter().filter(|&&n| n > 200_000).count();
        println!("{worst:>10}  over 200k: {over:>3}  {}", names.join(" + "));
    }
}
