//! Skipping tests whose engine is not installed here, visibly, and never on CI.

use crate::Engine;

/// The environment variable that marks a CI run, where every engine is installed (`.ci/run`
/// installs them), so a missing engine is a failure rather than a skip. Set and not empty,
/// `0` or `false` counts as set.
pub const CI_VAR: &str = "CI";

fn on_ci() -> bool {
    std::env::var(CI_VAR)
        .is_ok_and(|v| !v.is_empty() && v != "0" && !v.eq_ignore_ascii_case("false"))
}

/// For tests that need `engine`: `true` when it is available here. Otherwise prints
/// `SKIPPED: <test>: engine <name> unavailable: <reason>` to stderr and returns `false` (the test
/// should return early), or, when [`CI_VAR`] is set, panics with that line: a missing engine is
/// a reported skip, never a silent pass.
pub fn require_or_skip(test: &str, engine: &dyn Engine) -> bool {
    let info = engine.info();
    if info.available {
        return true;
    }
    let line = format!(
        "SKIPPED: {test}: engine {} unavailable: {}",
        info.name, info.version
    );
    if on_ci() {
        panic!("{line} (and ${CI_VAR} is set: CI installs every engine, so this is a failure)");
    }
    eprintln!("{line}");
    false
}
