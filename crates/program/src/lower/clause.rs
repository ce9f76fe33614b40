//! The clause gadget and the clause lookahead (propagation inside the pattern).
//!
//! A boolean's group holds the true token or nothing, so a backreference spells its value.
//! A clause is false exactly when its negated variables all spell the token and its plain ones
//! spell nothing: with lookahead the segment is `T×(negated):;` and the clause is one negative
//! lookahead on that spelling (`(?!\g{b}:\g{a};)T:;` for `a ∨ ¬b`; the `:` keeps a true `a`
//! from standing in for a false `b`), which matches at most one way and costs one pass. Without lookahead (`--portable`) the subject lists, for each
//! literal, the values of the literals up to it when it is the first true one, and the pattern
//! skips to the item its own values spell: alternatives that exclude each other, so a clause
//! with several true literals still matches once.
//!
//! The lookahead of a variable `y` over clauses whose other literals are all decided: it holds
//! unless some clause needs `y` true (its others all false) and another needs it false.
//! With the segment `T×m:;` (`m` the most negated others in one clause), each clause's
//! "others all false" is a spelling padded to `m` tokens, and the statement is
//! `(?!(?=F1|F2..)(?:G1|G2..))T{m}:;`: not (some clause forces true and some forces false).
//! Without lookahead it lowers to an empty segment (it is only a hint).

use super::{Lowered, Lowerer};
use crate::ast::{Greed, Node};
use crate::program::VarId;

impl Lowerer<'_> {
    /// The literals' "all false" spelling, padded with leading tokens to `width` negated
    /// literals, then `;`.
    fn all_false(&self, lits: &[(VarId, bool)], width: usize) -> Node {
        let negated = lits.iter().filter(|l| !l.1).count();
        let mut items = vec![Node::times(
            Node::lit(self.token.clone()),
            (width - negated) as u32,
        )];
        items.extend(lits.iter().filter(|l| !l.1).map(|l| self.backref(l.0)));
        items.push(Node::lit(":"));
        items.extend(lits.iter().filter(|l| l.1).map(|l| self.backref(l.0)));
        items.push(Node::lit(";"));
        Node::Seq(items)
    }

    /// [`crate::Gadget::Clause`].
    pub(super) fn lower_clause(&mut self, lits: &[(VarId, bool)]) -> Lowered {
        if lits.is_empty() {
            return Lowered {
                subject: ";".into(),
                pattern: Node::Seq(vec![Node::Fail, Node::lit(";")]),
            };
        }
        if self.features.lookahead {
            let negated = lits.iter().filter(|l| !l.1).count();
            return Lowered {
                subject: format!("{}:;", self.tokens(negated as u32)),
                pattern: Node::Seq(vec![
                    Node::Look {
                        negative: true,
                        node: Box::new(self.all_false(lits, negated)),
                    },
                    Node::lit(self.tokens(negated as u32)),
                    Node::lit(":;"),
                ]),
            };
        }
        // Item j: literals 0..j false, literal j true, their values `:`-separated.
        let t = self.token.clone();
        let items: Vec<String> = (0..lits.len())
            .map(|j| {
                lits[..=j]
                    .iter()
                    .enumerate()
                    .map(|(i, (_, plain))| {
                        let truth = i == j;
                        if truth == *plain {
                            t.clone()
                        } else {
                            String::new()
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(":")
            })
            .collect();
        let alternatives = (0..lits.len())
            .map(|j| {
                let mut seq = vec![Node::times(
                    Node::Seq(vec![
                        Node::star(Node::not_in(",;"), Greed::Greedy),
                        Node::lit(","),
                    ]),
                    j as u32,
                )];
                for (i, (v, _)) in lits[..=j].iter().enumerate() {
                    if i > 0 {
                        seq.push(Node::lit(":"));
                    }
                    seq.push(self.backref(*v));
                }
                seq.push(Node::optional(
                    Node::Seq(vec![
                        Node::lit(","),
                        Node::star(Node::not_in(";"), Greed::Greedy),
                    ]),
                    Greed::Greedy,
                ));
                Node::Seq(seq)
            })
            .collect();
        Lowered {
            subject: format!("{};", items.join(",")),
            pattern: Node::Seq(vec![Node::Alt(alternatives), Node::lit(";")]),
        }
    }

    /// [`crate::Gadget::ClauseLookahead`].
    pub(super) fn lower_clause_lookahead(
        &mut self,
        var: VarId,
        clauses: &[Vec<(VarId, bool)>],
    ) -> Lowered {
        // Clauses where `var` is negated need another literal if it is true, and conversely.
        let others = |want: bool| -> Vec<Vec<(VarId, bool)>> {
            clauses
                .iter()
                .filter(|c| c.iter().any(|l| l.0 == var && l.1 == want))
                .map(|c| c.iter().copied().filter(|l| l.0 != var).collect())
                .collect()
        };
        let if_true = others(false);
        let if_false = others(true);
        if !self.features.lookahead || if_true.is_empty() || if_false.is_empty() {
            return Lowered {
                subject: ";".into(),
                pattern: Node::lit(";"),
            };
        }
        let width = if_true
            .iter()
            .chain(&if_false)
            .map(|c| c.iter().filter(|l| !l.1).count())
            .max()
            .unwrap_or(0);
        let forced = |cs: &[Vec<(VarId, bool)>]| -> Node {
            let alts: Vec<Node> = cs.iter().map(|c| self.all_false(c, width)).collect();
            if alts.len() == 1 {
                alts.into_iter().next().expect("one")
            } else {
                Node::Alt(alts)
            }
        };
        let both = Node::Seq(vec![
            Node::Look {
                negative: false,
                node: Box::new(forced(&if_true)),
            },
            forced(&if_false),
        ]);
        Lowered {
            subject: format!("{}:;", self.tokens(width as u32)),
            pattern: Node::Seq(vec![
                Node::Look {
                    negative: true,
                    node: Box::new(both),
                },
                Node::lit(self.tokens(width as u32)),
                Node::lit(":;"),
            ]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::lower;
    use crate::dialect::{Features, FANCY, PCRE2};
    use crate::program::Program;

    #[test]
    fn meanings_a_clause_and_a_lookahead_implied_by_its_clauses() {
        let mut p = Program::new('T');
        let a = p.bool_var("a", true).unwrap();
        let y = p.bool_var("y", true).unwrap();
        let c1 = vec![(a, true), (y, true)];
        let c2 = vec![(a, true), (y, false)];
        p.clause(&c1).unwrap();
        p.clause_lookahead(y, vec![c1.clone(), c2]).unwrap();
        let v = |a: &str, y: &str| vec![a.to_string(), y.to_string()];
        let holds = |i: usize, values: &[String]| p.statements[i].holds(&p, values);
        // The clause a ∨ y.
        assert!(holds(2, &v("T", "")) && holds(2, &v("", "T")) && !holds(2, &v("", "")));
        // a false forces y both ways: no value of y is left, whatever y holds.
        assert!(!holds(3, &v("", "T")) && !holds(3, &v("", "")));
        assert!(holds(3, &v("T", "")));
        // Every clause must contain the variable looked ahead at.
        assert!(p.clause_lookahead(y, vec![vec![(a, true)]]).is_err());
    }

    #[test]
    fn a_clause_is_one_negative_lookahead_on_its_false_spelling() {
        let mut p = Program::new('T');
        let a = p.bool_var("a", true).unwrap();
        let b = p.bool_var("b", true).unwrap();
        let c = p.bool_var("c", false).unwrap();
        p.clause(&[(a, true), (b, false), (c, true)]).unwrap();
        let l = lower(&p, &[a, b, c], PCRE2.features);
        assert_eq!(l.subject(3), "T:;");
        assert_eq!(l.pattern(3, &PCRE2), "(?!\\g{2}:\\g{1}\\g{3};)T:;");
        assert_eq!(l.pattern(3, &FANCY), "(?!\\2:\\1\\3;)T:;");
    }

    #[test]
    fn without_lookahead_the_first_true_literal_picks_one_item() {
        let mut p = Program::new('T');
        let a = p.bool_var("a", true).unwrap();
        let b = p.bool_var("b", true).unwrap();
        p.clause(&[(a, true), (b, false)]).unwrap();
        let l = lower(&p, &[a, b], Features::PORTABLE);
        // a true: "T"; a false and b false: ":" (nothing, nothing).
        assert_eq!(l.subject(2), "T,:;");
        assert_eq!(
            l.pattern(2, &FANCY),
            "(?:\\1(?:,[^;]*)?|[^,;]*,\\1:\\2(?:,[^;]*)?);"
        );
    }

    #[test]
    fn a_lookahead_fails_when_both_values_are_forced() {
        let mut p = Program::new('T');
        let a = p.bool_var("a", true).unwrap();
        let b = p.bool_var("b", true).unwrap();
        let y = p.bool_var("y", true).unwrap();
        // a ∨ y, ¬b ∨ ¬y: y forced true when a is false, false when b is true.
        p.clause_lookahead(
            y,
            vec![vec![(a, true), (y, true)], vec![(b, false), (y, false)]],
        )
        .unwrap();
        let l = lower(&p, &[a, b, y], PCRE2.features);
        assert_eq!(l.subject(2), "T:;");
        assert_eq!(l.pattern(2, &PCRE2), "(?!(?=\\g{2}:;)T:\\g{1};)T:;");
        // Without lookahead it is only an empty segment.
        let portable = lower(&p, &[a, b, y], Features::PORTABLE);
        assert_eq!(portable.subject(2), ";");
        assert_eq!(portable.pattern(2, &FANCY), ";");
    }
}
