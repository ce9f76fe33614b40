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
        /// What each resource is, for readable group names (`R_c3` rather than `R3`); empty
        /// when the puzzle named none. Not part of the meaning.
        names: Vec<String>,
        /// Resources from this one on may share capture groups, three to a group, in the trie
        /// form where the target has branch reset and conditionals (see
        /// [`crate::Program::share_resources`]); `None`: one group each. Not part of the
        /// meaning.
        shared_from: Option<u32>,
        /// Take the compact (trie) form even where the branch-reset form applies (see
        /// [`crate::Program::compact_packing`]). Not part of the meaning.
        compact: bool,
    },
    /// A clause: at least one literal holds. A literal `(v, true)` is the boolean `v`,
    /// `(v, false)` its negation.
    Clause {
        /// The literals.
        lits: Vec<(VarId, bool)>,
    },
    /// A clause lookahead, a propagation hint: the boolean `var` (decided later) still has a
    /// value under which every clause of `clauses` holds, given the other variables of those
    /// clauses (all decided before). Implied by the clauses themselves, so it never changes
    /// the solution set; it fails a branch as soon as `var` is forced both ways.
    ClauseLookahead {
        /// The variable looked ahead at.
        var: VarId,
        /// Clauses containing `var` (literals as in [`Gadget::Clause`]).
        clauses: Vec<Vec<(VarId, bool)>>,
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
    /// The variables do not all take the listed values at once: one assignment is excluded
    /// ([`Program::exclude`]). Stating a found solution this way and solving again finds
    /// another one, which is how engines that cannot count inside the match count.
    Exclude {
        /// The variables.
        vars: Vec<VarId>,
        /// The excluded values, one per variable.
        values: Vec<String>,
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
            Gadget::Clause { .. } | Gadget::ClauseLookahead { .. } => vec![],
            Gadget::Count { .. }
            | Gadget::Table { .. }
            | Gadget::NotAllEqual { .. }
            | Gadget::Differ { .. }
            | Gadget::Exclude { .. } => vec![],
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
            Gadget::Clause { lits } => lits.iter().map(|l| l.0).collect(),
            Gadget::ClauseLookahead { var, clauses } => {
                let mut v: Vec<VarId> = clauses
                    .iter()
                    .flatten()
                    .map(|l| l.0)
                    .filter(|x| x != var)
                    .collect();
                v.sort();
                v.dedup();
                v
            }
            Gadget::Table { vars, .. }
            | Gadget::NotAllEqual { vars }
            | Gadget::Exclude { vars, .. } => vars.clone(),
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
            Gadget::Clause { lits } => {
                let vs: Vec<VarId> = lits.iter().map(|l| l.0).collect();
                format!("clause({})", names(&vs))
            }
            Gadget::ClauseLookahead { var, clauses } => format!(
                "clause_lookahead({} over {} clauses)",
                program.var(*var).name,
                clauses.len()
            ),
            Gadget::NotAllEqual { vars } => format!("not_all_equal({})", names(vars)),
            Gadget::Differ { left, right } => {
                format!("differ({} / {})", names(left), names(right))
            }
            Gadget::Exclude { vars, .. } => format!("exclude({})", names(vars)),
            Gadget::Packing {
                items, resources, ..
            } => {
                format!("packing({} over {resources} resources)", names(items))
            }
        }
    }

    /// The gadget's kind, one word: `choose`, `one_of`, `union`, `lookup`, `count`, `table`,
    /// `packing`, `clause`, `clause_lookahead`, `not_all_equal`, `differ`, `exclude` (what
    /// `emit --stats` groups figures by).
    pub fn kind(&self) -> &'static str {
        match self {
            Gadget::Choose { .. } => "choose",
            Gadget::OneOf { .. } => "one_of",
            Gadget::Union { .. } => "union",
            Gadget::Lookup { .. } => "lookup",
            Gadget::Count { .. } => "count",
            Gadget::Table { .. } => "table",
            Gadget::Packing { .. } => "packing",
            Gadget::Clause { .. } => "clause",
            Gadget::ClauseLookahead { .. } => "clause_lookahead",
            Gadget::NotAllEqual { .. } => "not_all_equal",
            Gadget::Differ { .. } => "differ",
            Gadget::Exclude { .. } => "exclude",
        }
    }

    /// What the statement states, in words, for readers of a pattern (`emit --view columns`,
    /// the HTML page): "exactly one of Q_1_0 .. Q_1_7 (8), each only if the earlier ones it
    /// excludes are false". Long variable lists are shortened to their ends and their length.
    pub fn explain(&self, program: &Program) -> String {
        let name = |v: &VarId| program.var(*v).name.as_str();
        let list = |vs: &[VarId]| name_list(&vs.iter().map(name).collect::<Vec<_>>());
        match self {
            Gadget::Choose { var } => {
                let v = program.var(*var);
                if v.boolean {
                    let first = if v.domain[0].is_empty() {
                        "false"
                    } else {
                        "true"
                    };
                    format!("decide {}: {first} first", v.name)
                } else {
                    format!(
                        "choose {} from {} value{}: {}",
                        v.name,
                        v.domain.len(),
                        plural(v.domain.len()),
                        value_list(&v.domain)
                    )
                }
            }
            Gadget::OneOf { vars, guards } => {
                let guarded = guards.iter().filter(|g| !g.is_empty()).count();
                let mut s = format!("exactly one of {}", list(vars));
                if guarded > 0 {
                    s.push_str(", each false if an earlier one it excludes is true");
                }
                s
            }
            Gadget::Union { output, members } => format!(
                "{}: one of {} is true (at most one is)",
                name(output),
                list(members)
            ),
            Gadget::Lookup {
                inputs,
                output,
                tuples,
            } => format!(
                "{} follows from {} ({} allowed combination{})",
                name(output),
                list(inputs),
                tuples.len(),
                plural(tuples.len())
            ),
            Gadget::Count { terms, cmp, k, .. } => {
                let vs: Vec<VarId> = terms.iter().map(|t| t.0).collect();
                let bound = match cmp {
                    Cmp::Le => "at most",
                    Cmp::Eq => "exactly",
                    Cmp::Ge => "at least",
                };
                if terms.iter().all(|t| t.1 == 1) {
                    format!("{bound} {k} of {} true", list(&vs))
                } else {
                    format!("weighted count of {} is {bound} {k}", list(&vs))
                }
            }
            Gadget::Table { vars, tuples } => format!(
                "{} take one of {} allowed combination{}",
                list(vars),
                tuples.len(),
                plural(tuples.len())
            ),
            Gadget::Packing {
                items,
                resources,
                must_cover,
                symmetry,
                waste,
                ..
            } => {
                let mut s = format!(
                    "{} each take one option; no two share any of {resources} resources",
                    list(items)
                );
                if *must_cover == *resources {
                    s.push_str(", all covered");
                } else if *must_cover > 0 {
                    s.push_str(&format!(", the first {must_cover} covered"));
                }
                if let Some(w) = waste {
                    s.push_str(&format!(", at most {w} unused"));
                }
                if symmetry.iter().any(Option::is_some) {
                    s.push_str("; interchangeable items in increasing order");
                }
                s
            }
            Gadget::Clause { lits } => {
                let spelled: Vec<String> = lits
                    .iter()
                    .map(|(v, positive)| {
                        if *positive {
                            name(v).to_string()
                        } else {
                            format!("not {}", name(v))
                        }
                    })
                    .collect();
                let spelled: Vec<&str> = spelled.iter().map(String::as_str).collect();
                format!("at least one of {} holds", name_list(&spelled))
            }
            Gadget::ClauseLookahead { var, clauses } => format!(
                "{} can still satisfy its {} clause{} (unit propagation)",
                name(var),
                clauses.len(),
                plural(clauses.len())
            ),
            Gadget::NotAllEqual { vars } => {
                format!("{} are not all equal", list(vars))
            }
            Gadget::Differ { left, right } => {
                format!("{} differs from {} somewhere", list(left), list(right))
            }
            Gadget::Exclude { vars, values } => {
                let shown: Vec<&str> = values
                    .iter()
                    .map(|v| if v.is_empty() { "∅" } else { v.as_str() })
                    .collect();
                format!(
                    "{} are not {} all at once (an excluded assignment)",
                    list(vars),
                    name_list(&shown)
                )
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
            Gadget::Clause { lits } => lits.iter().any(|(v, pos)| is_true(v) == *pos),
            Gadget::ClauseLookahead { var, clauses } => [true, false].iter().any(|&b| {
                clauses.iter().all(|c| {
                    c.iter().any(|(v, pos)| {
                        let value = if v == var { b } else { is_true(v) };
                        value == *pos
                    })
                })
            }),
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
            Gadget::Exclude { vars, values } => !vars.iter().zip(values).all(|(v, x)| val(v) == x),
        }
    }
}

/// `a, b, c` for short lists, `a, b .. z (26)` for long ones.
pub fn name_list(names: &[&str]) -> String {
    match names.len() {
        0 => "nothing".to_string(),
        1..=4 => names.join(", "),
        n => format!("{}, {} .. {} ({n})", names[0], names[1], names[n - 1]),
    }
}

/// Domain values for reading: `""` shown as `∅`, long lists shortened.
fn value_list(values: &[String]) -> String {
    let shown: Vec<&str> = values
        .iter()
        .map(|v| if v.is_empty() { "∅" } else { v.as_str() })
        .collect();
    name_list(&shown)
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}
