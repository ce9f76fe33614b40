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
        // The capture ends where its item ends: a possessive capture takes the whole item;
        // without possessive quantifiers, what follows it must start with the next item's `,`
        // (else backtracking would capture `1` out of `12`, or nothing, and a count would
        // take each prefix as another value).
        let rest = if self.features.possessive {
            Node::star(Node::not_in(";"), Greed::Possessive)
        } else {
            Node::optional(
                Node::Seq(vec![
                    Node::lit(","),
                    Node::star(Node::not_in(";"), Greed::Greedy),
                ]),
                Greed::Greedy,
            )
        };
        Lowered {
            subject: list(&tuples),
            pattern: Node::Seq(vec![
                skip_to_item(),
                Node::group(
                    g,
                    Node::star(Node::not_in(",;"), self.greed(Greed::Possessive)),
                ),
                rest,
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
        // An atomic group commits to the first item that matches, so it must match a whole
        // item: `(?![^,;])` at its end, or `1` would stop at the row `12` listed before `1`
        // and fail there. Without a lookahead the group stays open to backtracking instead.
        let body = if self.features.atomic && self.features.lookahead {
            items.push(Node::Look {
                negative: true,
                node: Box::new(Node::not_in(",;")),
            });
            self.atomic(Node::Seq(items))
        } else {
            Node::Seq(items)
        };
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
        self.bounded_sum(sum, cmp, k, total, (0, 0))
    }

    /// One [`Step::Ladder`] of a ladder count: the previous partial sum plus the weights of this
    /// step's true terms, captured as the next partial sum (except at the last step, and named
    /// after the step's last term), within bounds.
    pub(super) fn lower_ladder_step(&mut self, step: &Step) -> Lowered {
        let Step::Ladder {
            stmt,
            terms,
            first,
            prefix_max,
            remaining,
            remaining_min,
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
        for (var, weight) in terms {
            sum.push(Node::times(self.backref(*var), *weight));
        }
        let last_term = terms.last().expect("a ladder step adds a term").0;
        let name = format!("S{}_{}", stmt.0, self.program.var(last_term).name);
        let body = Node::Seq(sum);
        let node = if *last {
            body
        } else {
            let g = self.alloc(name, None);
            self.ladder[stmt.0 as usize] = Some(g);
            Node::group(g, body)
        };
        self.bounded_sum(node, cmp, k, *prefix_max, (*remaining, *remaining_min))
    }

    /// `sum` (a node matching the running total as tokens, at most `prefix_max`) must stay
    /// within what keeps `total cmp k` reachable, given that the terms to come add at most
    /// `remaining.0` and at least `remaining.1` ([`sum_bounds`]).
    fn bounded_sum(
        &self,
        sum: Node,
        cmp: Cmp,
        k: u32,
        prefix_max: u32,
        remaining: (u32, u32),
    ) -> Lowered {
        let Some((lower, upper)) = sum_bounds(cmp, k, prefix_max, remaining) else {
            return Lowered {
                subject: ";".into(),
                pattern: Node::Seq(vec![Node::Fail, Node::lit(";")]),
            };
        };
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

/// The bounds a running sum must stay within to keep `total cmp k` reachable: at most
/// `prefix_max` so far, and the terms to come adding at most `remaining.0` and at least
/// `remaining.1`. `None` when no sum can (the count is already lost). Shared by the lowering and
/// the native walk of its tree.
pub(crate) fn sum_bounds(
    cmp: Cmp,
    k: u32,
    prefix_max: u32,
    (most, least): (u32, u32),
) -> Option<(u32, u32)> {
    let upper = match cmp {
        Cmp::Ge => prefix_max,
        Cmp::Le | Cmp::Eq => k.checked_sub(least)?.min(prefix_max),
    };
    let lower = match cmp {
        Cmp::Le => 0,
        Cmp::Eq | Cmp::Ge => k.saturating_sub(most),
    };
    (lower <= upper).then_some((lower, upper))
}

#[cfg(test)]
mod tests {
    use super::super::testing::lower;
    use crate::ast::{Greed, GroupId, Node};
    use crate::dialect::{FANCY, PCRE2};
    use crate::gadget::{Cmp, Form};
    use crate::program::Program;
    use crate::Features;

    #[test]
    fn a_boolean_takes_the_token_or_nothing() {
        let mut p = Program::new('Q');
        let x = p.bool_var("x", true).unwrap();
        let y = p.bool_var("y", false).unwrap();
        let l = lower(&p, &[x, y], PCRE2.features);
        assert_eq!(l.subject(0), "Q;");
        // True first: a greedy `Q?` in the group; false first: a lazy one.
        assert_eq!(l.pattern(0, &PCRE2), "(Q?)Q?+;");
        assert_eq!(l.pattern(1, &PCRE2), "(Q??)Q?+;");
        assert_eq!(l.names(), ["x", "y"]);
        // Without possessive quantifiers the leftover token is a plain `Q?`, in the AST too.
        let portable = lower(&p, &[x, y], Features::PORTABLE);
        let Node::Seq(items) = &portable.segments[0].pattern else {
            panic!("a sequence");
        };
        assert_eq!(items[1], Node::optional(Node::lit("Q"), Greed::Greedy));
    }

    #[test]
    fn a_choice_picks_one_item_of_its_domain() {
        let mut p = Program::new('Q');
        let c = p.choice_var("c", &["a", "bb", "c"]).unwrap();
        let l = lower(&p, &[c], PCRE2.features);
        assert_eq!(l.subject(0), "a,bb,c;");
        assert_eq!(l.pattern(0, &PCRE2), "(?:[^,;]*+,)*?([^,;]*+)[^;]*+;");
        assert_eq!(l.pattern(0, &FANCY), "(?:[^,;]*,)*?([^,;]*)[^;]*;");
    }

    #[test]
    fn one_of_guards_each_boolean_with_backreferences() {
        let mut p = Program::new('Q');
        let x = p.bool_var("x", true).unwrap();
        let names = ["y".to_string(), "z".to_string()];
        let yz = p.one_of(&names, vec![vec![x], vec![]]).unwrap();
        let mut order = vec![x];
        order.extend(&yz);
        let l = lower(&p, &order, PCRE2.features);
        // `y` takes the one token only while `x` is false (an empty `\g{1}` after it); `z` is
        // unguarded. Each group captures the token or nothing.
        assert_eq!(l.subject(1), "Q;");
        assert_eq!(l.pattern(1, &PCRE2), "((?:Q\\g{1})?)(Q?);");
        assert_eq!(l.names(), ["x", "y", "z"]);
    }

    #[test]
    fn a_flat_count_bounds_the_weighted_sum() {
        let mut p = Program::new('Q');
        let x = p.bool_var("x", true).unwrap();
        let y = p.bool_var("y", true).unwrap();
        p.count(&[(x, 1), (y, 2)], Cmp::Le, 2, Form::Flat).unwrap();
        let l = lower(&p, &[x, y], PCRE2.features);
        // At most 2 tokens: the sum itself, then whatever of the 2 it left over.
        assert_eq!(l.subject(2), "QQ;");
        assert_eq!(l.pattern(2, &PCRE2), "\\g{1}\\g{2}{2}Q{0,2}+;");
        // An exact count of 3 needs all three tokens: no slack.
        let mut p = Program::new('Q');
        let x = p.bool_var("x", true).unwrap();
        let y = p.bool_var("y", true).unwrap();
        p.count(&[(x, 1), (y, 2)], Cmp::Eq, 3, Form::Flat).unwrap();
        let l = lower(&p, &[x, y], PCRE2.features);
        assert_eq!(l.subject(2), "QQQ;");
        assert_eq!(l.pattern(2, &PCRE2), "\\g{1}\\g{2}{2};");
    }

    #[test]
    fn a_count_that_cannot_be_met_fails_at_once() {
        let mut p = Program::new('Q');
        let x = p.bool_var("x", true).unwrap();
        let y = p.bool_var("y", true).unwrap();
        p.count(&[(x, 1), (y, 1)], Cmp::Ge, 3, Form::Flat).unwrap();
        let l = lower(&p, &[x, y], PCRE2.features);
        assert_eq!(l.subject(2), ";");
        assert_eq!(
            l.segments[2].pattern,
            Node::Seq(vec![Node::Fail, Node::lit(";")])
        );
    }

    #[test]
    fn a_ladder_keeps_a_partial_sum_per_step() {
        let mut p = Program::new('Q');
        let vars: Vec<_> = ["a", "b", "c"]
            .iter()
            .map(|n| p.bool_var(n, true).unwrap())
            .collect();
        let terms: Vec<_> = vars.iter().map(|v| (*v, 1)).collect();
        p.count(&terms, Cmp::Eq, 1, Form::Ladder).unwrap();
        let l = lower(&p, &vars, PCRE2.features);
        let patterns: Vec<String> = (0..l.segments.len())
            .map(|i| l.pattern(i, &PCRE2))
            .collect();
        // a; step a; b; step b; c; last step (no group of its own).
        assert_eq!(
            patterns,
            [
                "(Q?)Q?+;",
                "(\\g{1})Q?+;",
                "(Q?)Q?+;",
                "(\\g{2}\\g{3})Q?+;",
                "(Q?)Q?+;",
                "\\g{4}\\g{5};",
            ]
        );
        // The last step must reach exactly 1; the others may still be below.
        assert_eq!(l.subject(5), "Q;");
        assert_eq!(l.names(), ["a", "S3_a", "b", "S3_b", "c"]);
    }

    #[test]
    fn a_table_lists_its_tuples_and_matches_one_atomically() {
        let mut p = Program::new('Q');
        let x = p.bool_var("x", true).unwrap();
        let y = p.bool_var("y", true).unwrap();
        p.implies(x, y).unwrap();
        let l = lower(&p, &[x, y], PCRE2.features);
        assert_eq!(l.subject(2), ":,:Q,Q:Q;");
        assert_eq!(
            l.pattern(2, &PCRE2),
            "(?>(?:[^,;]*+,)*?\\g{1}:\\g{2}(?![^,;]))(?:,[^;]*+)?+;"
        );
        // Without atomic groups the same items stand in the sequence, ungrouped.
        let portable = lower(&p, &[x, y], Features::PORTABLE);
        assert_eq!(
            portable.pattern(2, &PCRE2),
            "(?:[^,;]*+,)*?\\g{1}:\\g{2}(?:,[^;]*+)?+;"
        );
    }

    #[test]
    fn a_table_without_tuples_never_matches() {
        let mut p = Program::new('Q');
        let x = p.bool_var("x", true).unwrap();
        p.table(&[x], vec![]).unwrap();
        let l = lower(&p, &[x], PCRE2.features);
        assert_eq!(l.subject(1), ";");
        assert_eq!(l.pattern(1, &PCRE2), "(*FAIL);");
    }

    #[test]
    fn a_lookup_captures_its_output_from_the_tuple_its_inputs_pick() {
        let mut p = Program::new('Q');
        let c = p.choice_var("c", &["a", "b"]).unwrap();
        let tuples = |t: &[[&str; 2]]| -> Vec<Vec<String>> {
            t.iter()
                .map(|r| r.iter().map(|s| s.to_string()).collect())
                .collect()
        };
        // A function of `c`: atomic.
        let f = p
            .lookup_var("f", &[c], tuples(&[["a", "1"], ["b", "2"]]))
            .unwrap();
        // Two outputs for `a`: tried in order, so not atomic.
        let r = p
            .lookup_var("r", &[c], tuples(&[["a", "1"], ["a", "2"]]))
            .unwrap();
        let l = lower(&p, &[c, f, r], PCRE2.features);
        assert_eq!(l.subject(1), "a:1,b:2;");
        assert_eq!(
            l.pattern(1, &PCRE2),
            "(?>(?:[^,;]*+,)*?\\g{1}:([^,;:]*+))(?:,[^;]*+)?+;"
        );
        assert_eq!(
            l.pattern(2, &PCRE2),
            "(?:[^,;]*+,)*?\\g{1}:([^,;:]*+)(?:,[^;]*+)?+;"
        );
        assert_eq!(l.segments.len(), 3);
        assert_eq!(l.groups[1].var, Some(f.0));
    }

    #[test]
    fn a_lookup_without_tuples_gets_a_failing_group() {
        let mut p = Program::new('Q');
        let c = p.choice_var("c", &["a"]).unwrap();
        let out = p.lookup_var("out", &[c], vec![]).unwrap();
        let l = lower(&p, &[c, out], PCRE2.features);
        assert_eq!(l.subject(1), ";");
        assert_eq!(
            l.segments[1].pattern,
            Node::Seq(vec![Node::group(GroupId(1), Node::Fail), Node::lit(";")])
        );
    }
}
