//! Generates box Sudokus with a unique solution (`backref_sudoku::generate`), confirms each
//! through PCRE2 (`backref_pipeline::unique`: counting inside the engine, stopping at a second
//! solution, with the native count beside it), times a solve through PCRE2, and optionally
//! writes the puzzle and its `.expected` as a fixture.
//!
//!     cargo run --release -p backref-sudoku --example sudoku_generate -- \
//!         --box 4x4 [--seed S] [--target GIVENS] [--nodes K] [--first] [--engine-carve] \
//!         [--rounds R [--count-nodes C] [--race K | --no-tree-bound]] [--propagate LEVEL] \
//!         [--write PATH]
//!
//! Carving takes a given away when the generator's counter finds one solution within its
//! budget and the default static order's native search (the regex's search tree) needs at most
//! `--nodes` nodes (default 20,000), so that the puzzle stays quick for the regex (with
//! `--propagate LEVEL`, the tree of the pattern with that propagation, which the confirming
//! count and solve then use); with
//! `--engine-carve`, every removal is also counted through PCRE2 (the engine's verdict is the
//! one kept; the counter is the cross-check). `--first` bounds the tree to the first solution
//! only, which is what a solve searches: the counter alone then proves uniqueness, and the
//! engine's own uniqueness check may take far longer than the solve (it runs under a 60 s
//! timeout and is reported, not required). `--write fixtures/sudoku/NAME.txt` writes
//! `NAME.txt` and `NAME.expected`.
//!
//! With `--rounds R` the search below a minimal puzzle (`generate::reduce`) replaces the single
//! pass: the singles counter (`generate::singles`, `--count-nodes` branches per count, 20,000
//! by default) decides uniqueness, and a removal is kept only when the default order's native
//! search also finds one solution within `--nodes` nodes (the same bound on the regex's tree);
//! up to R rounds of swap moves follow the first minimal puzzle, stopping at `--target` (or
//! after `--seconds S` of rounds: the header of a written fixture names the rounds that
//! reached it, which give the same puzzle again without `--seconds`). Two other bounds, for
//! measurements: `--race K` keeps a removal when any of the orders the solve races finds its
//! solution in time (the default order within `--nodes`, the reserves within K nodes), and
//! `--no-tree-bound` keeps every removal the counter finds unique.

use std::time::Instant;

use backref_pipeline::{choose, solve, unique, Request, Uniqueness};
use backref_program::Propagation;
use backref_rng::Rng;
use backref_sudoku::generate::reduce::Reducer;
use backref_sudoku::generate::singles::Singles;
use backref_sudoku::generate::{carve, full_grid, grid_text, Counter};
use backref_sudoku::grid::{parse, symbol};
use backref_sudoku::model::Model;
use backref_sudoku::native::search_tree;
use backref_sudoku::order::{order, OrderKind, DEFAULT_ORDER, ORDERS};
use backref_sudoku::puzzle::RACED_ORDERS;

/// What bounds a removal besides uniqueness: the regex's search tree, searched natively.
#[derive(Clone, Copy)]
enum TreeBound {
    /// The default order's tree, within `--nodes` nodes.
    Default,
    /// `--race K`: the first of the raced orders whose tree ends within its bound, `--nodes` for
    /// the default order and K for the reserves (whose match limit is short).
    Race(u64),
    /// `--no-tree-bound`: uniqueness alone (the puzzle may be far too slow for the regex).
    Off,
}

impl TreeBound {
    /// The command-line flag that asks for this bound.
    fn flag(self) -> String {
        match self {
            TreeBound::Default => String::new(),
            TreeBound::Race(k) => format!(" --race {k}"),
            TreeBound::Off => " --no-tree-bound".into(),
        }
    }
}

/// The orders the solve races, in the order they join.
fn raced_kinds() -> Vec<OrderKind> {
    RACED_ORDERS
        .iter()
        .map(|(name, _)| choose(&ORDERS, name, "order").expect("a raced order is an order"))
        .collect()
}

fn main() {
    let mut args = std::env::args().skip(1);
    let (mut p, mut q, mut seed, mut target) = (4usize, 4usize, 1u64, None);
    let (mut nodes, mut engine_carve, mut write) = (20_000u64, false, None);
    let (mut rounds, mut count_nodes, mut seconds) = (None, 20_000u64, None);
    let mut first_only = false;
    let mut tree_bound = TreeBound::Default;
    let mut propagation = Propagation::None;
    while let Some(a) = args.next() {
        let mut value = || args.next().expect("a value after the flag");
        match a.as_str() {
            "--box" => {
                let v = value();
                let (a, b) = v.split_once('x').expect("--box PxQ");
                (p, q) = (a.parse().expect("P"), b.parse().expect("Q"));
            }
            "--seed" => seed = value().parse().expect("--seed S"),
            "--target" => target = Some(value().parse().expect("--target GIVENS")),
            "--nodes" => nodes = value().parse().expect("--nodes K"),
            "--engine-carve" => engine_carve = true,
            "--first" => first_only = true,
            "--race" => tree_bound = TreeBound::Race(value().parse().expect("--race K")),
            "--no-tree-bound" => tree_bound = TreeBound::Off,
            "--rounds" => rounds = Some(value().parse().expect("--rounds R")),
            "--seconds" => seconds = Some(value().parse::<f64>().expect("--seconds S")),
            "--count-nodes" => count_nodes = value().parse().expect("--count-nodes C"),
            "--write" => write = Some(value()),
            "--propagate" => {
                let v = value();
                propagation = Propagation::from_name(&v).expect("--propagate LEVEL");
            }
            other => panic!("unknown argument {other}"),
        }
    }
    let n = p * q;
    let target = target.unwrap_or(n * n / 4);
    let engine = backref_engine::engine_by_name("pcre2").expect("PCRE2 is built in");
    let mut request = Request::new(&*engine);
    request.options.propagation = Some(propagation);
    // Solutions the tree bound searches for: the first (a solve), or a second (a uniqueness
    // proof).
    let wanted = if first_only { 1 } else { 2 };
    let mut rng = Rng::new(seed);
    let counter = Counter::new(p, q);
    // A random fill (fewer small unavoidable sets than the scrambled base pattern), else the
    // pattern.
    let solution = counter
        .random_fill(&mut rng, 200_000, 20)
        .unwrap_or_else(|| full_grid(p, q, &mut rng));
    let started = Instant::now();
    let (mut checks, mut engine_checks, mut disagreements) = (0u32, 0u32, 0u32);
    let mut engine_ms = 0.0;
    let mut search_note = String::new();
    let mut rounds_used = None;
    let puzzle = if let Some(rounds) = rounds {
        let singles = Singles::new(p, q);
        let mut tree_nodes = 0u64;
        let accept = |givens: &[Option<u8>]| {
            // The regex's tree: the default order's native search, bounded (with `--race`, the
            // first raced order whose tree ends within its bound).
            let s = parse(&grid_text(givens, p, q)).expect("a generated grid parses");
            let tree = match tree_bound {
                TreeBound::Off => return true,
                TreeBound::Default => vec![(DEFAULT_ORDER, nodes)],
                TreeBound::Race(reserve) => raced_kinds()
                    .into_iter()
                    .enumerate()
                    .map(|(i, kind)| (kind, if i == 0 { nodes } else { reserve }))
                    .collect(),
            }
            .into_iter()
            .find_map(|(kind, bound)| {
                let (m, cells) = s.ordered(kind);
                let tree = search_tree(&m, &cells, wanted, bound, propagation);
                tree_nodes += tree.nodes.min(bound);
                (tree.nodes <= bound).then_some(tree)
            });
            let Some(tree) = tree else {
                return false;
            };
            assert_eq!(
                tree.solutions, 1,
                "the singles counter and the native search disagree"
            );
            if engine_carve {
                engine_checks += 1;
                let clock = Instant::now();
                let r = unique(&s, &*engine, &request).expect("a count");
                engine_ms += clock.elapsed().as_secs_f64() * 1e3;
                if r.uniqueness() != Uniqueness::Unique {
                    disagreements += 1;
                    return false;
                }
            }
            true
        };
        let mut reducer =
            Reducer::new(&solution, &singles, count_nodes).with_accept(Box::new(accept));
        let clock = Instant::now();
        let best = reducer.run(&mut rng, rounds, target, |round, best| {
            if round % 50 == 0 {
                eprintln!(
                    "round {round}: {best} givens, {:.0} s",
                    clock.elapsed().as_secs_f64()
                );
            }
            seconds.is_none_or(|s| clock.elapsed().as_secs_f64() < s)
        });
        let st = reducer.stats.clone();
        drop(reducer);
        checks = st.checks as u32;
        // The rounds that reached the puzzle: what the fixture header records.
        rounds_used = Some(st.best_round);
        search_note = format!(
            "; first minimal {} givens; best in round {} of {}; {} counts ({} unique, {} of them over the tree bound, {} undecided), {} refused by {} learnt sets; {} rounds, {} moves kept, {} kicks; native tree nodes {}",
            st.first_minimal, st.best_round, st.rounds, st.checks, st.unique, st.refused, st.undecided, st.pool_refusals, st.sets, st.rounds, st.moves_kept, st.kicks, tree_nodes
        );
        best
    } else {
        carve(&solution, target, &mut rng, |givens| {
            checks += 1;
            // The default order's native search (the regex's search tree) within the node bound
            // decides; the generator's own counter cross-checks what it accepts.
            let s = parse(&grid_text(givens, p, q)).expect("a generated grid parses");
            let m = Model::new(&s);
            let cells = order(&m, DEFAULT_ORDER);
            let tree = search_tree(&m, &cells, wanted, nodes, propagation);
            if tree.nodes > nodes || (!first_only && tree.solutions != 1) {
                return false;
            }
            match counter.count(givens, 2, 1_000_000) {
                Some(1) => {}
                None => return false,
                Some(_) => panic!("the counter and the native search disagree"),
            }
            if engine_carve {
                engine_checks += 1;
                let clock = Instant::now();
                let r = unique(&s, &*engine, &request).expect("a count");
                engine_ms += clock.elapsed().as_secs_f64() * 1e3;
                let ok = r.uniqueness() == Uniqueness::Unique;
                if !ok {
                    disagreements += 1;
                }
                return ok;
            }
            true
        })
    };
    let carve_s = started.elapsed().as_secs_f64();
    let givens = puzzle.iter().flatten().count();
    eprintln!(
        "{n}x{n} seed {seed}: {givens} givens ({:.1}%) after {checks} checks, {carve_s:.1} s{search_note}{}",
        100.0 * givens as f64 / (n * n) as f64,
        if engine_carve {
            format!(
                " ({engine_checks} through PCRE2, {engine_ms:.0} ms, {disagreements} disagreements)"
            )
        } else {
            String::new()
        }
    );
    let text = grid_text(&puzzle, p, q);
    let s = parse(&text).expect("a generated grid parses");
    for kind in raced_kinds() {
        let clock = Instant::now();
        let (m, cells) = s.ordered(kind);
        let ms = clock.elapsed().as_secs_f64() * 1e3;
        // Bounded: another order's tree on a low-clue puzzle can be far larger.
        const SHOWN: u64 = 200_000_000;
        let first = search_tree(&m, &cells, 1, SHOWN, propagation).nodes;
        let whole = search_tree(&m, &cells, 2, SHOWN, propagation).nodes;
        let shown = |k: u64| {
            if k > SHOWN {
                format!("over {SHOWN}")
            } else {
                k.to_string()
            }
        };
        eprintln!(
            "order {kind:?}: model and order computed in {ms:.1} ms, native search to the first solution {} nodes, to the second {} nodes",
            shown(first),
            shown(whole)
        );
    }
    // Uniqueness inside the engine, the native count beside it.
    let clock = Instant::now();
    let mut bounded = request.clone();
    if first_only {
        bounded.limits.timeout = Some(std::time::Duration::from_secs(60));
    }
    let r = unique(&s, &*engine, &bounded).expect("a count");
    let unique_ms = clock.elapsed().as_secs_f64() * 1e3;
    eprintln!(
        "PCRE2 unique: {:?} (count {}, native {:?}, problems {}), {unique_ms:.0} ms, match {:.0} ms",
        r.uniqueness(),
        r.count,
        r.native_count,
        r.problems.len(),
        r.match_time.as_secs_f64() * 1e3
    );
    if !first_only || !matches!(r.uniqueness(), Uniqueness::GaveUp(_)) {
        assert_eq!(r.uniqueness(), Uniqueness::Unique);
        assert!(r.problems.is_empty(), "{:?}", r.problems);
    }
    // A plain solve, timed.
    let clock = Instant::now();
    let report = solve(&s, &*engine, &request).expect("a solve");
    let wall = clock.elapsed().as_secs_f64() * 1e3;
    let rows: Vec<String> = solution
        .chunks(n)
        .map(|r| r.iter().map(|&x| symbol(x, false)).collect())
        .collect();
    eprintln!(
        "PCRE2 solve: {:?}, trusted {}, generate {:.1} ms, compile {:.1} ms, match {:.1} ms, native {:.1} ms, wall {wall:.0} ms, pattern {} bytes, groups {}, jit {}",
        report.outcome,
        report.trusted(),
        report.total(|s| s.generate_ms),
        report.total(|s| s.compile_ms),
        report.total(|s| s.match_ms),
        report.total(|s| s.native_ms),
        report.stages.first().map_or(0, |s| s.pattern_bytes),
        report.stages.first().map_or(0, |s| s.groups),
        report.stages.first().is_some_and(|s| s.jit),
    );
    if let Some(race) = &report.raced {
        eprintln!("race: started {:?}, winner {:?}", race.started, race.winner);
    }
    for note in &report.notes {
        eprintln!("note: {note}");
    }
    if let Some(path) = write {
        let search = rounds_used.map_or(String::new(), |r: u64| {
            format!(
                " --rounds {r} --nodes {nodes}{}{} --count-nodes {count_nodes} --target {target}{}",
                if first_only { " --first" } else { "" },
                tree_bound.flag(),
                if propagation == Propagation::None {
                    String::new()
                } else {
                    format!(" --propagate {}", propagation.name())
                }
            )
        });
        let header = format!(
            "# generated: examples/sudoku_generate.rs --box {p}x{q} --seed {seed}{search}; {givens} givens, one solution (counted through PCRE2 and natively)\n"
        );
        std::fs::write(&path, header + &text).expect("writable fixture");
        let expected = std::path::Path::new(&path).with_extension("expected");
        std::fs::write(expected, format!("solutions: 1\n\n{}\n", rows.join("\n")))
            .expect("writable expected");
        eprintln!("wrote {path}");
    }
}
