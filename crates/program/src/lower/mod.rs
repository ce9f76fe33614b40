//! Lowering: each ordered step becomes a subject segment and a pattern AST, in the best form the
//! target's features allow.
//!
//! This module is the driver: the [`Lowerer`] with its group allocation, and the dispatch of
//! each step to the module that holds its form.
//!
//! - `scalar`: choose, one-of, lookup, table, flat counts and ladder steps (one segment each);
//! - `lines`: the line gadgets: not all equal, sequences that differ (one segment each);
//! - `exclude`: the exclusion of one assignment (re-solving to count on any engine);
//! - `guards`: the union gadget and the portable packing form (guarded booleans, union stops);
//! - `packing`: what every packing form shares, and the choice among them;
//! - `branch_reset`: the packing's branch-reset form;
//! - `forward`, `complete`: propagation in that form (forward checks, the packing lookahead);
//! - `reset_chain`: one item's options in that form, nested so that they share their padding;
//! - `trie`: the packing's trie-loop form;
//! - `dead_checks`: the trie form's dead-resource checks under a waste budget.

use crate::ast::{Greed, GroupId, Node};
use crate::dialect::Features;
use crate::gadget::Gadget;
use crate::order::Step;
use crate::program::{Program, VarId};

mod branch_reset;
mod call_lookup;
mod clause;
mod complete;
mod dead_checks;
mod exclude;
mod first_difference;
mod forward;
mod guards;
mod lines;
mod packing;
mod radix;
mod reset_chain;
mod scalar;
mod trie;
mod tuples;
mod walk;
mod walk_steps;

#[cfg(test)]
mod testing;

pub use branch_reset::RESET_PAD_BUDGET;
pub use forward::{FORWARD_BUDGET, LIGHT_USERS, SCAN_BUDGET, SHARE_OPTIONS_FROM, SHARE_OVER};
pub use walk::{walk_packing, Walk};
pub use walk_steps::{walk_program, walk_steps};

/// A lowered segment: the subject text (ending in `;`) and the pattern that must match it.
#[derive(Clone, Debug)]
pub struct Lowered {
    /// Subject segment, ending in `;`.
    pub subject: String,
    /// Pattern segment, ending in the literal `;`.
    pub pattern: Node,
}

/// What a capturing group holds, for decoding and for readable names.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct GroupInfo {
    /// The group's number in the pattern.
    pub number: usize,
    /// Its readable name.
    pub name: String,
    /// The program variable it captures, if any (ladder partial sums have none).
    pub var: Option<u32>,
}

/// Where a variable's value is read from in a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// Its own group captures the value.
    Group(GroupId),
    /// One group per domain value, in domain order; the one that captured text is the value.
    Flags(Vec<GroupId>),
    /// A packing item: each resource's group captures the token of the item using it; the value
    /// is the option whose resources are exactly the item's.
    Resources {
        /// The item's token.
        token: String,
        /// The group of each resource.
        groups: std::rc::Rc<Vec<GroupId>>,
        /// Resources of each option, in domain order.
        options: Vec<Vec<u32>>,
    },
}

/// Lowers steps in order, allocating capture groups as they appear.
pub struct Lowerer<'p> {
    program: &'p Program,
    features: Features,
    token: String,
    /// Every group allocated so far, by id.
    pub groups: Vec<GroupInfo>,
    /// The group of each variable that has one.
    pub var_group: Vec<Option<GroupId>>,
    /// Variables read in another way than from their own group.
    pub sources: Vec<(VarId, Source)>,
    ladder: Vec<Option<GroupId>>,
    callouts: bool,
    propagation: crate::Propagation,
    /// Whether a packing with a waste budget gets the trie form's dead-resource checks.
    dead_checks: bool,
    /// The strongest propagation a lowered statement carries (a check called or a lookahead
    /// made): the asked level, or weaker where a packing's form or the budget of calls left
    /// its checks out. A native walk mirrors this level, not the asked one.
    pub carried: crate::Propagation,
    /// The first statement the target's features could not express, in words: the compiler
    /// returns it as [`crate::ProgramError::Unsupported`].
    pub unsupported: Option<String>,
}

/// `(?:[^,;]*+,)*?`: skips whole items of a `,`-separated list, fewest first.
fn skip_to_item() -> Node {
    Node::star(
        Node::Seq(vec![
            Node::star(Node::not_in(",;"), Greed::Possessive),
            Node::lit(","),
        ]),
        Greed::Lazy,
    )
}

impl<'p> Lowerer<'p> {
    /// A lowerer for `program` using `features` of the target; `callouts` puts a callout in
    /// loop bodies (statements get theirs from the compiler).
    pub fn new(program: &'p Program, features: Features, callouts: bool) -> Lowerer<'p> {
        Lowerer {
            program,
            features,
            token: program.true_token.to_string(),
            groups: Vec::new(),
            var_group: vec![None; program.vars.len()],
            sources: Vec::new(),
            ladder: vec![None; program.statements.len()],
            callouts,
            propagation: crate::Propagation::None,
            dead_checks: true,
            carried: crate::Propagation::None,
            unsupported: None,
        }
    }

    /// This lowerer with `propagation` inside the pattern where the target can express it.
    pub fn with_propagation(mut self, propagation: crate::Propagation) -> Lowerer<'p> {
        self.propagation = propagation;
        self
    }

    /// This lowerer with or without the trie form's dead-resource checks
    /// ([`crate::Options::dead_checks`]).
    pub fn with_dead_checks(mut self, dead_checks: bool) -> Lowerer<'p> {
        self.dead_checks = dead_checks;
        self
    }

    /// Lowers one step.
    pub fn lower(&mut self, step: &Step) -> Lowered {
        match step {
            Step::Stmt(sid) => {
                // The program outlives the lowerer's borrow of itself: no copy of the gadget.
                let program = self.program;
                self.lower_gadget(&program.statements[sid.0 as usize])
            }
            Step::Ladder { .. } => self.lower_ladder_step(step),
        }
    }

    fn lower_gadget(&mut self, g: &Gadget) -> Lowered {
        match g {
            Gadget::Choose { var } => self.lower_choose(*var),
            Gadget::OneOf { vars, guards } => self.lower_one_of(vars, guards),
            Gadget::Union { output, members } => self.lower_union(*output, members),
            Gadget::Lookup {
                inputs,
                output,
                tuples,
            } => self.lower_lookup(inputs, *output, tuples),
            Gadget::Table { vars, tuples } => self.lower_table(vars, tuples),
            Gadget::Packing { .. } => self.lower_packing(g),
            Gadget::Count { terms, cmp, k, .. } => self.lower_count(terms, *cmp, *k),
            Gadget::Clause { lits } => self.lower_clause(lits),
            Gadget::ClauseLookahead { var, clauses } => self.lower_clause_lookahead(*var, clauses),
            Gadget::NotAllEqual { vars } => self.lower_not_all_equal(vars),
            Gadget::Differ { left, right } => self.lower_differ(left, right),
            Gadget::Exclude { vars, values } => self.lower_exclude(vars, values),
        }
    }

    /// Allocates the next group, named `name`, capturing `var` if given.
    pub(super) fn alloc(&mut self, name: String, var: Option<VarId>) -> GroupId {
        let id = GroupId(self.groups.len() as u32);
        self.groups.push(GroupInfo {
            number: id.number(),
            name,
            var: var.map(|v| v.0),
        });
        if let Some(v) = var {
            self.var_group[v.index()] = Some(id);
        }
        id
    }

    /// The group of `v`, allocated on first use.
    fn var_group(&mut self, v: VarId) -> GroupId {
        match self.var_group[v.index()] {
            Some(g) => g,
            None => {
                let name = self.program.var(v).name.clone();
                self.alloc(name, Some(v))
            }
        }
    }

    /// A backreference to `v`'s group, which an earlier step defined.
    fn backref(&self, v: VarId) -> Node {
        Node::Backref(self.var_group[v.index()].expect("ordering defines variables before use"))
    }

    /// `node` in an atomic group where the target has them.
    fn atomic(&self, node: Node) -> Node {
        if self.features.atomic {
            Node::Atomic(Box::new(node))
        } else {
            node
        }
    }

    /// `wanted`, with possessive made greedy where the target has no possessive quantifiers.
    fn greed(&self, wanted: Greed) -> Greed {
        if wanted == Greed::Possessive && !self.features.possessive {
            Greed::Greedy
        } else {
            wanted
        }
    }

    /// `n` true tokens.
    fn tokens(&self, n: u32) -> String {
        self.token.repeat(n as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::testing::{lower, packing};
    use super::{GroupInfo, Lowerer};
    use crate::ast::Node;
    use crate::dialect::{FANCY, PCRE2};
    use crate::order::order;
    use crate::program::Program;

    #[test]
    fn groups_are_numbered_as_allocated_and_read_back_by_reference() {
        let mut p = Program::new('Q');
        let c = p.choice_var("c", &["a", "b"]).unwrap();
        let x = p.bool_var("x", true).unwrap();
        p.table(&[x, c], vec![vec!["Q".into(), "b".into()]])
            .unwrap();
        let l = lower(&p, &[c, x], PCRE2.features);
        assert_eq!(
            l.groups,
            [
                GroupInfo {
                    number: 1,
                    name: "c".into(),
                    var: Some(c.0),
                },
                GroupInfo {
                    number: 2,
                    name: "x".into(),
                    var: Some(x.0),
                },
            ]
        );
        // The table reads both through backreferences to their groups.
        assert_eq!(l.subject(2), "Q:b;");
        assert!(l.pattern(2, &PCRE2).contains("\\g{2}:\\g{1}"));
    }

    #[test]
    fn loop_bodies_get_a_callout_when_asked() {
        let mut p = Program::new('T');
        let o: &[&[u32]] = &[&[0], &[1]];
        let vars = packing(&mut p, &[o, o], 2, 0, &[], None);
        let steps = order(&p, &vars).unwrap();
        for features in [PCRE2.features, FANCY.features] {
            let mut lowerer = Lowerer::new(&p, features, true);
            let lowered = lowerer.lower(&steps[0]);
            let mut found = false;
            fn visit(n: &Node, found: &mut bool) {
                match n {
                    Node::Callout(1) => *found = true,
                    Node::Seq(v) | Node::Alt(v) | Node::BranchReset(v) => {
                        v.iter().for_each(|n| visit(n, found))
                    }
                    Node::Repeat { node, .. } => visit(node, found),
                    _ => {}
                }
            }
            visit(&lowered.pattern, &mut found);
            assert!(found, "{features:?}");
        }
    }
}
