//! The packing lookahead in the branch-reset form ([`Propagation::Complete`]): after each item
//! is placed, a search inside the pattern asks whether the items still to place can all be
//! placed at all, in any order.
//!
//! The search is one subroutine, defined once before the loop and called in a lookahead after
//! every item (and once before the first): `(?=(?N))`. It scans the resources in number order.
//! A resource already used (by a placed item, or by an item the search itself placed) is passed;
//! the first free one is either covered by an option whose lowest resource it is, of an item
//! not yet placed, or left unused (never a must-cover resource, and at most `waste` times in all
//! when the packing has a waste budget). At the end every item must be placed, except those
//! with an option that uses nothing (they take it: rectangles' and fillit's "cell already
//! covered", a condition satisfied by givens), which no scan of resources could place. Every placement
//! is found this way exactly once (each option is tried at its lowest resource, the first one
//! it covers in the scan), so the subroutine matches if and only if the remaining items have a
//! placement, whatever order the packing's own loop decides them in.
//!
//! What the search marks it keeps in groups of its own: a group per resource it covers, a group
//! per use of an interchangeable item (items with the same options form a class, and the search
//! takes a class's members from the last one down, so it never tries two orders of the same
//! set), a group per resource left unused. PCRE2 restores every capture a subroutine call made
//! once the call returns, so the packing's loop sees none of them. Each placed item sets a group
//! of its own ("placed"), which is how the search tells which items are left.
//!
//! The lookahead only fails branches that have no completion, so the solution set stays the
//! same (the tests count solutions with and without it); options' `requires` hints are ignored
//! by the search, which can only make it succeed more often.

use std::collections::HashMap;

use super::branch_reset::dispatch;
use super::packing::item_keys;
use super::Lowerer;
use crate::ast::{Greed, GroupId, Node};

/// Most members a class may have before it is split in two: the search's chain of uses is one
/// atomic alternation per class, tried from its first use, so a long class costs time at every
/// node (fillit has at most 26).
const MAX_CLASS: usize = 64;

/// Largest waste budget the search counts; above it, resources past the must-cover ones may be
/// left unused any number of times (a weaker search, never a wrong one).
pub(super) const MAX_WASTE: u32 = 64;

/// Items with the same options, which the search treats as one pile.
pub(super) struct Class {
    /// The members' item indices, in decision order (placed members are always a prefix). Use
    /// `u` of the class (its group set when the search has taken `u + 1` members) takes member
    /// `members[k − 1 − u]`.
    pub(super) members: Vec<usize>,
    /// The class's options, each as (lowest resource, the others), the ones that never fit
    /// and the empty one left out.
    pub(super) options: Vec<(u32, Vec<u32>)>,
    /// Whether the class has an option that uses nothing: its members left over take it, so
    /// the search need not place them (a rectangles or fillit cell already covered).
    pub(super) idle: bool,
}

/// The classes of interchangeable items among `options[i]` per item, in order of their first
/// member (a class past [`MAX_CLASS`] members goes on in a new one).
pub(super) fn classes(options: &[Vec<Vec<u32>>]) -> Vec<Class> {
    let mut by_key: HashMap<Vec<Vec<u32>>, usize> = HashMap::new();
    let mut members: Vec<Vec<usize>> = Vec::new();
    for (i, opts) in options.iter().enumerate() {
        let k = key(opts);
        let c = match by_key.get(&k) {
            Some(&c) if members[c].len() < MAX_CLASS => c,
            _ => {
                members.push(Vec::new());
                by_key.insert(k, members.len() - 1);
                members.len() - 1
            }
        };
        members[c].push(i);
    }
    members
        .into_iter()
        .map(|members| {
            let idle = options[members[0]].iter().any(Vec::is_empty);
            let options = options[members[0]]
                .iter()
                .filter_map(|o| {
                    let mut sorted = o.clone();
                    sorted.sort();
                    let twice = sorted.windows(2).any(|w| w[0] == w[1]);
                    let (&low, rest) = sorted.split_first()?;
                    (!twice).then(|| (low, rest.to_vec()))
                })
                .collect();
            Class {
                members,
                options,
                idle,
            }
        })
        .collect()
}

/// `options` as a class key: each option's resources sorted, the list in order.
fn key(options: &[Vec<u32>]) -> Vec<Vec<u32>> {
    options
        .iter()
        .map(|o| {
            let mut o = o.clone();
            o.sort();
            o
        })
        .collect()
}

/// The packing lookahead of one packing: its groups and what its search is made of.
pub(super) struct Lookahead {
    /// The subroutine's group.
    group: GroupId,
    /// The search's own groups in number order: the skips, each class's uses, each resource's
    /// cover. Every mark pads the numbering up to its group from the first of them.
    own: Vec<GroupId>,
    /// The classes of interchangeable items.
    classes: Vec<Class>,
    /// How many resources may be left unused (each use has a group); `None`: any number.
    skips: Option<usize>,
    /// Where each class's uses start in `own`.
    uses_from: Vec<usize>,
    /// Where the resources' cover groups start in `own`.
    cover_from: usize,
    /// Whether each resource must be covered (may not be left unused).
    must: Vec<bool>,
}

impl Lookahead {
    /// Allocates the lookahead's groups for a packing of `options[i]` per item over
    /// `resources`, with the resources of `due` to cover and `waste` unused at most. Called
    /// before the packing's other groups, so that the definition, printed before the loop,
    /// numbers right.
    pub(super) fn allocate(
        lowerer: &mut Lowerer,
        options: &[Vec<Vec<u32>>],
        resources: u32,
        due: &[Vec<u32>],
        waste: Option<u32>,
    ) -> Lookahead {
        let mut must = vec![false; resources as usize];
        for r in due.iter().flatten() {
            must[*r as usize] = true;
        }
        let classes = classes(options);
        let group = lowerer.alloc("LOOK".into(), None);
        let skips = waste.filter(|w| *w <= MAX_WASTE).map(|w| w as usize);
        let mut own: Vec<GroupId> = (0..skips.unwrap_or(0))
            .map(|k| lowerer.alloc(format!("K{k}"), None))
            .collect();
        let mut uses_from = Vec::with_capacity(classes.len());
        for (c, class) in classes.iter().enumerate() {
            uses_from.push(own.len());
            own.extend((0..class.members.len()).map(|u| lowerer.alloc(format!("U{c}_{u}"), None)));
        }
        let cover_from = own.len();
        own.extend((0..resources).map(|r| lowerer.alloc(format!("L{r}"), None)));
        Lookahead {
            group,
            own,
            classes,
            skips,
            uses_from,
            cover_from,
            must,
        }
    }

    /// The check, called where every item placed so far has set its placed group, anywhere in
    /// the packing's subject before its board: `(?=(?N))`.
    pub(super) fn call(&self) -> Node {
        Node::Look {
            negative: false,
            node: Box::new(Node::Call(self.group)),
        }
    }

    /// The definition, a search over `groups` (the packing's resource groups) and `placed`
    /// (each item's placed group), and the board it walks, to append to the packing's subject
    /// after the loop's end (`!;`): one token per resource and `;`, then `=`. The pattern after
    /// the loop must then match the board ([`Lookahead::skip_board`]).
    pub(super) fn define(&self, groups: &[GroupId], placed: &[GroupId]) -> (Node, String) {
        let free = |g: GroupId| Node::Cond {
            group: g,
            yes: Box::new(Node::Fail),
            no: Box::new(Node::Seq(vec![])),
        };
        // Marks group `own[k]`, the numbering padded from `own[from]`.
        let own = &self.own;
        let pad = |from: usize, to: usize| Node::Pad(own[from..to].to_vec());
        let mark = |k: usize| Node::group(own[k], Node::Seq(vec![]));
        // The first of `alts` that matches (each a branch numbered from `own[from]`).
        let first = |alts: Vec<Node>| Node::Atomic(Box::new(Node::BranchReset(alts)));
        // Taking the next member of class `c`, numbered from `own[from]`: the first use not yet
        // made, if its member is not placed (placed members are a prefix, so then none is
        // left). Returns the node and the numbering after it.
        let take = |ci: usize, from: usize| {
            let c = &self.classes[ci];
            let k = c.members.len();
            let base = self.uses_from[ci];
            let alts = (0..k)
                .map(|u| {
                    Node::Seq(vec![
                        pad(from, base + u),
                        Node::Cond {
                            group: own[base + u],
                            yes: Box::new(Node::Fail),
                            no: Box::new(Node::Seq(vec![
                                free(placed[c.members[k - 1 - u]]),
                                mark(base + u),
                            ])),
                        },
                    ])
                })
                .collect();
            (first(alts), base + k)
        };
        let mut anchored: Vec<Vec<(usize, &[u32])>> = vec![Vec::new(); self.must.len()];
        for (ci, c) in self.classes.iter().enumerate() {
            for (low, rest) in &c.options {
                anchored[*low as usize].push((ci, rest));
            }
        }
        let key = item_keys(self.must.len());
        let mut board = String::new();
        let mut branches = Vec::with_capacity(self.must.len());
        for (r, list) in anchored.iter().enumerate() {
            let mut choices: Vec<Node> = list
                .iter()
                .map(|(ci, rest)| {
                    let mut seq: Vec<Node> = rest
                        .iter()
                        .flat_map(|s| {
                            let s = *s as usize;
                            [free(groups[s]), free(own[self.cover_from + s])]
                        })
                        .collect();
                    let (taken, mut next) = take(*ci, 0);
                    seq.push(taken);
                    for s in *rest {
                        let k = self.cover_from + *s as usize;
                        seq.push(pad(next, k));
                        seq.push(mark(k));
                        next = k + 1;
                    }
                    Node::Seq(seq)
                })
                .collect();
            if !self.must[r] && self.skips != Some(0) {
                choices.push(match self.skips {
                    Some(w) => first(
                        (0..w)
                            .map(|k| {
                                Node::Seq(vec![
                                    pad(0, k),
                                    Node::Cond {
                                        group: own[k],
                                        yes: Box::new(Node::Fail),
                                        no: Box::new(mark(k)),
                                    },
                                ])
                            })
                            .collect(),
                    ),
                    None => Node::Seq(vec![]),
                });
            }
            let choose = if choices.is_empty() {
                Node::Fail
            } else {
                Node::BranchReset(choices)
            };
            let t = key(r);
            board.push_str(&t);
            board.push(';');
            branches.push((
                t,
                vec![Node::Cond {
                    group: groups[r],
                    yes: Box::new(Node::Seq(vec![])),
                    no: Box::new(Node::Cond {
                        group: own[self.cover_from + r],
                        yes: Box::new(Node::Seq(vec![])),
                        no: Box::new(choose),
                    }),
                }],
            ));
        }
        board.push('=');
        let mut search = vec![
            // To the board, past the loop's end (no item token holds a `!`).
            Node::star(Node::not_in("!"), Greed::Possessive),
            Node::lit("!;"),
        ];
        if !branches.is_empty() {
            search.push(Node::repeat(
                Node::Seq(vec![dispatch(branches), Node::lit(";")]),
                1,
                None,
                Greed::Greedy,
            ));
        }
        search.push(Node::lit("="));
        // Every item placed, by the packing or by the search, but those that can take an
        // option using nothing.
        for (ci, c) in self.classes.iter().enumerate().filter(|(_, c)| !c.idle) {
            let k = c.members.len();
            for (j, m) in c.members.iter().enumerate() {
                search.push(Node::Cond {
                    group: placed[*m],
                    yes: Box::new(Node::Seq(vec![])),
                    no: Box::new(Node::Cond {
                        group: own[self.uses_from[ci] + k - 1 - j],
                        yes: Box::new(Node::Seq(vec![])),
                        no: Box::new(Node::Fail),
                    }),
                });
            }
        }
        // The search may not reach every group (a resource no option covers past its lowest),
        // so a branch that never matches spans them all, for the numbering after it.
        let spanned = Node::BranchReset(vec![
            Node::Seq(search),
            Node::Seq(vec![Node::Fail, pad(0, own.len())]),
        ]);
        (Node::Define(vec![Node::group(self.group, spanned)]), board)
    }

    /// What the packing's pattern matches after its loop's end: the board, `[^=]*=`.
    pub(super) fn skip_board() -> Node {
        Node::Seq(vec![
            Node::star(Node::not_in("="), Greed::Possessive),
            Node::lit("="),
        ])
    }
}

impl Lowerer<'_> {
    /// Whether packings in the branch-reset form get the packing lookahead: asked for, and the
    /// target has what it is made of ([`crate::Propagation::within`]).
    pub(super) fn complete_lookahead(&self) -> bool {
        self.propagation.within(self.features) == crate::Propagation::Complete
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{lower, packing};
    use crate::dialect::{FANCY, PCRE2};
    use crate::program::Program;
    use crate::Propagation;

    /// Three items over seven resources, none of which must be covered, at most one unused:
    /// items 0 and 1 have the same options ({0,1} and {2,3}), item 2 has {4,5} and {5,6}.
    fn program(propagation: Propagation) -> (Program, Vec<crate::VarId>) {
        let mut p = Program::new('T');
        p.propagation = propagation;
        let opts: [&[&[u32]]; 3] = [
            &[&[0, 1], &[2, 3]],
            &[&[0, 1], &[2, 3]],
            &[&[4, 5], &[5, 6]],
        ];
        let vars = packing(&mut p, &opts, 7, 0, &[], Some(1));
        (p, vars)
    }

    #[test]
    fn the_search_is_defined_first_with_its_groups_and_called_after_each_item() {
        let (p, vars) = program(Propagation::Complete);
        let l = lower(&p, &vars, PCRE2.features);
        // The subroutine, one skip, the uses of the two classes ({items 0, 1}, {item 2}), a
        // cover group per resource; then the packing's resources and each item's placed group.
        assert_eq!(
            l.names(),
            [
                "LOOK", "K0", "U0_0", "U0_1", "U1_0", "L0", "L1", "L2", "L3", "L4", "L5", "L6",
                "R0", "R1", "R2", "R3", "R4", "R5", "R6", "P0", "P1", "P2"
            ]
        );
        // The board follows the loop's end: a token per resource.
        assert!(
            l.subject(0).ends_with("!;A;B;C;D;E;F;G;="),
            "{}",
            l.subject(0)
        );
        let pattern = l.pattern(0, &PCRE2);
        assert!(
            pattern.starts_with("(?(DEFINE)((?|[^!]*+!;(?:(?|A"),
            "{pattern}"
        );
        // Asked before the first item and after each.
        assert_eq!(pattern.matches("(?=(?1))").count(), 4, "{pattern}");
        // Resource 0 is passed when the packing uses it (group 13), then when the search does
        // (group 6); else the class of items 0 and 1 covers it with {0,1}: resource 1 free in
        // both (groups 14 and 7), then the class's next use: use 0 (group 3) takes item 1
        // (placed group 21), use 1 (group 4) item 0 (group 20); then resource 1 is marked
        // (group 7). Or it is the one resource left unused (group 2).
        let resource0 = concat!(
            "A(?(13)|(?(6)|(?|(?(14)(*FAIL)|)(?(7)(*FAIL)|)",
            "(?>(?|(?(DEFINE)())(?(3)(*FAIL)|(?(21)(*FAIL)|)())",
            "|(?(DEFINE)()())(?(4)(*FAIL)|(?(20)(*FAIL)|)())))",
            "(?(DEFINE)()())()",
            "|(?>(?|(?(2)(*FAIL)|()))))))"
        );
        assert!(pattern.contains(resource0), "{pattern}");
        // At the end every item is placed, by the packing or by the search.
        assert!(
            pattern.contains("=(?(20)|(?(4)|(*FAIL)))(?(21)|(?(3)|(*FAIL)))(?(22)|(?(5)|(*FAIL)))"),
            "{pattern}"
        );
    }

    #[test]
    fn without_subroutine_calls_or_when_not_asked_nothing_changes() {
        let (plain, vars) = program(Propagation::None);
        let (complete, _) = program(Propagation::Complete);
        assert!(!lower(&plain, &vars, PCRE2.features)
            .pattern(0, &PCRE2)
            .contains("(?=(?1))"));
        assert_eq!(
            lower(&complete, &vars, FANCY.features).pattern(0, &FANCY),
            lower(&plain, &vars, FANCY.features).pattern(0, &FANCY)
        );
    }

    #[test]
    fn must_cover_resources_are_never_left_unused() {
        let mut p = Program::new('T');
        p.propagation = Propagation::Complete;
        let opts: [&[&[u32]]; 2] = [&[&[0, 1], &[1, 2]], &[&[2], &[0]]];
        let vars = packing(&mut p, &opts, 3, 3, &[], None);
        let l = lower(&p, &vars, PCRE2.features);
        assert!(
            !l.names().iter().any(|n| n.starts_with('K')),
            "{:?}",
            l.names()
        );
        let pattern = l.pattern(0, &PCRE2);
        // Resource 2 (the board's third token) is covered by item 1's {2}, or the branch fails:
        // no empty alternative.
        let board = pattern.split("(?:(?|").nth(1).expect("the board loop");
        assert!(!board.contains("|))"), "{pattern}");
    }
}
