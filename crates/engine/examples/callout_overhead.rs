//! Measures what PCRE2 callouts cost under the JIT (interleaved repetitions, best of five):
//! `cargo run --release -p backref-engine --example callout_overhead`.
//!
//! For each pattern it compares the plain pattern, the same pattern with `(?C1)` items but no
//! callout function, and with the step-counting callout function installed (as a timeout or a
//! progress counter does). The figures quoted in `src/pcre2.rs` come from here. This is a
//! measurement, not a test: it asserts nothing about speed.

#[path = "../tests/common/mod.rs"]
mod common;

use std::time::Duration;

use backref_engine::{Engine, Flags, Limits, Mode, Outcome, Pcre2};
use common::{pcre2_backref, queens};

fn measure(label: &str, plain: &str, marked: &str, subject: &str, mode: Mode) {
    let e = Pcre2::jit();
    let no_fn = Limits::default();
    let with_fn = Limits {
        timeout: Some(Duration::from_secs(600)),
        ..Limits::default()
    };
    let plain = e
        .compile(plain, &Flags::NONE)
        .expect("plain pattern compiles");
    let marked = e
        .compile(marked, &Flags::NONE)
        .expect("marked pattern compiles");
    let mut best = [Duration::MAX; 3];
    let mut steps = 0;
    for _ in 0..5 {
        for (k, (matcher, limits)) in [(&plain, &no_fn), (&marked, &no_fn), (&marked, &with_fn)]
            .into_iter()
            .enumerate()
        {
            let run = matcher
                .run(subject, mode, limits)
                .expect("the run succeeds");
            assert!(!matches!(run.outcome, Outcome::GaveUp { .. }));
            best[k] = best[k].min(run.timing.matching);
            if k == 2 {
                steps = run.steps.unwrap_or(0);
            }
        }
    }
    let [a, b, c] = best.map(|d| d.as_secs_f64());
    let per_callout = |x: f64| (x - a) * 1e9 / steps.max(1) as f64;
    println!(
        "{label}: no callouts {:.1} ms; (?C1) items, no function {:.1} ms ({:+.1}%, \
         {:.1} ns/callout); with function {:.1} ms ({:+.1}%, {:.1} ns/callout); \
         {steps} callouts",
        a * 1e3,
        b * 1e3,
        (b / a - 1.0) * 100.0,
        per_callout(b),
        c * 1e3,
        (c / a - 1.0) * 100.0,
        per_callout(c),
    );
}

fn main() {
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
