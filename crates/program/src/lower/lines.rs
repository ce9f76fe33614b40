//! The line gadgets, one segment each: booleans that are not all equal, and two boolean
//! sequences that differ somewhere.

use super::first_difference::{first_difference, Position};
use super::{Lowered, Lowerer};
use crate::ast::{Greed, Node};
use crate::program::VarId;

impl Lowerer<'_> {
    /// [`crate::Gadget::NotAllEqual`] over k booleans: subject k − 1 tokens; the backreferences
    /// must fit in them (not all true) and leave at most k − 2 (not all false):
    /// `\g{a}\g{b}\g{c}T?+;` on `TT;` for three.
    pub(super) fn lower_not_all_equal(&mut self, vars: &[VarId]) -> Lowered {
        let k = vars.len() as u32;
        let mut items: Vec<Node> = vars.iter().map(|v| self.backref(*v)).collect();
        if k >= 3 {
            items.push(Node::repeat(
                Node::lit(self.token.clone()),
                0,
                Some(k - 2),
                self.greed(Greed::Possessive),
            ));
        }
        items.push(Node::lit(";"));
        Lowered {
            subject: format!("{};", self.tokens(k - 1)),
            pattern: Node::Seq(items),
        }
    }

    /// [`crate::Gadget::Differ`]. At a position the two backreferences spell one token where
    /// the values differ, none or two where they are equal. With atomic groups: subject one
    /// token, and one atomic alternation whose first alternative to fit commits, so every
    /// assignment matches in one way only (counting stays exact) and the whole check is one
    /// bracket (large programs of them stay within PCRE2's JIT frame):
    /// `(?>\g{a1}\g{b1};|\g{a2}\g{b2};)` on `T;`. Without them the subject has a slot `TT=`
    /// per position and the pattern walks the positions in order: at each either the values
    /// differ (`\g{a}\g{b}T=`, then the rest is skipped) or they are equal
    /// (`\g{a}\g{b}(?:TT)?=`, on to the next position), two branches that exclude each other:
    /// `(?:\g{a1}\g{b1}T=[^;]*|\g{a1}\g{b1}(?:TT)?=(?:..|..(*FAIL)));` (by chunks past
    /// [`super::first_difference::CHAIN_UP_TO`] positions). Both grow linearly with the length.
    pub(super) fn lower_differ(&mut self, left: &[VarId], right: &[VarId]) -> Lowered {
        let t = self.token.clone();
        let pair = |l: &Self, a: VarId, b: VarId| Node::Seq(vec![l.backref(a), l.backref(b)]);
        if self.features.atomic {
            let alternatives = left
                .iter()
                .zip(right)
                .map(|(a, b)| Node::Seq(vec![pair(self, *a, *b), Node::lit(";")]))
                .collect();
            return Lowered {
                subject: format!("{t};"),
                pattern: Node::Atomic(Box::new(Node::Alt(alternatives))),
            };
        }
        let subject = format!("{};", format!("{t}{t}=").repeat(left.len()));
        let rest = Node::star(Node::not_in(";"), self.greed(Greed::Possessive));
        let equal_slot = Node::Seq(vec![
            Node::optional(Node::lit(format!("{t}{t}")), self.greed(Greed::Possessive)),
            Node::lit("="),
        ]);
        let positions: Vec<Position> = left
            .iter()
            .zip(right)
            .map(|(a, b)| Position {
                differ: vec![pair(self, *a, *b), Node::lit(format!("{t}=")), rest.clone()],
                equal: vec![pair(self, *a, *b), equal_slot.clone()],
            })
            .collect();
        Lowered {
            subject,
            pattern: Node::Seq(vec![first_difference(&positions), Node::lit(";")]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::lower;
    use crate::dialect::{FANCY, PCRE2};
    use crate::program::Program;
    use crate::Features;

    #[test]
    fn not_all_equal_leaves_room_for_all_but_one_token() {
        let mut p = Program::new('T');
        let v: Vec<_> = (0..3)
            .map(|i| p.bool_var(&format!("x{i}"), false).unwrap())
            .collect();
        p.no_run(&v, 2).unwrap();
        let l = lower(&p, &v, PCRE2.features);
        // x0; x1; x2; then the window right after its last cell.
        assert_eq!(l.subject(3), "TT;");
        assert_eq!(l.pattern(3, &PCRE2), "\\g{1}\\g{2}\\g{3}T?+;");
        assert_eq!(l.pattern(3, &FANCY), "\\1\\2\\3T?;");
        // Two booleans: exactly one token, no slack.
        let mut p = Program::new('T');
        let v: Vec<_> = (0..2)
            .map(|i| p.bool_var(&format!("x{i}"), false).unwrap())
            .collect();
        p.not_all_equal(&v).unwrap();
        let l = lower(&p, &v, Features::PORTABLE);
        assert_eq!(l.subject(2), "T;");
        assert_eq!(l.pattern(2, &PCRE2), "\\g{1}\\g{2};");
    }

    #[test]
    fn differ_walks_the_positions_until_the_first_that_differs() {
        let mut p = Program::new('T');
        let v: Vec<_> = (0..4)
            .map(|i| p.bool_var(&format!("x{i}"), false).unwrap())
            .collect();
        p.differ(&v[0..2], &v[2..4]).unwrap();
        let l = lower(&p, &v, PCRE2.features);
        assert_eq!(l.subject(4), "T;");
        assert_eq!(l.pattern(4, &PCRE2), "(?>\\g{1}\\g{3};|\\g{2}\\g{4};)");
        // Without atomic groups: nested alternatives, first differing position first.
        let l = lower(&p, &v, Features::PORTABLE);
        assert_eq!(l.subject(4), "TT=TT=;");
        assert_eq!(
            l.pattern(4, &PCRE2),
            "(?:\\g{1}\\g{3}T=[^;]*|\\g{1}\\g{3}(?:TT)?=(?:\\g{2}\\g{4}T=[^;]*|\\g{2}\\g{4}(?:TT)?=(*FAIL)));"
        );
    }
}
