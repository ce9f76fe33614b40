//! `backref fillit FILE`: a drop-in replacement for the classic `fillit` program, so public
//! fillit test suites run against backref unchanged. The square is found through PCRE2 and
//! verified; stdout and the exit status are exactly the classic program's.

use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

use backref_fillit::{EXIT_ERROR, EXIT_USAGE, USAGE};
use backref_pipeline::{Input, Request};

/// How long the regex engine may search before the drop-in answers natively, unless
/// `BACKREF_FILLIT_TIMEOUT` (seconds) says otherwise: the classic program takes no options,
/// and a test suite must not wait forever on an input the regex search cannot finish.
pub const DEFAULT_BOUND: Duration = Duration::from_secs(10);

/// The engine's time bound: `BACKREF_FILLIT_TIMEOUT` when it is a positive number of seconds,
/// else [`DEFAULT_BOUND`].
fn bound() -> Duration {
    std::env::var("BACKREF_FILLIT_TIMEOUT")
        .ok()
        .and_then(|s| s.trim().parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s > 0.0)
        .map_or(DEFAULT_BOUND, Duration::from_secs_f64)
}

/// Runs the drop-in mode on the arguments after `fillit`.
pub fn run(args: &[String]) -> ExitCode {
    let mut out = std::io::stdout().lock();
    let [path] = args else {
        let _ = out.write_all(USAGE.as_bytes());
        return ExitCode::from(EXIT_USAGE as u8);
    };
    // The classic program opens its argument as a file, even `-`.
    let entry = backref_fillit::puzzle::ENTRY;
    let input = std::fs::read(path).map(|bytes| Input {
        bytes,
        origin: path.clone(),
    });
    let Ok(instance) = input
        .map_err(drop)
        .and_then(|i| (entry.parse)(&i).map_err(drop))
    else {
        let _ = out.write_all(b"error\n");
        return ExitCode::from(EXIT_ERROR as u8);
    };
    let engine = backref_engine::engine_by_name("pcre2").expect("pcre2 is built in");
    let mut request = Request::new(&*engine);
    request.limits.timeout = Some(bound());
    match instance.solve_once(&*engine, &request) {
        Ok(r) if r.trusted() => {
            let text = r.solution.map(|s| s.text).unwrap_or_default();
            let _ = out.write_all(text.as_bytes());
            ExitCode::SUCCESS
        }
        _ => {
            // The engine gave up or disagreed: answer from the native solver (the same classic
            // order) and say so on stderr, which test suites do not compare.
            eprintln!(
                "backref: the regex engine did not produce a verified answer within {} s; \
                 printing the native solver's",
                bound().as_secs_f64()
            );
            let (text, code) = backref_fillit::drop_in(&[path.into()]);
            let _ = out.write_all(text.as_bytes());
            ExitCode::from(code as u8)
        }
    }
}
