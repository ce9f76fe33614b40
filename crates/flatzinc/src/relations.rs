//! The translation's own meaning of the scalar constraints it states as tables or lookups:
//! one row per predicate, a test over the argument values (integers, Booleans as 0/1, arrays
//! of them). Written apart from the evaluator ([`crate::eval`]), so that the evaluator checks
//! the translation rather than repeating it.

/// An argument value as the translation sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Val {
    /// A scalar.
    One(i64),
    /// A constant set.
    Set(Vec<i64>),
    /// An array of scalars.
    Many(Vec<i64>),
}

type Rel = fn(&[Val]) -> Option<bool>;

fn one(v: &Val) -> Option<i64> {
    match v {
        Val::One(x) => Some(*x),
        _ => None,
    }
}

fn many(v: &Val) -> Option<&[i64]> {
    match v {
        Val::Many(x) => Some(x),
        _ => None,
    }
}

fn two(v: &[Val], f: fn(i64, i64) -> bool) -> Option<bool> {
    match v {
        [a, b] => Some(f(one(a)?, one(b)?)),
        _ => None,
    }
}

fn reif(v: &[Val], f: fn(i64, i64) -> bool) -> Option<bool> {
    match v {
        [a, b, r] => Some(f(one(a)?, one(b)?) == (one(r)? == 1)),
        _ => None,
    }
}

fn imp(v: &[Val], f: fn(i64, i64) -> bool) -> Option<bool> {
    match v {
        [a, b, r] => Some(one(r)? == 0 || f(one(a)?, one(b)?)),
        _ => None,
    }
}

fn fun(v: &[Val], f: fn(i64, i64) -> Option<i64>) -> Option<bool> {
    match v {
        [a, b, z] => Some(f(one(a)?, one(b)?) == Some(one(z)?)),
        _ => None,
    }
}

fn lin(v: &[Val]) -> Option<(i64, i64, Option<bool>)> {
    let (a, x, c) = (many(v.first()?)?, many(v.get(1)?)?, one(v.get(2)?)?);
    let s = a.iter().zip(x).map(|(p, q)| p * q).sum();
    let r = match v.get(3) {
        Some(r) => Some(one(r)? == 1),
        None => None,
    };
    Some((s, c, r))
}

fn lin_rel(v: &[Val], f: fn(i64, i64) -> bool, implied: bool) -> Option<bool> {
    let (s, c, r) = lin(v)?;
    Some(match (r, implied) {
        (None, _) => f(s, c),
        (Some(r), false) => f(s, c) == r,
        (Some(r), true) => !r || f(s, c),
    })
}

fn element(v: &[Val]) -> Option<bool> {
    let (i, xs, z) = (one(v.first()?)?, many(v.get(1)?)?, one(v.get(2)?)?);
    Some(i >= 1 && i as usize <= xs.len() && xs[i as usize - 1] == z)
}

fn set_in(v: &[Val], mode: u8) -> Option<bool> {
    let x = one(v.first()?)?;
    let Val::Set(s) = v.get(1)? else { return None };
    let inside = s.binary_search(&x).is_ok();
    Some(match mode {
        0 => inside,
        1 => inside == (one(v.get(2)?)? == 1),
        _ => one(v.get(2)?)? == 0 || inside,
    })
}

fn eq(a: i64, b: i64) -> bool {
    a == b
}
fn ne(a: i64, b: i64) -> bool {
    a != b
}
fn lt(a: i64, b: i64) -> bool {
    a < b
}
fn le(a: i64, b: i64) -> bool {
    a <= b
}

/// Every scalar predicate the translation states through a table, with its meaning.
pub const RELATIONS: &[(&str, Rel)] = &[
    ("int_eq", |v| two(v, eq)),
    ("int_ne", |v| two(v, ne)),
    ("int_lt", |v| two(v, lt)),
    ("int_le", |v| two(v, le)),
    ("int_eq_reif", |v| reif(v, eq)),
    ("int_ne_reif", |v| reif(v, ne)),
    ("int_lt_reif", |v| reif(v, lt)),
    ("int_le_reif", |v| reif(v, le)),
    ("int_eq_imp", |v| imp(v, eq)),
    ("int_ne_imp", |v| imp(v, ne)),
    ("int_lt_imp", |v| imp(v, lt)),
    ("int_le_imp", |v| imp(v, le)),
    ("bool_eq", |v| two(v, eq)),
    ("bool_not", |v| two(v, ne)),
    ("bool_lt", |v| two(v, lt)),
    ("bool_le", |v| two(v, le)),
    ("bool_eq_reif", |v| reif(v, eq)),
    ("bool_xor", |v| {
        if v.len() == 2 {
            two(v, ne)
        } else {
            reif(v, ne)
        }
    }),
    ("bool_lt_reif", |v| reif(v, lt)),
    ("bool_le_reif", |v| reif(v, le)),
    ("bool_eq_imp", |v| imp(v, eq)),
    ("bool_xor_imp", |v| imp(v, ne)),
    ("bool_lt_imp", |v| imp(v, lt)),
    ("bool_le_imp", |v| imp(v, le)),
    ("bool_and", |v| reif(v, |a, b| a == 1 && b == 1)),
    ("bool_or", |v| reif(v, |a, b| a == 1 || b == 1)),
    ("bool_and_imp", |v| imp(v, |a, b| a == 1 && b == 1)),
    ("bool_or_imp", |v| imp(v, |a, b| a == 1 || b == 1)),
    ("bool2int", |v| two(v, eq)),
    ("int_plus", |v| fun(v, |a, b| a.checked_add(b))),
    ("int_times", |v| fun(v, |a, b| a.checked_mul(b))),
    ("int_min", |v| fun(v, |a, b| Some(a.min(b)))),
    ("int_max", |v| fun(v, |a, b| Some(a.max(b)))),
    ("int_div", |v| fun(v, |a, b| a.checked_div(b))),
    ("int_mod", |v| fun(v, |a, b| a.checked_rem(b))),
    ("int_abs", |v| two(v, |a, z| a.abs() == z)),
    ("int_lin_eq", |v| lin_rel(v, eq, false)),
    ("int_lin_le", |v| lin_rel(v, le, false)),
    ("int_lin_ne", |v| lin_rel(v, ne, false)),
    ("int_lin_eq_reif", |v| lin_rel(v, eq, false)),
    ("int_lin_le_reif", |v| lin_rel(v, le, false)),
    ("int_lin_ne_reif", |v| lin_rel(v, ne, false)),
    ("int_lin_eq_imp", |v| lin_rel(v, eq, true)),
    ("int_lin_le_imp", |v| lin_rel(v, le, true)),
    ("int_lin_ne_imp", |v| lin_rel(v, ne, true)),
    ("bool_lin_eq", |v| lin_rel(v, eq, false)),
    ("bool_lin_le", |v| lin_rel(v, le, false)),
    ("array_int_element", element),
    ("array_var_int_element", element),
    ("array_bool_element", element),
    ("array_var_bool_element", element),
    // The translation's own split of a large `array_var_*_element`: `(i, k, x_k, z)`, if
    // `i = k` then `z = x_k`.
    ("_element_at", |v| match v {
        [i, k, x, z] => Some(one(i)? != one(k)? || one(x)? == one(z)?),
        _ => None,
    }),
    // The translation's split of `backref_inverse`: `(f_p, j, g_q, i)` with j = q's index and
    // i = p's index: f_p = j exactly when g_q = i.
    ("_inverse_pair", |v| match v {
        [f, j, g, i] => Some((one(f)? == one(j)?) == (one(g)? == one(i)?)),
        _ => None,
    }),
    ("set_in", |v| set_in(v, 0)),
    ("set_in_reif", |v| set_in(v, 1)),
    ("set_in_imp", |v| set_in(v, 2)),
    ("bool_clause", |v| {
        let (p, n) = (many(v.first()?)?, many(v.get(1)?)?);
        Some(p.contains(&1) || n.contains(&0))
    }),
    ("array_bool_and", |v| {
        Some(many(v.first()?)?.iter().all(|x| *x == 1) == (one(v.get(1)?)? == 1))
    }),
    ("array_bool_or", |v| {
        Some(many(v.first()?)?.contains(&1) == (one(v.get(1)?)? == 1))
    }),
    ("array_bool_xor", |v| {
        Some(many(v.first()?)?.iter().filter(|x| **x == 1).count() % 2 == 1)
    }),
];

/// The meaning of `name`, when it is a scalar predicate of [`RELATIONS`].
pub fn relation(name: &str) -> Option<Rel> {
    RELATIONS.iter().find(|(n, _)| *n == name).map(|r| r.1)
}
