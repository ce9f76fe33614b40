//! Prints native search-tree sizes (queens placed before the first solution) for each static
//! order, to compare ordering rules: `cargo run --release -p backref-queens --example orders`.

use backref_queens::{native, Order, ORDERS};

fn main() {
    let sizes: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let sizes = if sizes.is_empty() {
        (4..=100).collect()
    } else {
        sizes
    };
    print!("{:>4}", "N");
    for (name, _) in ORDERS {
        print!(" {name:>16}");
    }
    println!();
    for n in sizes {
        print!("{n:>4}");
        for (_, kind) in ORDERS {
            let order = Order::new(kind, n);
            let s = native::solve_limited(n, &order, 20_000_000);
            match s.first {
                Some(_) => print!(" {:>16}", s.nodes),
                None => print!(" {:>16}", format!(">{}", s.nodes)),
            }
        }
        println!();
    }
}
