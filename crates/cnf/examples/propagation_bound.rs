//! How much more propagation inside the pattern could buy: same-tree node counts of the
//! default order with the clause lookahead (what the pattern does), against the same static
//! order with full unit propagation to a fixpoint as the failure test at each node (what a
//! pattern could at best do with the same decisions), and with forced values carried from step
//! to step, one link of a chain per step (what a pattern could keep in groups; docs/cnf.md).
//! `cargo run --release -p backref-cnf --example propagation_bound -- FILE...`
use backref_cnf::{simplify::normalise, tree, Order};

/// Whether unit propagation from `value` (1 true, -1 false, 0 unset) reaches no conflict;
/// `value` is left as it was.
fn up_ok(clauses: &[Vec<i32>], value: &mut [i8]) -> bool {
    let mut trail = vec![];
    let ok = loop {
        let mut changed = false;
        let mut conflict = false;
        for c in clauses {
            let mut sat = false;
            let mut unset = None;
            let mut n = 0;
            for &l in c {
                let v = value[l.unsigned_abs() as usize - 1];
                let lv = if l > 0 { v } else { -v };
                if lv == 1 {
                    sat = true;
                    break;
                }
                if lv == 0 {
                    n += 1;
                    unset = Some(l);
                }
            }
            if sat {
                continue;
            }
            if n == 0 {
                conflict = true;
                break;
            }
            if n == 1 {
                let l = unset.unwrap();
                value[l.unsigned_abs() as usize - 1] = if l > 0 { 1 } else { -1 };
                trail.push(l.unsigned_abs() as usize - 1);
                changed = true;
            }
        }
        if conflict {
            break false;
        }
        if !changed {
            break true;
        }
    };
    for v in trail {
        value[v] = 0;
    }
    ok
}

/// Backtracking in `order`, each value kept only when propagation finds no conflict.
fn go(clauses: &[Vec<i32>], order: &Order, d: usize, value: &mut [i8], nodes: &mut u64) -> bool {
    if d == order.vars.len() {
        return true;
    }
    let v = order.vars[d];
    for b in [order.true_first[v], !order.true_first[v]] {
        *nodes += 1;
        value[v] = if b { 1 } else { -1 };
        if up_ok(clauses, value) && go(clauses, order, d + 1, value, nodes) {
            value[v] = 0;
            return true;
        }
    }
    value[v] = 0;
    false
}

/// Backtracking in `order` where each step updates every later variable's forced value
/// (true, false, neither) from the decided variables and the forced values of the step before
/// (one link of a chain per step, as a pattern could keep them in groups); a variable forced
/// both ways, or a decided value against its forced one, fails.
fn hop(
    clauses: &[Vec<i32>],
    order: &Order,
    d: usize,
    value: &mut [i8],
    forced: &[i8],
    nodes: &mut u64,
) -> bool {
    if d == order.vars.len() {
        return true;
    }
    let v = order.vars[d];
    for b in [order.true_first[v], !order.true_first[v]] {
        *nodes += 1;
        let val = if b { 1 } else { -1 };
        if forced[v] == -val {
            continue;
        }
        value[v] = val;
        let mut next = forced.to_vec();
        next[v] = 0;
        let mut ok = true;
        for c in clauses {
            // Known falsity of each literal: decided, or forced at the step before.
            let mut open = None;
            let mut opens = 0;
            let mut sat = false;
            for &l in c {
                let u = l.unsigned_abs() as usize - 1;
                let known = if value[u] != 0 { value[u] } else { forced[u] };
                let lv = if l > 0 { known } else { -known };
                if lv == 1 {
                    sat = true;
                    break;
                }
                if lv == 0 {
                    opens += 1;
                    open = Some(l);
                }
            }
            if sat {
                continue;
            }
            if opens == 0 {
                ok = false;
                break;
            }
            if opens == 1 {
                let l = open.unwrap();
                let u = l.unsigned_abs() as usize - 1;
                if value[u] != 0 {
                    continue;
                }
                let f = if l > 0 { 1 } else { -1 };
                if next[u] == -f {
                    ok = false;
                    break;
                }
                next[u] = f;
            }
        }
        if ok && hop(clauses, order, d + 1, value, &next, nodes) {
            value[v] = 0;
            return true;
        }
    }
    value[v] = 0;
    false
}

fn main() {
    for path in std::env::args().skip(1) {
        let cnf = backref_cnf::parse(&std::fs::read_to_string(&path).unwrap(), &path).unwrap();
        let clauses = normalise(&cnf);
        let sat = backref_cnf::Sat::new(cnf.clone());
        let order = Order::new(sat.default_order(), cnf.vars, &clauses);
        let look = tree::solve(&clauses, &order, true, u64::MAX);
        let mut nodes = 0;
        let mut value = vec![0i8; cnf.vars];
        go(&clauses, &order, 0, &mut value, &mut nodes);
        let mut hops = 0;
        let mut value = vec![0i8; cnf.vars];
        hop(
            &clauses,
            &order,
            0,
            &mut value,
            &vec![0i8; cnf.vars],
            &mut hops,
        );
        println!("hop-per-step {hops}");
        println!(
            "{path}: lookahead {} full-UP {} ({:.1}x)",
            look.nodes,
            nodes,
            look.nodes as f64 / nodes as f64
        );
    }
}
