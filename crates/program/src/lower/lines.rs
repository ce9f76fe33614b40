//! The line gadgets, one segment each: booleans that are not all equal, and two boolean
//! sequences that differ somewhere.

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

    /// [`crate::Gadget::Differ`]: subject one token; one alternative per position, the two
    /// backreferences of that position, which spell exactly one token only where the values
    /// differ: `(?:\g{a1}\g{b1}|\g{a2}\g{b2});` on `T;`.
    pub(super) fn lower_differ(&mut self, left: &[VarId], right: &[VarId]) -> Lowered {
        let alternatives = left
            .iter()
            .zip(right)
            .map(|(a, b)| Node::Seq(vec![self.backref(*a), self.backref(*b)]))
            .collect();
        Lowered {
            subject: format!("{};", self.token),
            pattern: Node::Seq(vec![Node::Alt(alternatives), Node::lit(";")]),
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
    fn differ_tries_one_position_per_alternative() {
        let mut p = Program::new('T');
        let v: Vec<_> = (0..4)
            .map(|i| p.bool_var(&format!("x{i}"), false).unwrap())
            .collect();
        p.differ(&v[0..2], &v[2..4]).unwrap();
        let l = lower(&p, &v, PCRE2.features);
        assert_eq!(l.subject(4), "T;");
        assert_eq!(l.pattern(4, &PCRE2), "(?:\\g{1}\\g{3}|\\g{2}\\g{4});");
    }
}
