//! The pipeline in process on a toy puzzle of its own (no puzzle crate): "choose k of n lights",
//! solved, counted, checked for uniqueness and emitted through PCRE2 — and an encoder bug the
//! checks must catch: an answer that fails the rule checker is never reported as trusted. A
//! refutation is built only when a stage's first try runs out of its budget, or first where the
//! puzzle expects no solution. An answer the input gives is compared with the solved one.

use std::sync::atomic::{AtomicUsize, Ordering};

use backref_engine::{engine_by_name, Engine};
use backref_pipeline::{
    count, emit, refute, solve, unique, Encoded, Error, Outcome, Problem, Published, Puzzle,
    Refuter, Request, Settings, Solution, Source, Uniqueness,
};
use backref_program::{Form, Options, Program};

/// Choose exactly `k` of `n` lights. `bug` makes the encoder state "at least one" instead.
struct Lights {
    n: usize,
    k: u32,
    bug: bool,
}

#[derive(Debug, thiserror::Error)]
#[error("{on} lights on, expected {expected}")]
struct WrongCount {
    on: usize,
    expected: u32,
}

fn binomial(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

impl Puzzle for Lights {
    type Answer = Vec<bool>;
    type Violation = WrongCount;

    fn name(&self) -> &'static str {
        "lights"
    }

    fn encode(&self, _stage: usize, _settings: &Settings) -> Result<Source<'_, Vec<bool>>, Error> {
        let mut p = Program::new('L');
        let vars = (0..self.n)
            .map(|i| p.bool_var(&format!("L_{i}"), true))
            .collect::<Result<Vec<_>, _>>()?;
        if self.bug {
            let terms: Vec<_> = vars.iter().map(|v| (*v, 1)).collect();
            p.count(&terms, backref_program::Cmp::Ge, 1, Form::Flat)?;
        } else {
            p.exactly_k(&vars, self.k, Form::Flat)?;
        }
        let order = vars.clone();
        Ok(Source::Ir(Encoded::new(p, order, move |values| {
            vars.iter().map(|v| !values[v.index()].is_empty()).collect()
        })))
    }

    fn check(&self, _: usize, _: &Settings, lights: &Vec<bool>) -> Result<(), Vec<WrongCount>> {
        let on = lights.iter().filter(|l| **l).count();
        if lights.len() == self.n && on == self.k as usize {
            Ok(())
        } else {
            Err(vec![WrongCount {
                on,
                expected: self.k,
            }])
        }
    }

    fn native(&self, _: usize, _: &Settings) -> Result<Option<Vec<bool>>, Error> {
        // Lights on first, as the encoding tries them.
        Ok((self.k as usize <= self.n).then(|| (0..self.n).map(|i| i < self.k as usize).collect()))
    }

    fn native_count(&self, _: usize, _: &Settings, _cap: u64) -> Option<u64> {
        Some(binomial(self.n as u64, self.k as u64))
    }

    fn render(&self, lights: &Vec<bool>) -> Solution {
        let row: String = lights.iter().map(|l| if *l { '*' } else { '.' }).collect();
        Solution::new(vec![row.clone()], row + "\n")
    }
}

/// The lights with a refutation (the same program, asked only whether it has a solution) that
/// counts how often it was built.
struct Refutable {
    lights: Lights,
    built: AtomicUsize,
    /// What [`Puzzle::refute_first`] answers.
    first: bool,
}

impl Puzzle for Refutable {
    type Answer = Vec<bool>;
    type Violation = WrongCount;

    fn name(&self) -> &'static str {
        self.lights.name()
    }

    fn encode(&self, stage: usize, settings: &Settings) -> Result<Source<'_, Vec<bool>>, Error> {
        self.lights.encode(stage, settings)
    }

    fn refutation(&self, stage: usize, settings: &Settings) -> Option<Refuter<'_>> {
        let settings = settings.clone();
        Some(Box::new(move || {
            self.built.fetch_add(1, Ordering::SeqCst);
            match self.lights.encode(stage, &settings)? {
                Source::Ir(e) => Ok(Encoded::feasibility(e.program, e.order)),
                Source::HandBuilt(_) => unreachable!("the lights are stated through the IR"),
            }
        }))
    }

    fn refute_first(&self, _stage: usize, _settings: &Settings) -> bool {
        self.first
    }

    fn check(&self, stage: usize, s: &Settings, lights: &Vec<bool>) -> Result<(), Vec<WrongCount>> {
        self.lights.check(stage, s, lights)
    }

    fn native(&self, stage: usize, settings: &Settings) -> Result<Option<Vec<bool>>, Error> {
        self.lights.native(stage, settings)
    }

    fn native_count(&self, stage: usize, settings: &Settings, cap: u64) -> Option<u64> {
        self.lights.native_count(stage, settings, cap)
    }

    fn render(&self, lights: &Vec<bool>) -> Solution {
        self.lights.render(lights)
    }
}

/// The lights with an answer of the input's own ([`Puzzle::published`]); `lenient` makes the
/// rule checker accept any answer (so that a published answer "keeps every rule" on an
/// instance without a solution).
struct Given {
    lights: Lights,
    answer: Vec<bool>,
    lenient: bool,
}

impl Puzzle for Given {
    type Answer = Vec<bool>;
    type Violation = WrongCount;

    fn name(&self) -> &'static str {
        self.lights.name()
    }

    fn encode(&self, stage: usize, settings: &Settings) -> Result<Source<'_, Vec<bool>>, Error> {
        self.lights.encode(stage, settings)
    }

    fn check(&self, stage: usize, s: &Settings, lights: &Vec<bool>) -> Result<(), Vec<WrongCount>> {
        if self.lenient {
            return Ok(());
        }
        self.lights.check(stage, s, lights)
    }

    fn native(&self, stage: usize, settings: &Settings) -> Result<Option<Vec<bool>>, Error> {
        self.lights.native(stage, settings)
    }

    fn published(&self, _stage: usize) -> Option<Vec<bool>> {
        Some(self.answer.clone())
    }

    fn render(&self, lights: &Vec<bool>) -> Solution {
        self.lights.render(lights)
    }
}

fn pcre2() -> Box<dyn Engine> {
    engine_by_name("pcre2").expect("PCRE2 is built in")
}

#[test]
fn solves_verifies_and_agrees_with_the_native_solver() {
    let e = pcre2();
    let r = solve(
        &Lights {
            n: 5,
            k: 2,
            bug: false,
        },
        &*e,
        &Request::new(&*e),
    )
    .unwrap();
    assert_eq!(r.outcome, Outcome::Solved);
    assert!(r.trusted(), "{:?}", r.problems);
    assert_eq!(r.solution.unwrap().grid, ["**..."]);
    let r = solve(
        &Lights {
            n: 3,
            k: 4,
            bug: false,
        },
        &*e,
        &Request::new(&*e),
    )
    .unwrap();
    assert_eq!(r.outcome, Outcome::NoSolution);
    assert!(r.confirmed());
}

#[test]
fn counts_inside_the_engine_and_tells_uniqueness() {
    let e = pcre2();
    let c = count(
        &Lights {
            n: 6,
            k: 3,
            bug: false,
        },
        &*e,
        &Request::new(&*e),
        2,
    )
    .unwrap();
    assert_eq!((c.count, c.native_count), (20, Some(20)));
    assert!(c.problems.is_empty());
    assert_eq!(c.solutions.len(), 2);
    for (n, k, verdict) in [
        (3, 3, Uniqueness::Unique),
        (3, 1, Uniqueness::NotUnique),
        (2, 3, Uniqueness::NoSolution),
    ] {
        let u = unique(&Lights { n, k, bug: false }, &*e, &Request::new(&*e)).unwrap();
        assert_eq!(u.uniqueness(), verdict, "n={n} k={k}");
        assert!(u.problems.is_empty(), "{:?}", u.problems);
    }
}

#[test]
fn an_encoder_bug_is_caught_by_the_rule_checker_and_the_native_count() {
    let e = pcre2();
    let buggy = Lights {
        n: 4,
        k: 2,
        bug: true,
    };
    let r = solve(&buggy, &*e, &Request::new(&*e)).unwrap();
    // The engine matches all four lights on: shown, but never trusted.
    assert_eq!(r.outcome, Outcome::Solved);
    assert!(!r.trusted() && !r.confirmed());
    assert!(
        r.problems.iter().any(
            |p| matches!(p, Problem::RuleCheck(v) if v.to_string() == "4 lights on, expected 2")
        ),
        "{:?}",
        r.problems
    );
    let c = count(&buggy, &*e, &Request::new(&*e), 0).unwrap();
    assert_eq!(c.count, 15);
    assert!(
        c.problems
            .iter()
            .any(|p| p.to_string() == "pcre2 counted 15 solutions, the native solver 6"),
        "{:?}",
        c.problems
    );
}

#[test]
fn emits_in_any_dialect_without_an_engine() {
    let toy = Lights {
        n: 3,
        k: 1,
        bug: false,
    };
    for d in ["pcre2", "javascript", "python"] {
        let dialect = backref_program::dialect::by_name(d).expect("a dialect");
        let out = emit(&toy, &Settings::default(), &Options::new(dialect), 0).unwrap();
        assert_eq!(out.dialect, dialect.name);
        assert!(out.subject.ends_with(';'), "{}", out.subject);
        assert_eq!(out.stage, "");
        assert!(emit(&toy, &Settings::default(), &Options::new(dialect), 1).is_err());
    }
}

#[test]
fn a_refutation_is_built_only_when_the_first_try_runs_out() {
    let e = pcre2();
    // The default first try ends the search; a first try of one step runs out of it, and the
    // refutation (which finds a solution, so the stage's own search resumes) is built once.
    for (refute_after, built) in [(refute::FIRST_TRY_MATCH_LIMIT, 0), (1, 1)] {
        let toy = Refutable {
            lights: Lights {
                n: 6,
                k: 3,
                bug: false,
            },
            built: AtomicUsize::new(0),
            first: false,
        };
        let mut request = Request::new(&*e);
        request.refute_after = refute_after;
        let r = solve(&toy, &*e, &request).unwrap();
        assert!(r.trusted(), "{:?}", r.problems);
        assert_eq!(r.solution.unwrap().grid, ["***..."]);
        assert_eq!(
            toy.built.load(Ordering::SeqCst),
            built,
            "a first try of {refute_after} steps"
        );
    }
}

#[test]
fn a_stage_likely_without_a_solution_is_refuted_first() {
    let e = pcre2();
    let toy = |k, first| Refutable {
        lights: Lights {
            n: 4,
            k,
            bug: false,
        },
        built: AtomicUsize::new(0),
        first,
    };
    // Five of four lights: the refutation exhausts its search before the stage's own pattern is
    // compiled, and the native solver agrees there is no answer.
    let none = toy(5, true);
    let r = solve(&none, &*e, &Request::new(&*e)).unwrap();
    assert_eq!(r.outcome, Outcome::NoSolution);
    assert!(r.problems.is_empty(), "{:?}", r.problems);
    assert_eq!(none.built.load(Ordering::SeqCst), 1);
    let reason = r.stages[0].reason.as_deref().unwrap_or("");
    assert!(reason.contains("ran first and exhausted"), "{reason}");
    // Two of four: the refutation finds the stage solvable, and the stage's own search gives the
    // answer in its order, checked as any other.
    let two = toy(2, true);
    let r = solve(&two, &*e, &Request::new(&*e)).unwrap();
    assert!(r.trusted(), "{:?}", r.problems);
    assert_eq!(r.solution.unwrap().grid, ["**.."]);
    assert_eq!(two.built.load(Ordering::SeqCst), 1);
    let reason = r.stages[0].reason.as_deref().unwrap_or("");
    assert!(
        reason.contains("ran first and found it solvable"),
        "{reason}"
    );
    // Turned off by the request, or not asked for by the puzzle: the stage's own search alone.
    for (first, asked) in [(false, true), (true, false)] {
        let toy = toy(5, asked);
        let mut request = Request::new(&*e);
        request.refute_first = first;
        let r = solve(&toy, &*e, &request).unwrap();
        assert_eq!(r.outcome, Outcome::NoSolution);
        assert_eq!(toy.built.load(Ordering::SeqCst), 0);
    }
    // An engine without a cheaper form for short searches (the interpreter) gains nothing from
    // it: the stage's own search runs first.
    let interp = engine_by_name("pcre2-interp").expect("PCRE2 is built in");
    let toy = toy(5, true);
    let r = solve(&toy, &*interp, &Request::new(&*interp)).unwrap();
    assert_eq!(r.outcome, Outcome::NoSolution);
    assert_eq!(toy.built.load(Ordering::SeqCst), 0);
}

#[test]
fn an_answer_the_input_gives_is_compared_and_checked() {
    let e = pcre2();
    let lights = |n, k| Lights { n, k, bug: false };
    let bits = |s: &str| s.chars().map(|c| c == '*').collect::<Vec<bool>>();
    // Three of six: the engine's first answer is `***...`.
    for (given, want) in [
        ("***...", Published::Equal),
        ("...***", Published::Different),
        ("*.....", Published::BreaksRules(1)),
    ] {
        let toy = Given {
            lights: lights(6, 3),
            answer: bits(given),
            lenient: false,
        };
        let r = solve(&toy, &*e, &Request::new(&*e)).unwrap();
        assert!(r.trusted(), "{:?}", r.problems);
        assert_eq!(r.published, Some(want), "the input gives {given}");
    }
    // Four of three has no solution: an answer the input gives that breaks the rules is no
    // news, one that keeps them (a lenient checker) contradicts the exhausted search.
    for (lenient, disagreements) in [(false, 0), (true, 1)] {
        let toy = Given {
            lights: lights(3, 4),
            answer: bits("***"),
            lenient,
        };
        let r = solve(&toy, &*e, &Request::new(&*e)).unwrap();
        assert_eq!(r.outcome, Outcome::NoSolution);
        assert_eq!(r.published, None);
        let found: Vec<String> = r.problems.iter().map(|p| p.to_string()).collect();
        assert_eq!(found.len(), disagreements, "{found:?}");
        assert!(found
            .iter()
            .all(|p| p.contains("the answer the input gives keeps every rule")));
    }
}
