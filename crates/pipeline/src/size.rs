//! The largest subject and pattern the pipeline hands an engine: past these, an instance is
//! refused with its size and the limit instead of running out of memory in the engine.

use backref_program::Compiled;

use crate::error::Error;

/// The largest subject, in bytes (PCRE2 keeps a few bytes of state per subject byte, and the
/// external engines receive the subject through a pipe).
pub const MAX_SUBJECT_BYTES: usize = 64 << 20;

/// The largest pattern, in bytes (PCRE2 compiles about 2–4 bytes of code per pattern byte).
pub const MAX_PATTERN_BYTES: usize = 64 << 20;

/// Checks a compiled program's sizes against the limits.
pub fn within(compiled: &Compiled) -> Result<(), Error> {
    let (s, p) = (compiled.stats.subject_bytes, compiled.stats.pattern_bytes);
    if s > MAX_SUBJECT_BYTES || p > MAX_PATTERN_BYTES {
        return Err(Error::TooLarge(format!(
            "the instance is too large: a subject of {} and a pattern of {}; backref runs at most {} of each",
            mib(s),
            mib(p),
            mib(MAX_SUBJECT_BYTES)
        )));
    }
    Ok(())
}

fn mib(bytes: usize) -> String {
    format!("{:.1} MiB", bytes as f64 / (1 << 20) as f64)
}
