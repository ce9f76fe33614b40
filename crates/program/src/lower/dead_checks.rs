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
        // Resources listed so far: a set whose codes are all listed already needs no test.
        let mut listed = vec![false; self.by_witness.len()];
        let mut out: Vec<u32> = Vec::new();
        for i in option
            .iter()
            .flat_map(|w| self.by_witness.get(*w as usize).into_iter().flatten())
        {
            let (set, counted) = &self.sets[*i];
            let codes = if *counted {
                &set.resources[..]
            } else {
                &set.resources[..1]
            };
            if codes.iter().all(|r| listed[*r as usize])
                || set.resources.iter().any(|r| option.contains(r))
            {
                continue;
            }
            for r in codes {
                if !std::mem::replace(&mut listed[*r as usize], true) {
                    out.push(*r);
                }
            }
        }
        out.sort_unstable();
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

#[cfg(test)]
mod tests {
    use super::super::testing::{lower, packing};
    use super::super::Lowerer;
    use crate::ast::GroupId;
    use crate::dialect::{PCRE2, PYTHON};
    use crate::program::Program;
    use crate::Features;

    /// PCRE2 without branch reset: the trie form, where the checks live.
    const TRIE: Features = Features {
        branch_reset: false,
        ..PCRE2.features
    };

    /// Dominoes on a row of four cells: the end cells' only witnesses are their neighbours.
    const ROW: &[&[u32]] = &[&[0, 1], &[1, 2], &[2, 3]];

    #[test]
    fn without_waste_a_sealed_off_resource_fails_at_once() {
        // Two dominoes fill the row exactly. After each option, the cells it may have sealed
        // off are listed (`>code`); each check passes when the cell is used, and otherwise
        // fails if all its witnesses are used.
        let mut p = Program::new('T');
        let vars = packing(&mut p, &[ROW, ROW], 4, 0, &[], Some(0));
        let l = lower(&p, &vars, TRIE);
        assert_eq!(
            l.subject(0),
            "00A01A>10,01A10A>00>11,10A11A>01;00B01B>10,01B10B>00>11,10B11B>01;#;"
        );
        let checks = concat!(
            "(?:>(?:0(?:0(?(1)|(?!(?(2)|(*FAIL))))",
            "|1(?(2)|(?!(?(1)|(*FAIL))(?(3)|(*FAIL)))))",
            "|1(?:0(?(3)|(?!(?(2)|(*FAIL))(?(4)|(*FAIL))))",
            "|1(?(4)|(?!(?(3)|(*FAIL)))))))*+",
        );
        assert!(l.pattern(0, &PCRE2).contains(checks));
        // No markers and no slots: nothing is counted.
        assert_eq!(l.names(), ["R0", "R1", "R2", "R3"]);
    }

    #[test]
    fn a_lowerer_without_dead_checks_lists_nothing() {
        // The same packing as above, lowered without the checks: options carry no codes, and
        // the pattern no check loop.
        let mut p = Program::new('T');
        let vars = packing(&mut p, &[ROW, ROW], 4, 0, &[], Some(0));
        let steps = crate::order::order(&p, &vars).expect("a well-formed program");
        let mut lowerer = Lowerer::new(&p, TRIE, false).with_dead_checks(false);
        let subject: String = steps.iter().map(|s| lowerer.lower(s).subject).collect();
        assert_eq!(subject, "00A01A,01A10A,10A11A;00B01B,01B10B,10B11B;#;");
        let names: Vec<&str> = lowerer.groups.iter().map(|g| g.name.as_str()).collect();
        assert_eq!(names, ["R0", "R1", "R2", "R3"]);
    }

    #[test]
    fn within_the_budget_dead_resources_are_marked_and_take_slots() {
        // One domino on the row: two cells stay unused, a budget of 2.
        let mut p = Program::new('T');
        let vars = packing(&mut p, &[ROW], 4, 0, &[], Some(2));
        let l = lower(&p, &vars, TRIE);
        // A counted code is followed by `+`, for the slot to take when it is newly dead.
        assert_eq!(l.subject(0), "00A01A>10+,01A10A>00+>11+,10A11A>01+;#;");
        assert_eq!(
            l.names(),
            ["R0", "R1", "R2", "R3", "D0", "D1", "D2", "D3", "W0", "W1"]
        );
        let pattern = l.pattern(0, &PCRE2);
        // Cell 0: used, or already marked (group 5), consume the `+`; newly dead (its witness,
        // cell 1, used): mark it and leave the `+` to a slot.
        assert!(pattern.contains("(?(1)\\+|(?(5)\\+|(?:(?>(?(2)|(*FAIL)))()|\\+)))"));
        // The first free slot of two takes it; with both taken the branch fails.
        assert!(pattern.contains("(?:\\+(?(9)(?(10)(*FAIL)|())|()))?+"));
    }

    #[test]
    fn larger_budgets_and_dialects_without_forward_references_get_no_checks() {
        let mut p = Program::new('T');
        let vars = packing(&mut p, &[ROW], 4, 0, &[], Some(3));
        assert_eq!(lower(&p, &vars, TRIE).subject(0), "00A01A,01A10A,10A11A;#;");
        let mut p = Program::new('T');
        let vars = packing(&mut p, &[ROW], 4, 0, &[], Some(2));
        let python = lower(&p, &vars, PYTHON.features);
        assert_eq!(python.subject(0), "00A01A,01A10A,10A11A;#;");
    }

    #[test]
    fn more_unusable_resources_than_the_budget_fail_at_once() {
        // Resource 1 is in no option, and no resource may stay unused.
        let mut p = Program::new('T');
        let one: &[&[u32]] = &[&[0]];
        let vars = packing(&mut p, &[one, one, one], 2, 0, &[], Some(0));
        let l = lower(&p, &vars, TRIE);
        assert!(l.pattern(0, &PCRE2).starts_with("(*FAIL)(?:"));
        assert!(!l.subject(0).contains('>'));
    }

    #[test]
    fn an_option_lists_the_sets_it_may_seal_off() {
        let p = Program::new('T');
        let mut lowerer = Lowerer::new(&p, TRIE, false);
        let options: Vec<Vec<Vec<u32>>> = vec![ROW.iter().map(|o| o.to_vec()).collect()];
        let groups: Vec<GroupId> = (0..4).map(GroupId).collect();
        let checks = lowerer.dead_checks(&options, 4, 1, &groups).unwrap();
        assert!(!checks.hopeless && checks.slot.is_some());
        // The middle domino may seal off both end cells; an end domino the far middle cell.
        assert_eq!(checks.listed(&[1, 2]), [0, 3]);
        assert_eq!(checks.listed(&[0, 1]), [2]);
        assert!(lowerer.dead_checks(&options, 4, 3, &groups).is_none());
        assert!(
            lowerer
                .dead_checks(&options, 5, 0, &groups)
                .unwrap()
                .hopeless
        );
    }
}
