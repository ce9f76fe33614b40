//! Node counts of the same-tree search, with and without lookahead, on DIMACS files:
//! `cargo run --release -p backref-cnf --example tree_nodes -- ORDER FILE...`.

use backref_cnf::{order::OrderKind, simplify::normalise, tree, Order, ORDERS};

fn main() {
    let mut args = std::env::args().skip(1);
    let name = args.next().expect("an order name");
    let kind: OrderKind = ORDERS
        .iter()
        .find(|(n, _)| *n == name)
        .expect("known order")
        .1;
    for path in args {
        let text = std::fs::read_to_string(&path).expect("readable");
        let cnf = backref_cnf::parse(&text, &path).expect("DIMACS");
        let clauses = normalise(&cnf);
        let order = Order::new(kind, cnf.vars, &clauses);
        let t = std::time::Instant::now();
        let plain = tree::solve(&clauses, &order, false, 100_000_000);
        let tp = t.elapsed();
        let t = std::time::Instant::now();
        let look = tree::solve(&clauses, &order, true, 100_000_000);
        let tl = t.elapsed();
        println!(
            "{path}: plain {} nodes {:.1} ms, lookahead {} nodes {:.1} ms, sat {}",
            plain.nodes,
            tp.as_secs_f64() * 1e3,
            look.nodes,
            tl.as_secs_f64() * 1e3,
            look.first.is_some()
        );
    }
}
