//! A parsed FlatZinc file resolved into a model: every variable with a finite domain (aliases
//! merged, parameters substituted), constraints over variables and constants, the goal and the
//! output items.

use std::collections::HashMap;

use crate::ast::{Annotation, Decl, Expr, FznFile, Goal, Type};
use crate::error::FznError;

/// Variables declared without a domain get one from their defining constraint; a domain may
/// have at most this many values.
pub const MAX_DOMAIN: i64 = 100_000;

/// An argument of a constraint with parameters substituted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    /// An integer constant.
    Int(i64),
    /// A Boolean constant.
    Bool(bool),
    /// A variable, by index in [`Model::vars`].
    Var(usize),
    /// A constant set of integers (sorted, distinct).
    Set(Vec<i64>),
    /// An array of scalars.
    Array(Vec<Arg>),
}

/// A variable of the model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Var {
    /// Its name in the file.
    pub name: String,
    /// Whether it is a Boolean (domain `[0, 1]`, 1 meaning true).
    pub boolean: bool,
    /// Its values, ascending.
    pub domain: Vec<i64>,
    /// Its declaration's line.
    pub line: usize,
    /// Whether it was introduced by the compiler (`var_is_introduced`).
    pub introduced: bool,
    /// Whether its domain was made empty (fixed to a value outside it, or aliased to a
    /// variable with a disjoint domain): the model has no solution.
    pub empty: bool,
}

/// One constraint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Constraint {
    /// The predicate, e.g. `int_lin_eq`.
    pub name: String,
    /// Its arguments.
    pub args: Vec<Arg>,
    /// The variable it defines (`defines_var`), if any.
    pub defines: Option<usize>,
    /// Its line.
    pub line: usize,
}

/// What the solve item asks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Objective {
    /// Any solution.
    Satisfy,
    /// The least value of the argument (a variable or a constant).
    Minimize(Arg),
    /// The greatest value.
    Maximize(Arg),
}

/// One output item: a scalar (`output_var`) or an array (`output_array`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Output {
    /// The name printed.
    pub name: String,
    /// For arrays, the index ranges of `output_array([..])`.
    pub dims: Option<Vec<(i64, i64)>>,
    /// The scalars (one for `output_var`).
    pub items: Vec<Arg>,
    /// Whether the items are Booleans (printed `true`/`false`).
    pub boolean: bool,
}

/// A resolved FlatZinc model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Model {
    /// The file's name, for messages.
    pub file: String,
    /// Every variable (aliases share one).
    pub vars: Vec<Var>,
    /// Every constraint, in file order.
    pub constraints: Vec<Constraint>,
    /// The goal.
    pub objective: Objective,
    /// The output items, in file order.
    pub outputs: Vec<Output>,
}

struct Resolver<'a> {
    file: &'a str,
    names: HashMap<String, Arg>,
    vars: Vec<Var>,
}

impl Resolver<'_> {
    fn err(&self, line: usize, msg: String) -> FznError {
        FznError::model(self.file, line, msg)
    }

    fn resolve(&self, e: &Expr, line: usize) -> Result<Arg, FznError> {
        Ok(match e {
            Expr::Int(v) => Arg::Int(*v),
            Expr::Bool(b) => Arg::Bool(*b),
            Expr::Set(s) => Arg::Set(s.clone()),
            Expr::Str(_) | Expr::Call(..) => {
                return Err(self.err(line, "expected a value, got a string or a call".into()))
            }
            Expr::Ident(n) => self
                .names
                .get(n)
                .cloned()
                .ok_or_else(|| self.err(line, format!("{n} is not declared")))?,
            Expr::Index(n, i) => match self.names.get(n) {
                Some(Arg::Array(items)) if *i >= 1 && (*i as usize) <= items.len() => {
                    items[*i as usize - 1].clone()
                }
                Some(_) => return Err(self.err(line, format!("{n}[{i}]: index out of range"))),
                None => return Err(self.err(line, format!("{n} is not declared"))),
            },
            Expr::Array(items) => {
                let mut out = Vec::with_capacity(items.len());
                for x in items {
                    match self.resolve(x, line)? {
                        Arg::Array(_) => {
                            return Err(self.err(line, "arrays of arrays are not FlatZinc".into()))
                        }
                        a => out.push(a),
                    }
                }
                Arg::Array(out)
            }
        })
    }

    fn new_var(&mut self, d: &Decl) -> Result<usize, FznError> {
        let (boolean, domain) = match &d.ty {
            Type::Bool => (true, vec![0, 1]),
            Type::Int(Some(dom)) => (false, dom.clone()),
            Type::Int(None) => (false, Vec::new()),
            Type::SetOfInt => {
                return Err(self.err(
                    d.line,
                    format!("{}: set variables are not supported", d.name),
                ))
            }
        };
        self.vars.push(Var {
            name: d.name.clone(),
            boolean,
            domain,
            line: d.line,
            introduced: has(&d.annotations, "var_is_introduced"),
            empty: false,
        });
        Ok(self.vars.len() - 1)
    }
}

fn has(anns: &[Annotation], name: &str) -> bool {
    anns.iter().any(|a| a.name == name)
}

fn check_value(ty: &Type, a: &Arg) -> bool {
    match (ty, a) {
        (Type::Bool, Arg::Bool(_)) => true,
        (Type::Int(None), Arg::Int(_)) => true,
        (Type::Int(Some(d)), Arg::Int(v)) => d.binary_search(v).is_ok(),
        _ => false,
    }
}

/// Resolves a parsed file: names, aliases, domains, output items. `file` names it in errors.
pub fn resolve(f: &FznFile, file: &str) -> Result<Model, FznError> {
    let mut r = Resolver {
        file,
        names: HashMap::new(),
        vars: Vec::new(),
    };
    let mut outputs = Vec::new();
    for d in &f.decls {
        if r.names.contains_key(&d.name) {
            return Err(r.err(d.line, format!("{} is declared twice", d.name)));
        }
        let value = match &d.value {
            Some(e) => Some(r.resolve(e, d.line)?),
            None => None,
        };
        let arg = match (d.var, d.array) {
            (false, _) => {
                value.ok_or_else(|| r.err(d.line, format!("parameter {} has no value", d.name)))?
            }
            (true, None) => match value {
                None => Arg::Var(r.new_var(d)?),
                Some(Arg::Var(v)) => {
                    // An alias: the domains intersect.
                    if let Type::Int(Some(dom)) = &d.ty {
                        let old = &mut r.vars[v].domain;
                        if old.is_empty() {
                            *old = dom.clone();
                        } else {
                            old.retain(|x| dom.binary_search(x).is_ok());
                            r.vars[v].empty |= r.vars[v].domain.is_empty();
                        }
                    }
                    Arg::Var(v)
                }
                Some(c) => {
                    if !check_value(&d.ty, &c) {
                        // A fixed value outside the declared domain: no solution.
                        let v = r.new_var(d)?;
                        r.vars[v].domain.clear();
                        r.vars[v].empty = true;
                        Arg::Var(v)
                    } else {
                        c
                    }
                }
            },
            (true, Some(n)) => match value {
                Some(Arg::Array(items)) if items.len() == n => Arg::Array(items),
                Some(_) => {
                    return Err(r.err(d.line, format!("{}: expected an array of {n}", d.name)))
                }
                None => {
                    return Err(r.err(
                        d.line,
                        format!("{}: an array of variables needs its elements", d.name),
                    ))
                }
            },
        };
        for a in &d.annotations {
            let boolean = d.ty == Type::Bool;
            if a.name == "output_var" {
                outputs.push(Output {
                    name: d.name.clone(),
                    dims: None,
                    items: vec![arg.clone()],
                    boolean,
                });
            } else if a.name == "output_array" {
                let mut dims = Vec::new();
                if let Some(Expr::Array(ds)) = a.args.first() {
                    for e in ds {
                        match e {
                            Expr::Set(s) if !s.is_empty() => {
                                dims.push((s[0], *s.last().expect("nonempty")))
                            }
                            Expr::Set(_) => dims.push((1, 0)),
                            _ => return Err(r.err(d.line, "output_array: expected ranges".into())),
                        }
                    }
                }
                let Arg::Array(items) = &arg else {
                    return Err(r.err(d.line, "output_array on a scalar".into()));
                };
                outputs.push(Output {
                    name: d.name.clone(),
                    dims: Some(dims),
                    items: items.clone(),
                    boolean,
                });
            }
        }
        r.names.insert(d.name.clone(), arg);
    }
    let mut constraints = Vec::with_capacity(f.constraints.len());
    for c in &f.constraints {
        let mut args = Vec::with_capacity(c.args.len());
        for a in &c.args {
            args.push(r.resolve(a, c.line)?);
        }
        let defines = c
            .annotations
            .iter()
            .find(|a| a.name == "defines_var")
            .and_then(|a| a.args.first())
            .and_then(|e| r.resolve(e, c.line).ok())
            .and_then(|a| match a {
                Arg::Var(v) => Some(v),
                _ => None,
            });
        constraints.push(Constraint {
            name: c.name.clone(),
            args,
            defines,
            line: c.line,
        });
    }
    let objective = match &f.goal {
        Goal::Satisfy => Objective::Satisfy,
        Goal::Minimize(e) => Objective::Minimize(r.resolve(e, f.goal_line)?),
        Goal::Maximize(e) => Objective::Maximize(r.resolve(e, f.goal_line)?),
    };
    let mut model = Model {
        file: file.to_string(),
        vars: r.vars,
        constraints,
        objective,
        outputs,
    };
    crate::bounds::infer(&mut model)?;
    Ok(model)
}

impl Arg {
    /// The variables this argument mentions, in order (with repeats).
    pub fn vars(&self, out: &mut Vec<usize>) {
        match self {
            Arg::Var(v) => out.push(*v),
            Arg::Array(items) => items.iter().for_each(|a| a.vars(out)),
            _ => {}
        }
    }
}

impl Constraint {
    /// The distinct variables of the constraint, in order of first mention.
    pub fn vars(&self) -> Vec<usize> {
        let mut all = Vec::new();
        self.args.iter().for_each(|a| a.vars(&mut all));
        let mut seen = Vec::with_capacity(all.len());
        for v in all {
            if !seen.contains(&v) {
                seen.push(v);
            }
        }
        seen
    }
}
