//! External engines (perl, python, node, dotnet): each test skips an engine that is not
//! installed here, except the tests about missing engines.

mod common;

use std::time::{Duration, Instant};

use backref_engine::{
    Dotnet, DotnetOptions, Engine, EngineError, External, Limit, Limits, Mode, Outcome, Run,
};
use common::{dotnet_backref, pcre2_backref, plain_backref, queens, valid_board, Backref};

/// An engine with its anchors and backreference syntax.
struct Case {
    engine: Box<dyn Engine>,
    start: &'static str,
    end: &'static str,
    backref: Backref,
}

fn cases() -> Vec<Case> {
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
    all.into_iter()
        .filter(|c| {
            let info = c.engine.info();
            if !info.available {
                eprintln!("skipping {}: {}", info.name, info.version);
            }
            info.available
        })
        .collect()
}

fn solved(run: &Run) -> &backref_engine::Captures {
    match &run.outcome {
        Outcome::Solved(caps) => caps,
        other => panic!("expected a solution, got {other:?}"),
    }
}

#[test]
fn info_reports_versions() {
    for c in cases() {
        let info = c.engine.info();
        assert!(!info.version.is_empty());
        assert!(!info.can_count);
        assert_eq!(info.link_size, None);
        println!("{}: {}", info.name, info.version);
    }
}

#[test]
fn segment_pattern_returns_captures_by_number() {
    for c in cases() {
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
    for c in cases() {
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
    for c in cases() {
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
    for c in cases() {
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
    for c in cases() {
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
    for c in cases() {
        assert!(matches!(
            c.engine
                .run("a", "a", Mode::Count { keep: 1 }, &Limits::default()),
            Err(EngineError::Unsupported { .. })
        ));
    }
}

#[test]
fn timeout_kills_the_runner() {
    for c in cases() {
        // Exponential for every engine (the backreference defeats Perl's super-linear cache).
        let pattern = format!("{}(a)(?:a|aa)*{}b(?=x)c{}", c.start, (c.backref)(1), c.end);
        let subject = format!("{}bc", "a".repeat(60));
        let limits = Limits {
            timeout: Some(Duration::from_millis(700)),
            ..Limits::default()
        };
        let start = Instant::now();
        let run = c
            .engine
            .run(&pattern, &subject, Mode::First, &limits)
            .unwrap();
        let took = start.elapsed();
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
        assert!(
            took < Duration::from_secs(3),
            "{}: {took:?}",
            c.engine.name()
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

fn dotnet() -> Option<Dotnet> {
    let d = Dotnet::new();
    let info = d.info();
    if !info.available {
        eprintln!("skipping dotnet: {}", info.version);
        return None;
    }
    Some(d)
}

#[test]
fn dotnet_reports_names_and_every_capture() {
    let Some(_) = dotnet() else { return };
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
    let Some(plain) = dotnet() else { return };
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

/// Measures process start-up: `cargo test -p backref-engine --test external -- --ignored
/// --nocapture startup`. (Set `XDG_CACHE_HOME` to an empty directory to include the one-time
/// `mcs` compilation of the .NET runner in the first run.)
#[test]
#[ignore]
fn startup() {
    for c in cases() {
        let pattern = format!("{}(a){}", c.start, c.end);
        let mut walls = Vec::new();
        let mut inner = Duration::MAX;
        for _ in 0..5 {
            let start = Instant::now();
            let run = c
                .engine
                .run(&pattern, "a", Mode::First, &Limits::default())
                .unwrap();
            walls.push(start.elapsed());
            inner = inner.min(run.timing.compile + run.timing.matching);
            for note in &run.notes {
                println!("{}: {note}", c.engine.name());
            }
        }
        println!(
            "{}: first run {:?}, best of the rest {:?}; compile+match inside the runner {inner:?}",
            c.engine.name(),
            walls[0],
            walls[1..].iter().min().unwrap()
        );
    }
}
