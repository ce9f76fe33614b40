//! The optimisation check of FlatZinc's `minimize`/`maximize` cases: `backref fzn`'s loop
//! ([`backref_flatzinc::optimise()`]), run on both engines of the case, must end at the optimum,
//! each solution strictly better than the one before. The optimum is the native search's,
//! tightened the same way, and it must equal the brute force's where the case has one (the
//! generator's own evaluator over every assignment).

use backref_engine::{Engine, Limits};
use backref_flatzinc::{optimise, Ending, Fzn};
use backref_pipeline::{Outcome, Puzzle, Settings};

use crate::differential::{Case, Config, Extra};

/// The check of one case: `max` when it maximises; `brute` is the brute force's optimum
/// (`Some(None)`: no solution) when the case is small enough for one.
pub(super) fn check(fzn: Fzn, max: bool, brute: Option<Option<i64>>) -> Extra {
    Box::new(move |case: &Case, config: &Config| {
        let mut failures = Vec::new();
        let settings = case.settings.for_options(&case.options(&*config.reference));
        let native = match native_optimum(&fzn, &settings) {
            Ok(o) => o,
            Err(e) => return vec![format!("the native optimisation failed: {e}")],
        };
        if let Some(brute) = brute.filter(|b| *b != native) {
            failures.push(format!(
                "the native optimum is {native:?}, the brute force's {brute:?}"
            ));
        }
        let engines: [(&dyn Engine, &Limits, bool); 2] = [
            (&*config.reference, &config.reference_limits, false),
            (&*config.other, &config.other_limits, true),
        ];
        for (engine, limits, may_give_up) in engines {
            let name = engine.name();
            let request = case.request(engine, limits);
            let mut found = Vec::new();
            let ending = optimise(&fzn, engine, &request, true, |report| {
                if let (Outcome::Solved, Some(s)) = (report.outcome, &report.solution) {
                    found.push(s.extra.get("objective").and_then(|o| o.as_i64()));
                }
            });
            let last = found.last().copied().flatten();
            match ending {
                Err(e) => failures.push(format!("{name}: the optimisation loop failed: {e}")),
                Ok(Ending::Problems(problems)) => {
                    failures.extend(problems.iter().map(|p| format!("{name} optimising: {p}")))
                }
                Ok(Ending::GaveUp) if may_give_up => {}
                Ok(Ending::GaveUp) => failures.push(format!("{name} gave up optimising")),
                Ok(Ending::Satisfied) => failures.push(format!(
                    "{name}: the optimisation loop stopped at its first solution"
                )),
                Ok(Ending::Unsatisfiable) if native.is_some() => failures.push(format!(
                    "{name} found no solution to optimise, the native optimum is {native:?}"
                )),
                Ok(Ending::Unsatisfiable) => {}
                Ok(Ending::Optimal) if last != native => failures.push(format!(
                    "{name} proved {last:?} optimal (solutions {found:?}), the native optimum is {native:?}"
                )),
                Ok(Ending::Optimal) => {}
            }
            let improving = found.windows(2).all(|w| match (w[0], w[1]) {
                (Some(a), Some(b)) => {
                    if max {
                        b > a
                    } else {
                        b < a
                    }
                }
                _ => false,
            });
            if !improving || found.contains(&None) {
                failures.push(format!(
                    "{name}: the objectives do not improve strictly: {found:?}"
                ));
            }
        }
        failures
    })
}

/// The optimum by the native search: solve, then ask for better than each solution until none
/// is left. `None` when the model has no solution.
fn native_optimum(fzn: &Fzn, settings: &Settings) -> Result<Option<i64>, String> {
    let mut current = fzn.clone();
    let mut best = None;
    while let Some(answer) = current.native(0, settings).map_err(|e| e.to_string())? {
        let o = fzn
            .objective(&answer)
            .ok_or("a native solution without an objective value")?;
        best = Some(o);
        current = fzn.better_than(o);
    }
    Ok(best)
}
