//! fancy-regex engine tests. None bounds how long anything takes.

mod common;

use std::time::Duration;

use backref_engine::{Engine, EngineError, Fancy, Flags, Limit, Limits, Mode, Outcome};
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
    let run = Fancy::new()
        .run(r"\A(a)(?:a|aa)*\1?bc\z", &subject, Mode::First, &limits)
        .unwrap();
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
    assert!(
        run.notes.iter().any(|n| n.contains("left running")),
        "{:?}",
        run.notes
    );
}

#[test]
fn counting_is_unsupported_and_compile_errors_are_reported() {
    let e = Fancy::new();
    assert!(!e.info().can_count);
    for mode in [Mode::Count { keep: 1 }, Mode::at_most(2)] {
        assert!(matches!(
            e.run("a", "a", mode, &Limits::default()),
            Err(EngineError::Unsupported { .. })
        ));
    }
    assert!(matches!(
        e.run(r"\A(a\z", "a", Mode::First, &Limits::default()),
        Err(EngineError::Compile { .. })
    ));
}

#[test]
fn compile_once_and_match_many_subjects() {
    let matcher = Fancy::new()
        .compile(r"\A[^;]*?([^;])[^;]*;\1(.)\z", &Flags::NONE)
        .unwrap();
    assert!(matcher.compile_time() > Duration::ZERO);
    for (subject, expected) in [
        ("abc;bq", Some("b")),
        ("abc;cq", Some("c")),
        ("ab;cq", None),
    ] {
        let run = matcher
            .run(subject, Mode::First, &Limits::default())
            .unwrap();
        assert_eq!(run.timing.compile, Duration::ZERO);
        match (expected, &run.outcome) {
            (Some(g), Outcome::Solved(caps)) => assert_eq!(caps.get(1), Some(g)),
            (None, Outcome::NoSolution) => {}
            (_, other) => panic!("{subject}: {other:?}"),
        }
    }
    // Another backtrack limit builds the Regex again, once.
    let limits = Limits {
        match_limit: Some(10),
        ..Limits::default()
    };
    let run = matcher.run("abc;cq", Mode::First, &limits).unwrap();
    assert!(run.timing.compile > Duration::ZERO);
    let run = matcher.run("abc;cq", Mode::First, &limits).unwrap();
    assert_eq!(run.timing.compile, Duration::ZERO);
}

#[test]
fn flags_change_how_the_pattern_reads() {
    let pattern = r"\A (?<r> x ) \n ^ y $ . \z # a comment";
    let e = Fancy::new();
    let plain = e.compile(pattern, &Flags::NONE).unwrap();
    assert_eq!(
        plain
            .run("x\ny\n", Mode::First, &Limits::default())
            .unwrap()
            .outcome,
        Outcome::NoSolution
    );
    let run = e
        .compile(pattern, &Flags::ALL)
        .unwrap()
        .run("x\ny\n", Mode::First, &Limits::default())
        .unwrap();
    let Outcome::Solved(caps) = &run.outcome else {
        panic!("{:?}", run.outcome)
    };
    assert_eq!(caps.name("r"), Some("x"));
}

#[test]
fn nesting_beyond_the_parser_limit_is_too_large() {
    let pattern = format!(r"\A{}a{}\z", "(".repeat(100_000), ")".repeat(100_000));
    match Fancy::new().run(&pattern, "a", Mode::First, &Limits::default()) {
        Err(EngineError::TooLarge { engine, what }) => {
            assert_eq!(engine, "fancy");
            assert!(what.starts_with("parentheses are nested deeper"), "{what}");
        }
        other => panic!("expected TooLarge, got {other:?}"),
    }
}
