//! Optimisation by solving again: [`optimise`] solves the model, then asks for an objective
//! strictly better than the last solution's ([`Fzn::better_than`]) until no solution is left,
//! so the last solution found is optimal. It is the loop `backref fzn` runs for `minimize` and
//! `maximize`, here as a library so that the differential tests drive it as the command does.

use backref_engine::Engine;
use backref_pipeline::{solve, Error, Outcome, Request, SolveReport};

use crate::Fzn;

/// How [`optimise`] ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// A satisfaction model was solved (the search does not go on past one solution).
    Satisfied,
    /// No better solution is left: the last one found is optimal.
    Optimal,
    /// The engine exhausted the search before any solution: the model is unsatisfiable.
    Unsatisfiable,
    /// A limit ended a search; the solutions found so far stand, the last one unproved.
    GaveUp,
    /// A report disagreed with a check (rule checker, IR checker or native cross-check): its
    /// problems, in words. The loop stops there.
    Problems(Vec<String>),
}

/// Solves `fzn` on `engine` and, when `optimising`, again with the bound tightened past each
/// solution's objective until none is left. `each` sees every solve's report in turn (a
/// solution to print as soon as it is found, statistics), before the loop looks at it.
pub fn optimise(
    fzn: &Fzn,
    engine: &dyn Engine,
    request: &Request,
    optimising: bool,
    mut each: impl FnMut(&SolveReport),
) -> Result<Ending, Error> {
    let mut current = fzn.clone();
    let mut found = false;
    loop {
        let report = solve(&current, engine, request)?;
        each(&report);
        if !report.problems.is_empty() {
            return Ok(Ending::Problems(
                report.problems.iter().map(|p| p.to_string()).collect(),
            ));
        }
        match (report.outcome, &report.solution) {
            (Outcome::Solved, Some(s)) => {
                found = true;
                let objective = s.extra.get("objective").and_then(|o| o.as_i64());
                match objective {
                    Some(o) if optimising => current = fzn.better_than(o),
                    _ => return Ok(Ending::Satisfied),
                }
            }
            (Outcome::NoSolution, _) if found => return Ok(Ending::Optimal),
            (Outcome::NoSolution, _) => return Ok(Ending::Unsatisfiable),
            _ => return Ok(Ending::GaveUp),
        }
    }
}
