//! The trie form's dead-resource checks under a waste budget: after each placement, the
//! resource sets it may have sealed off are tested, and a branch with more dead resources than
//! the budget fails.

use super::Lowerer;
use crate::ast::{GroupId, Node};

/// The largest waste budget for which a packing gets dead-resource checks. With more room to
/// waste, sets of up to [`crate::dead::MAX_SET`] resources must be counted, and listing and
/// testing them after every placement costs more than it cuts (fillit, 7×7 with 5 spare cells:
/// 0.2 s without the checks, 0.9 s with them; with 1 spare cell: 2.7 s without, 0.5 s with).
const MAX_WASTE_SLOTS: u32 = 2;

/// The dead-resource checks of one packing (see [`Lowerer::dead_checks`]).
pub(super) struct DeadChecks {
    /// More resources are unusable from the start than the budget allows.
    pub(super) hopeless: bool,
    /// The check run for each resource code listed after an option (empty when never listed).
    pub(super) leaves: Vec<Node>,
    /// Dead sets within the budget are counted: each listed code is followed by `+`, which the
    /// check leaves unconsumed when it marks a newly dead resource, and `slot` takes one slot.
    pub(super) slot: Option<Node>,
    /// The candidate dead sets, and whether each one is counted (else it fails at once).
    sets: Vec<(crate::dead::DeadSet, bool)>,
    /// The sets each resource witnesses.
    by_witness: Vec<Vec<usize>>,
}

impl DeadChecks {
    /// The codes to check after an option using `option`: the sets it may seal off (sets it does
    /// not touch but one of whose witnesses it uses) are checked through every resource of a
    /// counted set, and through the first resource (the anchor) of any other.
    pub(super) fn listed(&self, option: &[u32]) -> Vec<u32> {
        let mut out: Vec<u32> = Vec::new();
        for i in option
            .iter()
            .flat_map(|w| self.by_witness.get(*w as usize).into_iter().flatten())
        {
            let (set, counted) = &self.sets[*i];
            if set.resources.iter().any(|r| option.contains(r)) {
                continue;
            }
            if *counted {
                out.extend(&set.resources);
            } else {
                out.push(set.resources[0]);
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }
}

impl Lowerer<'_> {
    /// The dead-resource checks of a packing with a waste budget of `waste` unused resources,
    /// `None` when the budget is too large to be worth counting. Resources that no option uses
    /// are unused from the start and come off the budget. A dead set ([`crate::dead`]) larger
    /// than the remaining budget fails at once; its check sits at its first resource. A smaller
    /// one is checked at each of its resources, which it marks (one marker group per resource,
    /// so none is counted twice); each newly marked resource takes one of `budget` slot groups,
    /// and the branch fails when none is left. Every group appears once in the pattern.
    pub(super) fn dead_checks(
        &mut self,
        options: &[Vec<Vec<u32>>],
        resources: u32,
        waste: u32,
        groups: &[GroupId],
    ) -> Option<DeadChecks> {
        let mut usable = vec![false; resources as usize];
        for r in options.iter().flatten().flatten() {
            usable[*r as usize] = true;
        }
        let unusable = usable.iter().filter(|u| !**u).count() as u32;
        let Some(budget) = waste.checked_sub(unusable) else {
            return Some(DeadChecks {
                hopeless: true,
                leaves: Vec::new(),
                slot: None,
                sets: Vec::new(),
                by_witness: Vec::new(),
            });
        };
        if budget > MAX_WASTE_SLOTS {
            return None;
        }
        let sets: Vec<(crate::dead::DeadSet, bool)> = crate::dead::dead_sets(options, resources)
            .into_iter()
            .map(|s| {
                let counted = s.resources.len() as u32 <= budget;
                (s, counted)
            })
            .collect();
        let counting = sets.iter().any(|(_, counted)| *counted);
        let empty = || Node::Seq(vec![]);
        let cond = |g: GroupId, yes: Node, no: Node| Node::Cond {
            group: g,
            yes: Box::new(yes),
            no: Box::new(no),
        };
        let plus = || Node::lit("+");
        // "Every witness of `set` is used and every resource of it but `except` is free."
        let sealed = |set: &crate::dead::DeadSet, except: u32| {
            let mut test: Vec<Node> = set
                .resources
                .iter()
                .filter(|r| **r != except)
                .map(|r| cond(groups[*r as usize], Node::Fail, empty()))
                .collect();
            test.extend(
                set.witnesses
                    .iter()
                    .map(|w| cond(groups[*w as usize], empty(), Node::Fail)),
            );
            Node::Seq(test)
        };
        let mut fails: Vec<Vec<Node>> = vec![Vec::new(); resources as usize];
        let mut counted: Vec<Vec<Node>> = vec![Vec::new(); resources as usize];
        for (set, is_counted) in &sets {
            if *is_counted {
                for r in &set.resources {
                    counted[*r as usize].push(sealed(set, *r));
                }
            } else {
                let anchor = set.resources[0];
                fails[anchor as usize].push(Node::Look {
                    negative: true,
                    node: Box::new(sealed(set, anchor)),
                });
            }
        }
        let mut leaves = Vec::with_capacity(resources as usize);
        for (r, (fail, count)) in fails.into_iter().zip(counted).enumerate() {
            if fail.is_empty() && count.is_empty() {
                leaves.push(empty());
                continue;
            }
            let g = groups[r];
            let mut free = fail;
            if counting {
                if count.is_empty() {
                    free.push(plus());
                } else {
                    let d = self.alloc(format!("D{r}"), None);
                    // Newly dead: mark it and leave the `+` to the slot; otherwise consume it.
                    free.push(cond(
                        d,
                        plus(),
                        Node::Alt(vec![
                            Node::Seq(vec![self.atomic(Node::Alt(count)), Node::group(d, empty())]),
                            plus(),
                        ]),
                    ));
                }
            }
            let used = if counting { plus() } else { empty() };
            leaves.push(cond(g, used, Node::Seq(free)));
        }
        let slot = counting.then(|| {
            let slots: Vec<GroupId> = (0..budget)
                .map(|k| self.alloc(format!("W{k}"), None))
                .collect();
            let mut slot = Node::Fail;
            for g in slots.iter().rev() {
                slot = cond(*g, slot, Node::group(*g, empty()));
            }
            slot
        });
        let mut by_witness: Vec<Vec<usize>> = vec![Vec::new(); resources as usize];
        for (i, (set, _)) in sets.iter().enumerate() {
            for w in &set.witnesses {
                by_witness[*w as usize].push(i);
            }
        }
        Some(DeadChecks {
            hopeless: false,
            leaves,
            slot,
            sets,
            by_witness,
        })
    }
}
