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
                Node::optional(
                    Node::lit(self.token.clone()),
                    self.greed(Greed::Possessive),
                ),
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
                    let u = self.alloc(format!("{name}_R{r}"), None);
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
