//! The one-segment gadgets: choose, one-of, lookup, table, flat counts and ladder steps.
//!
//! Each becomes one subject segment and one pattern segment. Lists in the subject (a
//! variable's domain, a relation's tuples) are `,`-separated; the pattern skips to one item
//! and captures or backreferences its values.

use super::{skip_to_item, Lowered, Lowerer};
use crate::ast::{Greed, Node};
use crate::gadget::{Cmp, Gadget};
use crate::order::Step;
use crate::program::VarId;

/// `(?:,[^;]*+)?+`: the items after the one matched.
fn rest_of_list() -> Node {
    Node::optional(
        Node::Seq(vec![
            Node::lit(","),
            Node::star(Node::not_in(";"), Greed::Possessive),
        ]),
        Greed::Possessive,
    )
}

/// The subject segment listing `tuples`: items separated by `,`, values by `:`.
fn list(tuples: &[Vec<String>]) -> String {
    let mut s = String::new();
    for (i, t) in tuples.iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        s.push_str(&t.join(":"));
    }
    s.push(';');
    s
}

impl Lowerer<'_> {
    /// [`Gadget::Choose`]: a boolean takes the token or nothing from one token; any other
    /// variable picks one item of its domain's list.
    pub(super) fn lower_choose(&mut self, v: VarId) -> Lowered {
        let var = self.program.var(v).clone();
        let g = self.var_group(v);
        if var.boolean {
            let inner = if var.domain[0].is_empty() {
                Greed::Lazy
            } else {
                Greed::Greedy
            };
            let t = Node::lit(self.token.clone());
            return Lowered {
                subject: format!("{};", self.token),
                pattern: Node::Seq(vec![
                    Node::group(g, Node::optional(t.clone(), inner)),
                    Node::optional(t, self.greed(Greed::Possessive)),
                    Node::lit(";"),
                ]),
            };
        }
        let tuples: Vec<Vec<String>> = var.domain.iter().map(|d| vec![d.clone()]).collect();
        Lowered {
            subject: list(&tuples),
            pattern: Node::Seq(vec![
                skip_to_item(),
                Node::group(
                    g,
                    Node::star(Node::not_in(",;"), self.greed(Greed::Possessive)),
                ),
                Node::star(Node::not_in(";"), self.greed(Greed::Possessive)),
                Node::lit(";"),
            ]),
        }
    }

    /// [`Gadget::OneOf`]: one token, which the first boolean whose guards are all false (empty
    /// backreferences) may take; each boolean's group captures the token or nothing.
    pub(super) fn lower_one_of(&mut self, vars: &[VarId], guards: &[Vec<VarId>]) -> Lowered {
        let mut items = Vec::new();
        for (v, guard) in vars.iter().zip(guards) {
            let mut body = vec![Node::lit(self.token.clone())];
            body.extend(guard.iter().map(|x| self.backref(*x)));
            let g = self.var_group(*v);
            items.push(Node::group(
                g,
                Node::optional(Node::Seq(body), Greed::Greedy),
            ));
        }
        items.push(Node::lit(";"));
        Lowered {
            subject: format!("{};", self.token),
            pattern: Node::Seq(items),
        }
    }

    /// [`Gadget::Lookup`]: the tuples listed in the subject; the inputs' backreferences pick a
    /// tuple and the output's group captures its last value. Atomic when the inputs determine
    /// the output.
    pub(super) fn lower_lookup(
        &mut self,
        inputs: &[VarId],
        output: VarId,
        tuples: &[Vec<String>],
    ) -> Lowered {
        if tuples.is_empty() {
            self.var_group(output);
            return Lowered {
                subject: ";".into(),
                pattern: Node::Seq(vec![
                    Node::group(self.var_group[output.index()].unwrap(), Node::Fail),
                    Node::lit(";"),
                ]),
            };
        }
        let functional = {
            let mut keys: Vec<&[String]> = tuples.iter().map(|t| &t[..t.len() - 1]).collect();
            keys.sort();
            keys.windows(2).all(|w| w[0] != w[1])
        };
        let mut items = vec![skip_to_item()];
        for i in inputs {
            items.push(self.backref(*i));
            items.push(Node::lit(":"));
        }
        let g = self.var_group(output);
        items.push(Node::group(
            g,
            Node::star(Node::not_in(",;:"), self.greed(Greed::Possessive)),
        ));
        let body = Node::Seq(items);
        let body = if functional { self.atomic(body) } else { body };
        Lowered {
            subject: list(tuples),
            pattern: Node::Seq(vec![body, rest_of_list(), Node::lit(";")]),
        }
    }

    /// [`Gadget::Table`]: the allowed tuples listed in the subject; the variables'
    /// backreferences, `:`-separated, must spell one of them.
    pub(super) fn lower_table(&mut self, vars: &[VarId], tuples: &[Vec<String>]) -> Lowered {
        if tuples.is_empty() {
            return Lowered {
                subject: ";".into(),
                pattern: Node::Seq(vec![Node::Fail, Node::lit(";")]),
            };
        }
        let mut items = vec![skip_to_item()];
        for (i, v) in vars.iter().enumerate() {
            if i > 0 {
                items.push(Node::lit(":"));
            }
            items.push(self.backref(*v));
        }
        let body = self.atomic(Node::Seq(items));
        Lowered {
            subject: list(tuples),
            pattern: Node::Seq(vec![body, rest_of_list(), Node::lit(";")]),
        }
    }

    /// A flat [`Gadget::Count`]: every term's backreference, weight times, in one segment.
    pub(super) fn lower_count(&mut self, terms: &[(VarId, u32)], cmp: Cmp, k: u32) -> Lowered {
        let total: u32 = terms.iter().map(|t| t.1).sum();
        let sum = Node::Seq(
            terms
                .iter()
                .map(|(v, w)| Node::times(self.backref(*v), *w))
                .collect(),
        );
        self.bounded_sum(sum, cmp, k, total, 0)
    }

    /// One [`Step::Ladder`] of a ladder count: the previous partial sum plus this variable's
    /// weight, captured as the next partial sum (except at the last step), within bounds.
    pub(super) fn lower_ladder_step(&mut self, step: &Step) -> Lowered {
        let Step::Ladder {
            stmt,
            var,
            weight,
            first,
            prefix_max,
            remaining,
            last,
        } = step
        else {
            unreachable!("called for ladder steps only");
        };
        let (cmp, k) = match &self.program.statements[stmt.0 as usize] {
            Gadget::Count { cmp, k, .. } => (*cmp, *k),
            _ => unreachable!("ladder steps come from counts"),
        };
        let mut sum = Vec::new();
        if !first {
            sum.push(Node::Backref(
                self.ladder[stmt.0 as usize].expect("earlier step"),
            ));
        }
        sum.push(Node::times(self.backref(*var), *weight));
        let name = format!("S{}_{}", stmt.0, self.program.var(*var).name);
        let body = Node::Seq(sum);
        let node = if *last {
            body
        } else {
            let g = self.alloc(name, None);
            self.ladder[stmt.0 as usize] = Some(g);
            Node::group(g, body)
        };
        self.bounded_sum(node, cmp, k, *prefix_max, *remaining)
    }

    /// `sum` (a node matching the running total as tokens) must stay within what keeps
    /// `total cmp k` reachable, given at most `remaining` more to come.
    fn bounded_sum(&self, sum: Node, cmp: Cmp, k: u32, prefix_max: u32, remaining: u32) -> Lowered {
        let upper = match cmp {
            Cmp::Ge => prefix_max,
            Cmp::Le | Cmp::Eq => k.min(prefix_max),
        };
        let lower = match cmp {
            Cmp::Le => 0,
            Cmp::Eq | Cmp::Ge => k.saturating_sub(remaining),
        };
        if lower > upper {
            return Lowered {
                subject: ";".into(),
                pattern: Node::Seq(vec![Node::Fail, Node::lit(";")]),
            };
        }
        let slack = upper - lower;
        let mut items = vec![sum];
        if slack > 0 {
            items.push(Node::repeat(
                Node::lit(self.token.clone()),
                0,
                Some(slack),
                self.greed(Greed::Possessive),
            ));
        }
        items.push(Node::lit(";"));
        Lowered {
            subject: format!("{};", self.tokens(upper)),
            pattern: Node::Seq(items),
        }
    }
}
