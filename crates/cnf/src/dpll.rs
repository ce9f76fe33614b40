//! The independent cross-check: a plain DPLL solver (unit propagation, branching on the
//! variable with most occurrences in clauses not yet satisfied) over the formula as the file
//! states it. It shares no code with the encoder, its orders or the same-tree search.

use crate::dimacs::Cnf;

/// What a DPLL run found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dpll {
    /// A model (`model[v]`: variable `v + 1`), if the formula is satisfiable.
    pub model: Option<Vec<bool>>,
    /// Branching decisions made.
    pub decisions: u64,
}

struct Solver<'a> {
    cnf: &'a Cnf,
    value: Vec<i8>, // 0 unset, 1 true, -1 false
    decisions: u64,
}

/// A clause's state under a partial assignment.
enum State {
    Satisfied,
    Conflict,
    Unit(i32),
    Open,
}

impl Solver<'_> {
    fn lit(&self, l: i32) -> i8 {
        let v = self.value[(l.unsigned_abs() - 1) as usize];
        if l > 0 {
            v
        } else {
            -v
        }
    }

    fn state(&self, clause: &[i32]) -> State {
        let mut unset = None;
        let mut unsets = 0;
        for &l in clause {
            match self.lit(l) {
                1 => return State::Satisfied,
                0 => {
                    if unset != Some(l) {
                        unsets += 1;
                    }
                    unset = Some(l);
                }
                _ => {}
            }
        }
        match (unsets, unset) {
            (0, _) => State::Conflict,
            (1, Some(l)) => State::Unit(l),
            _ => State::Open,
        }
    }

    fn set(&mut self, l: i32, trail: &mut Vec<usize>) {
        let v = (l.unsigned_abs() - 1) as usize;
        self.value[v] = if l > 0 { 1 } else { -1 };
        trail.push(v);
    }

    /// Unit propagation to a fixpoint; false on a conflict.
    fn propagate(&mut self, trail: &mut Vec<usize>) -> bool {
        loop {
            let mut changed = false;
            for c in &self.cnf.clauses {
                match self.state(c) {
                    State::Conflict => return false,
                    State::Unit(l) => {
                        self.set(l, trail);
                        changed = true;
                    }
                    _ => {}
                }
            }
            if !changed {
                return true;
            }
        }
    }

    /// The unset variable with most occurrences in open clauses, or `None` when every clause
    /// is satisfied.
    fn pick(&self) -> Option<usize> {
        let mut score = vec![0u32; self.value.len()];
        let mut open = false;
        for c in &self.cnf.clauses {
            if matches!(self.state(c), State::Satisfied) {
                continue;
            }
            open = true;
            for &l in c {
                let v = (l.unsigned_abs() - 1) as usize;
                if self.value[v] == 0 {
                    score[v] += 1;
                }
            }
        }
        if !open {
            return None;
        }
        (0..self.value.len())
            .filter(|&v| self.value[v] == 0)
            .max_by_key(|&v| (score[v], std::cmp::Reverse(v)))
    }

    fn undo(&mut self, trail: &[usize]) {
        for &v in trail {
            self.value[v] = 0;
        }
    }

    /// Searches; `on_model` gets each satisfied partial assignment with its number of unset
    /// variables and returns whether to stop.
    fn search(&mut self, on_model: &mut dyn FnMut(&[i8], usize) -> bool) -> bool {
        let mut trail = Vec::new();
        if !self.propagate(&mut trail) {
            self.undo(&trail);
            return false;
        }
        let stop = match self.pick() {
            None => {
                let free = self.value.iter().filter(|v| **v == 0).count();
                on_model(&self.value, free)
            }
            Some(v) => {
                let mut stop = false;
                for l in [v as i32 + 1, -(v as i32 + 1)] {
                    self.decisions += 1;
                    let mut t = Vec::new();
                    self.set(l, &mut t);
                    stop = self.search(on_model);
                    self.undo(&t);
                    if stop {
                        break;
                    }
                }
                stop
            }
        };
        self.undo(&trail);
        stop
    }
}

fn solver(cnf: &Cnf) -> Solver<'_> {
    Solver {
        cnf,
        value: vec![0; cnf.vars],
        decisions: 0,
    }
}

/// Finds a model, if any (unset variables of a satisfying partial assignment are false).
pub fn solve(cnf: &Cnf) -> Dpll {
    let mut s = solver(cnf);
    let mut model = None;
    s.search(&mut |values, _| {
        model = Some(values.iter().map(|v| *v == 1).collect());
        true
    });
    Dpll {
        model,
        decisions: s.decisions,
    }
}

/// Counts models exactly (a satisfying partial assignment with `k` unset variables counts
/// 2^k), saturating at `u64::MAX`; stops once the count reaches `cap`.
pub fn count(cnf: &Cnf, cap: u64) -> u64 {
    let mut s = solver(cnf);
    let mut n: u64 = 0;
    s.search(&mut |_, free| {
        let add = if free >= 64 { u64::MAX } else { 1u64 << free };
        n = n.saturating_add(add);
        n >= cap
    });
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solves_and_counts_small_formulas() {
        let sat = Cnf::new(3, vec![vec![1, 2], vec![-1, 3], vec![-3, -2]]);
        let m = solve(&sat).model.unwrap();
        assert!(sat
            .clauses
            .iter()
            .all(|c| c.iter().any(|&l| m[(l.abs() - 1) as usize] == (l > 0))));
        // Brute force: 2 models (1 3 -2, -1 2 -3).
        assert_eq!(count(&sat, u64::MAX), 2);
        let unsat = Cnf::new(1, vec![vec![1], vec![-1]]);
        assert_eq!(solve(&unsat).model, None);
        assert_eq!(count(&unsat, u64::MAX), 0);
        assert_eq!(count(&Cnf::new(5, vec![vec![1, -1]]), u64::MAX), 32);
        assert_eq!(count(&Cnf::new(2, vec![vec![]]), u64::MAX), 0);
    }
}
