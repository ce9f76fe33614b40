//! The guard forms: the union gadget, and the packing's portable form, in which each option is
//! a boolean guarded by backreferences to the earlier options it conflicts with, and unions sum
//! up each resource's users at the union stops.

use super::packing::PackSpec;
use super::{Lowered, Lowerer, Source};
use crate::ast::{Greed, GroupId, Node};
use crate::program::VarId;

impl Lowerer<'_> {
    /// [`Gadget::Union`](crate::Gadget::Union): the members' backreferences, concatenated, then
    /// whatever is left of the one token the subject offers; two true members would need two.
    pub(super) fn lower_union(&mut self, output: VarId, members: &[VarId]) -> Lowered {
        let body = Node::Seq(members.iter().map(|m| self.backref(*m)).collect());
        let g = self.var_group(output);
        Lowered {
            subject: format!("{};", self.token),
            pattern: Node::Seq(vec![
                Node::group(g, body),
                Node::optional(Node::lit(self.token.clone()), self.greed(Greed::Possessive)),
                Node::lit(";"),
            ]),
        }
    }

    /// The portable form: one boolean group per option, chosen like [`Gadget::OneOf`], each
    /// guarded by the earlier items' options that share a resource with it; a resource that
    /// must be covered gets an exactly-one check right after the last item that can cover it.
    /// After the items at [`crate::unions::union_stops`], each resource's users so far are
    /// summed up in one group, which later guards read instead.
    pub(super) fn packing_guards(&mut self, spec: &PackSpec) -> Lowered {
        let PackSpec {
            items,
            options,
            resources,
            due,
            symmetry,
            ..
        } = *spec;
        let mut previous: std::collections::HashMap<u32, Vec<GroupId>> = Default::default();
        let mut users: Vec<Vec<GroupId>> = vec![Vec::new(); resources as usize];
        let stops = crate::unions::union_stops(items.len());
        let mut subject = String::new();
        let mut pattern = Vec::new();
        for (i, (item, opts)) in items.iter().zip(options).enumerate() {
            let name = self.program.var(*item).name.clone();
            let mut flags = Vec::with_capacity(opts.len());
            let mut mine: Vec<(u32, GroupId)> = Vec::new();
            if self.callouts {
                pattern.push(Node::Callout(1));
            }
            for (j, o) in opts.iter().enumerate() {
                let mut guard: Vec<GroupId> = o
                    .iter()
                    .flat_map(|r| users[*r as usize].iter().copied())
                    .collect();
                if let Some(before) = symmetry[i].and_then(|c| previous.get(&c)) {
                    // The class's previous item's options from this one on exclude this one.
                    guard.extend(before.iter().skip(j).copied());
                }
                guard.sort();
                guard.dedup();
                let g = self.alloc(format!("{name}_{j}"), None);
                let mut body = vec![Node::lit(self.token.clone())];
                body.extend(guard.into_iter().map(Node::Backref));
                pattern.push(Node::group(
                    g,
                    Node::optional(Node::Seq(body), Greed::Greedy),
                ));
                flags.push(g);
                mine.extend(o.iter().map(|r| (*r, g)));
            }
            for (r, g) in mine {
                if !users[r as usize].contains(&g) {
                    users[r as usize].push(g);
                }
            }
            pattern.push(Node::lit(";"));
            subject.push_str(&format!("{};", self.token));
            for r in &due[i] {
                pattern.extend(users[*r as usize].iter().map(|g| Node::Backref(*g)));
                pattern.push(Node::lit(";"));
                subject.push_str(&format!("{};", self.token));
            }
            if let Some(c) = symmetry[i] {
                previous.insert(c, flags.clone());
            }
            self.sources.push((*item, Source::Flags(flags)));
            if stops.contains(&i) {
                // Sum up each resource's users so far (at most one of them is chosen): later
                // guards read one group per resource instead of one per earlier option.
                for (r, list) in users.iter_mut().enumerate() {
                    if list.len() < 2 {
                        continue;
                    }
                    let u = self.alloc(format!("{name}_{}", spec.group_name(r as u32)), None);
                    let members = list.iter().map(|g| Node::Backref(*g)).collect();
                    pattern.push(Node::group(u, Node::Seq(members)));
                    pattern.push(Node::optional(
                        Node::lit(self.token.clone()),
                        self.greed(Greed::Possessive),
                    ));
                    pattern.push(Node::lit(";"));
                    subject.push_str(&format!("{};", self.token));
                    *list = vec![u];
                }
            }
        }
        Lowered {
            subject,
            pattern: Node::Seq(pattern),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{lower, packing};
    use super::super::Source;
    use crate::ast::GroupId;
    use crate::dialect::PCRE2;
    use crate::program::Program;
    use crate::Features;

    #[test]
    fn a_union_concatenates_its_members_within_one_token() {
        let mut p = Program::new('Q');
        let x = p.bool_var("x", true).unwrap();
        let y = p.bool_var("y", true).unwrap();
        p.union_var("u", &[x, y]).unwrap();
        let l = lower(&p, &[x, y], PCRE2.features);
        assert_eq!(l.subject(2), "Q;");
        assert_eq!(l.pattern(2, &PCRE2), "(\\g{1}\\g{2})Q?+;");
        assert_eq!(l.names(), ["x", "y", "u"]);
        let portable = lower(&p, &[x, y], Features::PORTABLE);
        assert_eq!(portable.pattern(2, &PCRE2), "(\\g{1}\\g{2})Q?;");
    }

    #[test]
    fn guards_read_the_earlier_options_on_each_resource() {
        // Item 1's first option uses both resources of item 0's options; resource 0 is last
        // usable by item 1, resources 1 and 2 by item 2, and all three must be covered.
        let mut p = Program::new('T');
        let opts: [&[&[u32]]; 3] = [&[&[0], &[1]], &[&[0, 1], &[2]], &[&[2], &[1]]];
        let vars = packing(&mut p, &opts, 3, 3, &[], None);
        let l = lower(&p, &vars, Features::PORTABLE);
        assert_eq!(l.segments.len(), 1);
        assert_eq!(l.subject(0), "T;T;T;T;T;T;");
        assert_eq!(
            l.pattern(0, &PCRE2),
            concat!(
                "(T?)(T?);",
                "((?:T\\g{1}\\g{2})?)(T?);",
                "\\g{1}\\g{3};",
                "((?:T\\g{4})?)((?:T\\g{2}\\g{3})?);",
                "\\g{2}\\g{3}\\g{6};",
                "\\g{4}\\g{5};",
            )
        );
        assert_eq!(l.names(), ["P0_0", "P0_1", "P1_0", "P1_1", "P2_0", "P2_1"]);
        // Each item decodes from its options' flags.
        assert_eq!(
            l.sources[1],
            (vars[1], Source::Flags(vec![GroupId(2), GroupId(3)]))
        );
    }

    #[test]
    fn a_symmetry_class_excludes_the_previous_members_options_from_this_one_on() {
        let mut p = Program::new('T');
        let opts: &[&[u32]] = &[&[0], &[1]];
        let vars = packing(&mut p, &[opts; 3], 2, 0, &[Some(0), Some(0), None], None);
        let l = lower(&p, &vars, Features::PORTABLE);
        assert_eq!(
            l.pattern(0, &PCRE2),
            concat!(
                "(T?)(T?);",
                // Option 0 also excludes item 0's options 0 and 1; option 1 its option 1.
                "((?:T\\g{1}\\g{2})?)((?:T\\g{2})?);",
                // Item 2 is in no class: resource conflicts only.
                "((?:T\\g{1}\\g{3})?)((?:T\\g{2}\\g{4})?);",
            )
        );
    }

    #[test]
    fn unions_sum_up_each_resources_users_at_the_stops() {
        // Eight items: one stop, after item 4 (see `union_stops`).
        let mut p = Program::new('T');
        let opts: &[&[u32]] = &[&[0], &[1]];
        let vars = packing(&mut p, &[opts; 8], 2, 0, &[], None);
        let l = lower(&p, &vars, Features::PORTABLE);
        let names = l.names();
        assert_eq!(&names[8..13], ["P4_0", "P4_1", "P4_R0", "P4_R1", "P5_0"]);
        let pattern = l.pattern(0, &PCRE2);
        // The union groups 11 and 12, each on a `T;` segment of its own ...
        assert!(pattern
            .contains(";(\\g{1}\\g{3}\\g{5}\\g{7}\\g{9})T?;(\\g{2}\\g{4}\\g{6}\\g{8}\\g{10})T?;"));
        // ... are what item 5's guards read.
        assert!(pattern.contains(";((?:T\\g{11})?)((?:T\\g{12})?);"));
        assert_eq!(l.subject(0), "T;".repeat(10));
    }
}
