//! The gadgets: what puzzles state instead of writing regex, and what each one means.
//!
//! Each gadget has a meaning over an assignment ([`Gadget::holds`]), which the IR-level checker
//! evaluates without any regex, and one or more lowerings (in `lower/`).

use serde::Serialize;

use crate::program::{Program, VarId};

/// A comparison of a count with a bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Cmp {
    /// At most.
    Le,
    /// Exactly.
    Eq,
    /// At least.
    Ge,
}

/// How a counting gadget is laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Form {
    /// One statement after the last variable: cheap to state, checked late.
    Flat,
    /// A chain of partial sums, one step right after each variable: O(1) per variable, and each
    /// step already fails when the bound can no longer be met.
    Ladder,
}

/// One statement of a program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Gadget {
    /// Defines `var` by trying its values in domain order.
    Choose {
        /// The variable.
        var: VarId,
    },
    /// Defines `vars` (booleans), exactly one of them true; `guards[i]` must all be false for
    /// `vars[i]` to be true.
    OneOf {
        /// The booleans, in try order.
        vars: Vec<VarId>,
        /// Earlier booleans excluded by each one.
        guards: Vec<Vec<VarId>>,
    },
    /// Defines the boolean `output` as the union of the booleans `members`: true when one of
    /// them is. At most one member may be true. Later statements test all the members at once
    /// through `output` (one backreference instead of one per member).
    Union {
        /// The variable defined.
        output: VarId,
        /// The booleans read.
        members: Vec<VarId>,
    },
    /// Defines `output` from `inputs` through the allowed `(inputs.., output)` tuples.
    Lookup {
        /// The variables read.
        inputs: Vec<VarId>,
        /// The variable defined.
        output: VarId,
        /// Allowed combinations, output last.
        tuples: Vec<Vec<String>>,
    },
    /// The weighted number of true booleans compared with `k`.
    Count {
        /// Booleans and their weights.
        terms: Vec<(VarId, u32)>,
        /// The comparison.
        cmp: Cmp,
        /// The bound.
        k: u32,
        /// One statement after the last term, or a ladder of partial sums.
        form: Form,
    },
    /// Only these combinations of values may occur together.
    Table {
        /// The variables.
        vars: Vec<VarId>,
        /// Allowed combinations.
        tuples: Vec<Vec<String>>,
    },
    /// Defines `items`, each choosing one option (its domain, in try order); every option uses
    /// a set of resources, and no resource may be used twice; resources `0..must_cover` must
    /// all be used. Items are decided in the listed order.
    Packing {
        /// One variable per item; value `j` of its domain is option `j`.
        items: Vec<VarId>,
        /// `options[i][j]`: the resources option `j` of item `i` uses.
        options: Vec<Vec<Vec<u32>>>,
        /// Number of resources.
        resources: u32,
        /// Resources `0..must_cover` must be used (0: none need be).
        must_cover: u32,
        /// `symmetry[i]`: items of one class are interchangeable (same options), so each must
        /// choose a later option than the class's item before it; `None`: no such constraint.
        symmetry: Vec<Option<u32>>,
        /// `requires[i][j]`: resources earlier items must have used before option `j` of item
        /// `i` is tried — a search hint, not part of the meaning.
        requires: Vec<Vec<Vec<u32>>>,
        /// At most this many resources stay unused (`None`: any number). Forms with
        /// conditionals use it to cut branches where too many resources are dead (see
        /// [`crate::dead`]).
        waste: Option<u32>,
    },
    /// Booleans that are not all equal: at least one is true and at least one false. Stated on
    /// every window of a line, it forbids runs of equal values ([`Program::no_run`]: Binairo's
    /// "no three equal in a row").
    NotAllEqual {
        /// The booleans (at least two).
        vars: Vec<VarId>,
    },
    /// Two equally long sequences of booleans that differ in at least one position (Binairo's
    /// "no two rows alike", [`Program::all_differ`]).
    Differ {
        /// The first sequence.
        left: Vec<VarId>,
        /// The second sequence, as long as the first.
        right: Vec<VarId>,
    },
}

impl Gadget {
    /// The variables this statement defines.
    pub fn defines(&self) -> Vec<VarId> {
        match self {
            Gadget::Choose { var } => vec![*var],
            Gadget::OneOf { vars, .. } => vars.clone(),
            Gadget::Lookup { output, .. } | Gadget::Union { output, .. } => vec![*output],
            Gadget::Packing { items, .. } => items.clone(),
            Gadget::Count { .. }
            | Gadget::Table { .. }
            | Gadget::NotAllEqual { .. }
            | Gadget::Differ { .. } => vec![],
        }
    }

    /// The variables that must be defined before this statement.
    pub fn reads(&self) -> Vec<VarId> {
        match self {
            Gadget::Choose { .. } | Gadget::Packing { .. } => vec![],
            Gadget::OneOf { guards, .. } => {
                let mut v: Vec<VarId> = guards.iter().flatten().copied().collect();
                v.sort();
                v.dedup();
                v
            }
            Gadget::Lookup { inputs, .. } => inputs.clone(),
            Gadget::Union { members, .. } => members.clone(),
            Gadget::Count { terms, .. } => terms.iter().map(|t| t.0).collect(),
            Gadget::Table { vars, .. } | Gadget::NotAllEqual { vars } => vars.clone(),
            Gadget::Differ { left, right } => left.iter().chain(right).copied().collect(),
        }
    }

    /// A short description for messages, e.g. `count(Eq 1 over 8)`.
    pub fn describe(&self, program: &Program) -> String {
        let names = |vs: &[VarId]| {
            let mut s: Vec<&str> = vs
                .iter()
                .take(4)
                .map(|v| program.var(*v).name.as_str())
                .collect();
            if vs.len() > 4 {
                s.push("..");
            }
            s.join(",")
        };
        match self {
            Gadget::Choose { var } => format!("choose({})", program.var(*var).name),
            Gadget::OneOf { vars, .. } => format!("one_of({})", names(vars)),
            Gadget::Lookup { inputs, output, .. } => {
                format!("lookup({} <- {})", program.var(*output).name, names(inputs))
            }
            Gadget::Union { output, members } => {
                format!("union({} <- {})", program.var(*output).name, names(members))
            }
            Gadget::Count { terms, cmp, k, .. } => {
                let vs: Vec<VarId> = terms.iter().map(|t| t.0).collect();
                format!("count({} {cmp:?} {k})", names(&vs))
            }
            Gadget::Table { vars, .. } => format!("table({})", names(vars)),
            Gadget::NotAllEqual { vars } => format!("not_all_equal({})", names(vars)),
            Gadget::Differ { left, right } => {
                format!("differ({} / {})", names(left), names(right))
            }
            Gadget::Packing {
                items, resources, ..
            } => {
                format!("packing({} over {resources} resources)", names(items))
            }
        }
    }

    /// Whether the statement holds when each variable takes `values[var]`. `truth` tells a
    /// boolean's value apart.
    pub fn holds(&self, program: &Program, values: &[String]) -> bool {
        let val = |v: &VarId| values[v.index()].as_str();
        let is_true = |v: &VarId| !values[v.index()].is_empty();
        match self {
            Gadget::Choose { var } => program.var(*var).domain.iter().any(|d| d == val(var)),
            Gadget::OneOf { vars, guards } => {
                vars.iter().filter(|v| is_true(v)).count() == 1
                    && vars
                        .iter()
                        .zip(guards)
                        .all(|(v, g)| !is_true(v) || g.iter().all(|x| !is_true(x)))
            }
            Gadget::Lookup {
                inputs,
                output,
                tuples,
            } => tuples.iter().any(|t| {
                inputs.iter().zip(t).all(|(i, x)| val(i) == x)
                    && t.last().map(String::as_str) == Some(val(output))
            }),
            Gadget::Union { output, members } => {
                let set = members.iter().filter(|m| is_true(m)).count();
                set <= 1 && is_true(output) == (set == 1)
            }
            Gadget::Count { terms, cmp, k, .. } => {
                let sum: u32 = terms
                    .iter()
                    .filter(|(v, _)| is_true(v))
                    .map(|(_, w)| *w)
                    .sum();
                match cmp {
                    Cmp::Le => sum <= *k,
                    Cmp::Eq => sum == *k,
                    Cmp::Ge => sum >= *k,
                }
            }
            Gadget::Table { vars, tuples } => tuples
                .iter()
                .any(|t| vars.iter().zip(t).all(|(v, x)| val(v) == x)),
            Gadget::Packing {
                items,
                options,
                resources,
                must_cover,
                symmetry,
                waste,
                ..
            } => {
                let mut used = vec![false; *resources as usize];
                let mut previous: std::collections::HashMap<u32, usize> = Default::default();
                for (i, (item, opts)) in items.iter().zip(options).enumerate() {
                    let Some(j) = program
                        .var(*item)
                        .domain
                        .iter()
                        .position(|d| d == val(item))
                    else {
                        return false;
                    };
                    if let Some(class) = symmetry[i] {
                        if previous.get(&class).is_some_and(|p| j <= *p) {
                            return false;
                        }
                        previous.insert(class, j);
                    }
                    for &r in &opts[j] {
                        if std::mem::replace(&mut used[r as usize], true) {
                            return false;
                        }
                    }
                }
                used.iter().take(*must_cover as usize).all(|u| *u)
                    && waste.is_none_or(|w| used.iter().filter(|u| !**u).count() <= w as usize)
            }
            Gadget::NotAllEqual { vars } => {
                vars.iter().any(is_true) && vars.iter().any(|v| !is_true(v))
            }
            Gadget::Differ { left, right } => left
                .iter()
                .zip(right)
                .any(|(a, b)| is_true(a) != is_true(b)),
        }
    }
}
