//! [`Reuse`]: the last compiled pattern of a sequence of runs, kept for the next run when its
//! pattern is the same (restarts whose orders change only the subject, like queens' seeded
//! column orders on the trie form: N=1000's 611 KB pattern takes about 325 ms to compile).

use std::sync::{Arc, Mutex};
use std::time::Duration;

use backref_engine::{Engine, EngineError, Flags, Matcher};

/// The last pattern compiled for a sequence of runs on one engine, and its matcher.
#[derive(Default)]
pub(crate) struct Reuse {
    last: Mutex<Option<(String, Arc<dyn Matcher>)>>,
}

impl Reuse {
    /// A matcher for `pattern` (no flags) on `engine`: the kept one when the pattern is the
    /// last one's, else a new one, kept in its place. Also the compile time this call spent
    /// (zero when reused).
    pub(crate) fn matcher(
        &self,
        engine: &dyn Engine,
        pattern: &str,
    ) -> Result<(Arc<dyn Matcher>, Duration), EngineError> {
        let mut last = self.last.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((kept, matcher)) = last.as_ref() {
            if kept == pattern {
                return Ok((Arc::clone(matcher), Duration::ZERO));
            }
        }
        // The old matcher goes first: two large compiled patterns need not be held at once.
        *last = None;
        let matcher: Arc<dyn Matcher> = Arc::from(engine.compile(pattern, &Flags::NONE)?);
        let took = matcher.compile_time();
        *last = Some((pattern.to_owned(), Arc::clone(&matcher)));
        Ok((matcher, took))
    }

    /// How long the kept pattern took to compile, in ms (0 when none is kept): what a run
    /// would cost without the reuse, which sizes a restart's match limit as before.
    pub(crate) fn compile_ms(&self) -> f64 {
        let last = self.last.lock().unwrap_or_else(|e| e.into_inner());
        last.as_ref()
            .map_or(0.0, |(_, m)| m.compile_time().as_secs_f64() * 1e3)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_pattern_is_compiled_once() {
        let engine = backref_engine::engine_by_name("pcre2").expect("built in");
        let reuse = Reuse::default();
        assert_eq!(reuse.compile_ms(), 0.0);
        let (first, took) = reuse.matcher(&*engine, r"\Aa+\z").unwrap();
        assert_eq!(took, first.compile_time());
        let (again, took) = reuse.matcher(&*engine, r"\Aa+\z").unwrap();
        assert!(Arc::ptr_eq(&first, &again));
        assert_eq!(took, Duration::ZERO);
        assert_eq!(reuse.compile_ms(), first.compile_time().as_secs_f64() * 1e3);
        let (other, _) = reuse.matcher(&*engine, r"\Ab+\z").unwrap();
        assert!(!Arc::ptr_eq(&first, &other));
    }
}
