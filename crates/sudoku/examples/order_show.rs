//! The default order of one puzzle file (cells as `r1c1`), the native search's nodes on it
//! (without and with the light checks mirrored), and the nodes of the regex's own search tree:
//! the encoder's packing (cell items and condition items, each option's resources, must-cover
//! checks after their last user) searched in the same order, so condition items branch as they
//! do in the pattern. Up to `--cap` solutions (2: to a second one), `NODES` nodes at most;
//! `--depth` prints the packing tree's nodes per depth.
//!
//!     cargo run --release -p backref-sudoku --example order_show -- FILE [NODES] [--cap K] [--depth]

use backref_program::Propagation;
use backref_sudoku::grid::parse;
use backref_sudoku::model::Model;
use backref_sudoku::native::{search_bounded, search_tree};
use backref_sudoku::order::greedy_cover;

fn main() {
    let mut args = std::env::args().skip(1);
    let file = args.next().expect("FILE");
    let (mut limit, mut cap, mut depth) = (5_000_000u64, 2u64, false);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--cap" => cap = args.next().and_then(|k| k.parse().ok()).expect("--cap K"),
            "--depth" => depth = true,
            k => limit = k.parse().expect("NODES"),
        }
    }
    let text = std::fs::read_to_string(&file).expect("a readable file");
    let m = Model::new(&parse(&text).expect("a puzzle"));
    let t = std::time::Instant::now();
    let cells = greedy_cover(&m);
    let ms = t.elapsed().as_secs_f64() * 1e3;
    let names: Vec<String> = cells.iter().map(|&c| m.name(c)).collect();
    println!("order ({ms:.2} ms): {}", names.join(" "));
    let s = search_bounded(&m, &cells, cap, limit);
    println!("solutions {} nodes {}", s.solutions, s.nodes);
    let s = search_tree(&m, &cells, cap, limit, Propagation::Light);
    println!(
        "with the light checks: solutions {} nodes {}",
        s.solutions, s.nodes
    );
    let e = backref_sudoku::encode::encode(&m, &cells, false).expect("encodes");
    for g in &e.program.statements {
        if let backref_program::Gadget::Packing {
            options,
            resources,
            must_cover,
            ..
        } = g
        {
            let (sols, nodes) = pack(options, *resources, *must_cover, cap, limit, depth);
            println!("packing: solutions {sols} nodes {nodes}");
        }
    }
}

/// The regex's tree: items in order, options in order, resources disjoint, each must-cover
/// resource checked right after its last user.
fn pack(
    options: &[Vec<Vec<u32>>],
    resources: u32,
    must_cover: u32,
    cap: u64,
    limit: u64,
    show_depth: bool,
) -> (u64, u64) {
    let mut last = vec![None; resources as usize];
    for (i, opts) in options.iter().enumerate() {
        for o in opts {
            for &r in o {
                last[r as usize] = Some(i);
            }
        }
    }
    let mut due = vec![Vec::new(); options.len()];
    for (r, last) in last.iter().enumerate().take(must_cover as usize) {
        match *last {
            Some(i) => due[i].push(r),
            None => return (0, 0),
        }
    }
    struct S<'a> {
        o: &'a [Vec<Vec<u32>>],
        due: Vec<Vec<usize>>,
        used: Vec<bool>,
        sols: u64,
        nodes: u64,
        cap: u64,
        limit: u64,
        depth: Vec<u64>,
    }
    fn go(s: &mut S, i: usize) -> bool {
        if i == s.o.len() {
            s.sols += 1;
            return s.sols >= s.cap;
        }
        for j in 0..s.o[i].len() {
            if s.o[i][j].iter().any(|&r| s.used[r as usize]) {
                continue;
            }
            s.nodes += 1;
            s.depth[i] += 1;
            if s.nodes > s.limit {
                return true;
            }
            for &r in &s.o[i][j] {
                s.used[r as usize] = true;
            }
            let ok = s.due[i].iter().all(|&r| s.used[r]);
            let stop = ok && go(s, i + 1);
            for &r in &s.o[i][j] {
                s.used[r as usize] = false;
            }
            if stop {
                return true;
            }
        }
        false
    }
    let mut s = S {
        o: options,
        due,
        used: vec![false; resources as usize],
        sols: 0,
        nodes: 0,
        cap,
        limit,
        depth: vec![0; options.len()],
    };
    go(&mut s, 0);
    if show_depth {
        println!("{:?}", s.depth);
    }
    (s.sols, s.nodes)
}
