//! The FlatZinc evaluator: the meaning of every supported constraint over a full assignment,
//! written from the FlatZinc specification and sharing no code with the translation
//! ([`crate::encode`]). It checks every answer, and the native search ([`crate::native`])
//! uses it.

use crate::model::{Arg, Constraint, Model};

/// A constraint that an assignment breaks.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Violation {
    /// The assignment has a wrong number of values.
    #[error("the assignment has {got} value(s) for {expected} variable(s)")]
    WrongLength {
        /// Variables of the model.
        expected: usize,
        /// Values given.
        got: usize,
    },
    /// A value outside its variable's domain.
    #[error("{var} = {value} is outside its domain (line {line})")]
    OutOfDomain {
        /// The variable.
        var: String,
        /// Its value.
        value: i64,
        /// Its declaration's line.
        line: usize,
    },
    /// A constraint is false.
    #[error("constraint {name} (line {line}) is false")]
    False {
        /// The predicate.
        name: String,
        /// Its line.
        line: usize,
    },
    /// The objective does not beat the bound it was asked to.
    #[error("the objective is {value}, not better than {bound}")]
    NotBetter {
        /// The objective's value.
        value: i64,
        /// The bound.
        bound: i64,
    },
}

/// A value of an argument under an assignment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// An integer (Booleans are 0 and 1).
    Int(i64),
    /// A set.
    Set(Vec<i64>),
    /// An array.
    Array(Vec<i64>),
}

/// The value of `a` when `val(v)` gives each variable's value.
pub fn value(a: &Arg, val: &dyn Fn(usize) -> i64) -> Value {
    match a {
        Arg::Int(v) => Value::Int(*v),
        Arg::Bool(b) => Value::Int(i64::from(*b)),
        Arg::Var(v) => Value::Int(val(*v)),
        Arg::Set(s) => Value::Set(s.clone()),
        Arg::Array(items) => Value::Array(
            items
                .iter()
                .map(|x| match value(x, val) {
                    Value::Int(i) => i,
                    _ => 0,
                })
                .collect(),
        ),
    }
}

/// Whether the predicate `name` holds on the argument values `v`; `None` when backref does not
/// know the predicate (or the arguments do not fit it).
pub fn holds(name: &str, v: &[Value]) -> Option<bool> {
    use Value::{Array as A, Int as I, Set as S};
    let b = |x: i64| x != 0;
    let dot = |a: &[i64], x: &[i64]| -> i64 { a.iter().zip(x).map(|(p, q)| p * q).sum() };
    Some(match (name, v) {
        ("int_eq", [I(a), I(c)]) | ("bool_eq", [I(a), I(c)]) => a == c,
        ("int_ne", [I(a), I(c)]) | ("bool_xor", [I(a), I(c)]) => a != c,
        ("bool_not", [I(a), I(c)]) => a != c,
        ("int_lt", [I(a), I(c)]) | ("bool_lt", [I(a), I(c)]) => a < c,
        ("int_le", [I(a), I(c)]) | ("bool_le", [I(a), I(c)]) => a <= c,
        ("int_eq_reif", [I(a), I(c), I(r)]) | ("bool_eq_reif", [I(a), I(c), I(r)]) => {
            (a == c) == b(*r)
        }
        ("int_ne_reif", [I(a), I(c), I(r)]) | ("bool_xor", [I(a), I(c), I(r)]) => (a != c) == b(*r),
        ("bool_not", [I(a), I(c), I(r)]) => (a != c) == b(*r),
        ("int_lt_reif", [I(a), I(c), I(r)]) | ("bool_lt_reif", [I(a), I(c), I(r)]) => {
            (a < c) == b(*r)
        }
        ("int_le_reif", [I(a), I(c), I(r)]) | ("bool_le_reif", [I(a), I(c), I(r)]) => {
            (a <= c) == b(*r)
        }
        ("int_eq_imp", [I(a), I(c), I(r)]) | ("bool_eq_imp", [I(a), I(c), I(r)]) => {
            !b(*r) || a == c
        }
        ("int_ne_imp", [I(a), I(c), I(r)]) | ("bool_xor_imp", [I(a), I(c), I(r)]) => {
            !b(*r) || a != c
        }
        ("int_lt_imp", [I(a), I(c), I(r)]) | ("bool_lt_imp", [I(a), I(c), I(r)]) => !b(*r) || a < c,
        ("int_le_imp", [I(a), I(c), I(r)]) | ("bool_le_imp", [I(a), I(c), I(r)]) => {
            !b(*r) || a <= c
        }
        ("bool_and", [I(a), I(c), I(r)]) => (b(*a) && b(*c)) == b(*r),
        ("bool_or", [I(a), I(c), I(r)]) => (b(*a) || b(*c)) == b(*r),
        ("bool_and_imp", [I(a), I(c), I(r)]) => !b(*r) || (b(*a) && b(*c)),
        ("bool_or_imp", [I(a), I(c), I(r)]) => !b(*r) || b(*a) || b(*c),
        ("bool_clause", [A(p), A(n)]) => p.iter().any(|x| b(*x)) || n.iter().any(|x| !b(*x)),
        ("array_bool_and", [A(xs), I(r)]) => xs.iter().all(|x| b(*x)) == b(*r),
        ("array_bool_or", [A(xs), I(r)]) => xs.iter().any(|x| b(*x)) == b(*r),
        ("array_bool_xor", [A(xs)]) => xs.iter().filter(|x| b(**x)).count() % 2 == 1,
        ("bool2int", [I(a), I(c)]) => a == c,
        ("int_lin_eq", [A(a), A(x), I(c)]) => dot(a, x) == *c,
        ("int_lin_le", [A(a), A(x), I(c)]) => dot(a, x) <= *c,
        ("int_lin_ne", [A(a), A(x), I(c)]) => dot(a, x) != *c,
        ("int_lin_eq_reif", [A(a), A(x), I(c), I(r)]) => (dot(a, x) == *c) == b(*r),
        ("int_lin_le_reif", [A(a), A(x), I(c), I(r)]) => (dot(a, x) <= *c) == b(*r),
        ("int_lin_ne_reif", [A(a), A(x), I(c), I(r)]) => (dot(a, x) != *c) == b(*r),
        ("int_lin_eq_imp", [A(a), A(x), I(c), I(r)]) => !b(*r) || dot(a, x) == *c,
        ("int_lin_le_imp", [A(a), A(x), I(c), I(r)]) => !b(*r) || dot(a, x) <= *c,
        ("int_lin_ne_imp", [A(a), A(x), I(c), I(r)]) => !b(*r) || dot(a, x) != *c,
        ("bool_lin_eq", [A(a), A(x), I(c)]) => dot(a, x) == *c,
        ("bool_lin_le", [A(a), A(x), I(c)]) => dot(a, x) <= *c,
        ("int_plus", [I(a), I(c), I(z)]) => a + c == *z,
        ("int_times", [I(a), I(c), I(z)]) => a * c == *z,
        ("int_abs", [I(a), I(z)]) => a.abs() == *z,
        ("int_min", [I(a), I(c), I(z)]) => *a.min(c) == *z,
        ("int_max", [I(a), I(c), I(z)]) => *a.max(c) == *z,
        // Integer division rounds toward zero; the remainder takes the dividend's sign.
        ("int_div", [I(a), I(c), I(z)]) => *c != 0 && a / c == *z,
        ("int_mod", [I(a), I(c), I(z)]) => *c != 0 && a % c == *z,
        ("set_in", [I(x), S(s)]) => s.contains(x),
        ("set_in_reif", [I(x), S(s), I(r)]) => s.contains(x) == b(*r),
        ("set_in_imp", [I(x), S(s), I(r)]) => !b(*r) || s.contains(x),
        (
            "array_int_element"
            | "array_var_int_element"
            | "array_bool_element"
            | "array_var_bool_element",
            [I(i), A(xs), I(z)],
        ) => *i >= 1 && (*i as usize) <= xs.len() && xs[*i as usize - 1] == *z,
        ("fzn_all_different_int" | "all_different_int", [A(xs)]) => {
            let mut s = xs.clone();
            s.sort_unstable();
            s.windows(2).all(|w| w[0] != w[1])
        }
        ("fzn_table_int" | "fzn_table_bool", [A(xs), A(t)]) => {
            !xs.is_empty() && t.chunks(xs.len()).any(|row| row == xs.as_slice())
        }
        ("fzn_count_eq", [A(xs), I(y), I(c)]) => xs.iter().filter(|x| *x == y).count() as i64 == *c,
        ("backref_inverse", [A(f), I(foff), A(g), I(goff)]) => {
            // f[i] = j exactly when g[j] = i, every value an index of the other array.
            let at = |xs: &[i64], off: i64, k: i64| {
                usize::try_from(k - off)
                    .ok()
                    .and_then(|p| xs.get(p).copied())
            };
            f.iter()
                .enumerate()
                .all(|(p, &j)| at(g, *goff, j) == Some(foff + p as i64))
                && g.iter()
                    .enumerate()
                    .all(|(q, &i)| at(f, *foff, i) == Some(goff + q as i64))
        }
        ("fzn_regular", [A(xs), I(q), I(s), A(d), I(q0), S(f)]) => {
            let mut state = *q0;
            for x in xs {
                if state < 1 || state > *q || *x < 1 || *x > *s {
                    return Some(false);
                }
                state = d[((state - 1) * s + (x - 1)) as usize];
            }
            f.contains(&state)
        }
        _ => return None,
    })
}

/// Whether backref knows the predicate `name` with `args`.
pub fn known(c: &Constraint) -> bool {
    let vals: Vec<Value> = c.args.iter().map(|a| value(a, &|_| 0)).collect();
    holds(&c.name, &vals).is_some()
}

/// Checks a full assignment (`values[v]` the value of variable `v`, Booleans 0 or 1) against
/// every domain and constraint of `model`, and the objective against `better_than`.
pub fn check(
    model: &Model,
    values: &[i64],
    better_than: Option<i64>,
) -> Result<(), Vec<Violation>> {
    if values.len() != model.vars.len() {
        return Err(vec![Violation::WrongLength {
            expected: model.vars.len(),
            got: values.len(),
        }]);
    }
    let mut bad = Vec::new();
    for (v, x) in model.vars.iter().zip(values) {
        if v.domain.binary_search(x).is_err() {
            bad.push(Violation::OutOfDomain {
                var: v.name.clone(),
                value: *x,
                line: v.line,
            });
        }
    }
    let val = |v: usize| values[v];
    for c in &model.constraints {
        let vals: Vec<Value> = c.args.iter().map(|a| value(a, &val)).collect();
        if holds(&c.name, &vals) != Some(true) {
            bad.push(Violation::False {
                name: c.name.clone(),
                line: c.line,
            });
        }
    }
    if let (Some(bound), Some((obj, minimize))) = (better_than, objective(model, values)) {
        if (minimize && obj >= bound) || (!minimize && obj <= bound) {
            bad.push(Violation::NotBetter { value: obj, bound });
        }
    }
    if bad.is_empty() {
        Ok(())
    } else {
        Err(bad)
    }
}

/// The objective's value under `values`, and whether it is minimised; `None` for satisfy.
pub fn objective(model: &Model, values: &[i64]) -> Option<(i64, bool)> {
    let (a, minimize) = match &model.objective {
        crate::model::Objective::Satisfy => return None,
        crate::model::Objective::Minimize(a) => (a, true),
        crate::model::Objective::Maximize(a) => (a, false),
    };
    match value(a, &|v| values[v]) {
        Value::Int(x) => Some((x, minimize)),
        _ => None,
    }
}
