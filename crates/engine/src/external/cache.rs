//! Runners that must be compiled before they run (.NET's C# runner, Java's, Go's): built once
//! per machine into `$XDG_CACHE_HOME/backref` (or `~/.cache/backref`), in a directory named
//! after a hash of the sources, so that a changed runner is rebuilt and concurrent processes
//! never see a half-built one.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::process::{self, TempDir};
use crate::EngineError;

/// How long building a runner may take.
const BUILD_TIMEOUT: Duration = Duration::from_secs(300);

/// How to build one runner.
pub(crate) struct RunnerBuild {
    /// The engine name, for errors.
    pub(crate) engine: &'static str,
    /// Prefix of the cache directory, e.g. `java-runner`.
    pub(crate) key: &'static str,
    /// Source files: name and contents, written to the build directory.
    pub(crate) sources: &'static [(&'static str, &'static str)],
    /// Files the build produces (or the sources carry) that the runner needs, copied into the
    /// cache directory.
    pub(crate) outputs: &'static [&'static str],
    /// Extra files written straight into the cache directory: name and contents.
    pub(crate) extras: &'static [(&'static str, &'static str)],
}

/// 64-bit FNV-1a, a stable hash for cache keys.
pub(crate) fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

/// Where backref caches compiled helpers.
pub(crate) fn cache_dir() -> PathBuf {
    let non_empty = |v: std::ffi::OsString| (!v.is_empty()).then(|| PathBuf::from(v));
    if let Some(dir) = std::env::var_os("XDG_CACHE_HOME").and_then(non_empty) {
        return dir.join("backref");
    }
    if let Some(home) = std::env::var_os("HOME").and_then(non_empty) {
        return home.join(".cache").join("backref");
    }
    std::env::temp_dir().join("backref-cache")
}

impl RunnerBuild {
    /// The cache directory of the current sources.
    pub(crate) fn dir(&self) -> PathBuf {
        let mut all = Vec::new();
        for (name, text) in self.sources.iter().chain(self.extras) {
            all.extend_from_slice(name.as_bytes());
            all.push(0);
            all.extend_from_slice(text.as_bytes());
            all.push(0);
        }
        cache_dir().join(format!("{}-{:016x}", self.key, fnv1a64(&all)))
    }

    /// Whether the runner is built already.
    pub(crate) fn is_built(&self) -> bool {
        let dir = self.dir();
        self.outputs.iter().all(|o| dir.join(o).is_file())
    }

    /// The runner's cache directory, building it first with `command` (given the build
    /// directory, which holds the sources) when the cache lacks it. Returns the directory and,
    /// when it was built now, how long that took.
    pub(crate) fn ensure(
        &self,
        command: impl FnOnce(&Path) -> Result<Command, EngineError>,
    ) -> Result<(PathBuf, Option<Duration>), EngineError> {
        let target = self.dir();
        if self.is_built() {
            return Ok((target, None));
        }
        static BUILDING: Mutex<()> = Mutex::new(());
        let _guard = BUILDING.lock().unwrap_or_else(|e| e.into_inner());
        if self.is_built() {
            return Ok((target, None));
        }
        let failed = |message: String| EngineError::Match {
            engine: self.engine,
            message: format!("could not build the {} runner: {message}", self.engine),
        };
        let start = Instant::now();
        let dir = TempDir::new().map_err(|e| failed(e.to_string()))?;
        for (name, text) in self.sources {
            dir.write(name, text.as_bytes())
                .map_err(|e| failed(e.to_string()))?;
        }
        let finished = process::run(command(dir.path())?, &dir, start + BUILD_TIMEOUT)
            .map_err(|e| failed(format!("cannot run the compiler: {e}")))?;
        let missing = self.outputs.iter().find(|o| !dir.path().join(o).is_file());
        if finished.timed_out()
            || !finished.status.is_some_and(|s| s.success())
            || missing.is_some()
        {
            return Err(failed(format!(
                "the compiler failed: {} {}",
                String::from_utf8_lossy(&finished.stdout).trim(),
                finished.stderr_tail()
            )));
        }
        let cache = target.parent().expect("the cache directory has a parent");
        fs::create_dir_all(cache).map_err(|e| failed(format!("{}: {e}", cache.display())))?;
        // Fill a private directory, then rename it: other processes never see a partial one.
        let partial = cache.join(format!(".{}-{}.partial", self.key, std::process::id()));
        let _ = fs::remove_dir_all(&partial);
        fs::create_dir_all(&partial).map_err(|e| failed(format!("{}: {e}", partial.display())))?;
        for output in self.outputs {
            let to = partial.join(output);
            fs::copy(dir.path().join(output), &to)
                .map_err(|e| failed(format!("{}: {e}", to.display())))?;
        }
        for (name, text) in self.extras {
            let to = partial.join(name);
            fs::write(&to, text).map_err(|e| failed(format!("{}: {e}", to.display())))?;
        }
        if let Err(e) = fs::rename(&partial, &target) {
            let _ = fs::remove_dir_all(&partial);
            // Another process may have finished the same build first.
            if !self.is_built() {
                return Err(failed(format!("{}: {e}", target.display())));
            }
        }
        Ok((target, Some(start.elapsed())))
    }
}
