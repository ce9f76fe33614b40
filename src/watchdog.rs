//! A backstop for the time bound of a whole run. The pipeline hands every engine run what is
//! left until the deadline, but generation, compiling and the native cross-check run between
//! engine runs, and some engines cannot be interrupted; the watchdog ends the process with an
//! honest "gave up" (exit 3) when the bound has passed by a grace period. Nothing is printed on
//! stdout before a run ends, so no half-written output is left.

use std::time::{Duration, Instant};

use serde_json::json;

use crate::cli::Format;

/// The time bound of `solve` and `count` when `--timeout` is not given.
pub const DEFAULT_BOUND: Duration = Duration::from_secs(300);

/// How long past the bound the watchdog waits for the pipeline to give up by itself.
pub fn grace(bound: Duration) -> Duration {
    Duration::from_secs(1).max(bound / 10)
}

/// Arms the watchdog for a run of `puzzle` `input` on `engine` bounded by `bound`.
pub fn arm(bound: Duration, format: Format, puzzle: &str, input: &str, engine: &str) {
    let start = Instant::now();
    let (puzzle, input, engine) = (puzzle.to_string(), input.to_string(), engine.to_string());
    let wait = bound + grace(bound);
    let spawned = std::thread::Builder::new()
        .name("watchdog".into())
        .spawn(move || {
            std::thread::sleep(wait);
            let elapsed = start.elapsed();
            match format {
                Format::Json => println!(
                    "{}",
                    json!({
                        "puzzle": puzzle,
                        "engine": engine,
                        "outcome": "gave_up",
                        "verified": false,
                        "gave_up": {
                            "limit": "timeout",
                            "elapsed_ms": (elapsed.as_secs_f64() * 1e6).round() / 1e3,
                            "bound_s": bound.as_secs_f64(),
                        },
                    })
                ),
                Format::Svg => print!(
                    "{}",
                    crate::solve::message_svg(&format!(
                        "{puzzle} {input}: gave up (timeout after {} s)",
                        bound.as_secs_f64()
                    ))
                ),
                Format::Text => println!(
                    "{puzzle} {input}: gave up (timeout: the run passed its bound of {} s) — nothing is known about this instance",
                    bound.as_secs_f64()
                ),
                // No page is written: the message goes to stderr.
                Format::Html => eprintln!(
                    "{puzzle} {input}: gave up (timeout: the run passed its bound of {} s); no page written",
                    bound.as_secs_f64()
                ),
            }
            std::process::exit(3);
        });
    if let Err(e) = spawned {
        eprintln!("warning: no watchdog for the time bound: {e}");
    }
}
