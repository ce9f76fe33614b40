//! PCRE2 engine tests: captures, exhausted searches, limits, counting, timeouts and progress,
//! compiling once and matching many times, flags, and errors that are PCRE2's limits.
//!
//! No test bounds how long anything takes: they check outcomes only. Speed is measured by
//! `backref bench` and the `callout_overhead` example.

mod common;

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use backref_engine::{
    pcre2_link_size, Cancel, Engine, EngineError, Flags, JitFallback, Limit, Limits, Matcher, Mode,
    Outcome, Pcre2, Run, DETACHED_COMPILE_FROM,
};
use common::{pcre2_backref, queens, valid_board};

fn both() -> [Pcre2; 2] {
    [Pcre2::jit(), Pcre2::interpreter()]
}

fn solved(run: &Run) -> &backref_engine::Captures {
    match &run.outcome {
        Outcome::Solved(caps) => caps,
        other => panic!("expected a solution, got {other:?}"),
    }
}

fn gave_up(run: &Run) -> Limit {
    match run.outcome {
        Outcome::GaveUp { limit, .. } => limit,
        ref other => panic!("expected GaveUp, got {other:?}"),
    }
}

/// Exponentially many ways to split the a's, and the `\z` always fails at the end.
fn hard_subject(a: usize) -> String {
    format!("{}bcx", "a".repeat(a))
}
const HARD: &str = r"\A(?:a|aa)*bc\z";
const HARD_WITH_CALLOUTS: &str = r"\A(?:(?C1)(?:a|aa))*bc\z";

#[test]
fn link_size_is_4() {
    assert_eq!(pcre2_link_size(), 4);
    for e in both() {
        let info = e.info();
        assert!(info.available, "{info:?}");
        assert_eq!(info.link_size, Some(4));
        assert!(info.can_count);
        assert!(info.version.starts_with("10."), "{}", info.version);
    }
    assert_eq!(Pcre2::jit().name(), "pcre2");
    assert_eq!(Pcre2::interpreter().name(), "pcre2-interp");
    assert!(Pcre2::jit().info().jit);
    assert!(!Pcre2::interpreter().info().jit);
}

#[test]
fn segment_pattern_returns_captures_by_number() {
    let pattern = r"\A[^;]*?([^;])[^;]*;[^;]*,\g{1}([^;]),[^;]*;(x)?\z";
    for e in both() {
        let run = e
            .run(pattern, "abc;,ax,by,cz,;", Mode::First, &Limits::default())
            .unwrap();
        let caps = solved(&run);
        assert_eq!(caps.len(), 4);
        assert_eq!(caps.get(0), Some("abc;,ax,by,cz,;"));
        assert_eq!(caps.get(1), Some("a"));
        assert_eq!(caps.get(2), Some("x"));
        assert_eq!(caps.get(3), None);
        assert_eq!(run.timing.jit, e.config().jit);
        assert!(run.count.is_none());
        assert_eq!(run.steps, None);
    }
}

#[test]
fn named_groups_are_reported() {
    let run = Pcre2::jit()
        .run(r"\A(?<row>a)(b)\z", "ab", Mode::First, &Limits::default())
        .unwrap();
    let caps = solved(&run);
    assert_eq!(caps.name("row"), Some("a"));
    assert_eq!(caps.get(2), Some("b"));
}

#[test]
fn impossible_pattern_has_no_solution() {
    let pattern = r"\A[^;]*?([^;])[^;]*;\g{1}\z";
    for e in both() {
        let run = e
            .run(pattern, "abc;d", Mode::First, &Limits::default())
            .unwrap();
        assert_eq!(run.outcome, Outcome::NoSolution);
    }
}

#[test]
fn match_limit_gives_up_instead_of_reporting_no_match() {
    let limits = Limits {
        match_limit: Some(10),
        ..Limits::default()
    };
    for e in both() {
        let run = e
            .run(HARD, &hard_subject(30), Mode::First, &limits)
            .unwrap();
        assert_eq!(gave_up(&run), Limit::MatchLimit);
    }
}

/// `search_steps` finds the least match limit under which the search ends: the search ends
/// with that limit, gives up with a tenth less, and a bigger search tree takes more steps.
#[test]
fn search_steps_is_the_least_sufficient_match_limit() {
    let budget = Duration::from_secs(60);
    for e in both() {
        let matcher = e.compile(HARD, &Flags::NONE).unwrap();
        let small = matcher.search_steps(&hard_subject(12), budget).unwrap();
        let big = matcher.search_steps(&hard_subject(16), budget).unwrap();
        let (small, big) = (small.unwrap(), big.unwrap());
        assert!(big > small, "{big} steps for 16 a's, {small} for 12");
        let with = |limit: u64| {
            let limits = Limits {
                match_limit: Some(limit),
                ..Limits::default()
            };
            matcher
                .run(&hard_subject(16), Mode::First, &limits)
                .unwrap()
        };
        assert_eq!(with(big).outcome, Outcome::NoSolution);
        assert_eq!(gave_up(&with(big - big / 10)), Limit::MatchLimit);
        // A match that succeeds is counted too.
        let quick = matcher.search_steps("aabc", budget).unwrap().unwrap();
        assert!(quick >= 1);
    }
    // No time to find out: no count rather than a wrong one.
    let matcher = Pcre2::jit().compile(HARD, &Flags::NONE).unwrap();
    let none = matcher
        .search_steps(&hard_subject(24), Duration::ZERO)
        .unwrap();
    assert_eq!(none, None);
}

#[test]
fn depth_and_heap_limits_give_up() {
    let interp = Pcre2::interpreter();
    let limits = Limits {
        depth_limit: Some(5),
        ..Limits::default()
    };
    let run = interp
        .run(HARD, &hard_subject(30), Mode::First, &limits)
        .unwrap();
    assert_eq!(gave_up(&run), Limit::DepthLimit);

    let limits = Limits {
        heap_limit_kib: Some(1),
        ..Limits::default()
    };
    let run = interp
        .run(
            r"\A(?:(a)|b)*\z",
            &"a".repeat(100_000),
            Mode::First,
            &limits,
        )
        .unwrap();
    assert_eq!(gave_up(&run), Limit::HeapLimit);
}

#[test]
fn compile_errors_carry_the_offset() {
    for e in both() {
        match e.run(r"\A(a\z", "a", Mode::First, &Limits::default()) {
            Err(EngineError::Compile { engine, message }) => {
                assert_eq!(engine, e.name());
                assert!(message.contains("offset 6"), "{message}");
            }
            other => panic!("expected a compile error, got {other:?}"),
        }
    }
}

#[test]
fn counting_enumerates_every_path() {
    // Paths through "ab": (a)(b) and (ab)() times 2 for the last group's two empty branches.
    let pattern = r"\A(a|ab|)(b|)(|)\z";
    for e in both() {
        let run = e
            .run(pattern, "ab", Mode::Count { keep: 3 }, &Limits::default())
            .unwrap();
        let count = run.count.as_ref().expect("a count");
        assert_eq!(count.matches, 4);
        assert_eq!(count.gave_up, None);
        assert_eq!(count.kept.len(), 3);
        let first = solved(&run);
        assert_eq!((first.get(1), first.get(2)), (Some("a"), Some("b")));
        assert_eq!(&count.kept[0], first);
        assert_eq!(count.kept[2].get(1), Some("ab"));
        assert_eq!(count.kept[2].get(2), Some(""));
        assert_eq!(count.kept[2].get(0), Some("ab"));
        assert!(run.steps.unwrap() >= 4);
    }
}

#[test]
fn counting_with_no_match_and_with_keep_zero() {
    for e in both() {
        let run = e
            .run(r"\A(a)\z", "b", Mode::Count { keep: 5 }, &Limits::default())
            .unwrap();
        assert_eq!(run.outcome, Outcome::NoSolution);
        assert_eq!(run.count.unwrap().matches, 0);

        let run = e
            .run(
                r"\A(a|a)\z",
                "a",
                Mode::Count { keep: 0 },
                &Limits::default(),
            )
            .unwrap();
        assert_eq!(solved(&run).get(1), Some("a"));
        let count = run.count.unwrap();
        assert_eq!(count.matches, 2);
        assert!(count.kept.is_empty());
    }
}

#[test]
fn counting_92_queens() {
    let (subject, body) = queens(8, pcre2_backref, false);
    let pattern = format!(r"\A{body}\z");
    for e in both() {
        let run = e
            .run(
                &pattern,
                &subject,
                Mode::Count { keep: 100 },
                &Limits::default(),
            )
            .unwrap();
        let count = run.count.as_ref().unwrap();
        assert_eq!(count.matches, 92, "{}", e.name());
        assert_eq!(count.kept.len(), 92);
        for caps in &count.kept {
            assert!(valid_board(8, |g| caps.get(g).map(str::to_owned)));
        }
        let mut boards: Vec<String> = count
            .kept
            .iter()
            .map(|c| (1..=8).map(|g| c.get(g).unwrap()).collect())
            .collect();
        boards.sort();
        boards.dedup();
        assert_eq!(boards.len(), 92);
    }
}

#[test]
fn first_queens_solution_is_valid() {
    let (subject, body) = queens(10, pcre2_backref, true);
    let pattern = format!(r"\A{body}\z");
    for e in both() {
        let run = e
            .run(&pattern, &subject, Mode::First, &Limits::default())
            .unwrap();
        let caps = solved(&run);
        assert!(valid_board(10, |g| caps.get(g).map(str::to_owned)));
        // No callout function without a timeout or progress counter.
        assert_eq!(run.steps, None);
    }
}

#[test]
fn counting_gives_up_on_a_limit() {
    let limits = Limits {
        match_limit: Some(10),
        ..Limits::default()
    };
    let run = Pcre2::jit()
        .run(HARD, &hard_subject(30), Mode::Count { keep: 1 }, &limits)
        .unwrap();
    assert_eq!(gave_up(&run), Limit::MatchLimit);
    let count = run.count.unwrap();
    assert_eq!(count.gave_up, Some(Limit::MatchLimit));
    assert_eq!(count.matches, 0);
}

#[test]
fn timeout_stops_a_long_search() {
    for e in both() {
        let limits = Limits {
            timeout: Some(Duration::from_millis(200)),
            ..Limits::default()
        };
        // 2^80 ways to split the a's: only the timeout can end this search.
        let run = e
            .run(HARD_WITH_CALLOUTS, &hard_subject(80), Mode::First, &limits)
            .unwrap();
        assert_eq!(gave_up(&run), Limit::Timeout, "{}", e.name());
        // The deadline is checked every 1024 callouts, never before it has passed.
        assert!(run.steps.unwrap() >= 1024);
        let Outcome::GaveUp { elapsed, .. } = run.outcome else {
            unreachable!()
        };
        assert!(elapsed >= Duration::from_millis(200), "{elapsed:?}");
    }
}

#[test]
fn timeout_without_callouts_keeps_a_calibrated_match_limit() {
    for e in both() {
        let limits = Limits {
            timeout: Some(Duration::from_millis(200)),
            ..Limits::default()
        };
        // The same endless search, with no callout for PCRE2 to look at the clock: after a
        // first short run, the match runs again in a child process that the deadline kills
        // (on unix), or on a match limit sized by the rate the first run measured.
        let start = std::time::Instant::now();
        let run = e
            .run(HARD, &hard_subject(80), Mode::First, &limits)
            .unwrap();
        assert_eq!(gave_up(&run), Limit::Timeout, "{}", e.name());
        assert!(start.elapsed() >= Duration::from_millis(200));
        assert_eq!(run.steps, None, "no callout function was installed");
        let kept_by = if cfg!(unix) {
            "child process"
        } else {
            "calibrated match limit"
        };
        assert!(
            run.notes.iter().any(|n| n.contains(kept_by)),
            "{:?}",
            run.notes
        );
        // A search shorter than the first run needs no second one, and says nothing.
        let run = e.run(HARD, &hard_subject(6), Mode::First, &limits).unwrap();
        assert_eq!(run.outcome, Outcome::NoSolution, "{}", e.name());
        assert!(run.notes.is_empty(), "{:?}", run.notes);
    }
}

#[test]
fn a_long_timed_search_keeps_its_captures() {
    // Every split of the a's fails at `c` (millions of steps) before the second
    // alternative matches: longer than the first run, so under a timeout the match is made again
    // in a child process, whose captures must come back as they are.
    let pattern = r"\A(?:(a|aa)*)c|\A(a+)(b)";
    let subject = format!("{}b", "a".repeat(32));
    for e in both() {
        let untimed = e
            .run(pattern, &subject, Mode::First, &Limits::default())
            .unwrap();
        let limits = Limits {
            timeout: Some(Duration::from_secs(10)),
            ..Limits::default()
        };
        let timed = e.run(pattern, &subject, Mode::First, &limits).unwrap();
        assert_eq!(timed.outcome, untimed.outcome, "{}", e.name());
        assert_eq!(solved(&timed).get(2), Some("a".repeat(32).as_str()));
        assert_eq!(solved(&timed).get(3), Some("b"));
        if cfg!(unix) && e.name() == "pcre2" {
            assert!(
                timed.notes.iter().any(|n| n.contains("child process")),
                "{:?}",
                timed.notes
            );
        }
    }
}

#[test]
fn a_users_match_limit_stays_a_match_limit_under_a_timeout() {
    let limits = Limits {
        timeout: Some(Duration::from_secs(5)),
        match_limit: Some(1000),
        ..Limits::default()
    };
    let run = Pcre2::jit()
        .run(HARD, &hard_subject(80), Mode::First, &limits)
        .unwrap();
    assert_eq!(gave_up(&run), Limit::MatchLimit);
}

#[test]
fn long_timeouts_need_callouts_short_ones_do_not() {
    use backref_engine::callouts_for_timeout;
    let pcre2 = Pcre2::jit();
    assert!(!callouts_for_timeout(&pcre2, None));
    assert!(!callouts_for_timeout(&pcre2, Some(Duration::from_secs(10))));
    // A child process keeps any timeout (unix); elsewhere calibrated limits keep up to 20 s.
    let detached = cfg!(unix) && std::env::var_os("BACKREF_CALIBRATED_TIMEOUT").is_none();
    assert_eq!(
        callouts_for_timeout(&pcre2, Some(Duration::from_secs(300))),
        !detached
    );
}

/// Limits that a broken cancel would run into (a failure rather than a hang): far more steps
/// than a working cancel lets the search take.
fn cancel_limits(flag: &Arc<Cancel>, progress: Option<&Arc<AtomicU64>>) -> Limits {
    Limits {
        cancel: Some(flag.clone()),
        progress: progress.cloned(),
        match_limit: Some(1_000_000_000),
        ..Limits::default()
    }
}

#[test]
fn a_raised_cancel_flag_stops_a_long_search() {
    for e in both() {
        assert!(e.stoppable());
        // Raised before the run: the first check (after 1024 callouts) stops it.
        let flag = Arc::new(Cancel::new());
        flag.raise();
        let run = e
            .run(
                HARD_WITH_CALLOUTS,
                &hard_subject(80),
                Mode::First,
                &cancel_limits(&flag, None),
            )
            .unwrap();
        assert_eq!(gave_up(&run), Limit::Cancelled, "{}", e.name());
        assert_eq!(run.steps, Some(1024));

        // Raised by another thread once the search is under way (its progress counter moved).
        let flag = Arc::new(Cancel::new());
        let progress = Arc::new(AtomicU64::new(0));
        let limits = cancel_limits(&flag, Some(&progress));
        let raiser = std::thread::spawn(move || {
            while progress.load(Ordering::Relaxed) == 0 {
                std::thread::yield_now();
            }
            flag.raise();
        });
        let run = e
            .run(HARD_WITH_CALLOUTS, &hard_subject(80), Mode::First, &limits)
            .unwrap();
        raiser.join().unwrap();
        assert_eq!(gave_up(&run), Limit::Cancelled, "{}", e.name());
    }
}

#[test]
fn a_cancel_flag_stops_a_pattern_without_callouts() {
    for e in both() {
        // Raised before the run: the match does not start.
        let flag = Arc::new(Cancel::new());
        flag.raise();
        let run = e
            .run(
                HARD,
                &hard_subject(80),
                Mode::First,
                &cancel_limits(&flag, None),
            )
            .unwrap();
        assert_eq!(gave_up(&run), Limit::Cancelled, "{}", e.name());
        assert!(run.notes.iter().any(|n| n.contains("before the match")));

        // Never raised: the match runs on its worker to the same outcome as without a flag.
        let flag = Arc::new(Cancel::new());
        for subject in [hard_subject(12), "aaabc".to_string()] {
            let with = e
                .run(HARD, &subject, Mode::First, &cancel_limits(&flag, None))
                .unwrap();
            let without = e
                .run(HARD, &subject, Mode::First, &Limits::default())
                .unwrap();
            assert_eq!(with.outcome, without.outcome, "{}", e.name());
        }
    }
}

#[test]
fn timeout_during_counting_keeps_the_partial_count() {
    // Every split of the a's matches; there are far too many to count.
    let limits = Limits {
        timeout: Some(Duration::from_millis(200)),
        ..Limits::default()
    };
    let run = Pcre2::jit()
        .run(
            r"\A(?:(?C1)(a|aa))*\z",
            &"a".repeat(80),
            Mode::Count { keep: 2 },
            &limits,
        )
        .unwrap();
    let count = run.count.as_ref().unwrap();
    assert_eq!(count.gave_up, Some(Limit::Timeout));
    assert!(count.matches > 0);
    assert_eq!(count.kept.len(), 2);
    // A match was found before the timeout, so the first-match outcome is known.
    assert_eq!(solved(&run).get(1), Some("a"));
}

#[test]
fn progress_counter_follows_the_callouts() {
    let (subject, body) = queens(8, pcre2_backref, true);
    let pattern = format!(r"\A{body}\z");
    let progress = Arc::new(AtomicU64::new(0));
    let limits = Limits {
        progress: Some(progress.clone()),
        ..Limits::default()
    };
    for e in both() {
        let run = e
            .run(&pattern, &subject, Mode::Count { keep: 0 }, &limits)
            .unwrap();
        let steps = run.steps.unwrap();
        assert!(steps > 10_000, "{steps}");
        assert_eq!(progress.load(Ordering::Relaxed), steps);
        assert_eq!(run.count.unwrap().matches, 92);
    }
}

#[test]
fn jit_falls_back_to_the_interpreter_and_says_why() {
    // Too many groups for the JIT's 64 KiB frame.
    let pattern = format!(r"\A{}\z", "(a)?".repeat(4000));
    let run = Pcre2::jit()
        .run(&pattern, "aaa", Mode::First, &Limits::default())
        .unwrap();
    assert!(!run.timing.jit);
    assert_eq!(
        run.jit_fallback,
        Some(JitFallback::FrameTooLarge { groups: 4000 })
    );
    let why = run.jit_fallback.as_ref().unwrap().to_string();
    assert!(why.contains("64 KiB frame"), "{why}");
    assert!(why.contains("4,000 capture groups"), "{why}");
    assert!(
        run.notes
            .iter()
            .any(|n| n.contains("64 KiB") && n.contains("interpreter")),
        "{:?}",
        run.notes
    );
    let caps = solved(&run);
    assert_eq!(caps.len(), 4001);
    assert_eq!(caps.get(3), Some("a"));
    assert_eq!(caps.get(4), None);

    // The matcher says so before any run; a pattern the JIT takes has no fallback.
    let matcher = Pcre2::jit().compile(&pattern, &Flags::NONE).unwrap();
    assert!(matches!(
        matcher.jit_fallback(),
        Some(JitFallback::FrameTooLarge { groups: 4000 })
    ));
    let run = Pcre2::jit()
        .run(r"\A(a)\z", "a", Mode::First, &Limits::default())
        .unwrap();
    assert!(run.timing.jit);
    assert_eq!(run.jit_fallback, None);
    // The interpreter engine never asked for the JIT: nothing fell back.
    let run = Pcre2::interpreter()
        .run(&pattern, "aaa", Mode::First, &Limits::default())
        .unwrap();
    assert_eq!(run.jit_fallback, None);
}

#[test]
fn more_groups_than_pcre2_allows_is_too_large() {
    let pattern = format!(r"\A{}\z", "(a)?".repeat(70_000));
    for e in both() {
        for mode in [Mode::First, Mode::Count { keep: 0 }] {
            match e.run(&pattern, "a", mode, &Limits::default()) {
                Err(EngineError::TooLarge { engine, what }) => {
                    assert_eq!(engine, e.name());
                    assert!(
                        what.starts_with(
                            "the pattern has 70,000 capturing groups; PCRE2 allows at most 65,535"
                        ),
                        "{what}"
                    );
                    // PCRE2's own words follow.
                    assert!(what.contains("error 197"), "{what}");
                }
                other => panic!("expected TooLarge, got {other:?}"),
            }
        }
    }
    // Nesting beyond PCRE2's parenthesis limit (250 by default).
    let deep = format!(r"\A{}a{}\z", "(?:".repeat(300), ")".repeat(300));
    match Pcre2::jit().compile(&deep, &Flags::NONE) {
        Err(EngineError::TooLarge { what, .. }) => {
            assert!(what.starts_with("parentheses are nested 300 deep; PCRE2 allows at most"));
        }
        Err(e) => panic!("expected TooLarge, got {e:?}"),
        Ok(_) => panic!("expected TooLarge, got a matcher"),
    }
    // A mistake is still a compile error.
    assert!(matches!(
        Pcre2::jit().compile(r"\A(a", &Flags::NONE).err(),
        Some(EngineError::Compile { .. })
    ));
}

#[test]
fn compile_once_and_match_many_subjects() {
    let pattern = r"\A[^;]*?([^;])[^;]*;[^;]*,\g{1}([^;]),[^;]*;\z";
    for e in both() {
        let matcher = e.compile(pattern, &Flags::NONE).unwrap();
        assert_eq!(matcher.engine(), e.name());
        for (subject, expected) in [
            ("abc;,ax,by,cz,;", Some(("a", "x"))),
            ("abc;,cz,;", Some(("c", "z"))),
            ("abc;,dz,;", None),
            ("b;,ax,by,;", Some(("b", "y"))),
        ] {
            let run = matcher
                .run(subject, Mode::First, &Limits::default())
                .unwrap();
            // The runs do not compile again.
            assert_eq!(run.timing.compile, Duration::ZERO);
            assert_eq!(run.timing.jit, e.config().jit);
            match expected {
                Some((a, b)) => {
                    let caps = solved(&run);
                    assert_eq!((caps.get(1), caps.get(2)), (Some(a), Some(b)), "{subject}");
                }
                None => assert_eq!(run.outcome, Outcome::NoSolution, "{subject}"),
            }
        }
        // Engine::run reports the compile time in the run.
        let run = e
            .run(pattern, "abc;,cz,;", Mode::First, &Limits::default())
            .unwrap();
        assert!(run.timing.compile > Duration::ZERO);
    }
}

#[test]
fn one_matcher_runs_on_several_threads_at_once() {
    let (subject, body) = queens(8, pcre2_backref, false);
    let pattern = format!(r"\A{body}\z");
    for e in both() {
        let matcher = e.compile(&pattern, &Flags::NONE).unwrap();
        let matcher: &dyn Matcher = &*matcher;
        std::thread::scope(|scope| {
            let counts: Vec<_> = (0..3)
                .map(|_| {
                    scope.spawn(|| {
                        let run = matcher
                            .run(&subject, Mode::Count { keep: 0 }, &Limits::default())
                            .unwrap();
                        run.count.unwrap().matches
                    })
                })
                .collect();
            let firsts: Vec<_> = (0..3)
                .map(|_| {
                    scope.spawn(|| {
                        let run = matcher
                            .run(&subject, Mode::First, &Limits::default())
                            .unwrap();
                        let caps = solved(&run).clone();
                        assert!(valid_board(8, |g| caps.get(g).map(str::to_owned)));
                    })
                })
                .collect();
            for c in counts {
                assert_eq!(c.join().unwrap(), 92);
            }
            for f in firsts {
                f.join().unwrap();
            }
        });
    }
}

#[test]
fn a_matcher_compiles_its_counting_form_once() {
    let matcher = Pcre2::jit()
        .compile(r"\A(a|ab|)(b|)(|)\z", &Flags::NONE)
        .unwrap();
    let first = matcher.run("ab", Mode::First, &Limits::default()).unwrap();
    assert_eq!(first.count, None);
    let counted = matcher
        .run("ab", Mode::Count { keep: 0 }, &Limits::default())
        .unwrap();
    assert_eq!(counted.count.as_ref().unwrap().matches, 4);
    assert!(counted.timing.compile > Duration::ZERO);
    assert!(
        counted.notes.iter().any(|n| n.contains("counting form")),
        "{:?}",
        counted.notes
    );
    let again = matcher
        .run("ab", Mode::Count { keep: 0 }, &Limits::default())
        .unwrap();
    assert_eq!(again.count.unwrap().matches, 4);
    assert_eq!(again.timing.compile, Duration::ZERO);
    assert!(again.notes.is_empty(), "{:?}", again.notes);
}

#[test]
fn at_most_stops_at_the_second_match() {
    // Four matches (see counting_enumerates_every_path).
    let several = r"\A(a|ab|)(b|)(|)\z";
    for e in both() {
        let matcher = e.compile(several, &Flags::NONE).unwrap();
        let run = matcher
            .run("ab", Mode::at_most(2), &Limits::default())
            .unwrap();
        let count = run.count.as_ref().unwrap();
        assert_eq!(count.matches, 2);
        assert!(count.reached_max);
        assert_eq!(count.gave_up, None);
        assert!(!count.is_exact());
        assert_eq!(count.is_unique(), Some(false));
        assert_eq!(count.kept.len(), 2);
        assert_eq!(count.kept[1].get(1), Some("a"));
        assert_eq!(solved(&run).get(2), Some("b"));
        // Fewer steps than the full count.
        let full = matcher
            .run("ab", Mode::Count { keep: 0 }, &Limits::default())
            .unwrap();
        assert!(run.steps.unwrap() < full.steps.unwrap());

        // A unique match: the search runs to its end.
        let run = e
            .run(r"\A(a)(b)\z", "ab", Mode::at_most(2), &Limits::default())
            .unwrap();
        let count = run.count.unwrap();
        assert_eq!(count.matches, 1);
        assert!(!count.reached_max);
        assert_eq!(count.is_unique(), Some(true));

        // None at all.
        let run = e
            .run(r"\A(a)\z", "b", Mode::at_most(2), &Limits::default())
            .unwrap();
        assert_eq!(run.outcome, Outcome::NoSolution);
        assert_eq!(run.count.unwrap().is_unique(), Some(false));

        // Stopped by a limit before a second match: nothing known about uniqueness.
        let limits = Limits {
            match_limit: Some(10),
            ..Limits::default()
        };
        let run = e
            .run(HARD, &hard_subject(30), Mode::at_most(2), &limits)
            .unwrap();
        let count = run.count.unwrap();
        assert_eq!(count.gave_up, Some(Limit::MatchLimit));
        assert_eq!(count.is_unique(), None);

        // A maximum of 0 is taken as 1; `keep` may be smaller than `max`.
        let run = e
            .run(
                several,
                "ab",
                Mode::AtMost { max: 0, keep: 0 },
                &Limits::default(),
            )
            .unwrap();
        let count = run.count.unwrap();
        assert_eq!((count.matches, count.reached_max), (1, true));
        assert!(count.kept.is_empty());
    }
}

#[test]
fn flags_change_how_the_pattern_reads() {
    let pattern = "\\A (?<r> x ) \\n ^ y $ . \\z # a comment";
    for e in both() {
        // As written: spaces are literal, `^` only at the start, `.` no newline.
        let plain = e.compile(pattern, &Flags::NONE).unwrap();
        assert_eq!(
            plain
                .run("x\ny\n", Mode::First, &Limits::default())
                .unwrap()
                .outcome,
            Outcome::NoSolution
        );
        let all = e.compile(pattern, &Flags::ALL).unwrap();
        let run = all.run("x\ny\n", Mode::First, &Limits::default()).unwrap();
        assert_eq!(solved(&run).name("r"), Some("x"));
        // Each flag matters: without one of them there is no match.
        for missing in [
            Flags {
                ignore_whitespace: false,
                ..Flags::ALL
            },
            Flags {
                multiline: false,
                ..Flags::ALL
            },
            Flags {
                dot_all: false,
                ..Flags::ALL
            },
        ] {
            let outcome = match e.compile(pattern, &missing) {
                Ok(m) => {
                    m.run("x\ny\n", Mode::First, &Limits::default())
                        .unwrap()
                        .outcome
                }
                // Without extended mode the `#` comment is text, which is still valid.
                Err(err) => panic!("{missing:?}: {err}"),
            };
            assert_eq!(outcome, Outcome::NoSolution, "{missing:?}");
        }
        // The counting form keeps the trailing comment from swallowing its `)`.
        let run = all
            .run("x\ny\n", Mode::Count { keep: 1 }, &Limits::default())
            .unwrap();
        assert_eq!(run.count.unwrap().matches, 1);
    }
}

#[test]
fn compile_errors_in_the_counting_form_point_into_the_pattern() {
    for e in both() {
        match e.run(r"\A(a\z", "a", Mode::Count { keep: 1 }, &Limits::default()) {
            Err(EngineError::Compile { message, .. }) => {
                assert!(message.contains("offset 6"), "{message}");
            }
            other => panic!("expected a compile error, got {other:?}"),
        }
    }
}

#[test]
fn a_compile_that_may_be_cancelled_compiles_unless_the_flag_rises() {
    let big = format!("(?:{}|b)", "a".repeat(DETACHED_COMPILE_FROM));
    for e in both() {
        // Raised before: nothing is compiled.
        let raised = Cancel::new();
        raised.raise();
        for pattern in ["b", big.as_str()] {
            let compiled = e.compile_unless_cancelled(pattern, &Flags::NONE, &raised);
            assert!(matches!(compiled, Ok(None)), "{}", e.name());
        }
        // Not raised: a small pattern compiles here, a large one on a worker; both match.
        let flag = Cancel::new();
        for pattern in ["b", big.as_str()] {
            let m = e
                .compile_unless_cancelled(pattern, &Flags::NONE, &flag)
                .unwrap()
                .expect("compiled");
            let run = m.run("b", Mode::First, &Limits::default()).unwrap();
            assert!(matches!(run.outcome, Outcome::Solved(_)), "{}", e.name());
        }
        // A large pattern's compile error comes back from the worker.
        let broken = format!("({}", "a".repeat(DETACHED_COMPILE_FROM));
        let compiled = e.compile_unless_cancelled(&broken, &Flags::NONE, &flag);
        assert!(
            matches!(compiled, Err(EngineError::Compile { .. })),
            "{}: {:?}",
            e.name(),
            compiled.err()
        );
        // Raised by another thread while a large pattern compiles: either the compile ended
        // first, and it matches, or the call returned without it.
        let flag = Arc::new(Cancel::new());
        let raiser = {
            let flag = flag.clone();
            std::thread::spawn(move || flag.raise())
        };
        if let Some(m) = e
            .compile_unless_cancelled(&big, &Flags::NONE, &flag)
            .unwrap()
        {
            let run = m.run("b", Mode::First, &Limits::default()).unwrap();
            assert!(matches!(run.outcome, Outcome::Solved(_)), "{}", e.name());
        }
        raiser.join().unwrap();
    }
}

/// The lazy JIT ([`Pcre2::lazy_jit`]): a search that ends within the interpreter's budget never
/// JIT-compiles; a longer one JIT-compiles and runs again, with the same outcome as the JIT.
#[test]
fn lazy_jit_compiles_only_searches_that_outlast_the_budget() {
    let lazy = Pcre2::lazy_jit();
    assert_eq!(lazy.name(), "pcre2-lazy");
    let matcher = lazy.compile(r"\A(a+)b\z", &Flags::NONE).unwrap();
    let short = matcher
        .run("aaab", Mode::First, &Limits::default())
        .unwrap();
    assert_eq!(solved(&short).get(1), Some("aaa"));
    assert!(!short.timing.jit, "a short search stays on the interpreter");
    assert!(short.notes.is_empty(), "{:?}", short.notes);

    // Exponentially many splits of 26 a's: far past the budget of a 16-byte pattern.
    let matcher = lazy.compile(HARD, &Flags::NONE).unwrap();
    let long = matcher
        .run(&hard_subject(26), Mode::First, &Limits::default())
        .unwrap();
    assert_eq!(long.outcome, Outcome::NoSolution);
    assert!(long.timing.jit, "the long search ran on the JIT");
    assert!(
        long.notes[0].starts_with("the interpreter's first "),
        "{:?}",
        long.notes
    );
    // The JIT-compiled copy is kept for the matcher's next runs.
    let again = matcher
        .run(&hard_subject(26), Mode::First, &Limits::default())
        .unwrap();
    assert_eq!(again.outcome, Outcome::NoSolution);
    assert!(again.timing.jit);
}

/// Short searches (a stage's refutation) run on the JIT's lazy form; the interpreter and the
/// lazy form serve themselves, and so does every other engine.
#[test]
fn the_jit_hands_short_searches_to_its_lazy_form() {
    let short = Pcre2::jit()
        .for_short_searches()
        .expect("the JIT's lazy form");
    assert_eq!(short.name(), "pcre2-lazy");
    assert!(Pcre2::interpreter().for_short_searches().is_none());
    assert!(Pcre2::lazy_jit().for_short_searches().is_none());
    for e in backref_engine::all_engines() {
        if !e.name().starts_with("pcre2") {
            assert!(e.for_short_searches().is_none(), "{}", e.name());
        }
    }
    // The lazy form's run of a short search stays on the interpreter.
    let run = short
        .run(r"\A(a+)b\z", "aaab", Mode::First, &Limits::default())
        .unwrap();
    assert_eq!(solved(&run).get(1), Some("aaa"));
    assert!(!run.timing.jit);
}

/// A lazy run finds the same first solution as the JIT, gives up at the same match limits, and
/// counts on the JIT.
#[test]
fn lazy_jit_agrees_with_the_jit() {
    let (subject, body) = queens(12, pcre2_backref, false);
    let pattern = format!(r"\A{body}\z");
    let first = |e: Pcre2| {
        let run = e
            .run(&pattern, &subject, Mode::First, &Limits::default())
            .unwrap();
        (1..=12)
            .map(|g| solved(&run).get(g).unwrap().to_owned())
            .collect::<Vec<_>>()
    };
    let board = first(Pcre2::lazy_jit());
    assert!(valid_board(12, |g| board.get(g - 1).cloned()));
    assert_eq!(board, first(Pcre2::jit()));

    // A match limit is the JIT's: the interpreter counts more steps for the same search, and
    // a lazy run gives up only where the JIT does. Queens 7's first solution takes the
    // JIT 3,286 steps and the interpreter 9,328, both within the lazy budget for its 613 bytes.
    let (subject, body) = queens(7, pcre2_backref, false);
    let pattern = format!(r"\A{body}\z");
    let fewest = |e: Pcre2| fewest_steps(&e, &pattern, &subject);
    let (jit, interpreter) = (fewest(Pcre2::jit()), fewest(Pcre2::interpreter()));
    assert!(jit < interpreter, "JIT {jit}, interpreter {interpreter}");
    let lazy = |limit: u64| {
        let limits = Limits {
            match_limit: Some(limit),
            ..Limits::default()
        };
        Pcre2::lazy_jit()
            .run(&pattern, &subject, Mode::First, &limits)
            .unwrap()
    };
    let run = lazy(jit);
    assert!(
        matches!(run.outcome, Outcome::Solved(_)),
        "{:?}",
        run.outcome
    );
    assert!(run.timing.jit, "the interpreter gave up, the JIT finished");
    assert_eq!(gave_up(&lazy(jit - 1)), Limit::MatchLimit);

    // A first look's limit is a budget in whichever form counts it: spent on the interpreter,
    // the run gives up there, without the JIT's compile (where the plain limit above went on to
    // the JIT and solved); a budget the search fits in ends it as usual.
    let look = |limit: u64| {
        let limits = Limits {
            match_limit: Some(limit),
            first_look: true,
            ..Limits::default()
        };
        Pcre2::lazy_jit()
            .run(&pattern, &subject, Mode::First, &limits)
            .unwrap()
    };
    let run = look(jit);
    assert_eq!(gave_up(&run), Limit::MatchLimit);
    assert!(!run.timing.jit, "gave up on the interpreter");
    assert!(run.notes.is_empty(), "{:?}", run.notes);
    let run = look(10 * interpreter);
    assert!(
        matches!(run.outcome, Outcome::Solved(_)),
        "{:?}",
        run.outcome
    );

    let (subject, body) = queens(8, pcre2_backref, false);
    let pattern = format!(r"\A{body}\z");
    let run = Pcre2::lazy_jit()
        .run(
            &pattern,
            &subject,
            Mode::Count { keep: 0 },
            &Limits::default(),
        )
        .unwrap();
    assert_eq!(run.count.unwrap().matches, 92);
    assert!(run.timing.jit);
}

/// The lowest match limit with which `engine` finds the first match of `pattern`, exactly
/// (bisected: PCRE2's step counts are deterministic). `Matcher::search_steps` stops within
/// `STEPS_PRECISION`, and the test needs the limit one step below too.
fn fewest_steps(engine: &Pcre2, pattern: &str, subject: &str) -> u64 {
    let solves = |limit: u64| {
        let limits = Limits {
            match_limit: Some(limit),
            ..Limits::default()
        };
        let run = engine.run(pattern, subject, Mode::First, &limits).unwrap();
        matches!(run.outcome, Outcome::Solved(_))
    };
    let (mut low, mut high) = (0, 1u64 << 30);
    assert!(solves(high), "{} within 2^30 steps", engine.name());
    while high - low > 1 {
        let mid = (low + high) / 2;
        if solves(mid) {
            high = mid;
        } else {
            low = mid;
        }
    }
    high
}

/// A lazy run keeps its deadline: an endless search passes the interpreter's budget, goes on to
/// the JIT with what is left of the timeout, and gives up there at the timeout.
#[test]
fn lazy_jit_keeps_the_timeout() {
    let limits = Limits {
        timeout: Some(Duration::from_millis(200)),
        ..Limits::default()
    };
    let start = std::time::Instant::now();
    let run = Pcre2::lazy_jit()
        .run(HARD, &hard_subject(80), Mode::First, &limits)
        .unwrap();
    assert_eq!(gave_up(&run), Limit::Timeout);
    assert!(start.elapsed() >= Duration::from_millis(200));
    assert!(run.timing.jit, "the timeout ended the JIT's run");
    assert!(
        run.notes[0].starts_with("the interpreter's first "),
        "{:?}",
        run.notes
    );
}
