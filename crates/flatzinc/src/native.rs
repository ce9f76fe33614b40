//! The native search: plain backtracking over the FlatZinc model's variables, values ascending,
//! each constraint evaluated by [`crate::eval`] as soon as its last variable is set (linear
//! constraints and `all_different` also on partial assignments, by bounds and by the values set
//! so far). Variables go in declaration order, except that a variable a constraint defines
//! (`defines_var`) comes right after the last of that constraint's other variables, so its
//! value is tried when it is already determined ([`order`]). It shares no code with the
//! translation and answers the cross-check: a first solution, or a count.

use crate::eval::{holds, value, Value};
use crate::model::{Arg, Constraint, Model, Objective};

/// What a search found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Found {
    /// The first solution (one value per variable).
    pub first: Option<Vec<i64>>,
    /// Solutions counted (up to the cap).
    pub count: u64,
}

struct Search<'a> {
    model: &'a Model,
    /// The variables in search order.
    order: Vec<usize>,
    /// Constraints evaluated when variable `v` is set and it is their last.
    at_last: Vec<Vec<usize>>,
    /// Constraints with a partial test, by variable.
    partial: Vec<Vec<usize>>,
    values: Vec<i64>,
    set: Vec<bool>,
    bound: Option<i64>,
    cap: u64,
    found: Found,
}

fn int_items(a: &Arg) -> Vec<Arg> {
    match a {
        Arg::Array(v) => v.clone(),
        _ => Vec::new(),
    }
}

impl Search<'_> {
    fn range(&self, a: &Arg) -> (i64, i64) {
        match a {
            Arg::Var(v) if self.set[*v] => (self.values[*v], self.values[*v]),
            Arg::Var(v) => {
                let d = &self.model.vars[*v].domain;
                (d[0], d[d.len() - 1])
            }
            Arg::Int(x) => (*x, *x),
            Arg::Bool(b) => (*b as i64, *b as i64),
            _ => (0, 0),
        }
    }

    /// Whether a partial assignment already breaks `c`.
    fn broken(&self, c: &Constraint) -> bool {
        match (c.name.as_str(), c.args.as_slice()) {
            ("int_lin_eq" | "int_lin_le", [a, x, Arg::Int(rhs)]) => {
                let (mut lo, mut hi) = (0i64, 0i64);
                for (k, x) in int_items(a).iter().zip(int_items(x)) {
                    let Arg::Int(k) = k else { return false };
                    let (l, h) = self.range(&x);
                    let (p, q) = (k * l, k * h);
                    lo += p.min(q);
                    hi += p.max(q);
                }
                lo > *rhs || (c.name == "int_lin_eq" && hi < *rhs)
            }
            ("fzn_all_different_int" | "all_different_int", [xs]) => {
                let mut seen: Vec<i64> = int_items(xs)
                    .iter()
                    .filter_map(|a| match a {
                        Arg::Var(v) if self.set[*v] => Some(self.values[*v]),
                        Arg::Int(x) => Some(*x),
                        _ => None,
                    })
                    .collect();
                let n = seen.len();
                seen.sort_unstable();
                seen.dedup();
                seen.len() != n
            }
            ("backref_inverse", [f, Arg::Int(foff), g, Arg::Int(goff)]) => {
                let (f, g) = (int_items(f), int_items(g));
                let get = |a: &Arg| match a {
                    Arg::Var(v) if self.set[*v] => Some(self.values[*v]),
                    Arg::Int(x) => Some(*x),
                    _ => None,
                };
                // A value set on one side must point at a position that is unset or points back.
                let clash = |xs: &[Arg], off: i64, ys: &[Arg], yoff: i64| {
                    xs.iter().enumerate().any(|(p, x)| match get(x) {
                        None => false,
                        Some(j) => match usize::try_from(j - yoff).ok().and_then(|q| ys.get(q)) {
                            None => true,
                            Some(y) => get(y).is_some_and(|i| i != off + p as i64),
                        },
                    })
                };
                // Each side is a bijection's table, so values set on one side differ.
                let repeats = |xs: &[Arg]| {
                    let mut seen: Vec<i64> = xs.iter().filter_map(get).collect();
                    let n = seen.len();
                    seen.sort_unstable();
                    seen.dedup();
                    seen.len() != n
                };
                clash(&f, *foff, &g, *goff)
                    || clash(&g, *goff, &f, *foff)
                    || repeats(&f)
                    || repeats(&g)
            }
            _ => false,
        }
    }

    fn ok(&self, v: usize) -> bool {
        let val = |x: usize| self.values[x];
        for &ci in &self.at_last[v] {
            let c = &self.model.constraints[ci];
            let vals: Vec<Value> = c.args.iter().map(|a| value(a, &val)).collect();
            if holds(&c.name, &vals) != Some(true) {
                return false;
            }
        }
        !self.partial[v]
            .iter()
            .any(|&ci| self.broken(&self.model.constraints[ci]))
    }

    fn objective_ok(&self) -> bool {
        match (self.bound, crate::eval::objective(self.model, &self.values)) {
            (Some(b), Some((x, true))) => x < b,
            (Some(b), Some((x, false))) => x > b,
            _ => true,
        }
    }

    fn go(&mut self, k: usize) {
        if self.found.count >= self.cap {
            return;
        }
        let Some(&v) = self.order.get(k) else {
            if self.objective_ok() {
                self.found.count += 1;
                if self.found.first.is_none() {
                    self.found.first = Some(self.values.clone());
                }
            }
            return;
        };
        self.set[v] = true;
        for i in 0..self.model.vars[v].domain.len() {
            self.values[v] = self.model.vars[v].domain[i];
            if self.ok(v) {
                self.go(k + 1);
                if self.found.count >= self.cap {
                    break;
                }
            }
        }
        self.set[v] = false;
    }
}

/// Searches `model` for solutions (better than `bound` when it has an objective), stopping at
/// `cap` of them.
pub fn search(model: &Model, bound: Option<i64>, cap: u64) -> Found {
    // The bound as the objective variable's domain, so that its linear definition prunes by
    // bounds on partial assignments (the leaf test stays).
    let tightened;
    let model = match (bound, &model.objective) {
        (Some(b), Objective::Minimize(Arg::Var(x)) | Objective::Maximize(Arg::Var(x))) => {
            let below = matches!(model.objective, Objective::Minimize(_));
            let mut m = model.clone();
            m.vars[*x]
                .domain
                .retain(|&v| if below { v < b } else { v > b });
            tightened = m;
            &tightened
        }
        _ => model,
    };
    let n = model.vars.len();
    let order = order(model);
    let mut position = vec![0; n];
    for (k, &v) in order.iter().enumerate() {
        position[v] = k;
    }
    let mut at_last = vec![Vec::new(); n];
    let mut partial = vec![Vec::new(); n];
    let mut constant_false = false;
    for (ci, c) in model.constraints.iter().enumerate() {
        let vars = c.vars();
        match vars.iter().max_by_key(|&&v| position[v]) {
            Some(&last) => at_last[last].push(ci),
            None => {
                let vals: Vec<Value> = c.args.iter().map(|a| value(a, &|_| 0)).collect();
                constant_false |= holds(&c.name, &vals) != Some(true);
            }
        }
        if matches!(
            c.name.as_str(),
            "int_lin_eq"
                | "int_lin_le"
                | "fzn_all_different_int"
                | "all_different_int"
                | "backref_inverse"
        ) {
            for v in vars {
                partial[v].push(ci);
            }
        }
    }
    let mut s = Search {
        model,
        order,
        at_last,
        partial,
        values: vec![0; n],
        set: vec![false; n],
        bound,
        cap,
        found: Found::default(),
    };
    if constant_false || model.vars.iter().any(|v| v.domain.is_empty()) || cap == 0 {
        return s.found;
    }
    s.go(0);
    s.found
}

/// The search order: declaration order, where each variable that a constraint defines is taken
/// out and placed as soon as every other variable of its defining constraint is placed (so the
/// constraint is checked when the defined value is tried, and one value passes). Definitions
/// that wait on each other keep declaration order.
pub fn order(model: &Model) -> Vec<usize> {
    let n = model.vars.len();
    // For each defined variable: its defining constraint's other variables not yet placed.
    let mut waiting: Vec<Option<usize>> = vec![None; n];
    let mut users: Vec<Vec<usize>> = vec![Vec::new(); n];
    for c in &model.constraints {
        let Some(x) = c.defines else { continue };
        if x >= n || waiting[x].is_some() {
            continue;
        }
        let mut others = c.vars();
        others.sort_unstable();
        others.dedup();
        others.retain(|&v| v != x);
        waiting[x] = Some(others.len());
        for v in others {
            users[v].push(x);
        }
    }
    let mut placed = vec![false; n];
    let mut order = Vec::with_capacity(n);
    let mut ready: Vec<usize> = (0..n).filter(|&x| waiting[x] == Some(0)).collect();
    let mut next = 0;
    while order.len() < n {
        let v = match ready.pop() {
            Some(x) if placed[x] => continue,
            Some(x) => x,
            // The next undefined variable in declaration order, or, when only definitions
            // that wait on each other are left, the first of them.
            None => {
                let pick = (next..n)
                    .find(|&v| !placed[v] && waiting[v].is_none())
                    .or_else(|| (0..n).find(|&v| !placed[v]))
                    .expect("an unplaced variable");
                next = pick;
                pick
            }
        };
        placed[v] = true;
        order.push(v);
        for &x in &users[v] {
            if let Some(w) = waiting[x].as_mut() {
                *w -= 1;
                if *w == 0 && !placed[x] {
                    ready.push(x);
                }
            }
        }
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_defined_variable_follows_the_last_of_its_inputs() {
        let m = crate::parse(
            "var 0..2: d :: is_defined_var;\nvar 0..1: x;\nvar 0..1: y;\nvar 0..1: z;\n\
             constraint int_plus(x, y, d) :: defines_var(d);\nsolve satisfy;\n",
            "t.fzn",
        )
        .unwrap();
        let names: Vec<&str> = order(&m)
            .into_iter()
            .map(|v| m.vars[v].name.as_str())
            .collect();
        assert_eq!(names, ["x", "y", "d", "z"]);
        // The order changes nothing of the answer: 4 assignments of x, y times 2 of z.
        assert_eq!(search(&m, None, 100).count, 8);
    }
}
