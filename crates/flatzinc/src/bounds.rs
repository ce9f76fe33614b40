//! Finite domains for variables declared without one (`var int: x`): the bounds of the
//! constraint that defines them (`defines_var`), by interval arithmetic over the other
//! variables' domains. No value any solution takes is left out. A variable still without a
//! domain is an error naming its line.

use crate::error::FznError;
use crate::model::{Arg, Model, MAX_DOMAIN};

fn range(m: &Model, a: &Arg) -> Option<(i64, i64)> {
    match a {
        Arg::Int(v) => Some((*v, *v)),
        Arg::Bool(b) => Some((*b as i64, *b as i64)),
        Arg::Var(v) => {
            let d = &m.vars[*v].domain;
            Some((*d.first()?, *d.last()?))
        }
        _ => None,
    }
}

fn items(a: &Arg) -> &[Arg] {
    match a {
        Arg::Array(v) => v,
        _ => &[],
    }
}

/// The bounds of variable `x` that constraint `c` implies, when it defines it.
fn implied(m: &Model, name: &str, args: &[Arg], x: usize) -> Option<(i64, i64)> {
    let is_x = |a: &Arg| *a == Arg::Var(x);
    let r = |a: &Arg| range(m, a);
    let mul = |(a, b): (i64, i64), (c, d): (i64, i64)| {
        let p = [a * c, a * d, b * c, b * d];
        (*p.iter().min()?, *p.iter().max()?).into()
    };
    match (name, args) {
        ("int_lin_eq", [coefs, xs, rhs]) => {
            let Arg::Int(c) = rhs else { return None };
            let (cs, vs) = (items(coefs), items(xs));
            let k = vs.iter().position(is_x)?;
            let Arg::Int(ax) = cs.get(k)? else {
                return None;
            };
            if ax.abs() != 1 {
                return None;
            }
            let (mut lo, mut hi) = (*c, *c);
            for (i, (a, v)) in cs.iter().zip(vs).enumerate() {
                if i == k {
                    continue;
                }
                let Arg::Int(a) = a else { return None };
                let (l, h) = mul((-*a, -*a), r(v)?)?;
                lo += l;
                hi += h;
            }
            Some(if *ax == 1 { (lo, hi) } else { (-hi, -lo) })
        }
        ("int_plus", [a, b, z]) if is_x(z) => {
            let ((a0, a1), (b0, b1)) = (r(a)?, r(b)?);
            Some((a0 + b0, a1 + b1))
        }
        ("int_times", [a, b, z]) if is_x(z) => mul(r(a)?, r(b)?),
        ("int_abs", [a, z]) if is_x(z) => {
            let (a0, a1) = r(a)?;
            let hi = a0.abs().max(a1.abs());
            let lo = if a0 <= 0 && a1 >= 0 {
                0
            } else {
                a0.abs().min(a1.abs())
            };
            Some((lo, hi))
        }
        ("int_min" | "int_max", [a, b, z]) if is_x(z) => {
            let ((a0, a1), (b0, b1)) = (r(a)?, r(b)?);
            Some((a0.min(b0), a1.max(b1)))
        }
        ("bool2int", [_, z]) if is_x(z) => Some((0, 1)),
        ("array_int_element" | "array_var_int_element", [_, arr, z]) if is_x(z) => {
            let mut lo = i64::MAX;
            let mut hi = i64::MIN;
            for a in items(arr) {
                let (l, h) = r(a)?;
                lo = lo.min(l);
                hi = hi.max(h);
            }
            (lo <= hi).then_some((lo, hi))
        }
        ("int_div" | "int_mod", [a, b, z]) if is_x(z) => {
            let ((a0, a1), (b0, b1)) = (r(a)?, r(b)?);
            let m = a0.abs().max(a1.abs()).max(b0.abs()).max(b1.abs());
            Some((-m, m))
        }
        ("fzn_count_eq" | "count_eq" | "count", [arr, _, z]) if is_x(z) => {
            Some((0, items(arr).len() as i64))
        }
        _ => None,
    }
}

/// Gives every variable declared without a domain the bounds its defining constraint implies.
pub fn infer(m: &mut Model) -> Result<(), FznError> {
    loop {
        let mut progress = false;
        for ci in 0..m.constraints.len() {
            let Some(x) = m.constraints[ci].defines else {
                continue;
            };
            if !m.vars[x].domain.is_empty() || m.vars[x].boolean {
                continue;
            }
            let c = &m.constraints[ci];
            if let Some((lo, hi)) = implied(m, &c.name, &c.args, x) {
                if hi - lo >= MAX_DOMAIN {
                    return Err(FznError::model(
                        &m.file,
                        m.vars[x].line,
                        format!(
                            "variable {} would range over {lo}..{hi}: domains of more than {MAX_DOMAIN} values are not supported",
                            m.vars[x].name
                        ),
                    ));
                }
                m.vars[x].domain = (lo..=hi).collect();
                progress = true;
            }
        }
        if !progress {
            break;
        }
    }
    // A domain made empty means no solution: then a variable defined from it has no bounds
    // either, and needs none.
    let no_solution = m.vars.iter().any(|v| v.empty);
    for v in &m.vars {
        if v.domain.is_empty() && !v.boolean {
            // A domain made empty (no solution) is not a missing one.
            if !v.empty && !no_solution {
                return Err(FznError::model(
                    &m.file,
                    v.line,
                    format!(
                        "variable {} is unbounded: backref needs a finite domain (declare one in the model, e.g. var 0..9)",
                        v.name
                    ),
                ));
            }
        }
        if let (Some(lo), Some(hi)) = (v.domain.first(), v.domain.last()) {
            if hi - lo >= MAX_DOMAIN && v.domain.len() as i64 > MAX_DOMAIN {
                return Err(FznError::model(
                    &m.file,
                    v.line,
                    format!(
                        "variable {}: a domain of more than {MAX_DOMAIN} values",
                        v.name
                    ),
                ));
            }
        }
    }
    Ok(())
}
