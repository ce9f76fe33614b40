//! Helpers shared by the engine tests: skipping a missing engine visibly, every match of an IR
//! program's pattern, and a tiny N-Queens segment-scheme generator.

#![allow(dead_code)]

use backref_engine::{engine_by_name, Captures, Engine, Limits, Mode, Outcome};
use backref_program::{check, compile, Dialect, Options, Program, VarId};

/// For a test that needs `engine`: `true` when it is installed here. Otherwise prints
/// `SKIPPED: <test>: engine <name> unavailable: <reason>` to stderr and returns `false`, so the
/// test returns early; with the environment variable `CI` set (CI installs every engine) it
/// fails instead. A missing engine is a reported skip, never a silent pass.
pub fn require(test: &str, engine: &dyn Engine) -> bool {
    backref_engine::require_or_skip(test, engine)
}

/// The engines of `all` that are installed here, each missing one reported by [`require`].
pub fn installed<T>(test: &str, all: Vec<T>, engine: impl Fn(&T) -> &dyn Engine) -> Vec<T> {
    all.into_iter()
        .filter(|c| require(test, engine(c)))
        .collect()
}

/// The captures of `engine`'s matches of `pattern` on `subject`: every match (counting inside
/// the engine) when `all`, else the first. Panics when the engine gives up or does not match.
pub fn matches(engine: &str, pattern: &str, subject: &str, all: bool) -> Vec<Captures> {
    let mode = if all {
        Mode::Count { keep: 16 }
    } else {
        Mode::First
    };
    let run = engine_by_name(engine)
        .unwrap()
        .run(pattern, subject, mode, &Limits::default())
        .unwrap();
    match (run.count, run.outcome) {
        (Some(count), _) => {
            assert_eq!(count.gave_up, None);
            count.kept
        }
        (None, Outcome::Solved(caps)) => vec![caps],
        (None, other) => panic!("no match: {other:?}"),
    }
}

/// Column symbols (one character per column).
const SYMBOLS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// How to print a backreference to group `n`.
pub type Backref = fn(usize) -> String;

/// PCRE2 / Perl: `\g{n}`.
pub fn pcre2_backref(n: usize) -> String {
    format!("\\g{{{n}}}")
}

/// fancy-regex, Python, JavaScript: `\n`.
pub fn plain_backref(n: usize) -> String {
    format!("\\{n}")
}

/// .NET: `\k<n>`.
pub fn dotnet_backref(n: usize) -> String {
    format!("\\k<{n}>")
}

/// N-Queens in the pairwise segment scheme, rows top down, each pair of rows checked as soon as
/// its second row is placed. Returns (subject, pattern body without anchors). Group `r + 1`
/// captures row `r`'s column symbol. With `callouts`, every segment starts with `(?C1)`.
pub fn queens(n: usize, backref: Backref, callouts: bool) -> (String, String) {
    assert!(n <= SYMBOLS.len());
    let sym = |c: usize| SYMBOLS[c] as char;
    let row: String = (0..n).map(sym).collect();
    let mut subject = String::new();
    let mut pattern = String::new();
    let callout = if callouts { "(?C1)" } else { "" };
    for j in 0..n {
        subject.push_str(&row);
        subject.push(';');
        pattern.push_str(callout);
        pattern.push_str("[^;]*?([^;])[^;]*;");
        for i in 0..j {
            subject.push(',');
            for ci in 0..n {
                for cj in 0..n {
                    if ci != cj && ci.abs_diff(cj) != j - i {
                        subject.push(sym(ci));
                        subject.push(sym(cj));
                        subject.push(',');
                    }
                }
            }
            subject.push(';');
            pattern.push_str(callout);
            pattern.push_str("[^;]*,");
            pattern.push_str(&backref(i + 1));
            pattern.push_str(&backref(j + 1));
            pattern.push_str(",[^;]*;");
        }
    }
    (subject, pattern)
}

/// Checks that the captured columns of groups 1..=n form a valid N-Queens board.
pub fn valid_board(n: usize, get: impl Fn(usize) -> Option<String>) -> bool {
    let cols: Vec<usize> = (1..=n)
        .map(|g| {
            let s = get(g).expect("every row captured");
            SYMBOLS.iter().position(|&b| s.as_bytes() == [b]).unwrap()
        })
        .collect();
    (0..n).all(|i| (i + 1..n).all(|j| cols[i] != cols[j] && cols[i].abs_diff(cols[j]) != j - i))
}

/// The solutions of `p` in `order` on `engine`, decoded and checked by the IR checker: all of
/// them (counted inside the engine) when `all`, else the first.
pub fn solutions(
    p: &Program,
    order: &[VarId],
    (dialect, engine): (&'static Dialect, &str),
    portable: bool,
    all: bool,
) -> Vec<Vec<String>> {
    let options = Options {
        portable,
        ..Options::new(dialect)
    };
    let compiled = compile(p, order, &options).unwrap();
    matches(engine, &compiled.pattern, &compiled.subject, all)
        .iter()
        .map(|caps| {
            let values = compiled.decode(p, |n| caps.get(n)).unwrap();
            assert!(check(p, &values).is_empty(), "IR check: {values:?}");
            values
        })
        .collect()
}
