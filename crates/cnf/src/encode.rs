//! A formula stated through the IR: one boolean per variable (`x1`, `x2`, ..), decided in a
//! static [`Order`], trying first the value its order prefers; one clause gadget per clause
//! (placed by the IR right after its last variable); and, with [`Encoding::Lookahead`], clause
//! lookaheads: after each decision, for every later variable of a clause whose other variables
//! are now all decided, a check that the variable can still take a value satisfying every such
//! clause. The lookaheads are implied by the clauses, so they never change the models.

use backref_program::{Program, ProgramError, VarId};

use crate::order::Order;

/// The available encodings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// Clauses, each checked as its last variable is decided, and clause lookaheads. The
    /// default.
    Lookahead,
    /// Clauses only.
    Plain,
}

/// Every encoding with its command-line name.
pub const ENCODINGS: [(&str, Encoding); 2] = [
    ("lookahead", Encoding::Lookahead),
    ("plain", Encoding::Plain),
];

/// The token a true variable's group captures.
pub const TRUE_TOKEN: char = 'T';

/// A program for one formula.
pub struct Encoded {
    /// The program.
    pub program: Program,
    /// Decision variables in search order.
    pub order: Vec<VarId>,
    /// `vars[v]`: the boolean of variable `v + 1`.
    pub vars: Vec<VarId>,
}

impl Encoded {
    /// The model read from decoded values.
    pub fn model(&self, values: &[String]) -> Vec<bool> {
        self.vars
            .iter()
            .map(|v| !values[v.index()].is_empty())
            .collect()
    }
}

/// States the normalised `clauses` over `nvars` variables in `order`.
pub fn encode(
    nvars: usize,
    clauses: &[Vec<i32>],
    order: &Order,
    encoding: Encoding,
) -> Result<Encoded, ProgramError> {
    let mut p = Program::new(TRUE_TOKEN);
    let mut vars = vec![VarId(0); nvars];
    let mut decisions = Vec::with_capacity(nvars);
    for &v in &order.vars {
        let id = p.bool_var(&format!("x{}", v + 1), order.true_first[v])?;
        vars[v] = id;
        decisions.push(id);
    }
    let lit = |l: i32| (vars[l.unsigned_abs() as usize - 1], l > 0);
    for c in clauses {
        let lits: Vec<(VarId, bool)> = c.iter().map(|&l| lit(l)).collect();
        p.clause(&lits)?;
    }
    if encoding == Encoding::Lookahead {
        let mut step = vec![0; nvars];
        for (i, &v) in order.vars.iter().enumerate() {
            step[v] = i;
        }
        let at = |l: &i32| step[l.unsigned_abs() as usize - 1];
        // Per clause: its last variable `y` and the step when all the others are decided.
        // (var, step when its others are complete, clause)
        let mut pending: Vec<(usize, usize, usize)> = Vec::new();
        for (ci, c) in clauses.iter().enumerate() {
            if c.len() < 2 {
                continue;
            }
            let last = c.iter().max_by_key(|l| at(l)).expect("nonempty");
            let others = c.iter().filter(|l| *l != last).map(at).max().expect("two");
            pending.push((last.unsigned_abs() as usize - 1, others, ci));
        }
        // At step s, variable y gets a lookahead over every clause whose others are complete
        // by s, when one of them became complete at s.
        let mut fresh: Vec<(usize, usize)> = pending.iter().map(|p| (p.1, p.0)).collect();
        fresh.sort_unstable();
        fresh.dedup();
        for (s, y) in fresh {
            let cs: Vec<Vec<(VarId, bool)>> = pending
                .iter()
                .filter(|p| p.0 == y && p.1 <= s)
                .map(|p| clauses[p.2].iter().map(|&l| lit(l)).collect())
                .collect();
            let polarity = |want: bool| {
                cs.iter()
                    .any(|c| c.iter().any(|l| l.0 == vars[y] && l.1 == want))
            };
            if polarity(true) && polarity(false) {
                p.clause_lookahead(vars[y], cs)?;
            }
        }
    }
    Ok(Encoded {
        program: p,
        order: decisions,
        vars,
    })
}
