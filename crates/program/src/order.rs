//! The ordering pass: turns a program and a variable order into a sequence of steps.
//!
//! Decision variables are defined in the order the puzzle gives (a static heuristic from the
//! puzzle's structure); every other statement is placed right after the last variable it reads
//! (fail fast). Ladder counts are expanded here into one step per defining statement, in
//! definition order: the terms one statement defines at once (a one-of's booleans) are added in
//! one step, since checking the bound between them could fail only where the last check fails.

use crate::error::ProgramError;
use crate::gadget::{Form, Gadget};
use crate::ladder::LadderSums;
use crate::program::{Program, StmtId, VarId};

/// One segment to lower, in final order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// A whole statement.
    Stmt(StmtId),
    /// One step of a ladder count: add the weights of the true `terms` to the running sum.
    Ladder {
        /// The count statement.
        stmt: StmtId,
        /// The booleans added at this step (defined by one statement), with their weights.
        terms: Vec<(VarId, u32)>,
        /// Whether this is the chain's first step (no previous partial sum).
        first: bool,
        /// Largest sum the terms so far can reach.
        prefix_max: u32,
        /// Largest sum the terms still to come can add.
        remaining: u32,
        /// Least sum the terms still to come must add (a one-of's booleans all among the
        /// terms add at least their smallest weight).
        remaining_min: u32,
        /// Whether this is the chain's last step.
        last: bool,
    },
}

/// Orders `program`'s statements for the variable order `order` (decision variables; any left
/// out follow in creation order).
pub fn order(program: &Program, order: &[VarId]) -> Result<Vec<Step>, ProgramError> {
    let nvars = program.vars.len();
    let nst = program.statements.len();
    let mut definer: Vec<Option<StmtId>> = vec![None; nvars];
    for (i, s) in program.statements.iter().enumerate() {
        for v in s.defines() {
            definer[v.index()] = Some(StmtId(i as u32));
        }
    }
    // Distinct reads per statement, and who reads each variable.
    let mut pending = vec![0usize; nst];
    let mut readers: Vec<Vec<StmtId>> = vec![Vec::new(); nvars];
    let mut ladder_terms: Vec<Vec<(StmtId, u32)>> = vec![Vec::new(); nvars];
    // Per ladder count: what its terms can still add.
    let mut sums: Vec<LadderSums> = vec![LadderSums::default(); nst];
    for (i, s) in program.statements.iter().enumerate() {
        let id = StmtId(i as u32);
        if let Gadget::Count {
            terms,
            form: Form::Ladder,
            ..
        } = s
        {
            for (v, w) in terms {
                ladder_terms[v.index()].push((id, *w));
            }
            sums[i] = LadderSums::new(program, &definer, terms);
            continue;
        }
        let mut reads = s.reads();
        reads.sort();
        reads.dedup();
        pending[i] = reads.len();
        for r in reads {
            readers[r.index()].push(id);
        }
    }
    let mut defined = vec![false; nvars];
    let mut emitted = vec![false; nst];
    let mut steps = Vec::new();
    let is_decision = |s: &Gadget| {
        matches!(
            s,
            Gadget::Choose { .. } | Gadget::OneOf { .. } | Gadget::Packing { .. }
        )
    };

    let mut emit = |sid: StmtId,
                    steps: &mut Vec<Step>,
                    defined: &mut Vec<bool>,
                    emitted: &mut Vec<bool>,
                    pending: &mut Vec<usize>| {
        let mut queue = vec![sid];
        while let Some(sid) = queue.pop() {
            if emitted[sid.0 as usize] {
                continue;
            }
            emitted[sid.0 as usize] = true;
            steps.push(Step::Stmt(sid));
            let mut ready: Vec<StmtId> = Vec::new();
            // The ladder counts this statement's variables are terms of, in first-touched
            // order, with the terms each gains.
            let mut touched: Vec<(StmtId, Vec<(VarId, u32)>)> = Vec::new();
            for v in program.statements[sid.0 as usize].defines() {
                if defined[v.index()] {
                    continue;
                }
                defined[v.index()] = true;
                for &(lstmt, w) in &ladder_terms[v.index()] {
                    match touched.iter_mut().find(|t| t.0 == lstmt) {
                        Some(t) => t.1.push((v, w)),
                        None => touched.push((lstmt, vec![(v, w)])),
                    }
                }
                for &r in &readers[v.index()] {
                    pending[r.0 as usize] -= 1;
                    if pending[r.0 as usize] == 0 && !is_decision(&program.statements[r.0 as usize])
                    {
                        ready.push(r);
                    }
                }
            }
            for (lstmt, terms) in touched {
                let st = &mut sums[lstmt.0 as usize];
                let first = st.added == 0;
                st.add(sid, terms.len());
                let (remaining, remaining_min) = st.remaining();
                let total_terms = match &program.statements[lstmt.0 as usize] {
                    Gadget::Count { terms, .. } => terms.len(),
                    _ => unreachable!("ladder terms come from counts"),
                };
                steps.push(Step::Ladder {
                    stmt: lstmt,
                    terms,
                    first,
                    prefix_max: st.prefix_max,
                    remaining,
                    remaining_min,
                    last: st.added == total_terms,
                });
            }
            ready.sort();
            // Constraints first, in statement order; derived definitions after them.
            for r in ready.into_iter().rev() {
                queue.push(r);
            }
        }
    };

    // Statements that read nothing and define nothing go first.
    for (i, s) in program.statements.iter().enumerate() {
        let ladder = matches!(
            s,
            Gadget::Count {
                form: Form::Ladder,
                ..
            }
        );
        if pending[i] == 0 && !is_decision(s) && !ladder {
            emit(
                StmtId(i as u32),
                &mut steps,
                &mut defined,
                &mut emitted,
                &mut pending,
            );
        }
    }
    let mut seen = vec![false; nvars];
    let rest = (0..nvars as u32).map(VarId);
    for v in order.iter().copied().chain(rest) {
        if v.index() >= nvars {
            return Err(ProgramError::UnknownVar(v.0));
        }
        if seen[v.index()] || defined[v.index()] {
            seen[v.index()] = true;
            continue;
        }
        seen[v.index()] = true;
        let sid = definer[v.index()].ok_or_else(|| {
            ProgramError::BadOrder(format!("{} has no definition", program.var(v).name))
        })?;
        let stmt = &program.statements[sid.0 as usize];
        if !is_decision(stmt) {
            // A derived variable: it is defined as soon as its inputs are.
            continue;
        }
        if let Some(r) = stmt.reads().into_iter().find(|r| !defined[r.index()]) {
            return Err(ProgramError::OrderReadsLater {
                stmt: stmt.describe(program),
                var: program.var(r).name.clone(),
            });
        }
        emit(sid, &mut steps, &mut defined, &mut emitted, &mut pending);
    }
    // Ladder counts over no variables still need their bound checked.
    for (i, s) in program.statements.iter().enumerate() {
        if let Gadget::Count {
            terms,
            form: Form::Ladder,
            ..
        } = s
        {
            if terms.is_empty() {
                steps.push(Step::Stmt(StmtId(i as u32)));
            }
        }
    }
    Ok(steps)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gadget::Cmp;

    #[test]
    fn a_ladder_adds_the_terms_one_statement_defines_in_one_step() {
        let mut p = Program::new('T');
        let b = p.bool_var("b", true).unwrap();
        let names = ["x", "y", "z"].map(String::from);
        let o = p.one_of(&names, vec![vec![]; 3]).unwrap();
        let count = p
            .count(
                &[(b, 1), (o[0], 1), (o[1], 2), (o[2], 3)],
                Cmp::Eq,
                3,
                Form::Ladder,
            )
            .unwrap();
        let mut var_order = vec![b];
        var_order.extend(&o);
        let steps = order(&p, &var_order).unwrap();
        assert_eq!(
            steps,
            vec![
                Step::Stmt(StmtId(0)),
                Step::Ladder {
                    stmt: count,
                    terms: vec![(b, 1)],
                    first: true,
                    prefix_max: 1,
                    // The one-of adds 1, 2 or 3.
                    remaining: 3,
                    remaining_min: 1,
                    last: false,
                },
                Step::Stmt(StmtId(1)),
                Step::Ladder {
                    stmt: count,
                    terms: vec![(o[0], 1), (o[1], 2), (o[2], 3)],
                    first: false,
                    prefix_max: 4,
                    remaining: 0,
                    remaining_min: 0,
                    last: true,
                },
            ]
        );
    }
}
