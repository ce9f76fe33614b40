//! What a ladder count's terms can still add, step by step: the bounds the ordering pass gives
//! each [`crate::order::Step::Ladder`].
//!
//! The terms are grouped by the statement that defines them. A one-of's booleans (at most one
//! true) add at most their largest weight, and at least their smallest when all of the
//! one-of's booleans are terms; any other statement's terms add up to their weights, or
//! nothing. When every group is such a whole one-of and the one-ofs' guards keep equal weights
//! apart (Kakuro's runs: digit d of a cell is guarded by digit d of the run's earlier cells), the
//! groups take distinct weights, so m groups still to come add at most the m largest weights
//! and at least the m smallest.

use std::collections::{HashMap, HashSet};

use crate::gadget::Gadget;
use crate::program::{Program, StmtId, VarId};

/// One ladder count's groups and what its steps so far have added.
#[derive(Clone, Debug, Default)]
pub(crate) struct LadderSums {
    /// The most and the least each defining statement's terms add.
    groups: HashMap<StmtId, (u32, u32)>,
    /// Every weight, smallest first, when the groups take distinct weights.
    distinct: Option<Vec<u32>>,
    /// The largest sum the groups added so far can reach.
    pub(crate) prefix_max: u32,
    most_left: u32,
    least_left: u32,
    groups_left: usize,
    /// Terms added so far.
    pub(crate) added: usize,
}

impl LadderSums {
    /// The groups of `terms` (a ladder count's), `definer` giving each variable's statement.
    pub(crate) fn new(
        program: &Program,
        definer: &[Option<StmtId>],
        terms: &[(VarId, u32)],
    ) -> LadderSums {
        let mut weight: HashMap<VarId, u32> = HashMap::new();
        for (v, w) in terms {
            *weight.entry(*v).or_default() += w;
        }
        let mut members: HashMap<StmtId, Vec<(VarId, u32)>> = HashMap::new();
        for (v, w) in &weight {
            if let Some(d) = definer[v.index()] {
                members.entry(d).or_default().push((*v, *w));
            }
        }
        let mut whole = true;
        let groups: HashMap<StmtId, (u32, u32)> = members
            .iter()
            .map(|(d, vs)| {
                let ws = vs.iter().map(|x| x.1);
                let bounds = match &program.statements[d.0 as usize] {
                    Gadget::OneOf { vars, .. } => {
                        let most = ws.clone().max().unwrap_or(0);
                        if vars.len() == vs.len() {
                            (most, ws.min().unwrap_or(0))
                        } else {
                            whole = false;
                            (most, 0)
                        }
                    }
                    _ => {
                        whole = false;
                        (ws.sum(), 0)
                    }
                };
                (*d, bounds)
            })
            .collect();
        let distinct = (whole && apart(program, &members)).then(|| {
            let mut ws: Vec<u32> = weight.values().copied().collect();
            ws.sort_unstable();
            ws.dedup();
            ws
        });
        LadderSums {
            most_left: groups.values().map(|g| g.0).sum(),
            least_left: groups.values().map(|g| g.1).sum(),
            groups_left: groups.len(),
            groups,
            distinct,
            prefix_max: 0,
            added: 0,
        }
    }

    /// Adds the `terms` statement `definer` defines.
    pub(crate) fn add(&mut self, definer: StmtId, terms: usize) {
        let (most, least) = self.groups[&definer];
        self.prefix_max += most;
        self.most_left -= most;
        self.least_left -= least;
        self.groups_left -= 1;
        self.added += terms;
    }

    /// The most and the least the groups still to come add.
    pub(crate) fn remaining(&self) -> (u32, u32) {
        let (mut most, mut least) = (self.most_left, self.least_left);
        if let Some(ws) = &self.distinct {
            let m = self.groups_left;
            most = most.min(ws.iter().rev().take(m).sum());
            least = least.max(ws.iter().take(m).sum());
        }
        (most, least)
    }
}

/// Whether the one-ofs `groups` (each with its variables and their weights) keep equal weights
/// apart: no one-of has two variables of one weight, and of two one-ofs' variables of one
/// weight, one guards the other.
fn apart(program: &Program, groups: &HashMap<StmtId, Vec<(VarId, u32)>>) -> bool {
    let mut guarded: HashMap<VarId, HashSet<VarId>> = HashMap::new();
    for d in groups.keys() {
        if let Gadget::OneOf { vars, guards } = &program.statements[d.0 as usize] {
            for (v, g) in vars.iter().zip(guards) {
                guarded.insert(*v, g.iter().copied().collect());
            }
        }
    }
    let by_weight: Vec<HashMap<u32, VarId>> = groups
        .values()
        .map(|vs| vs.iter().map(|(v, w)| (*w, *v)).collect())
        .collect();
    if by_weight
        .iter()
        .zip(groups.values())
        .any(|(m, vs)| m.len() != vs.len())
    {
        return false;
    }
    let guards = |a: &VarId, b: &VarId| guarded.get(a).is_some_and(|g| g.contains(b));
    by_weight.iter().enumerate().all(|(i, a)| {
        by_weight[i + 1..].iter().all(|b| {
            a.iter()
                .all(|(w, x)| b.get(w).is_none_or(|y| guards(x, y) || guards(y, x)))
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gadget::{Cmp, Form};

    /// Three cells of one-ofs over digits 1–3, each digit guarded by the same digit of the
    /// cells before it when `apart`, and a ladder count of them all.
    fn cells(apart: bool) -> LadderSums {
        let mut p = Program::new('T');
        let mut cells: Vec<Vec<VarId>> = Vec::new();
        for c in 0..3 {
            let names: Vec<String> = (1..=3).map(|d| format!("c{c}d{d}")).collect();
            let guards = (0..3)
                .map(|d| {
                    if apart {
                        cells.iter().map(|cell| cell[d]).collect()
                    } else {
                        vec![]
                    }
                })
                .collect();
            cells.push(p.one_of(&names, guards).unwrap());
        }
        let terms: Vec<(VarId, u32)> = cells
            .iter()
            .flat_map(|cell| cell.iter().zip(1..=3).map(|(v, d)| (*v, d)))
            .collect();
        p.count(&terms, Cmp::Eq, 6, Form::Ladder).unwrap();
        let mut definer = vec![None; p.vars.len()];
        for (i, g) in p.statements.iter().enumerate() {
            for v in g.defines() {
                definer[v.index()] = Some(StmtId(i as u32));
            }
        }
        let mut sums = LadderSums::new(&p, &definer, &terms);
        sums.add(StmtId(0), 3);
        sums
    }

    #[test]
    fn one_ofs_guarded_apart_add_distinct_weights() {
        // Two cells left: 2 + 3 at most and 1 + 2 at least when their digits differ.
        let apart = cells(true);
        assert_eq!(apart.remaining(), (5, 3));
        assert_eq!(apart.prefix_max, 3);
        // Otherwise each adds 1 to 3.
        assert_eq!(cells(false).remaining(), (6, 2));
    }
}
