//! The tree of a program without packings walked natively, statement by statement in the
//! pattern's order: the other side of `bench`'s match/native ratio for puzzles (Aquarium, the
//! colour grid, Kakuro) whose own native solvers propagate and so search another tree.
//!
//! The walk enters the ordered steps as the pattern's segments are entered and offers the
//! alternatives each segment's lowering offers, in the same order: a choice its domain's
//! values, a one-of each boolean whose guards are false, a lookup each tuple whose inputs
//! match (one, where the inputs decide the output), a ladder step its running sum within the
//! bounds that keep the count reachable, and every other statement one pass when it holds. A
//! clause lookahead holds trivially where the dialect has no lookahead (its lowering is empty
//! there). Values are indices into each variable's values, so no step compares strings; counts,
//! clauses and not-all-equal windows read a tally that each boolean's change keeps current, and
//! tables and lookups find their tuple through an index (`tuples`), so a check costs the same
//! at any width. An interpreter of the steps: 7–25 ns a node on the fixtures, where the
//! puzzles' own hand-written searches of the same trees take 1–4× less.

use std::collections::HashMap;
use std::time::Instant;

use super::scalar::sum_bounds;
use super::tuples::TupleIndex;
use super::walk::{walk_packing, Walk};
use crate::dialect::Features;
use crate::gadget::{Cmp, Gadget};
use crate::order::{order, Step};
use crate::program::{Program, VarId};
use crate::Propagation;

/// Walks the tree of the pattern `program` compiles to for `features`, with decision variables
/// in `var_order` and `propagation` carried ([`crate::Stats::propagation`]), until `cap`
/// solutions: a single packing's through [`walk_packing`], a program without packings through
/// [`walk_steps`]. `None` for programs with a packing among other statements.
pub fn walk_program(
    program: &Program,
    var_order: &[VarId],
    features: Features,
    propagation: Propagation,
    cap: u64,
) -> Option<Walk> {
    walk_packing(program, propagation, cap)
        .or_else(|| walk_steps(program, var_order, features, cap))
}

/// Walks the tree of `program` (no packing among its statements) with decision variables in
/// `var_order`, as the pattern printed for `features` searches it, until `cap` solutions.
/// `None` when the program has a packing or cannot be ordered.
pub fn walk_steps(
    program: &Program,
    var_order: &[VarId],
    features: Features,
    cap: u64,
) -> Option<Walk> {
    if program
        .statements
        .iter()
        .any(|g| matches!(g, Gadget::Packing { .. }))
    {
        return None;
    }
    let steps = order(program, var_order).ok()?;
    let values = Values::new(program);
    let mut tallies = Tallies::new(program.vars.len());
    let ops: Vec<Op> = (0..steps.len())
        .map(|i| Op::new(program, &steps, i, features, &values, &mut tallies))
        .collect();
    let mut w = Walker {
        ops: &ops,
        tally: tallies.start.clone(),
        tallies: &tallies,
        value: vec![0; program.vars.len()],
        truth: vec![false; program.vars.len()],
        is_true: &values.truth,
        sums: vec![0; ops.len()],
        cursor: vec![0; ops.len()],
        first: None,
        out: Walk::default(),
    };
    let start = Instant::now();
    w.run(cap.max(1));
    w.out.search = start.elapsed();
    w.out.first = w.first.map(|first| {
        first
            .iter()
            .enumerate()
            .map(|(var, x)| values.names[var][*x as usize].clone())
            .collect()
    });
    Some(w.out)
}

/// Each variable's values by index: its domain, then any value a lookup or union gives it
/// beyond that.
struct Values {
    names: Vec<Vec<String>>,
    index: Vec<HashMap<String, u32>>,
    truth: Vec<Vec<bool>>,
}

impl Values {
    fn new(program: &Program) -> Values {
        let mut v = Values {
            names: vec![Vec::new(); program.vars.len()],
            index: vec![HashMap::new(); program.vars.len()],
            truth: vec![Vec::new(); program.vars.len()],
        };
        for (id, var) in program.vars.iter().enumerate() {
            for d in &var.domain {
                v.add(id, d);
            }
        }
        // What the defining statements give beyond the domains, before any tuple is indexed
        // (an index needs each variable's final number of values).
        let t = program.true_token.to_string();
        for g in &program.statements {
            match g {
                Gadget::OneOf { vars, .. } => {
                    for x in vars {
                        v.add(x.index(), &t);
                        v.add(x.index(), "");
                    }
                }
                Gadget::Union { output, .. } => {
                    v.add(output.index(), &t);
                    v.add(output.index(), "");
                }
                Gadget::Lookup { output, tuples, .. } => {
                    for tuple in tuples {
                        v.add(output.index(), tuple.last().expect("an output"));
                    }
                }
                _ => {}
            }
        }
        v
    }

    /// Adds `value` to `var`'s values if new.
    fn add(&mut self, var: usize, value: &str) {
        if self.index[var].contains_key(value) {
            return;
        }
        let i = self.names[var].len() as u32;
        self.names[var].push(value.to_string());
        self.index[var].insert(value.to_string(), i);
        self.truth[var].push(!value.is_empty());
    }

    /// The index of `value`, one of `var`'s values.
    fn of(&self, var: usize, value: &str) -> u32 {
        self.index[var][value]
    }

    /// `tuples` (value indices of `vars`) indexed for lookup, and each one's slot.
    fn index(&self, vars: &[VarId], tuples: &[Vec<u32>]) -> (TupleIndex, Vec<u32>) {
        let bases: Vec<u32> = vars
            .iter()
            .map(|x| self.names[x.index()].len() as u32)
            .collect();
        TupleIndex::new(vars.iter().map(|x| x.index()).collect(), &bases, tuples)
    }

    /// The index of `value` among `var`'s values, if it is one.
    fn find(&self, var: usize, value: &str) -> Option<u32> {
        self.index[var].get(value).copied()
    }
}

/// Numbers kept in step with the booleans' current truth: each a weighted sum of truths (plus
/// a constant). A variable's change
/// updates the tallies it is in; a check reads its tally once all its variables are set on
/// the current path, so values left from abandoned paths never show.
#[derive(Default)]
struct Tallies {
    /// Each tally's value with every boolean false.
    start: Vec<i64>,
    /// Per variable: the tallies it adds its weight to when true.
    linear: Vec<Vec<(usize, i64)>>,
}

impl Tallies {
    fn new(vars: usize) -> Tallies {
        Tallies {
            start: Vec::new(),
            linear: vec![Vec::new(); vars],
        }
    }

    /// A new tally: `start` plus `weight` for each true variable of `terms`.
    fn sum(&mut self, start: i64, terms: impl IntoIterator<Item = (usize, i64)>) -> usize {
        let t = self.start.len();
        self.start.push(start);
        for (var, weight) in terms {
            self.linear[var].push((t, weight));
        }
        t
    }
}

/// One step, ready to walk.
enum Op {
    /// A variable takes each value of its domain in turn.
    Choose { var: usize, values: Vec<u32> },
    /// Exactly one boolean true, each in turn whose guards are all false.
    OneOf {
        vars: Vec<usize>,
        /// Each boolean's tally of its true guards.
        blocked: Vec<usize>,
        /// Each boolean's true and false value.
        yes: Vec<u32>,
        no: Vec<u32>,
    },
    /// The output true when one member is, failing when two are.
    Union {
        output: usize,
        members: Vec<usize>,
        yes: u32,
        no: u32,
    },
    /// The output takes each value the inputs' tuples give, in tuple order.
    Lookup {
        output: usize,
        /// The inputs' slot, and each slot's outputs.
        keys: TupleIndex,
        outputs: Vec<Vec<u32>>,
    },
    /// The running sum plus the weights of the true terms, within `lower..=upper`.
    Ladder {
        terms: Vec<(usize, u32)>,
        previous: Option<usize>,
        lower: u32,
        upper: u32,
    },
    /// A statement that defines nothing: passes once when it holds.
    Check(Check),
}

/// The statements that only test. Counts, clauses and the line gadgets read a tally kept up
/// to date as their variables change (see [`Tallies`]), so their test costs the same at any
/// width.
enum Check {
    Fail,
    Pass,
    /// The tally (a weighted number of true terms) compared with `k`.
    Count {
        tally: usize,
        cmp: Cmp,
        k: u32,
    },
    Table(TupleIndex),
    /// The tally of true literals is not zero.
    Some(usize),
    Lookahead {
        var: usize,
        clauses: Vec<Vec<(usize, bool)>>,
    },
    /// The tally of true booleans is neither 0 nor `len`.
    NotAllEqual {
        tally: usize,
        len: i64,
    },
    Differ(Vec<(usize, usize)>),
    Exclude(Vec<(usize, Option<u32>)>),
}

impl Op {
    fn new(
        program: &Program,
        steps: &[Step],
        i: usize,
        features: Features,
        v: &Values,
        tallies: &mut Tallies,
    ) -> Op {
        let t = program.true_token.to_string();
        let ix = |x: &VarId| x.index();
        match &steps[i] {
            Step::Ladder {
                stmt,
                terms,
                prefix_max,
                remaining,
                remaining_min,
                ..
            } => {
                let Gadget::Count { cmp, k, .. } = &program.statements[stmt.0 as usize] else {
                    unreachable!("ladder steps come from counts");
                };
                let previous = steps[..i]
                    .iter()
                    .rposition(|s| matches!(s, Step::Ladder { stmt: other, .. } if other == stmt));
                // A lost count fails at every sum.
                let (lower, upper) =
                    sum_bounds(*cmp, *k, *prefix_max, (*remaining, *remaining_min))
                        .unwrap_or((1, 0));
                Op::Ladder {
                    terms: terms.iter().map(|(x, w)| (x.index(), *w)).collect(),
                    previous,
                    lower,
                    upper,
                }
            }
            Step::Stmt(sid) => match &program.statements[sid.0 as usize] {
                Gadget::Choose { var } => Op::Choose {
                    var: var.index(),
                    values: (program.var(*var).domain.iter())
                        .map(|d| v.of(var.index(), d))
                        .collect(),
                },
                Gadget::OneOf { vars, guards } => Op::OneOf {
                    vars: vars.iter().map(ix).collect(),
                    blocked: guards
                        .iter()
                        .map(|g| tallies.sum(0, g.iter().map(|x| (x.index(), 1))))
                        .collect(),
                    yes: vars.iter().map(|x| v.of(x.index(), &t)).collect(),
                    no: vars.iter().map(|x| v.of(x.index(), "")).collect(),
                },
                Gadget::Union { output, members } => Op::Union {
                    output: output.index(),
                    members: members.iter().map(ix).collect(),
                    yes: v.of(output.index(), &t),
                    no: v.of(output.index(), ""),
                },
                Gadget::Lookup {
                    inputs,
                    output,
                    tuples,
                } => {
                    let mut keys = Vec::new();
                    let mut outs = Vec::new();
                    for tuple in tuples {
                        let key: Option<Vec<u32>> = inputs
                            .iter()
                            .zip(tuple)
                            .map(|(x, s)| v.find(x.index(), s))
                            .collect();
                        if let Some(key) = key {
                            keys.push(key);
                            outs.push(v.of(output.index(), tuple.last().expect("an output")));
                        }
                    }
                    let (keys, slots) = v.index(inputs, &keys);
                    let mut outputs =
                        vec![Vec::new(); slots.iter().max().map_or(0, |m| m + 1) as usize];
                    for (slot, out) in slots.into_iter().zip(outs) {
                        outputs[slot as usize].push(out);
                    }
                    Op::Lookup {
                        output: output.index(),
                        keys,
                        outputs,
                    }
                }
                Gadget::Count { terms, cmp, k, .. } => {
                    let total = terms.iter().map(|t| t.1).sum();
                    if sum_bounds(*cmp, *k, total, (0, 0)).is_none() {
                        Op::Check(Check::Fail)
                    } else {
                        Op::Check(Check::Count {
                            tally: tallies
                                .sum(0, terms.iter().map(|(x, w)| (x.index(), i64::from(*w)))),
                            cmp: *cmp,
                            k: *k,
                        })
                    }
                }
                Gadget::Table { vars, tuples } => {
                    let listed: Vec<Vec<u32>> = tuples
                        .iter()
                        .filter_map(|tuple| {
                            vars.iter()
                                .zip(tuple)
                                .map(|(x, s)| v.find(x.index(), s))
                                .collect()
                        })
                        .collect();
                    Op::Check(Check::Table(v.index(vars, &listed).0))
                }
                Gadget::Clause { lits } => {
                    // A negated literal is true while its boolean is false.
                    let negated = lits.iter().filter(|l| !l.1).count() as i64;
                    let terms = lits
                        .iter()
                        .map(|(x, plain)| (x.index(), if *plain { 1 } else { -1 }));
                    Op::Check(Check::Some(tallies.sum(negated, terms)))
                }
                Gadget::ClauseLookahead { var, clauses } if features.lookahead => {
                    Op::Check(Check::Lookahead {
                        var: var.index(),
                        clauses: clauses
                            .iter()
                            .map(|c| c.iter().map(|(x, p)| (x.index(), *p)).collect())
                            .collect(),
                    })
                }
                Gadget::ClauseLookahead { .. } => Op::Check(Check::Pass),
                Gadget::NotAllEqual { vars } => Op::Check(Check::NotAllEqual {
                    tally: tallies.sum(0, vars.iter().map(|x| (x.index(), 1))),
                    len: vars.len() as i64,
                }),
                // Tallied, each of a line's booleans would update the tally of every other line
                // it is compared with; tested here, the first difference usually comes early.
                Gadget::Differ { left, right } => Op::Check(Check::Differ(
                    left.iter()
                        .zip(right)
                        .map(|(a, b)| (ix(a), ix(b)))
                        .collect(),
                )),
                Gadget::Exclude { vars, values } => Op::Check(Check::Exclude(
                    vars.iter()
                        .zip(values)
                        .map(|(x, s)| (x.index(), v.find(x.index(), s)))
                        .collect(),
                )),
                Gadget::Packing { .. } => unreachable!("programs with packings are not walked"),
            },
        }
    }
}

/// The walk's state: each variable's value (an index) and truth, each ladder step's running
/// sum, and each step's next alternative.
struct Walker<'a> {
    ops: &'a [Op],
    /// Each tally's value for the current truths.
    tally: Vec<i64>,
    tallies: &'a Tallies,
    value: Vec<u32>,
    truth: Vec<bool>,
    is_true: &'a [Vec<bool>],
    sums: Vec<u32>,
    cursor: Vec<u32>,
    /// The first solution's values, as indices.
    first: Option<Vec<u32>>,
    out: Walk,
}

impl Walker<'_> {
    fn set(&mut self, var: usize, value: u32) {
        self.value[var] = value;
        let now = self.is_true[var][value as usize];
        if now == self.truth[var] {
            return;
        }
        self.truth[var] = now;
        for &(t, weight) in &self.tallies.linear[var] {
            self.tally[t] += if now { weight } else { -weight };
        }
    }

    /// Depth first over the steps, without recursion (programs run to many thousand steps).
    fn run(&mut self, cap: u64) {
        let n = self.ops.len();
        let mut i = 0;
        if n > 0 {
            self.out.nodes += 1;
        }
        loop {
            if i == n {
                self.out.solutions += 1;
                if self.first.is_none() {
                    self.first = Some(self.value.clone());
                }
                if self.out.solutions >= cap || n == 0 {
                    return;
                }
                i -= 1;
                continue;
            }
            if self.next(i) {
                i += 1;
                if i < n {
                    self.cursor[i] = 0;
                    self.out.nodes += 1;
                }
            } else if i == 0 {
                return;
            } else {
                i -= 1;
            }
        }
    }

    /// Whether a step with one alternative is taken for the first time since it was entered.
    fn first_time(&mut self, i: usize) -> bool {
        std::mem::replace(&mut self.cursor[i], 1) == 0
    }

    /// Takes step `i`'s next alternative, if it has one left.
    fn next(&mut self, i: usize) -> bool {
        let c = self.cursor[i];
        match &self.ops[i] {
            Op::Choose { var, values } => {
                let Some(&x) = values.get(c as usize) else {
                    return false;
                };
                self.cursor[i] = c + 1;
                self.set(*var, x);
                true
            }
            Op::OneOf {
                vars,
                blocked,
                yes,
                no,
            } => {
                let Some(k) = (c as usize..vars.len()).find(|&k| self.tally[blocked[k]] == 0)
                else {
                    return false;
                };
                self.cursor[i] = k as u32 + 1;
                if c == 0 {
                    for (j, var) in vars.iter().enumerate() {
                        self.set(*var, if j == k { yes[j] } else { no[j] });
                    }
                } else {
                    // The others are still false from the previous alternative.
                    let previous = c as usize - 1;
                    self.set(vars[previous], no[previous]);
                    self.set(vars[k], yes[k]);
                }
                true
            }
            Op::Union {
                output,
                members,
                yes,
                no,
            } => {
                if !self.first_time(i) {
                    return false;
                }
                let set = members.iter().filter(|m| self.truth[**m]).count();
                if set > 1 {
                    return false;
                }
                self.set(*output, if set == 1 { *yes } else { *no });
                true
            }
            Op::Lookup {
                output,
                keys,
                outputs,
            } => {
                let Some(&out) = keys
                    .slot(&self.value)
                    .and_then(|k| outputs[k as usize].get(c as usize))
                else {
                    return false;
                };
                self.cursor[i] = c + 1;
                self.set(*output, out);
                true
            }
            Op::Ladder {
                terms,
                previous,
                lower,
                upper,
            } => {
                if !self.first_time(i) {
                    return false;
                }
                let sum = previous.map_or(0, |p| self.sums[p])
                    + (terms.iter())
                        .filter(|(x, _)| self.truth[*x])
                        .map(|(_, w)| *w)
                        .sum::<u32>();
                self.sums[i] = sum;
                (*lower..=*upper).contains(&sum)
            }
            Op::Check(check) => {
                if !self.first_time(i) {
                    return false;
                }
                self.holds(check)
            }
        }
    }

    fn holds(&self, check: &Check) -> bool {
        let t = |x: &usize| self.truth[*x];
        match check {
            Check::Fail => false,
            Check::Pass => true,
            Check::Count { tally, cmp, k } => {
                let sum = self.tally[*tally];
                let k = i64::from(*k);
                match cmp {
                    Cmp::Le => sum <= k,
                    Cmp::Eq => sum == k,
                    Cmp::Ge => sum >= k,
                }
            }
            Check::Table(allowed) => allowed.slot(&self.value).is_some(),
            Check::Some(tally) => self.tally[*tally] > 0,
            Check::Lookahead { var, clauses } => [true, false].iter().any(|&b| {
                clauses.iter().all(|c| {
                    c.iter()
                        .any(|(x, p)| (if x == var { b } else { t(x) }) == *p)
                })
            }),
            Check::NotAllEqual { tally, len } => (1..*len).contains(&self.tally[*tally]),
            Check::Differ(pairs) => pairs.iter().any(|(a, b)| t(a) != t(b)),
            Check::Exclude(pairs) => !pairs
                .iter()
                .all(|(x, value)| *value == Some(self.value[*x])),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dialect::PCRE2;
    use crate::gadget::Form;

    /// Every assignment of every variable (domains in full) under which all statements hold.
    fn brute_force(p: &Program) -> u64 {
        let mut values = vec![String::new(); p.vars.len()];
        fn go(p: &Program, values: &mut Vec<String>, v: usize) -> u64 {
            if v == p.vars.len() {
                return u64::from(p.statements.iter().all(|g| g.holds(p, values)));
            }
            let mut n = 0;
            for d in &p.vars[v].domain {
                values[v] = d.clone();
                n += go(p, values, v + 1);
            }
            n
        }
        go(p, &mut values, 0)
    }

    #[test]
    fn the_walk_finds_every_solution_of_every_gadget_once() {
        let mut p = Program::new('T');
        let b: Vec<VarId> = (0..6)
            .map(|i| p.bool_var(&format!("b{i}"), i % 2 == 0).unwrap())
            .collect();
        let c = p.choice_var("c", &["x", "y", "z"]).unwrap();
        p.exactly_k(&b, 3, Form::Ladder).unwrap();
        p.count(&[(b[1], 1), (b[3], 2)], Cmp::Le, 2, Form::Flat)
            .unwrap();
        p.clause(&[(b[0], false), (b[3], true), (b[4], true)])
            .unwrap();
        p.not_all_equal(&[b[2], b[3], b[5]]).unwrap();
        p.differ(&b[0..2], &b[4..6]).unwrap();
        let tuple = |s: &[&str]| s.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        p.table(
            &[c, b[0]],
            vec![tuple(&["x", "T"]), tuple(&["y", ""]), tuple(&["z", "T"])],
        )
        .unwrap();
        // Two outputs for one input: both tried.
        let l = p
            .lookup_var(
                "l",
                &[c],
                vec![tuple(&["x", "1"]), tuple(&["x", "2"]), tuple(&["y", "3"])],
            )
            .unwrap();
        let u = p.union_var("u", &[b[1], b[2]]).unwrap();
        let names: Vec<String> = ["o1", "o2", "o3"].map(String::from).to_vec();
        let o = p.one_of(&names, vec![vec![], vec![u], vec![b[5]]]).unwrap();
        // The first one-of boolean is ruled out: the next alternatives must make it false.
        p.count(&[(o[0], 1)], Cmp::Le, 0, Form::Flat).unwrap();
        // A ladder step adding the one-of's booleans at once, after b0's own step.
        p.count(&[(b[0], 1), (o[1], 2), (o[2], 3)], Cmp::Ge, 3, Form::Ladder)
            .unwrap();
        // Decided after b0 and b1: one of them must hold for some value of b5 to satisfy both.
        p.clause_lookahead(
            b[5],
            vec![
                vec![(b[5], true), (b[0], true)],
                vec![(b[5], false), (b[1], true)],
            ],
        )
        .unwrap();
        p.exclude(&[b[0], c], vec![tuple(&["T", "z"])]).unwrap();
        let mut order = b.clone();
        order.push(c);
        order.extend(&o);
        let walk = walk_steps(&p, &order, PCRE2.features, u64::MAX).expect("no packing");
        let expected = brute_force(&p);
        assert!(
            expected > 1,
            "a program with several solutions ({expected})"
        );
        assert_eq!(walk.solutions, expected);
        let first = walk.first.expect("a solution");
        assert!(
            p.statements.iter().all(|g| g.holds(&p, &first)),
            "{first:?}"
        );
        let _ = (l, u);
        // Capped, it stops at the cap.
        let capped = walk_steps(&p, &order, PCRE2.features, 2).expect("no packing");
        assert_eq!(capped.solutions, 2);
        assert!(capped.nodes < walk.nodes);
    }

    #[test]
    fn programs_with_a_packing_are_left_to_the_packing_walk() {
        let mut p = Program::new('T');
        let items = p
            .packing(
                vec![crate::PackItem {
                    name: "i".into(),
                    options: vec![crate::PackOption {
                        label: "a".into(),
                        resources: vec![0],
                        requires: vec![],
                    }],
                    symmetry: None,
                }],
                1,
                1,
            )
            .unwrap();
        assert!(walk_steps(&p, &items, PCRE2.features, 1).is_none());
        let walk = walk_program(&p, &items, PCRE2.features, Propagation::None, 1).unwrap();
        assert_eq!((walk.nodes, walk.solutions), (1, 1));
    }
}
