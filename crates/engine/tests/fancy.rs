//! fancy-regex engine tests.

mod common;

use std::time::{Duration, Instant};

use backref_engine::{Engine, EngineError, Fancy, Limit, Limits, Mode, Outcome};
use common::{plain_backref, queens, valid_board};

#[test]
fn segment_pattern_returns_captures_by_number() {
    let run = Fancy::new()
        .run(
            r"\A[^;]*?([^;])[^;]*;[^;]*,\1([^;]),[^;]*;(x)?\z",
            "abc;,cx,by,az,;",
            Mode::First,
            &Limits::default(),
        )
        .unwrap();
    let Outcome::Solved(caps) = &run.outcome else {
        panic!("{:?}", run.outcome)
    };
    assert_eq!(caps.len(), 4);
    assert_eq!(caps.get(1), Some("a"));
    assert_eq!(caps.get(2), Some("z"));
    assert_eq!(caps.get(3), None);
    assert!(!run.timing.jit);
}

#[test]
fn queens_first_solution_is_valid() {
    let (subject, body) = queens(8, plain_backref, false);
    let run = Fancy::new()
        .run(
            &format!(r"\A{body}\z"),
            &subject,
            Mode::First,
            &Limits::default(),
        )
        .unwrap();
    let Outcome::Solved(caps) = &run.outcome else {
        panic!("{:?}", run.outcome)
    };
    assert!(valid_board(8, |g| caps.get(g).map(str::to_owned)));
}

#[test]
fn impossible_pattern_has_no_solution() {
    let run = Fancy::new()
        .run(
            r"\A[^;]*?([^;])[^;]*;\1\z",
            "abc;d",
            Mode::First,
            &Limits::default(),
        )
        .unwrap();
    assert_eq!(run.outcome, Outcome::NoSolution);
}

#[test]
fn tiny_backtrack_limit_gives_up() {
    let limits = Limits {
        match_limit: Some(10),
        ..Limits::default()
    };
    // The backreference makes fancy-regex run its own backtracking VM.
    let subject = format!("a{}bcx", "a".repeat(30));
    let run = Fancy::new()
        .run(r"\A(a)(?:a|aa)*\1?bc\z", &subject, Mode::First, &limits)
        .unwrap();
    assert!(
        matches!(
            run.outcome,
            Outcome::GaveUp {
                limit: Limit::MatchLimit,
                ..
            }
        ),
        "{:?}",
        run.outcome
    );
}

#[test]
fn timeout_detaches_the_worker() {
    // The backtrack limit ends the detached worker soon after the timeout.
    let limits = Limits {
        timeout: Some(Duration::from_millis(100)),
        match_limit: Some(200_000_000),
        ..Limits::default()
    };
    let subject = format!("a{}bcx", "a".repeat(60));
    let start = Instant::now();
    let run = Fancy::new()
        .run(r"\A(a)(?:a|aa)*\1?bc\z", &subject, Mode::First, &limits)
        .unwrap();
    let took = start.elapsed();
    println!("{:?} after {took:?}", run.outcome);
    assert!(
        matches!(
            run.outcome,
            Outcome::GaveUp {
                limit: Limit::Timeout,
                ..
            }
        ),
        "{:?}",
        run.outcome
    );
    assert!(took < Duration::from_secs(1), "{took:?}");
}

#[test]
fn counting_is_unsupported_and_compile_errors_are_reported() {
    let e = Fancy::new();
    assert!(!e.info().can_count);
    assert!(matches!(
        e.run("a", "a", Mode::Count { keep: 1 }, &Limits::default()),
        Err(EngineError::Unsupported { .. })
    ));
    assert!(matches!(
        e.run(r"\A(a\z", "a", Mode::First, &Limits::default()),
        Err(EngineError::Compile { .. })
    ));
}
