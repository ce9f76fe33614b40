//! .NET regexes through Mono: a C# runner (`engines/dotnet/Runner.cs`) compiled with `mcs` on
//! first use, cached under `$XDG_CACHE_HOME/backref` (or `~/.cache/backref`) by a hash of its
//! source, and run with `mono`.

use std::fs;
use std::ops::{BitOr, BitOrAssign};
use std::path::PathBuf;
use std::process::Command;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use backref_program::dialect::{Dialect, DOTNET};

use super::process::{self, TempDir};
use super::{cached_version, protocol, DEFAULT_EXTERNAL_TIMEOUT};
use crate::{first_match_only, Engine, EngineError, EngineInfo, Flags, Limits, Matcher, Mode, Run};

const NAME: &str = "dotnet";
const INSTALL_HINT: &str = "apt-get install mono-mcs";
const RUNNER_SOURCE: &str = include_str!("../../../../engines/dotnet/Runner.cs");
/// How long compiling the runner with `mcs` may take.
const MCS_TIMEOUT: Duration = Duration::from_secs(180);

/// `System.Text.RegularExpressions.RegexOptions` flags, combined with `|`.
///
/// The engine-neutral [`Flags`] map onto these ([`DotnetOptions::from`]); pass them to
/// [`Engine::compile`]. An engine built [`Dotnet::with_options`] adds its own options (e.g.
/// [`DotnetOptions::COMPILED`]) to those of the flags.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DotnetOptions(u32);

impl DotnetOptions {
    /// No options.
    pub const NONE: DotnetOptions = DotnetOptions(0);
    /// `RegexOptions.IgnoreCase`.
    pub const IGNORE_CASE: DotnetOptions = DotnetOptions(1);
    /// `RegexOptions.Multiline`: `^` and `$` match at line breaks.
    pub const MULTILINE: DotnetOptions = DotnetOptions(2);
    /// `RegexOptions.ExplicitCapture`: only named groups capture.
    pub const EXPLICIT_CAPTURE: DotnetOptions = DotnetOptions(4);
    /// `RegexOptions.Compiled`, with `MONO_REGEX_COMPILED_ENABLE=1` so Mono honours it (slower
    /// to construct, faster to match long searches).
    pub const COMPILED: DotnetOptions = DotnetOptions(8);
    /// `RegexOptions.Singleline`: `.` matches a newline.
    pub const SINGLELINE: DotnetOptions = DotnetOptions(16);
    /// `RegexOptions.IgnorePatternWhitespace`: unescaped whitespace and `#` comments are ignored.
    pub const IGNORE_PATTERN_WHITESPACE: DotnetOptions = DotnetOptions(32);
    /// `RegexOptions.CultureInvariant`.
    pub const CULTURE_INVARIANT: DotnetOptions = DotnetOptions(512);

    /// Options from the integer value of a `RegexOptions`.
    pub const fn from_bits(bits: u32) -> DotnetOptions {
        DotnetOptions(bits)
    }

    /// The integer value of the `RegexOptions`.
    pub const fn bits(self) -> u32 {
        self.0
    }

    /// Whether every flag of `other` is set.
    pub const fn contains(self, other: DotnetOptions) -> bool {
        self.0 & other.0 == other.0
    }
}

impl From<Flags> for DotnetOptions {
    /// `IgnorePatternWhitespace`, `Multiline` and `Singleline` for the flags that are set.
    fn from(flags: Flags) -> DotnetOptions {
        let mut options = DotnetOptions::NONE;
        if flags.ignore_whitespace {
            options |= DotnetOptions::IGNORE_PATTERN_WHITESPACE;
        }
        if flags.multiline {
            options |= DotnetOptions::MULTILINE;
        }
        if flags.dot_all {
            options |= DotnetOptions::SINGLELINE;
        }
        options
    }
}

impl BitOr for DotnetOptions {
    type Output = DotnetOptions;
    fn bitor(self, rhs: DotnetOptions) -> DotnetOptions {
        DotnetOptions(self.0 | rhs.0)
    }
}

impl BitOrAssign for DotnetOptions {
    fn bitor_assign(&mut self, rhs: DotnetOptions) {
        self.0 |= rhs.0;
    }
}

/// The .NET engine (name `dotnet`): Mono's `System.Text.RegularExpressions`, with balancing
/// groups and unbounded lookbehind. Its captures carry every capture of every group
/// ([`crate::Captures::all`]) and group names ([`crate::Captures::name`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dotnet {
    options: DotnetOptions,
    mono: String,
    mcs: String,
}

impl Default for Dotnet {
    fn default() -> Dotnet {
        Dotnet::new()
    }
}

impl Dotnet {
    /// The engine with no `RegexOptions`, using `mono` and `mcs` from `PATH`.
    pub fn new() -> Dotnet {
        Dotnet {
            options: DotnetOptions::NONE,
            mono: "mono".into(),
            mcs: "mcs".into(),
        }
    }

    /// The engine with the given `RegexOptions`, added to those of the [`Flags`] each pattern
    /// is compiled with. Prefer [`Flags`] for what a pattern needs; this remains for engine
    /// settings such as [`DotnetOptions::COMPILED`].
    pub fn with_options(options: DotnetOptions) -> Dotnet {
        Dotnet {
            options,
            ..Dotnet::new()
        }
    }

    /// Uses other `mono` and `mcs` programs (names looked up on `PATH`, or paths).
    pub fn with_programs(mut self, mono: impl Into<String>, mcs: impl Into<String>) -> Dotnet {
        self.mono = mono.into();
        self.mcs = mcs.into();
        self
    }

    /// The `RegexOptions` patterns are compiled with.
    pub fn options(&self) -> DotnetOptions {
        self.options
    }

    fn unavailable(reason: String) -> EngineError {
        EngineError::Unavailable {
            engine: NAME,
            reason: format!("{reason}; install Mono with `{INSTALL_HINT}`"),
        }
    }

    fn version(&self) -> Result<String, String> {
        let mono = process::which(&self.mono)
            .ok_or_else(|| format!("`{}` was not found on PATH", self.mono))?;
        if !runner_path().is_file() && process::which(&self.mcs).is_none() {
            return Err(format!(
                "`{}` (needed once, to compile the runner) was not found on PATH",
                self.mcs
            ));
        }
        cached_version(&mono, &["--version"], |v| {
            // "Mono JIT compiler version 6.8.0.105 (Debian ...)" -> up to the parenthesis.
            v.split(" (").next().unwrap_or(v).trim().to_string()
        })
    }

    /// The compiled runner, compiling it first if the cache lacks it. Returns the path and,
    /// when it was compiled now, how long that took.
    fn ensure_runner(&self) -> Result<(PathBuf, Option<Duration>), EngineError> {
        let exe = runner_path();
        if exe.is_file() {
            return Ok((exe, None));
        }
        static COMPILING: Mutex<()> = Mutex::new(());
        let _guard = COMPILING.lock().unwrap_or_else(|e| e.into_inner());
        if exe.is_file() {
            return Ok((exe, None));
        }
        let mcs = process::which(&self.mcs).ok_or_else(|| {
            Dotnet::unavailable(format!(
                "`{}` (needed to compile the runner) was not found on PATH",
                self.mcs
            ))
        })?;
        let failed = |message: String| EngineError::Match {
            engine: NAME,
            message: format!("could not build the .NET runner: {message}"),
        };
        let start = Instant::now();
        let dir = TempDir::new().map_err(|e| failed(e.to_string()))?;
        let source = dir
            .write("Runner.cs", RUNNER_SOURCE.as_bytes())
            .map_err(|e| failed(e.to_string()))?;
        let built = dir.path().join("Runner.exe");
        let mut command = Command::new(mcs);
        command
            .arg("-optimize+")
            .arg(format!("-out:{}", built.display()))
            .arg(source);
        let finished = process::run(command, &dir, start + MCS_TIMEOUT)
            .map_err(|e| failed(format!("cannot run mcs: {e}")))?;
        if finished.timed_out() || !finished.status.is_some_and(|s| s.success()) || !built.is_file()
        {
            return Err(failed(format!(
                "mcs failed: {} {}",
                String::from_utf8_lossy(&finished.stdout).trim(),
                finished.stderr_tail()
            )));
        }
        let cache = exe.parent().expect("runner path has a parent");
        fs::create_dir_all(cache).map_err(|e| failed(format!("{}: {e}", cache.display())))?;
        // Copy under a private name, then rename: other processes never see a partial file.
        let partial = cache.join(format!(".runner-{}.partial", std::process::id()));
        fs::copy(&built, &partial).map_err(|e| failed(format!("{}: {e}", partial.display())))?;
        fs::rename(&partial, &exe).map_err(|e| failed(format!("{}: {e}", exe.display())))?;
        Ok((exe, Some(start.elapsed())))
    }
}

/// 64-bit FNV-1a, a stable hash for cache keys.
fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

/// Where backref caches compiled helpers.
fn cache_dir() -> PathBuf {
    let non_empty = |v: std::ffi::OsString| (!v.is_empty()).then(|| PathBuf::from(v));
    if let Some(dir) = std::env::var_os("XDG_CACHE_HOME").and_then(non_empty) {
        return dir.join("backref");
    }
    if let Some(home) = std::env::var_os("HOME").and_then(non_empty) {
        return home.join(".cache").join("backref");
    }
    std::env::temp_dir().join("backref-cache")
}

/// The cached runner for the current `Runner.cs`.
fn runner_path() -> PathBuf {
    cache_dir().join(format!(
        "dotnet-runner-{:016x}.exe",
        fnv1a64(RUNNER_SOURCE.as_bytes())
    ))
}

impl Engine for Dotnet {
    fn name(&self) -> &'static str {
        NAME
    }

    fn dialect(&self) -> &'static Dialect {
        &DOTNET
    }

    fn info(&self) -> EngineInfo {
        EngineInfo::probed(NAME, self.version(), INSTALL_HINT)
    }

    /// Checks that `mono` is here and keeps the pattern with its `RegexOptions` (the engine's,
    /// plus those of `flags`, all of which .NET honours); each [`Matcher::run`] starts the
    /// runner, which builds the `Regex` (reporting compile errors) and matches.
    fn compile(&self, pattern: &str, flags: &Flags) -> Result<Box<dyn Matcher>, EngineError> {
        flags.check(Flags::ALL, NAME)?;
        let mono = process::which(&self.mono)
            .ok_or_else(|| Dotnet::unavailable(format!("`{}` was not found on PATH", self.mono)))?;
        Ok(Box::new(DotnetMatcher {
            engine: self.clone(),
            mono,
            pattern: pattern.to_owned(),
            options: self.options | DotnetOptions::from(*flags),
        }))
    }
}

/// A pattern for the .NET runner, with its `RegexOptions`; the runner (compiled with `mcs` on
/// first use) builds the `Regex` and matches in each run.
struct DotnetMatcher {
    engine: Dotnet,
    mono: PathBuf,
    pattern: String,
    options: DotnetOptions,
}

impl Matcher for DotnetMatcher {
    fn engine(&self) -> &'static str {
        NAME
    }

    /// Zero: the runner builds the `Regex` in each run, and reports that in the run's timing.
    fn compile_time(&self) -> Duration {
        Duration::ZERO
    }

    fn run(&self, subject: &str, mode: Mode, limits: &Limits) -> Result<Run, EngineError> {
        first_match_only(NAME, mode)?;
        let (runner, built_in) = self.engine.ensure_runner()?;
        let mut notes = Vec::new();
        if let Some(took) = built_in {
            notes.push(format!(
                "compiled the .NET runner with mcs in {} ms (cached at {})",
                took.as_millis(),
                runner.display()
            ));
        }
        let start = Instant::now();
        let timeout = limits.timeout.unwrap_or(DEFAULT_EXTERNAL_TIMEOUT);
        let deadline = start + timeout;
        let io_error = |e: std::io::Error| EngineError::Match {
            engine: NAME,
            message: format!("cannot prepare the runner's files: {e}"),
        };
        let dir = TempDir::new().map_err(io_error)?;
        let pattern_file = dir
            .write("pattern", self.pattern.as_bytes())
            .map_err(io_error)?;
        let subject_file = dir.write("subject", subject.as_bytes()).map_err(io_error)?;
        // .NET match timeouts must be below about 24.8 days.
        let timeout_ms = timeout.as_millis().clamp(1, i32::MAX as u128 - 1);
        let mut command = Command::new(&self.mono);
        command
            .arg(runner)
            .arg(pattern_file)
            .arg(subject_file)
            .arg(self.options.bits().to_string())
            .arg(timeout_ms.to_string());
        if self.options.contains(DotnetOptions::COMPILED) {
            command.env("MONO_REGEX_COMPILED_ENABLE", "1");
        }
        let finished = process::run(command, &dir, deadline);
        protocol::into_run(NAME, finished, start, notes)
    }
}
