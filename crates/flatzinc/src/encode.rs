//! The translation of a FlatZinc model into IR gadgets.
//!
//! - Every variable is a choice variable over its domain (ascending; Booleans are IR booleans,
//!   false first), decided in declaration order (the compiler's introduced variables last) —
//!   unless a constraint defines it (`defines_var`) and is a small scalar relation: then it is
//!   a lookup variable, its value following from the relation's other variables.
//! - Scalar predicates ([`crate::relations`]) over small domains are tables of the allowed
//!   tuples; larger linear sums (`int_lin_*`, `bool_lin_*`) and `count_eq` are chains of
//!   partial sums (one lookup variable per term, in decreasing order of coefficient size;
//!   sums that can no longer reach the bound are left out of the lookups); clauses and
//!   `array_bool_and/or` are clause gadgets; `all_different_int` is a table `≠` per pair;
//!   `regular` is the IR's regular gadget; `table_int`/`table_bool` are tables.
//! - Anything else is an error naming the line and the constraint.

use std::collections::BTreeSet;

use backref_program::regular::{regular, Dfa};
use backref_program::{Program, ProgramError, VarId};

use crate::error::FznError;
use crate::model::{Arg, Constraint, Model, Objective};
use crate::order::{greedy, OrderKind};
use crate::relations::{relation, Val};

/// Whether `name` is a linear sum (`int_lin_*`, `bool_lin_*`), which has a chain form.
fn is_linear(name: &str) -> bool {
    matches!(
        name,
        "int_lin_eq"
            | "int_lin_le"
            | "int_lin_ne"
            | "int_lin_eq_reif"
            | "int_lin_le_reif"
            | "int_lin_ne_reif"
            | "int_lin_eq_imp"
            | "int_lin_le_imp"
            | "int_lin_ne_imp"
            | "bool_lin_eq"
            | "bool_lin_le"
    )
}

/// The token of a true Boolean.
pub const TRUE_TOKEN: char = 'T';

/// The most tuples a relation over a constraint's variables is enumerated into.
pub const TABLE_LIMIT: u64 = 20_000;

/// The translated program.
pub struct Encoded {
    /// The program.
    pub program: Program,
    /// Decision variables in search order.
    pub order: Vec<VarId>,
    /// The IR variable of each model variable.
    pub map: Vec<VarId>,
    /// Whether each model variable is a Boolean.
    pub booleans: Vec<bool>,
}

impl Encoded {
    /// The model's values (Booleans 0/1) from decoded IR values.
    pub fn values(&self, decoded: &[String]) -> Vec<i64> {
        self.map
            .iter()
            .zip(&self.booleans)
            .map(|(id, &b)| {
                let s = &decoded[id.index()];
                if b {
                    i64::from(!s.is_empty())
                } else {
                    s.parse().unwrap_or(i64::MIN)
                }
            })
            .collect()
    }
}

/// One term of a chain of partial sums: its model variables, and the contribution of each
/// combination of their values.
type Term = (Vec<usize>, Vec<(Vec<i64>, i64)>);

/// An IR variable with its integer values.
#[derive(Clone)]
struct Slot {
    id: VarId,
    values: Vec<i64>,
    boolean: bool,
}

fn text(boolean: bool, v: i64) -> String {
    if boolean {
        if v == 1 {
            TRUE_TOKEN.to_string()
        } else {
            String::new()
        }
    } else {
        v.to_string()
    }
}

fn ir_name(name: &str, i: usize) -> String {
    let ok = name.starts_with(|c: char| c.is_ascii_alphabetic())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if ok {
        name.to_string()
    } else {
        format!("v{i}")
    }
}

/// Calls `f` on every combination of values, at most `limit` of them.
fn product(domains: &[&[i64]], limit: u64, mut f: impl FnMut(&[i64])) -> Result<(), u64> {
    let size = domains
        .iter()
        .try_fold(1u64, |acc, d| acc.checked_mul(d.len() as u64))
        .unwrap_or(u64::MAX);
    if size > limit {
        return Err(size);
    }
    if size == 0 {
        return Ok(());
    }
    let mut idx = vec![0usize; domains.len()];
    let mut cur: Vec<i64> = domains.iter().map(|d| d[0]).collect();
    loop {
        f(&cur);
        let mut k = domains.len();
        loop {
            if k == 0 {
                return Ok(());
            }
            k -= 1;
            idx[k] += 1;
            if idx[k] < domains[k].len() {
                cur[k] = domains[k][idx[k]];
                break;
            }
            idx[k] = 0;
            cur[k] = domains[k][0];
        }
    }
}

struct Translator<'a> {
    model: &'a Model,
    p: Program,
    ir: Vec<Option<VarId>>,
    aux: usize,
}

impl Translator<'_> {
    fn err(&self, c: &Constraint, msg: String) -> FznError {
        FznError::model(
            &self.model.file,
            c.line,
            format!("constraint {}: {msg}", c.name),
        )
    }

    fn slot(&self, v: usize) -> Slot {
        let var = &self.model.vars[v];
        Slot {
            id: self.ir[v].expect("defined before use"),
            values: var.domain.clone(),
            boolean: var.boolean,
        }
    }

    /// The argument values under an assignment of `vars` (model variables) to `vals`.
    fn args(c: &Constraint, vars: &[usize], vals: &[i64]) -> Vec<Val> {
        let get = |a: &Arg| match a {
            Arg::Int(x) => *x,
            Arg::Bool(b) => i64::from(*b),
            Arg::Var(v) => vals[vars.iter().position(|x| x == v).expect("listed")],
            _ => 0,
        };
        c.args
            .iter()
            .map(|a| match a {
                Arg::Array(items) => Val::Many(items.iter().map(get).collect()),
                Arg::Set(s) => Val::Set(s.clone()),
                a => Val::One(get(a)),
            })
            .collect()
    }

    /// The allowed tuples of a scalar relation over `vars` (model variables).
    fn tuples(&self, c: &Constraint, vars: &[usize]) -> Result<Vec<Vec<i64>>, u64> {
        let rel = relation(&c.name).expect("scalar");
        let domains: Vec<&[i64]> = vars
            .iter()
            .map(|v| self.model.vars[*v].domain.as_slice())
            .collect();
        let mut out = Vec::new();
        product(&domains, TABLE_LIMIT, |vals| {
            if rel(&Self::args(c, vars, vals)) == Some(true) {
                out.push(vals.to_vec());
            }
        })?;
        Ok(out)
    }

    fn strings(&self, vars: &[usize], t: &[i64]) -> Vec<String> {
        vars.iter()
            .zip(t)
            .map(|(v, x)| text(self.model.vars[*v].boolean, *x))
            .collect()
    }

    /// A table over slots: the tuples as strings.
    fn table(&mut self, slots: &[Slot], tuples: &[Vec<i64>]) -> Result<(), ProgramError> {
        let ids: Vec<VarId> = slots.iter().map(|s| s.id).collect();
        let rows = tuples
            .iter()
            .map(|t| {
                slots
                    .iter()
                    .zip(t)
                    .map(|(s, x)| text(s.boolean, *x))
                    .collect()
            })
            .filter(|row: &Vec<String>| self.fits(&ids, row))
            .collect();
        self.p.table(&ids, rows).map(drop)
    }

    /// Whether every value of `row` is in the domain of its IR variable (a lookup variable
    /// takes only the values its tuples give).
    fn fits(&self, ids: &[VarId], row: &[String]) -> bool {
        ids.iter()
            .zip(row)
            .all(|(id, v)| self.p.var(*id).domain.contains(v))
    }

    fn fresh(&mut self, what: &str) -> String {
        self.aux += 1;
        format!("_{what}{}", self.aux)
    }

    /// A constraint that always fails: a table without tuples over the first variable.
    fn fail(&mut self) -> Result<(), ProgramError> {
        if let Some(id) = self.ir.iter().flatten().next().copied() {
            self.p.table(&[id], Vec::new())?;
        }
        Ok(())
    }

    fn constraint(&mut self, c: &Constraint) -> Result<(), FznError> {
        let vars = c.vars();
        let model = self.model;
        let pe = |e: ProgramError| {
            FznError::model(&model.file, c.line, format!("constraint {}: {e}", c.name))
        };
        // A linear sum over more than three variables is a chain even when one table would
        // fit: the chain's partial sums fail a branch as soon as the bound is out of reach, the
        // table only at its last variable.
        let long_sum = vars.len() > 3 && is_linear(&c.name);
        if relation(&c.name).is_some() && !long_sum {
            match self.tuples(c, &vars) {
                Ok(t) if vars.is_empty() => {
                    if t.is_empty() {
                        self.fail().map_err(pe)?;
                    }
                    return Ok(());
                }
                Ok(t) => {
                    let slots: Vec<Slot> = vars.iter().map(|v| self.slot(*v)).collect();
                    return self.table(&slots, &t).map_err(pe);
                }
                Err(size) => {
                    if !is_linear(&c.name)
                        && !matches!(
                            c.name.as_str(),
                            "array_var_int_element"
                                | "array_var_bool_element"
                                | "bool_clause"
                                | "array_bool_and"
                                | "array_bool_or"
                        )
                    {
                        return Err(self.err(
                            c,
                            format!("{size} combinations of values exceed the table limit of {TABLE_LIMIT}"),
                        ));
                    }
                }
            }
        }
        match (c.name.as_str(), c.args.as_slice()) {
            ("bool_clause", [Arg::Array(pos), Arg::Array(neg)]) => {
                let mut lits = Vec::new();
                for (items, sign) in [(pos, true), (neg, false)] {
                    for a in items {
                        match a {
                            Arg::Var(v) => lits.push((self.ir[*v].expect("defined"), sign)),
                            Arg::Bool(b) if *b == sign => return Ok(()),
                            _ => {}
                        }
                    }
                }
                self.clause(&lits).map_err(pe)
            }
            ("array_bool_and" | "array_bool_or", [Arg::Array(xs), r]) => {
                // and: r <-> all xs;  or: r <-> any xs.  With `or` the literals flip.
                let and = c.name == "array_bool_and";
                let mut lits = Vec::new();
                for a in xs {
                    match a {
                        Arg::Var(v) => lits.push((self.ir[*v].expect("defined"), and)),
                        Arg::Bool(b) if *b != and => {
                            // A false conjunct (true disjunct) fixes r.
                            return self.fix(r, !and).map_err(pe);
                        }
                        _ => {}
                    }
                }
                match r {
                    Arg::Bool(rv) if *rv == and => {
                        // Every literal must hold (and) or fail (or).
                        for (v, s) in &lits {
                            self.clause(&[(*v, *s)]).map_err(pe)?;
                        }
                        Ok(())
                    }
                    Arg::Bool(_) => {
                        let flipped: Vec<(VarId, bool)> =
                            lits.iter().map(|(v, s)| (*v, !*s)).collect();
                        self.clause(&flipped).map_err(pe)
                    }
                    Arg::Var(rv) => {
                        let r = self.ir[*rv].expect("defined");
                        // and: (¬r ∨ x_i) for all i, (r ∨ ¬x_1 ∨ ..);  or: the dual.
                        for (v, s) in &lits {
                            self.clause(&[(r, !and), (*v, *s)]).map_err(pe)?;
                        }
                        let mut big: Vec<(VarId, bool)> =
                            lits.iter().map(|(v, s)| (*v, !*s)).collect();
                        big.push((r, and));
                        self.clause(&big).map_err(pe)
                    }
                    _ => Err(self.err(c, "expected a Boolean".into())),
                }
            }
            (
                "int_lin_eq" | "int_lin_le" | "int_lin_ne" | "int_lin_eq_reif" | "int_lin_le_reif"
                | "int_lin_ne_reif" | "int_lin_eq_imp" | "int_lin_le_imp" | "int_lin_ne_imp"
                | "bool_lin_eq" | "bool_lin_le",
                [Arg::Array(a), Arg::Array(x), Arg::Int(rhs), rest @ ..],
            ) => self.linear(c, a, x, *rhs, rest.first()),
            ("fzn_count_eq", [Arg::Array(xs), y, count]) => self.count_eq(c, xs, y, count),
            ("array_var_int_element" | "array_var_bool_element", [i, Arg::Array(xs), z]) => {
                // Too large for one table: the index within range, then one table per
                // position k over (i, x_k, z): i = k implies z = x_k.
                let range = Constraint {
                    name: "set_in".into(),
                    args: vec![i.clone(), Arg::Set((1..=xs.len() as i64).collect())],
                    defines: None,
                    line: c.line,
                };
                self.constraint(&range)?;
                for (k, x) in xs.iter().enumerate() {
                    let at = Constraint {
                        name: "_element_at".into(),
                        args: vec![i.clone(), Arg::Int(k as i64 + 1), x.clone(), z.clone()],
                        defines: None,
                        line: c.line,
                    };
                    self.constraint(&at)?;
                }
                Ok(())
            }
            ("fzn_all_different_int", [Arg::Array(xs)]) => {
                for i in 0..xs.len() {
                    for j in i + 1..xs.len() {
                        let pair = Constraint {
                            name: "int_ne".into(),
                            args: vec![xs[i].clone(), xs[j].clone()],
                            defines: None,
                            line: c.line,
                        };
                        self.constraint(&pair)?;
                    }
                }
                Ok(())
            }
            ("backref_inverse", [Arg::Array(f), Arg::Int(foff), Arg::Array(g), Arg::Int(goff)]) => {
                // Each value within the other array's indices; f_p = goff + q exactly when
                // g_q = foff + p, one table per pair; and, implied by those (so no solution is
                // lost), all_different over each array, which fails a branch earlier.
                let mut parts = Vec::new();
                // (Each array with the other's first index and length: telling the two apart
                // by their offsets took f's length for both when the offsets were equal.)
                for (xs, off, other) in [(g, *foff, f.len()), (f, *goff, g.len())] {
                    for x in xs {
                        parts.push(("set_in", vec![x.clone(), Arg::Set((off..off + other as i64).collect())]));
                    }
                }
                for (p, fp) in f.iter().enumerate() {
                    for (q, gq) in g.iter().enumerate() {
                        parts.push((
                            "_inverse_pair",
                            vec![fp.clone(), Arg::Int(goff + q as i64), gq.clone(), Arg::Int(foff + p as i64)],
                        ));
                    }
                }
                for xs in [f, g] {
                    parts.push(("fzn_all_different_int", vec![Arg::Array(xs.clone())]));
                }
                for (name, args) in parts {
                    let part = Constraint {
                        name: name.into(),
                        args,
                        defines: None,
                        line: c.line,
                    };
                    self.constraint(&part)?;
                }
                Ok(())
            }
            ("fzn_table_int" | "fzn_table_bool", [Arg::Array(xs), Arg::Array(t)]) => {
                let n = xs.len();
                if n == 0 || t.len() % n != 0 {
                    return Err(self.err(c, "the table's size is not a multiple of the arity".into()));
                }
                let consts: Vec<i64> = t.iter().map(constant).collect();
                let mut slots = Vec::new();
                let mut rows = Vec::new();
                for a in xs {
                    if let Arg::Var(v) = a {
                        if !slots.iter().any(|s: &Slot| s.id == self.ir[*v].expect("defined")) {
                            slots.push(self.slot(*v));
                        }
                    }
                }
                for row in consts.chunks(n) {
                    let mut vals: Vec<Option<i64>> = vec![None; slots.len()];
                    let mut fits = true;
                    for (a, x) in xs.iter().zip(row) {
                        match a {
                            Arg::Var(v) => {
                                let k = slots
                                    .iter()
                                    .position(|s| s.id == self.ir[*v].expect("defined"))
                                    .expect("listed");
                                fits &= slots[k].values.binary_search(x).is_ok()
                                    && vals[k].is_none_or(|old| old == *x);
                                vals[k] = Some(*x);
                            }
                            a => fits &= constant(a) == *x,
                        }
                    }
                    let row: Vec<i64> = vals.into_iter().flatten().collect();
                    if fits && !rows.contains(&row) {
                        rows.push(row);
                    }
                }
                if slots.is_empty() {
                    return if rows.is_empty() { self.fail().map_err(pe) } else { Ok(()) };
                }
                self.table(&slots, &rows).map_err(pe)
            }
            ("fzn_regular", [Arg::Array(xs), Arg::Int(q), Arg::Int(s), Arg::Array(d), Arg::Int(q0), Arg::Set(f)]) => {
                let (q, s) = (*q as usize, *s as usize);
                let d: Vec<i64> = d.iter().map(constant).collect();
                if d.len() != q * s {
                    return Err(self.err(c, "the transition table is not Q × S".into()));
                }
                let mut transitions = Vec::new();
                for from in 1..=q {
                    for sym in 1..=s {
                        let to = d[(from - 1) * s + sym - 1];
                        if to >= 1 && to as usize <= q {
                            transitions.push((from, sym.to_string(), to as usize));
                        }
                    }
                }
                let dfa = Dfa {
                    states: q + 1,
                    start: *q0 as usize,
                    accepting: f.iter().map(|x| *x as usize).collect(),
                    transitions,
                };
                let mut seq = Vec::with_capacity(xs.len());
                for a in xs {
                    match a {
                        Arg::Var(v) => seq.push(self.ir[*v].expect("defined")),
                        a => {
                            // A constant in the sequence: a one-value variable.
                            let name = self.fresh("k");
                            seq.push(self.p.choice_var(&name, &[constant(a).to_string()]).map_err(pe)?);
                        }
                    }
                }
                let prefix = self.fresh("q");
                regular(&mut self.p, &prefix, &seq, &dfa).map_err(pe)?;
                Ok(())
            }
            _ => Err(self.err(
                c,
                "not supported by backref (supported: int_*, bool_*, int_lin_*, set_in, array_*_element, all_different_int, regular, table_int/bool, count_eq)".into(),
            )),
        }
    }

    fn clause(&mut self, lits: &[(VarId, bool)]) -> Result<(), ProgramError> {
        if lits.is_empty() {
            return self.fail();
        }
        self.p.clause(lits).map(drop)
    }

    /// Fixes a Boolean argument to `value` (a constant that differs fails).
    fn fix(&mut self, r: &Arg, value: bool) -> Result<(), ProgramError> {
        match r {
            Arg::Var(v) => {
                let id = self.ir[*v].expect("defined");
                self.p
                    .table(&[id], vec![vec![text(true, i64::from(value))]])
                    .map(drop)
            }
            Arg::Bool(b) if *b != value => self.fail(),
            _ => Ok(()),
        }
    }

    /// A chain of partial sums: `terms` are (model variables, contribution per combination of
    /// their values); the final table over the last partial sum, the last term and `tail`
    /// keeps the combinations where `accept(sum, tail values)`. `window(k)`: the range the
    /// sum after term k may take and still be accepted, when known.
    fn chain(
        &mut self,
        c: &Constraint,
        terms: Vec<Term>,
        tail: &[usize],
        accept: &dyn Fn(i64, &[i64]) -> bool,
        target: Option<(i64, i64)>,
    ) -> Result<(), FznError> {
        // Remaining minimum and maximum after each term.
        let n = terms.len();
        let mut rem = vec![(0i64, 0i64); n + 1];
        for k in (0..n).rev() {
            let lo = terms[k].1.iter().map(|t| t.1).min().unwrap_or(0);
            let hi = terms[k].1.iter().map(|t| t.1).max().unwrap_or(0);
            rem[k] = (rem[k + 1].0 + lo, rem[k + 1].1 + hi);
        }
        let mut prev: Option<Slot> = None;
        let mut sums: BTreeSet<i64> = [0].into();
        for (k, (vars, contrib)) in terms.iter().enumerate() {
            let term_slots: Vec<Slot> = vars.iter().map(|v| self.slot(*v)).collect();
            if k + 1 == n {
                let tail_slots: Vec<Slot> = tail.iter().map(|v| self.slot(*v)).collect();
                let tail_domains: Vec<&[i64]> =
                    tail_slots.iter().map(|s| s.values.as_slice()).collect();
                let mut rows = Vec::new();
                for &p in &sums {
                    for (vals, x) in contrib {
                        let r = product(&tail_domains, TABLE_LIMIT, |tv| {
                            if accept(p + x, tv) {
                                let mut row = Vec::new();
                                if prev.is_some() {
                                    row.push(p);
                                }
                                row.extend(vals);
                                row.extend(tv);
                                rows.push(row);
                            }
                        });
                        if r.is_err() || rows.len() as u64 > TABLE_LIMIT * 10 {
                            return Err(
                                self.err(c, "the linear sum is too large to tabulate".into())
                            );
                        }
                    }
                }
                let mut slots: Vec<Slot> = prev.iter().cloned().collect();
                slots.extend(term_slots);
                slots.extend(tail_slots);
                return self
                    .table(&slots, &rows)
                    .map_err(|e| self.err(c, e.to_string()));
            }
            let mut rows = Vec::new();
            for &p in &sums {
                for (vals, x) in contrib {
                    let q = p + x;
                    if let Some((lo, hi)) = target {
                        if q + rem[k + 1].1 < lo || q + rem[k + 1].0 > hi {
                            continue;
                        }
                    }
                    let mut row: Vec<String> = Vec::new();
                    if prev.is_some() {
                        row.push(p.to_string());
                    }
                    row.extend(
                        term_slots
                            .iter()
                            .zip(vals)
                            .map(|(s, v)| text(s.boolean, *v)),
                    );
                    row.push(q.to_string());
                    rows.push(row);
                }
            }
            if rows.len() as u64 > TABLE_LIMIT * 10 {
                return Err(self.err(c, "the linear sum is too large to tabulate".into()));
            }
            let mut inputs: Vec<VarId> = prev.iter().map(|s| s.id).collect();
            inputs.extend(term_slots.iter().map(|s| s.id));
            rows.retain(|row| self.fits(&inputs, &row[..inputs.len()]));
            let next: BTreeSet<i64> = rows
                .iter()
                .map(|r| r[inputs.len()].parse::<i64>().expect("a sum"))
                .collect();
            let name = self.fresh("s");
            if rows.is_empty() {
                self.fail().map_err(|e| self.err(c, e.to_string()))?;
                return Ok(());
            }
            let id = self
                .p
                .lookup_var(&name, &inputs, rows)
                .map_err(|e| self.err(c, e.to_string()))?;
            prev = Some(Slot {
                id,
                values: next.iter().copied().collect(),
                boolean: false,
            });
            sums = next;
        }
        Ok(())
    }

    fn linear(
        &mut self,
        c: &Constraint,
        a: &[Arg],
        x: &[Arg],
        rhs: i64,
        r: Option<&Arg>,
    ) -> Result<(), FznError> {
        // Merge repeated variables; fold constants into the bound.
        let mut terms: Vec<(usize, i64)> = Vec::new();
        let mut rhs = rhs;
        for (k, v) in a.iter().zip(x) {
            let k = constant(k);
            match v {
                Arg::Var(v) => match terms.iter_mut().find(|t| t.0 == *v) {
                    Some(t) => t.1 += k,
                    None => terms.push((*v, k)),
                },
                v => rhs -= k * constant(v),
            }
        }
        terms.retain(|t| t.1 != 0);
        terms.sort_by_key(|t| std::cmp::Reverse(t.1.abs()));
        let op = c
            .name
            .trim_start_matches("int_lin_")
            .trim_start_matches("bool_lin_");
        let (cmp, mode) = op.split_once('_').unwrap_or((op, ""));
        let test: fn(i64, i64) -> bool = match cmp {
            "eq" => |s, c| s == c,
            "le" => |s, c| s <= c,
            _ => |s, c| s != c,
        };
        let mut tail = Vec::new();
        let rconst = match r {
            Some(Arg::Var(v)) => {
                tail.push(*v);
                None
            }
            Some(a) => Some(constant(a) == 1),
            None => Some(true),
        };
        let target = match (cmp, rconst, mode) {
            ("eq", Some(true), _) => Some((rhs, rhs)),
            ("le", Some(true), _) => Some((i64::MIN / 4, rhs)),
            _ => None,
        };
        let accept = move |s: i64, tv: &[i64]| {
            let holds = test(s, rhs);
            match (rconst, mode) {
                (Some(true), _) => holds,
                (Some(false), "imp") => true,
                (Some(false), _) => !holds,
                (None, "imp") => tv[0] == 0 || holds,
                (None, _) => holds == (tv[0] == 1),
            }
        };
        if terms.is_empty() {
            let slots: Vec<Slot> = tail.iter().map(|v| self.slot(*v)).collect();
            let rows: Vec<Vec<i64>> = match slots.first() {
                Some(s) => s
                    .values
                    .iter()
                    .filter(|b| accept(0, &[**b]))
                    .map(|b| vec![*b])
                    .collect(),
                None => {
                    return if accept(0, &[]) {
                        Ok(())
                    } else {
                        self.fail().map_err(|e| self.err(c, e.to_string()))
                    }
                }
            };
            return self
                .table(&slots, &rows)
                .map_err(|e| self.err(c, e.to_string()));
        }
        let terms: Vec<Term> = terms
            .iter()
            .map(|&(v, k)| {
                let contrib = self.model.vars[v]
                    .domain
                    .iter()
                    .map(|x| (vec![*x], k * x))
                    .collect();
                (vec![v], contrib)
            })
            .collect();
        self.chain(c, terms, &tail, &accept, target)
    }

    fn count_eq(
        &mut self,
        c: &Constraint,
        xs: &[Arg],
        y: &Arg,
        count: &Arg,
    ) -> Result<(), FznError> {
        let mut terms = Vec::new();
        let mut offset = 0;
        for a in xs {
            let mut vars = Vec::new();
            a.vars(&mut vars);
            y.vars(&mut vars);
            vars.dedup();
            let domains: Vec<&[i64]> = vars
                .iter()
                .map(|v| self.model.vars[*v].domain.as_slice())
                .collect();
            let mut contrib = Vec::new();
            let value_of = |arg: &Arg, vals: &[i64]| match arg {
                Arg::Var(v) => vals[vars.iter().position(|x| x == v).expect("listed")],
                a => constant(a),
            };
            if vars.is_empty() {
                offset += i64::from(constant(a) == constant(y));
                continue;
            }
            product(&domains, TABLE_LIMIT, |vals| {
                contrib.push((
                    vals.to_vec(),
                    i64::from(value_of(a, vals) == value_of(y, vals)),
                ));
            })
            .map_err(|_| self.err(c, "domains too large".into()))?;
            terms.push((vars.clone(), contrib));
        }
        let mut tail = Vec::new();
        let fixed = match count {
            Arg::Var(v) => {
                tail.push(*v);
                None
            }
            a => Some(constant(a)),
        };
        let accept = move |s: i64, tv: &[i64]| s + offset == fixed.unwrap_or_else(|| tv[0]);
        if terms.is_empty() {
            let slots: Vec<Slot> = tail.iter().map(|v| self.slot(*v)).collect();
            let rows: Vec<Vec<i64>> = match slots.first() {
                Some(s) => s
                    .values
                    .iter()
                    .filter(|b| accept(0, &[**b]))
                    .map(|b| vec![*b])
                    .collect(),
                None if accept(0, &[]) => return Ok(()),
                None => return self.fail().map_err(|e| self.err(c, e.to_string())),
            };
            return self
                .table(&slots, &rows)
                .map_err(|e| self.err(c, e.to_string()));
        }
        let target = fixed.map(|f| (f - offset, f - offset));
        self.chain(c, terms, &tail, &accept, target)
    }
}

/// The decisions in the greedy order: each constraint depends on the decisions among its
/// variables, and on the inputs of the lookups defining the others.
fn greedy_order(
    model: &Model,
    t: &Translator,
    order: &[VarId],
    definer: &[Option<usize>],
    used: &[bool],
) -> Vec<VarId> {
    let n = model.vars.len();
    let of_id = |id: VarId| (0..n).find(|v| t.ir[*v] == Some(id));
    let decisions: Vec<usize> = order.iter().filter_map(|id| of_id(*id)).collect();
    let mut is_decision = vec![false; n];
    for v in &decisions {
        is_decision[*v] = true;
    }
    // Support of each variable, through the lookups that define it.
    fn support(
        v: usize,
        model: &Model,
        is_decision: &[bool],
        definer: &[Option<usize>],
        used: &[bool],
        memo: &mut Vec<Option<Vec<usize>>>,
    ) -> Vec<usize> {
        if let Some(s) = &memo[v] {
            return s.clone();
        }
        memo[v] = Some(Vec::new());
        let s = match definer[v].filter(|c| used[*c] && !is_decision[v]) {
            Some(c) => {
                let mut s: Vec<usize> = Vec::new();
                for u in model.constraints[c].vars().into_iter().filter(|u| *u != v) {
                    s.extend(support(u, model, is_decision, definer, used, memo));
                }
                s.sort_unstable();
                s.dedup();
                s
            }
            None => vec![v],
        };
        memo[v] = Some(s.clone());
        s
    }
    let mut memo = vec![None; n];
    let supports: Vec<Vec<usize>> = model
        .constraints
        .iter()
        .enumerate()
        .filter(|(ci, _)| !used[*ci])
        .map(|(_, c)| {
            let mut s: Vec<usize> = Vec::new();
            for v in c.vars() {
                s.extend(support(v, model, &is_decision, definer, used, &mut memo));
            }
            s.sort_unstable();
            s.dedup();
            s.retain(|v| is_decision[*v]);
            s
        })
        .collect();
    greedy(&decisions, &supports, n)
        .into_iter()
        .map(|v| t.ir[v].expect("a decision"))
        .collect()
}

fn constant(a: &Arg) -> i64 {
    match a {
        Arg::Int(x) => *x,
        Arg::Bool(b) => i64::from(*b),
        _ => 0,
    }
}

/// Translates `model`; with `better_than`, the objective must beat that value.
pub fn encode(
    model: &Model,
    better_than: Option<i64>,
    kind: OrderKind,
) -> Result<Encoded, FznError> {
    // The bound excludes objective values directly: drop them from the objective's domain (one
    // given value, one pass), so that tables and the windows of partial sums see it.
    let bounded;
    let model = match (better_than, &model.objective) {
        (Some(b), Objective::Minimize(Arg::Var(v)) | Objective::Maximize(Arg::Var(v))) => {
            let minimize = matches!(model.objective, Objective::Minimize(_));
            let mut m = model.clone();
            m.vars[*v]
                .domain
                .retain(|x| if minimize { *x < b } else { *x > b });
            if m.vars[*v].domain.is_empty() {
                // Nothing can beat the bound: keep the domain, the bound's table fails.
                m.vars[*v].domain = model.vars[*v].domain.clone();
            }
            bounded = m;
            &bounded
        }
        _ => model,
    };
    // A variable left without a value (fixed outside its domain, or aliased to a variable
    // with a disjoint domain) means no solution; the IR has no empty choice, so the variable
    // takes a placeholder value and a statement fails.
    let placeholder;
    let no_value = model.vars.iter().any(|v| v.domain.is_empty());
    let model = if no_value {
        let mut m = model.clone();
        for v in m.vars.iter_mut().filter(|v| v.domain.is_empty()) {
            v.domain = vec![0];
        }
        placeholder = m;
        &placeholder
    } else {
        model
    };
    let mut t = Translator {
        model,
        p: Program::new(TRUE_TOKEN),
        ir: vec![None; model.vars.len()],
        aux: 0,
    };
    let n = model.vars.len();
    // Which constraint defines each variable through a lookup.
    let mut definer: Vec<Option<usize>> = vec![None; n];
    for (ci, c) in model.constraints.iter().enumerate() {
        if let Some(x) = c.defines {
            if definer[x].is_none() && relation(&c.name).is_some() {
                let vars = c.vars();
                let domains: u64 = vars
                    .iter()
                    .map(|v| model.vars[*v].domain.len() as u64)
                    .try_fold(1u64, |a, b| a.checked_mul(b))
                    .unwrap_or(u64::MAX);
                if domains <= TABLE_LIMIT {
                    definer[x] = Some(ci);
                }
            }
        }
    }
    let mut order = Vec::new();
    let decided = |v: &usize| definer[*v].is_none();
    let by_kind: Vec<usize> = (0..n)
        .filter(|v| !model.vars[*v].introduced)
        .chain((0..n).filter(|v| model.vars[*v].introduced))
        .filter(decided)
        .collect();
    for v in by_kind {
        let var = &model.vars[v];
        let name = ir_name(&var.name, v);
        let id = if var.boolean {
            t.p.bool_var(&name, false)
        } else {
            let values: Vec<String> = var.domain.iter().map(|x| x.to_string()).collect();
            t.p.choice_var(&name, &values)
        }
        .map_err(|e| FznError::model(&model.file, var.line, e.to_string()))?;
        t.ir[v] = Some(id);
        order.push(id);
    }
    // Lookups, as soon as their inputs exist; a cycle falls back to choices and tables.
    let mut used_as_definer = vec![false; model.constraints.len()];
    loop {
        let mut progress = false;
        for (x, def) in definer.iter().enumerate() {
            let Some(ci) = *def else { continue };
            if t.ir[x].is_some() {
                continue;
            }
            let c = &model.constraints[ci];
            let inputs: Vec<usize> = c.vars().into_iter().filter(|v| *v != x).collect();
            if inputs.iter().any(|v| t.ir[*v].is_none()) {
                continue;
            }
            let mut vars = inputs.clone();
            vars.push(x);
            let tuples = t.tuples(c, &vars).expect("size checked");
            let var = &model.vars[x];
            let name = ir_name(&var.name, x);
            let line = var.line;
            let ids: Vec<VarId> = inputs.iter().map(|v| t.ir[*v].expect("checked")).collect();
            let rows: Vec<Vec<String>> = tuples
                .iter()
                .map(|r| t.strings(&vars, r))
                .filter(|r| t.fits(&ids, &r[..ids.len()]))
                .collect();
            let id = if rows.is_empty() {
                // No combination is allowed: a plain choice, and a statement that fails.
                let values: Vec<String> = var.domain.iter().map(|x| x.to_string()).collect();
                let id = if var.boolean {
                    t.p.bool_var(&name, false)
                } else {
                    t.p.choice_var(&name, &values)
                };
                let id = id.map_err(|e| FznError::model(&model.file, line, e.to_string()))?;
                order.push(id);
                t.ir[x] = Some(id);
                t.fail()
                    .map_err(|e| FznError::model(&model.file, line, e.to_string()))?;
                id
            } else {
                t.p.lookup_var(&name, &ids, rows)
                    .map_err(|e| FznError::model(&model.file, line, e.to_string()))?
            };
            t.ir[x] = Some(id);
            used_as_definer[ci] = true;
            progress = true;
        }
        if !progress {
            break;
        }
    }
    for v in 0..n {
        if t.ir[v].is_none() {
            let var = &model.vars[v];
            let name = ir_name(&var.name, v);
            let values: Vec<String> = var.domain.iter().map(|x| x.to_string()).collect();
            let id = if var.boolean {
                t.p.bool_var(&name, false)
            } else {
                t.p.choice_var(&name, &values)
            }
            .map_err(|e| FznError::model(&model.file, var.line, e.to_string()))?;
            t.ir[v] = Some(id);
            order.push(id);
        }
    }
    for (ci, c) in model.constraints.iter().enumerate() {
        if !used_as_definer[ci] {
            t.constraint(c)?;
        }
    }
    if no_value {
        t.fail()
            .map_err(|e| FznError::model(&model.file, 0, e.to_string()))?;
    }
    if kind == OrderKind::Greedy {
        order = greedy_order(model, &t, &order, &definer, &used_as_definer);
    }
    if let Some(bound) = better_than {
        let (arg, minimize) = match &model.objective {
            Objective::Minimize(a) => (a, true),
            Objective::Maximize(a) => (a, false),
            Objective::Satisfy => {
                return Err(FznError::model(
                    &model.file,
                    0,
                    "a bound without an objective".into(),
                ))
            }
        };
        let better = |x: i64| if minimize { x < bound } else { x > bound };
        match arg {
            Arg::Var(v) => {
                let slot = t.slot(*v);
                let rows: Vec<Vec<i64>> = slot
                    .values
                    .iter()
                    .filter(|x| better(**x))
                    .map(|x| vec![*x])
                    .collect();
                t.table(&[slot], &rows)
                    .map_err(|e| FznError::model(&model.file, 0, e.to_string()))?;
            }
            a if !better(constant(a)) => t
                .fail()
                .map_err(|e| FznError::model(&model.file, 0, e.to_string()))?,
            _ => {}
        }
    }
    Ok(Encoded {
        program: t.p,
        order,
        map: t
            .ir
            .into_iter()
            .map(|x| x.expect("every variable"))
            .collect(),
        booleans: model.vars.iter().map(|v| v.boolean).collect(),
    })
}
