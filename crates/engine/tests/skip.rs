//! `require_or_skip`: a missing engine is a reported skip here, and a failure on CI.
//!
//! The only test in its binary, as it sets the `CI` environment variable.

use backref_engine::{require_or_skip, External, Pcre2, CI_VAR};

#[test]
fn a_missing_engine_is_skipped_visibly_and_fails_on_ci() {
    let saved = std::env::var_os(CI_VAR);
    let missing = External::perl().with_program("backref-no-such-perl");

    std::env::remove_var(CI_VAR);
    assert!(require_or_skip("t", &Pcre2::jit()));
    assert!(!require_or_skip("t", &missing));
    for not_ci in ["", "0", "false"] {
        std::env::set_var(CI_VAR, not_ci);
        assert!(!require_or_skip("t", &missing), "CI={not_ci:?}");
    }

    std::env::set_var(CI_VAR, "true");
    assert!(require_or_skip("t", &Pcre2::jit()));
    let panic = std::panic::catch_unwind(|| require_or_skip("t", &missing))
        .expect_err("a missing engine fails on CI");
    let message = panic.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(
        message.starts_with(
            "SKIPPED: t: engine perl unavailable: `backref-no-such-perl` was not found on PATH"
        ),
        "{message}"
    );

    match saved {
        Some(v) => std::env::set_var(CI_VAR, v),
        None => std::env::remove_var(CI_VAR),
    }
}
