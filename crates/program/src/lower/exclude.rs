//! The exclusion gadget ([`crate::Gadget::Exclude`]): the variables do not all take the listed
//! values. One segment; its form depends on lookahead and on where each variable's value is read
//! from (its own group, a flag group per value, or a packing item's resource groups).

use super::first_difference::{first_difference, Position};
use super::{Lowered, Lowerer, Source};
use crate::ast::{Greed, Node};
use crate::program::VarId;

/// One variable's equality test "v is x": subject text and the pattern that matches it exactly
/// when v takes x.
struct Test {
    subject: String,
    pattern: Vec<Node>,
}

impl Lowerer<'_> {
    /// Where `v`'s value is read from, as the steps so far recorded it.
    fn source(&self, v: VarId) -> Option<Source> {
        if let Some(g) = self.var_group[v.index()] {
            return Some(Source::Group(g));
        }
        self.sources
            .iter()
            .rev()
            .find(|(w, _)| *w == v)
            .map(|(_, s)| s.clone())
    }

    /// [`crate::Gadget::Exclude`]. With lookahead, a negative lookahead on the equality tests
    /// of every variable, then the segment skipped: `(?!\g{1},\g{2},;)[^;]*+;` on `a,T,;`.
    /// Without it, the positions are walked like the portable differ: at each either the value
    /// is one of the others (listed before `:`, then the rest is skipped) or it is the excluded
    /// one (after `:`) and the walk goes on; past the last position it fails:
    /// `(?:(?:[^,;:]*,)*?\g{1},[^;]*|[^:;]*:\g{1},(*FAIL));` on `b,:a,;` (by chunks past
    /// [`super::first_difference::CHAIN_UP_TO`] variables). A flag group reads
    /// its value as the token or nothing (`T:T,`); a packing item's resources need
    /// lookahead, so without it that is [`crate::ProgramError::Unsupported`].
    pub(super) fn lower_exclude(&mut self, vars: &[VarId], values: &[String]) -> Lowered {
        if self.features.lookahead {
            self.exclude_lookahead(vars, values)
        } else {
            self.exclude_walk(vars, values)
        }
    }

    fn rest(&self) -> Node {
        Node::star(Node::not_in(";"), self.greed(Greed::Possessive))
    }

    fn exclude_lookahead(&mut self, vars: &[VarId], values: &[String]) -> Lowered {
        let mut subject = String::new();
        let mut tests = Vec::new();
        for (v, x) in vars.iter().zip(values) {
            let t = self.equality(*v, x);
            subject.push_str(&t.subject);
            tests.extend(t.pattern);
        }
        tests.push(Node::lit(";"));
        subject.push(';');
        Lowered {
            subject,
            pattern: Node::Seq(vec![
                Node::Look {
                    negative: true,
                    node: Box::new(Node::Seq(tests)),
                },
                self.rest(),
                Node::lit(";"),
            ]),
        }
    }

    /// "v is x" as a test over the subject: `\g{v},` on `x,`; a flag `\g{f},` on `T,`; a
    /// packing item's option `\g{r},` on `token,` for each of its resources, and for each
    /// option of the item that uses more resources than this one (a superset), a negative
    /// lookahead that not all of the extra ones hold the token.
    fn equality(&mut self, v: VarId, x: &str) -> Test {
        let domain = &self.program.var(v).domain;
        let j = domain.iter().position(|d| d == x).unwrap_or(0);
        match self.source(v) {
            Some(Source::Group(g)) => Test {
                subject: format!("{x},"),
                pattern: vec![Node::Backref(g), Node::lit(",")],
            },
            Some(Source::Flags(flags)) => Test {
                subject: format!("{},", self.token),
                pattern: vec![Node::Backref(flags[j]), Node::lit(",")],
            },
            Some(Source::Resources {
                token,
                groups,
                options,
            }) => {
                let mut subject = String::new();
                let mut pattern = Vec::new();
                for &r in &options[j] {
                    subject.push_str(&format!("{token},"));
                    pattern.push(Node::Backref(groups[r as usize]));
                    pattern.push(Node::lit(","));
                }
                for (k, other) in options.iter().enumerate() {
                    let extra: Vec<u32> = other
                        .iter()
                        .copied()
                        .filter(|r| !options[j].contains(r))
                        .collect();
                    if k == j || extra.is_empty() || !options[j].iter().all(|r| other.contains(r)) {
                        continue;
                    }
                    let mut all = Vec::new();
                    for &r in &extra {
                        all.push(Node::Backref(groups[r as usize]));
                        all.push(Node::lit(","));
                    }
                    pattern.push(Node::Look {
                        negative: true,
                        node: Box::new(Node::Seq(all)),
                    });
                    let spelled = format!("{token},").repeat(extra.len());
                    pattern.push(Node::lit(spelled.clone()));
                    subject.push_str(&spelled);
                }
                Test { subject, pattern }
            }
            // Ordering defines every variable read before the statement.
            None => Test {
                subject: String::new(),
                pattern: vec![Node::Fail],
            },
        }
    }

    fn exclude_walk(&mut self, vars: &[VarId], values: &[String]) -> Lowered {
        let t = self.token.clone();
        let mut subject = String::new();
        let mut positions = Vec::new();
        for (v, x) in vars.iter().zip(values) {
            let domain = &self.program.var(*v).domain;
            let j = domain.iter().position(|d| d == x).unwrap_or(0);
            match self.source(*v) {
                Some(Source::Group(g)) => {
                    let others: String = domain
                        .iter()
                        .filter(|d| *d != x)
                        .map(|d| format!("{d},"))
                        .collect();
                    subject.push_str(&format!("{others}:{x},"));
                    let item = Node::star(
                        Node::Seq(vec![
                            Node::star(Node::not_in(",;:"), self.greed(Greed::Possessive)),
                            Node::lit(","),
                        ]),
                        Greed::Lazy,
                    );
                    let differ = vec![item, Node::Backref(g), Node::lit(","), self.rest()];
                    let equal = vec![
                        Node::star(Node::not_in(":;"), self.greed(Greed::Possessive)),
                        Node::lit(":"),
                        Node::Backref(g),
                        Node::lit(","),
                    ];
                    positions.push(Position { differ, equal });
                }
                Some(Source::Flags(flags)) => {
                    subject.push_str(&format!("{t}:{t},"));
                    let f = flags[j];
                    let differ = vec![Node::Backref(f), Node::lit(format!("{t}:")), self.rest()];
                    let equal = vec![Node::lit(format!("{t}:")), Node::Backref(f), Node::lit(",")];
                    positions.push(Position { differ, equal });
                }
                Some(Source::Resources { .. }) | None => {
                    self.unsupported.get_or_insert_with(|| {
                        format!(
                            "excluding a value of {} needs lookahead (its value is read from a packing's resources)",
                            self.program.var(*v).name
                        )
                    });
                    positions.push(Position {
                        differ: vec![Node::Fail],
                        equal: Vec::new(),
                    });
                }
            }
        }
        subject.push(';');
        Lowered {
            subject,
            pattern: Node::Seq(vec![first_difference(&positions), Node::lit(";")]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{lower, packing};
    use crate::dialect::{JAVASCRIPT, PCRE2};
    use crate::program::Program;
    use crate::{compile, Features, Options};

    fn choice_and_bool() -> (Program, Vec<crate::VarId>) {
        let mut p = Program::new('T');
        let c = p.choice_var("c", &["a", "b", "c"]).unwrap();
        let x = p.bool_var("x", true).unwrap();
        p.exclude(&[c, x], vec![vec!["b".into(), "T".into()]])
            .unwrap();
        (p, vec![c, x])
    }

    #[test]
    fn with_lookahead_the_excluded_values_are_spelled_in_the_subject() {
        let (p, order) = choice_and_bool();
        let l = lower(&p, &order, PCRE2.features);
        assert_eq!(l.subject(2), "b,T,;");
        assert_eq!(l.pattern(2, &PCRE2), "(?!\\g{1},\\g{2},;)[^;]*+;");
        let l = lower(&p, &order, JAVASCRIPT.features);
        assert_eq!(l.pattern(2, &JAVASCRIPT), "(?!\\1,\\2,;)[^;]*;");
    }

    #[test]
    fn without_lookahead_the_walk_lists_the_other_values() {
        let (p, order) = choice_and_bool();
        let l = lower(&p, &order, Features::PORTABLE);
        // c: the other values, then the excluded one; x (a chosen boolean, its own group):
        // false (empty) is the other value, the token the excluded one.
        assert_eq!(l.subject(2), "a,c,:b,,:T,;");
        assert_eq!(
            l.pattern(2, &PCRE2),
            "(?:(?:[^,;:]*,)*?\\g{1},[^;]*|[^:;]*:\\g{1},\
             (?:(?:[^,;:]*,)*?\\g{2},[^;]*|[^:;]*:\\g{2},(*FAIL)));"
        );
    }

    #[test]
    fn flags_and_resources_are_read_where_the_packing_left_them() {
        // Two items over two resources, every resource covered: the branch-reset form reads
        // items from resource groups (item tokens A and B), the guard form from one flag per
        // option.
        let mut p = Program::new('T');
        let o: &[&[u32]] = &[&[0], &[1]];
        let items = packing(&mut p, &[o, o], 2, 2, &[], None);
        p.exclude(&items, vec![vec!["o0".into(), "o1".into()]])
            .unwrap();
        let with = lower(&p, &items, PCRE2.features);
        let last = with.segments.len() - 1;
        assert_eq!(with.subject(last), "A,B,;");
        assert_eq!(with.pattern(last, &PCRE2), "(?!\\g{1},\\g{2},;)[^;]*+;");
        // Flags: groups 1, 2 for the first item's options, 3, 4 for the second's.
        let portable = lower(&p, &items, Features::PORTABLE);
        let last = portable.segments.len() - 1;
        assert_eq!(portable.subject(last), "T:T,T:T,;");
        assert_eq!(
            portable.pattern(last, &PCRE2),
            "(?:\\g{1}T:[^;]*|T:\\g{1},(?:\\g{4}T:[^;]*|T:\\g{4},(*FAIL)));"
        );
    }

    #[test]
    fn an_option_inside_a_larger_one_also_checks_the_larger_is_not_taken() {
        let mut p = Program::new('T');
        let o: &[&[u32]] = &[&[0], &[0, 1]];
        let items = packing(&mut p, &[o], 2, 0, &[], None);
        p.exclude(&items, vec![vec!["o0".into()]]).unwrap();
        let l = lower(&p, &items, PCRE2.features);
        let last = l.segments.len() - 1;
        // Resource 0 holds the item's token, and resource 1 does not.
        assert_eq!(l.subject(last), "A,A,;");
        assert_eq!(l.pattern(last, &PCRE2), "(?!\\g{1},(?!\\g{2},)A,;)[^;]*+;");
    }

    #[test]
    fn no_exclusion_prints_the_same_pattern() {
        let (mut p, order) = choice_and_bool();
        p.statements.pop();
        let before = compile(&p, &order, &Options::new(&PCRE2)).unwrap();
        p.exclude(&order, vec![]).unwrap();
        let after = compile(&p, &order, &Options::new(&PCRE2)).unwrap();
        assert_eq!(before.pattern, after.pattern);
        assert_eq!(before.subject, after.subject);
    }
}
