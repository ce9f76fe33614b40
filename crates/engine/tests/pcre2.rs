//! PCRE2 engine tests: captures, exhausted searches, limits, counting, timeouts and progress.

mod common;

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use backref_engine::{
    pcre2_link_size, Engine, EngineError, Limit, Limits, Mode, Outcome, Pcre2, Run,
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
        let start = Instant::now();
        let run = e
            .run(HARD_WITH_CALLOUTS, &hard_subject(80), Mode::First, &limits)
            .unwrap();
        let took = start.elapsed();
        assert_eq!(gave_up(&run), Limit::Timeout, "{}", e.name());
        assert!(took >= Duration::from_millis(200), "{took:?}");
        assert!(took < Duration::from_secs(3), "{took:?}");
        assert!(run.steps.unwrap() > 1024);
    }
}

#[test]
fn a_raised_cancel_flag_stops_a_long_search() {
    for e in both() {
        let flag = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let limits = Limits {
            cancel: Some(flag.clone()),
            ..Limits::default()
        };
        let raiser = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(100));
            flag.store(true, Ordering::Relaxed);
        });
        let start = Instant::now();
        let run = e
            .run(HARD_WITH_CALLOUTS, &hard_subject(80), Mode::First, &limits)
            .unwrap();
        raiser.join().unwrap();
        assert_eq!(gave_up(&run), Limit::Cancelled, "{}", e.name());
        assert!(start.elapsed() < Duration::from_secs(3));
        assert!(e.stoppable());
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
fn jit_falls_back_to_the_interpreter() {
    // Too many groups for the JIT's 64 KiB frame.
    let pattern = format!(r"\A{}\z", "(a)?".repeat(4000));
    let run = Pcre2::jit()
        .run(&pattern, "aaa", Mode::First, &Limits::default())
        .unwrap();
    assert!(!run.timing.jit);
    assert!(
        run.notes.iter().any(|n| n.contains("JIT")),
        "{:?}",
        run.notes
    );
    let caps = solved(&run);
    assert_eq!(caps.len(), 4001);
    assert_eq!(caps.get(3), Some("a"));
    assert_eq!(caps.get(4), None);
}

/// Measures what callouts cost (interleaved repetitions, best of each): run with
/// `cargo test -p backref-engine --test pcre2 -- --ignored --nocapture callout_overhead`.
#[test]
#[ignore]
fn callout_overhead() {
    let e = Pcre2::jit();
    let no_fn = Limits::default();
    let with_fn = Limits {
        timeout: Some(Duration::from_secs(600)),
        ..Limits::default()
    };
    let measure = |label: &str, plain: &str, marked: &str, subject: &str, mode: Mode| {
        let mut best = [Duration::MAX; 3];
        let mut steps = 0;
        for _ in 0..5 {
            for (k, (pattern, limits)) in [(plain, &no_fn), (marked, &no_fn), (marked, &with_fn)]
                .into_iter()
                .enumerate()
            {
                let run = e.run(pattern, subject, mode, limits).unwrap();
                assert!(!matches!(run.outcome, Outcome::GaveUp { .. }));
                best[k] = best[k].min(run.timing.matching);
                if k == 2 {
                    steps = run.steps.unwrap();
                }
            }
        }
        let [a, b, c] = best.map(|d| d.as_secs_f64());
        println!(
            "{label}: no callouts {:.1} ms; (?C1) items, no function {:.1} ms ({:+.1}%, \
             {:.1} ns/callout); with function {:.1} ms ({:+.1}%, {:.1} ns/callout); \
             {steps} callouts",
            a * 1e3,
            b * 1e3,
            (b / a - 1.0) * 100.0,
            (b - a) * 1e9 / steps as f64,
            c * 1e3,
            (c / a - 1.0) * 100.0,
            (c - a) * 1e9 / steps as f64,
        );
    };
    let subject = "ab".repeat(1_000_000);
    measure(
        "loop of 2M items",
        r"\A(?:a|b)*\z",
        r"\A(?:(?C1)a|(?C1)b)*\z",
        &subject,
        Mode::First,
    );
    for (n, mode) in [(14, Mode::First), (9, Mode::Count { keep: 0 })] {
        let (subject, plain) = queens(n, pcre2_backref, false);
        let (_, marked) = queens(n, pcre2_backref, true);
        let label = format!("queens N={n} {mode:?}, {} segments", n * (n + 1) / 2);
        measure(
            &label,
            &format!(r"\A{plain}\z"),
            &format!(r"\A{marked}\z"),
            &subject,
            mode,
        );
    }
}
