//! External engines (perl, python, node, dotnet). An engine that is not installed here is
//! skipped with a `SKIPPED: <test>: engine <name> unavailable: ...` line on stderr, or fails the
//! test when `CI` is set (see `common::require`); the tests about missing engines need none.
//!
//! No test bounds how long anything takes: process start-up is measured by the
//! `external_startup` example.

mod common;

use std::time::Duration;

use backref_engine::{
    Dotnet, DotnetOptions, Engine, EngineError, External, Flags, Limit, Limits, Mode, Outcome, Run,
};
use common::{
    dotnet_backref, installed, pcre2_backref, plain_backref, queens, require, valid_board, Backref,
};

/// An engine with its anchors and backreference syntax.
struct Case {
    engine: Box<dyn Engine>,
    start: &'static str,
    end: &'static str,
    backref: Backref,
}

/// Every external engine installed here; `test` names the test in skip lines.
fn cases(test: &str) -> Vec<Case> {
    let all = vec![
        Case {
            engine: Box::new(External::perl()),
            start: r"\A",
            end: r"\z",
            backref: pcre2_backref,
        },
        Case {
            engine: Box::new(External::python()),
            start: r"\A",
            end: r"\Z",
            backref: plain_backref,
        },
        Case {
            engine: Box::new(External::node()),
            start: "^",
            end: "$",
            backref: plain_backref,
        },
        Case {
            engine: Box::new(Dotnet::new()),
            start: r"\A",
            end: r"\z",
            backref: dotnet_backref,
        },
    ];
    installed(test, all, |c| &*c.engine)
}

fn solved(run: &Run) -> &backref_engine::Captures {
    match &run.outcome {
        Outcome::Solved(caps) => caps,
        other => panic!("expected a solution, got {other:?}"),
    }
}

#[test]
fn info_reports_versions() {
    for c in cases("info_reports_versions") {
        let info = c.engine.info();
        assert!(!info.version.is_empty());
        assert!(!info.can_count);
        assert_eq!(info.link_size, None);
        println!("{}: {}", info.name, info.version);
    }
}

#[test]
fn segment_pattern_returns_captures_by_number() {
    for c in cases("segment_pattern_returns_captures_by_number") {
        let pattern = format!(
            "{}[^;]*?([^;])[^;]*;[^;]*,{}([^;]),[^;]*;(x)?{}",
            c.start,
            (c.backref)(1),
            c.end
        );
        let run = c
            .engine
            .run(&pattern, "abc;,cx,by,az,;", Mode::First, &Limits::default())
            .unwrap_or_else(|e| panic!("{}: {e}", c.engine.name()));
        let caps = solved(&run);
        assert_eq!(caps.len(), 4, "{}", c.engine.name());
        assert_eq!(caps.get(0), Some("abc;,cx,by,az,;"));
        assert_eq!(caps.get(1), Some("a"));
        assert_eq!(caps.get(2), Some("z"));
        assert_eq!(caps.get(3), None);
    }
}

#[test]
fn captures_may_hold_newlines_and_spaces() {
    for c in cases("captures_may_hold_newlines_and_spaces") {
        let pattern = format!("{}([^;]*);(.?){}", c.start, c.end);
        let run = c
            .engine
            .run(&pattern, "a b\n c;", Mode::First, &Limits::default())
            .unwrap();
        let caps = solved(&run);
        assert_eq!(caps.get(1), Some("a b\n c"), "{}", c.engine.name());
        assert_eq!(caps.get(2), Some(""), "{}", c.engine.name());
    }
}

#[test]
fn queens_first_solution_is_valid() {
    for c in cases("queens_first_solution_is_valid") {
        let (subject, body) = queens(6, c.backref, false);
        let pattern = format!("{}{body}{}", c.start, c.end);
        let run = c
            .engine
            .run(&pattern, &subject, Mode::First, &Limits::default())
            .unwrap();
        let caps = solved(&run);
        assert!(
            valid_board(6, |g| caps.get(g).map(str::to_owned)),
            "{}",
            c.engine.name()
        );
    }
}

#[test]
fn impossible_pattern_has_no_solution() {
    for c in cases("impossible_pattern_has_no_solution") {
        let pattern = format!("{}[^;]*?([^;])[^;]*;{}{}", c.start, (c.backref)(1), c.end);
        let run = c
            .engine
            .run(&pattern, "abc;d", Mode::First, &Limits::default())
            .unwrap();
        assert_eq!(run.outcome, Outcome::NoSolution, "{}", c.engine.name());
    }
}

#[test]
fn compile_errors_are_reported() {
    for c in cases("compile_errors_are_reported") {
        match c.engine.run(
            &format!("{}(a{}", c.start, c.end),
            "a",
            Mode::First,
            &Limits::default(),
        ) {
            Err(EngineError::Compile { engine, message }) => {
                assert_eq!(engine, c.engine.name());
                assert!(!message.is_empty());
            }
            other => panic!(
                "{}: expected a compile error, got {other:?}",
                c.engine.name()
            ),
        }
    }
}

#[test]
fn counting_is_unsupported() {
    for c in cases("counting_is_unsupported") {
        for mode in [Mode::Count { keep: 1 }, Mode::at_most(2)] {
            assert!(matches!(
                c.engine.run("a", "a", mode, &Limits::default()),
                Err(EngineError::Unsupported { .. })
            ));
        }
    }
}

#[test]
fn timeout_kills_the_runner() {
    for c in cases("timeout_kills_the_runner") {
        // Exponential for every engine (the backreference defeats Perl's super-linear cache).
        let pattern = format!("{}(a)(?:a|aa)*{}b(?=x)c{}", c.start, (c.backref)(1), c.end);
        let subject = format!("{}bc", "a".repeat(60));
        let limits = Limits {
            timeout: Some(Duration::from_millis(700)),
            ..Limits::default()
        };
        let run = c
            .engine
            .run(&pattern, &subject, Mode::First, &limits)
            .unwrap();
        assert!(
            matches!(
                run.outcome,
                Outcome::GaveUp {
                    limit: Limit::Timeout,
                    ..
                }
            ),
            "{}: {:?}",
            c.engine.name(),
            run.outcome
        );
    }
}

#[test]
fn missing_interpreter_is_unavailable() {
    let missing = External::perl().with_program("backref-no-such-perl");
    let info = missing.info();
    assert!(!info.available);
    assert_eq!(info.install_hint, Some("apt-get install perl"));
    match missing.run(r"\Aa\z", "a", Mode::First, &Limits::default()) {
        Err(EngineError::Unavailable { engine, reason }) => {
            assert_eq!(engine, "perl");
            assert!(reason.contains("apt-get install perl"), "{reason}");
        }
        other => panic!("expected Unavailable, got {other:?}"),
    }
    let missing = External::node().with_program("/nonexistent/node");
    assert!(!missing.info().available);

    let missing = Dotnet::new().with_programs("backref-no-such-mono", "backref-no-such-mcs");
    let info = missing.info();
    assert!(!info.available);
    assert_eq!(info.install_hint, Some("apt-get install mono-mcs"));
    assert!(matches!(
        missing.run(r"\Aa\z", "a", Mode::First, &Limits::default()),
        Err(EngineError::Unavailable {
            engine: "dotnet",
            ..
        })
    ));
}

/// The .NET engine when Mono is installed here; `test` names the test in the skip line.
fn dotnet(test: &str) -> Option<Dotnet> {
    let d = Dotnet::new();
    require(test, &d).then_some(d)
}

#[test]
fn dotnet_reports_names_and_every_capture() {
    let Some(_) = dotnet("dotnet_reports_names_and_every_capture") else {
        return;
    };
    // Named groups are numbered after unnamed ones in .NET.
    let run = Dotnet::new()
        .run(
            r"\A(?<x>a)+(b)(?<y-x>c)\k<1>\z",
            "aaabcb",
            Mode::First,
            &Limits::default(),
        )
        .unwrap();
    let caps = solved(&run);
    assert_eq!(caps.get(1), Some("b"));
    assert_eq!(caps.number_of("x"), Some(2));
    assert_eq!(caps.number_of("y"), Some(3));
    // One of the three a's was popped by the balancing group.
    assert_eq!(caps.all("x").unwrap(), ["a", "a"]);
    assert_eq!(caps.name("x"), Some("a"));
    assert_eq!(caps.all("y").unwrap(), ["b"]);
    assert_eq!(caps.all("1").unwrap(), ["b"]);
    assert_eq!(caps.all("0").unwrap(), ["aaabcb"]);
}

#[test]
fn dotnet_options_are_passed() {
    let Some(plain) = dotnet("dotnet_options_are_passed") else {
        return;
    };
    let pattern = r"\A (?<r> x ) \n ^ y $ . \z # comment";
    assert_eq!(
        plain
            .run(pattern, "x\ny\n", Mode::First, &Limits::default())
            .unwrap()
            .outcome,
        Outcome::NoSolution
    );
    let options = DotnetOptions::MULTILINE
        | DotnetOptions::SINGLELINE
        | DotnetOptions::IGNORE_PATTERN_WHITESPACE;
    let run = Dotnet::with_options(options)
        .run(pattern, "x\ny\n", Mode::First, &Limits::default())
        .unwrap();
    assert_eq!(solved(&run).name("r"), Some("x"));
    let run = Dotnet::with_options(options | DotnetOptions::COMPILED)
        .run(pattern, "x\ny\n", Mode::First, &Limits::default())
        .unwrap();
    assert_eq!(solved(&run).name("r"), Some("x"));
}

#[test]
fn dotnet_honours_flags_through_compile() {
    let Some(dotnet) = dotnet("dotnet_honours_flags_through_compile") else {
        return;
    };
    // The rectangles' balancing pattern needs all three: IgnorePatternWhitespace, Multiline,
    // Singleline.
    let pattern = r"\A (?<r> x ) \n ^ y $ . \z # comment";
    let plain = dotnet.compile(pattern, &Flags::NONE).unwrap();
    assert_eq!(
        plain
            .run("x\ny\n", Mode::First, &Limits::default())
            .unwrap()
            .outcome,
        Outcome::NoSolution
    );
    let flagged = dotnet.compile(pattern, &Flags::ALL).unwrap();
    let run = flagged
        .run("x\ny\n", Mode::First, &Limits::default())
        .unwrap();
    assert_eq!(solved(&run).name("r"), Some("x"));
    assert_eq!(
        flagged
            .run("x\nz\n", Mode::First, &Limits::default())
            .unwrap()
            .outcome,
        Outcome::NoSolution
    );
    // Options of the engine (here Compiled) add to those of the flags.
    let compiled = Dotnet::with_options(DotnetOptions::COMPILED)
        .compile(pattern, &Flags::ALL)
        .unwrap();
    let run = compiled
        .run("x\ny\n", Mode::First, &Limits::default())
        .unwrap();
    assert_eq!(solved(&run).name("r"), Some("x"));
    assert_eq!(
        DotnetOptions::from(Flags::ALL),
        DotnetOptions::MULTILINE
            | DotnetOptions::SINGLELINE
            | DotnetOptions::IGNORE_PATTERN_WHITESPACE
    );
}

#[test]
fn script_engines_honour_flags() {
    for c in cases("script_engines_honour_flags") {
        if c.engine.name() == "dotnet" {
            continue; // dotnet_honours_flags_through_compile
        }
        // `^` after a newline needs multiline, `.` matching one needs dot_all.
        let pattern = format!("{}(x)\\n^y$.{}", c.start, c.end);
        let multi = Flags {
            multiline: true,
            dot_all: true,
            ..Flags::NONE
        };
        let run = c
            .engine
            .compile(&pattern, &multi)
            .unwrap()
            .run("x\ny\n", Mode::First, &Limits::default())
            .unwrap();
        assert_eq!(solved(&run).get(1), Some("x"), "{}", c.engine.name());
        let run = c
            .engine
            .run(&pattern, "x\ny\n", Mode::First, &Limits::default())
            .unwrap();
        assert_eq!(run.outcome, Outcome::NoSolution, "{}", c.engine.name());
        if c.engine.name() == "node" {
            continue; // no extended mode (see a_flag_an_engine_lacks_is_unsupported)
        }
        let spaced = format!("{} ( x ) y # comment\n{}", c.start, c.end);
        let flags = Flags {
            ignore_whitespace: true,
            ..Flags::NONE
        };
        let run = c
            .engine
            .compile(&spaced, &flags)
            .unwrap()
            .run("xy", Mode::First, &Limits::default())
            .unwrap();
        assert_eq!(solved(&run).get(1), Some("x"), "{}", c.engine.name());
    }
}

#[test]
fn a_flag_an_engine_lacks_is_unsupported() {
    // Checked before anything else: no node needed.
    for node in [
        External::node(),
        External::node().with_program("backref-no-such-node"),
    ] {
        let flags = Flags {
            ignore_whitespace: true,
            multiline: true,
            ..Flags::NONE
        };
        match node.compile("a", &flags) {
            Err(EngineError::Unsupported { engine, what }) => {
                assert_eq!(engine, "node");
                assert_eq!(what, "the pattern flag ignore_whitespace");
            }
            Err(e) => panic!("expected Unsupported, got {e:?}"),
            Ok(_) => panic!("expected Unsupported, got a matcher"),
        }
    }
}

#[test]
fn a_matcher_runs_many_subjects() {
    for c in cases("a_matcher_runs_many_subjects") {
        let pattern = format!(
            "{}[^;]*?([^;])[^;]*;{}(.){}",
            c.start,
            (c.backref)(1),
            c.end
        );
        let matcher = c.engine.compile(&pattern, &Flags::NONE).unwrap();
        assert_eq!(matcher.engine(), c.engine.name());
        // The runner compiles in every run; the matcher itself compiled nothing.
        assert_eq!(matcher.compile_time(), Duration::ZERO);
        for (subject, expected) in [
            ("abc;bq", Some("b")),
            ("abc;cq", Some("c")),
            ("ab;cq", None),
        ] {
            let run = matcher
                .run(subject, Mode::First, &Limits::default())
                .unwrap();
            match expected {
                Some(g1) => assert_eq!(solved(&run).get(1), Some(g1), "{}", c.engine.name()),
                None => assert_eq!(run.outcome, Outcome::NoSolution, "{}", c.engine.name()),
            }
        }
        // A pattern error surfaces from the run.
        let broken = c
            .engine
            .compile(&format!("{}(a{}", c.start, c.end), &Flags::NONE)
            .unwrap();
        assert!(matches!(
            broken.run("a", Mode::First, &Limits::default()),
            Err(EngineError::Compile { .. })
        ));
    }
}

#[test]
fn limits_of_the_engines_are_too_large() {
    for c in cases("limits_of_the_engines_are_too_large") {
        // V8's "Too many captures" (at most 65,535 groups) and Perl's "Too many nested open
        // parens"; Python and Mono accept these sizes, so they are not checked here.
        let (pattern, subject) = match c.engine.name() {
            "node" => (
                format!("{}{}{}", c.start, "(a)?".repeat(70_000), c.end),
                "a",
            ),
            "perl" => (
                format!(
                    "{}{}a{}{}",
                    c.start,
                    "(".repeat(300_000),
                    ")".repeat(300_000),
                    c.end
                ),
                "a",
            ),
            _ => continue,
        };
        match c
            .engine
            .run(&pattern, subject, Mode::First, &Limits::default())
        {
            Err(EngineError::TooLarge { engine, what }) => {
                assert_eq!(engine, c.engine.name());
                assert!(!what.is_empty());
            }
            other => panic!("{}: expected TooLarge, got {other:?}", c.engine.name()),
        }
    }
}
