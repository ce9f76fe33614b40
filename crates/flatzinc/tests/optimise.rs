//! The optimisation loop as a library ([`backref_flatzinc::optimise()`]): each solution better
//! than the one before, the last proved optimal; a satisfaction model stops at its first
//! solution; a model without solutions is unsatisfiable.

use backref_flatzinc::{optimise, parse, Ending, Fzn};
use backref_pipeline::{Outcome, Request};

/// How the loop ends on `src`, and the objective of every solution it found, in order.
fn run(src: &str, optimising: bool) -> (Ending, Vec<Option<i64>>) {
    let fzn = Fzn::new(parse(src, "test.fzn").unwrap_or_else(|e| panic!("{e}")));
    let engine = backref_engine::engine_by_name("pcre2").expect("built in");
    let mut found = Vec::new();
    let ending = optimise(&fzn, &*engine, &Request::new(&*engine), optimising, |r| {
        assert!(r.problems.is_empty(), "{:?}", r.problems);
        if let (Outcome::Solved, Some(s)) = (r.outcome, &r.solution) {
            found.push(s.extra.get("objective").and_then(|o| o.as_i64()));
        }
    })
    .expect("the pipeline runs");
    (ending, found)
}

const MODEL: &str = "var 1..6: x :: output_var; var 1..6: y :: output_var;\n\
                     constraint int_lin_le([1, 1], [x, y], 7);\n\
                     constraint int_ne(x, y);\n";

#[test]
fn maximising_ends_at_the_optimum_each_solution_better() {
    let (ending, found) = run(&format!("{MODEL}solve maximize x;\n"), true);
    assert_eq!(ending, Ending::Optimal);
    assert_eq!(found.last(), Some(&Some(6)), "{found:?}");
    assert!(found.windows(2).all(|w| w[1] > w[0]), "{found:?}");
}

#[test]
fn minimising_ends_at_the_optimum_each_solution_better() {
    let (ending, found) = run(&format!("{MODEL}solve minimize y;\n"), true);
    assert_eq!(ending, Ending::Optimal);
    assert_eq!(found.last(), Some(&Some(1)), "{found:?}");
    assert!(found.windows(2).all(|w| w[1] < w[0]), "{found:?}");
}

#[test]
fn satisfaction_stops_at_the_first_solution() {
    let (ending, found) = run(&format!("{MODEL}solve satisfy;\n"), false);
    assert_eq!((ending, found.len()), (Ending::Satisfied, 1));
}

#[test]
fn no_solution_is_unsatisfiable() {
    let src = "var 1..3: x :: output_var;\nconstraint int_lt(x, 1);\nsolve minimize x;\n";
    assert_eq!(run(src, true), (Ending::Unsatisfiable, Vec::new()));
}
