//! .NET regexes: a C# runner (`engines/dotnet/Runner.cs`) compiled with `mcs` on first use,
//! cached ([`super::cache`]) with a `runtimeconfig.json` beside it, and run either on Mono
//! (`mono Runner.exe`) or on .NET Core's CoreCLR (`dotnet Runner.exe`, the 3.1 runtime shipped in
//! the PyPI package `dotnetcore2`). Each runtime runs patterns interpreted or with
//! `RegexOptions.Compiled`: four engines, since the modes are known to diverge.

use std::ops::{BitOr, BitOrAssign};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use backref_program::dialect::{Dialect, DOTNET};

use super::cache::RunnerBuild;
use super::process::{self, TempDir};
use super::{cached_version, protocol, DEFAULT_EXTERNAL_TIMEOUT};
use crate::{first_match_only, Engine, EngineError, EngineInfo, Flags, Limits, Matcher, Mode, Run};

const MONO_HINT: &str = "apt-get install mono-mcs";
const CORE_HINT: &str = "apt-get install mono-mcs; python3 -m pip install dotnetcore2";

/// The runner and its build; the runtime configuration lets CoreCLR run the Mono-built
/// assembly (framework `netcoreapp3.1`, invariant globalization: no ICU needed).
const BUILD: RunnerBuild = RunnerBuild {
    engine: "dotnet",
    key: "dotnet-runner",
    sources: &[(
        "Runner.cs",
        include_str!("../../../../engines/dotnet/Runner.cs"),
    )],
    outputs: &["Runner.exe"],
    extras: &[(
        "Runner.runtimeconfig.json",
        r#"{"runtimeOptions":{"tfm":"netcoreapp3.1","framework":{"name":"Microsoft.NETCore.App","version":"3.1.0"},"rollForward":"LatestMajor","configProperties":{"System.Globalization.Invariant":true}}}"#,
    )],
};

/// Which .NET runtime runs the runner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DotnetRuntime {
    /// Mono 6.8 (`mono`), whose regex engine is CoreFX's source.
    Mono,
    /// .NET Core's CoreCLR (`dotnet`, e.g. the 3.1 runtime from the PyPI package
    /// `dotnetcore2`; out of support since December 2022).
    CoreClr,
}

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
    name: &'static str,
    runtime: DotnetRuntime,
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
            name: "dotnet",
            runtime: DotnetRuntime::Mono,
            options: DotnetOptions::NONE,
            mono: "mono".into(),
            mcs: "mcs".into(),
        }
    }

    /// The engine called `name` on `runtime`, with `RegexOptions.Compiled` when `compiled`
    /// (the registry's `dotnet`, `dotnet-compiled`, `dotnet-core`, `dotnet-core-compiled`).
    pub fn on(name: &'static str, runtime: DotnetRuntime, compiled: bool) -> Dotnet {
        Dotnet {
            name,
            runtime,
            options: if compiled {
                DotnetOptions::COMPILED
            } else {
                DotnetOptions::NONE
            },
            ..Dotnet::new()
        }
    }

    /// The runtime that runs the runner.
    pub fn runtime(&self) -> DotnetRuntime {
        self.runtime
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

    fn install_hint(&self) -> &'static str {
        match self.runtime {
            DotnetRuntime::Mono => MONO_HINT,
            DotnetRuntime::CoreClr => CORE_HINT,
        }
    }

    /// The program that runs the runner: `mono`, or CoreCLR's `dotnet` host.
    fn host(&self) -> Result<PathBuf, String> {
        match self.runtime {
            DotnetRuntime::Mono => process::which(&self.mono)
                .ok_or_else(|| format!("`{}` was not found on PATH", self.mono)),
            DotnetRuntime::CoreClr => core_host().clone(),
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

    fn unavailable(&self, reason: String) -> EngineError {
        EngineError::Unavailable {
            engine: self.name,
            reason: format!("{reason}; install it with `{}`", self.install_hint()),
        }
    }

    fn version(&self) -> Result<String, String> {
        let host = self.host()?;
        if !BUILD.is_built() && process::which(&self.mcs).is_none() {
            return Err(format!(
                "`{}` (needed once, to compile the runner) was not found on PATH",
                self.mcs
            ));
        }
        let mode = if self.options.contains(DotnetOptions::COMPILED) {
            ", RegexOptions.Compiled"
        } else {
            ", interpreted"
        };
        let version = match self.runtime {
            DotnetRuntime::Mono => cached_version(&host, &["--version"], |v| {
                // "Mono JIT compiler version 6.8.0.105 (Debian ...)" -> up to the parenthesis.
                v.split(" (").next().unwrap_or(v).trim().to_string()
            })?,
            // "Microsoft.NETCore.App 3.1.23 [/path]"
            DotnetRuntime::CoreClr => cached_version(&host, &["--list-runtimes"], |v| {
                let number = v.split_whitespace().nth(1).unwrap_or(v);
                format!("CoreCLR {number} (out of support)")
            })?,
        };
        Ok(format!("{version}{mode}"))
    }

    /// The cached runner directory (`Runner.exe` and its runtime configuration), compiling it
    /// with `mcs` first if the cache lacks it; how long that took when it was compiled now.
    fn ensure_runner(&self) -> Result<(PathBuf, Option<Duration>), EngineError> {
        let mcs = process::which(&self.mcs);
        BUILD.ensure(|dir: &Path| {
            let mcs = mcs.clone().ok_or_else(|| {
                self.unavailable(format!(
                    "`{}` (needed to compile the runner) was not found on PATH",
                    self.mcs
                ))
            })?;
            let mut command = Command::new(mcs);
            command
                .current_dir(dir)
                .args(["-optimize+", "-out:Runner.exe", "Runner.cs"]);
            Ok(command)
        })
    }
}

/// CoreCLR's `dotnet` host: `$BACKREF_DOTNET`, else `dotnet` on PATH, else the one inside the
/// PyPI package `dotnetcore2` (asked of `python3` once per process).
fn core_host() -> &'static Result<PathBuf, String> {
    static HOST: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    HOST.get_or_init(|| {
        if let Some(path) = std::env::var_os("BACKREF_DOTNET").filter(|v| !v.is_empty()) {
            return process::which(&path.to_string_lossy())
                .ok_or_else(|| format!("BACKREF_DOTNET={} is not a program", path.to_string_lossy()));
        }
        if let Some(dotnet) = process::which("dotnet") {
            return Ok(dotnet);
        }
        let python = process::which("python3")
            .ok_or("neither `dotnet` nor `python3` (for the dotnetcore2 package) is on PATH")?;
        let script = "import dotnetcore2, os; print(os.path.join(os.path.dirname(dotnetcore2.__file__), 'bin', 'dotnet'))";
        let path = process::probe(&python, &["-c", script], Duration::from_secs(20))
            .map_err(|e| format!("the dotnetcore2 package is not installed ({e})"))?;
        process::which(path.trim()).ok_or_else(|| format!("{path} is not a program"))
    })
}

impl Engine for Dotnet {
    fn name(&self) -> &'static str {
        self.name
    }

    fn dialect(&self) -> &'static Dialect {
        &DOTNET
    }

    fn info(&self) -> EngineInfo {
        EngineInfo::probed(self.name, self.version(), self.install_hint())
    }

    /// Checks that `mono` is here and keeps the pattern with its `RegexOptions` (the engine's,
    /// plus those of `flags`, all of which .NET honours); each [`Matcher::run`] starts the
    /// runner, which builds the `Regex` (reporting compile errors) and matches.
    fn compile(&self, pattern: &str, flags: &Flags) -> Result<Box<dyn Matcher>, EngineError> {
        flags.check(Flags::ALL, self.name)?;
        let options = self.options | DotnetOptions::from(*flags);
        if options.contains(DotnetOptions::COMPILED) && pattern.len() > COMPILED_PATTERN_LIMIT {
            return Err(EngineError::TooLarge {
                engine: self.name,
                what: format!(
                    "the pattern has {} bytes; RegexOptions.Compiled turns a pattern into IL \
                     before its first match, and past {} KiB that exhausts the runtime (Mono \
                     aborted on a 176 KB pattern after using the machine's memory)",
                    pattern.len(),
                    COMPILED_PATTERN_LIMIT / 1024
                ),
            });
        }
        let host = self.host().map_err(|e| self.unavailable(e))?;
        Ok(Box::new(DotnetMatcher {
            engine: self.clone(),
            host,
            pattern: pattern.to_owned(),
            options,
        }))
    }
}

/// The largest pattern the `RegexOptions.Compiled` engines take: a 176 KB portable rectangles
/// pattern made Mono abort (SIGABRT) after eating the machine's memory, which can take the
/// whole test run down with it; an 82 KB one ran past 10 s. Larger patterns are
/// [`EngineError::TooLarge`] for those engines, which `check` reports as such.
pub const COMPILED_PATTERN_LIMIT: usize = 64 * 1024;

/// A pattern for the .NET runner, with its `RegexOptions`; the runner (compiled with `mcs` on
/// first use) builds the `Regex` and matches in each run.
struct DotnetMatcher {
    engine: Dotnet,
    host: PathBuf,
    pattern: String,
    options: DotnetOptions,
}

impl Matcher for DotnetMatcher {
    fn engine(&self) -> &'static str {
        self.engine.name
    }

    /// Zero: the runner builds the `Regex` in each run, and reports that in the run's timing.
    fn compile_time(&self) -> Duration {
        Duration::ZERO
    }

    fn run(&self, subject: &str, mode: Mode, limits: &Limits) -> Result<Run, EngineError> {
        let name = self.engine.name;
        first_match_only(name, mode)?;
        let (runner, built_in) = self.engine.ensure_runner()?;
        let runner = runner.join("Runner.exe");
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
            engine: name,
            message: format!("cannot prepare the runner's files: {e}"),
        };
        let dir = TempDir::new().map_err(io_error)?;
        let pattern_file = dir
            .write("pattern", self.pattern.as_bytes())
            .map_err(io_error)?;
        let subject_file = dir.write("subject", subject.as_bytes()).map_err(io_error)?;
        // .NET match timeouts must be below about 24.8 days.
        let timeout_ms = timeout.as_millis().clamp(1, i32::MAX as u128 - 1);
        let mut command = Command::new(&self.host);
        command
            .arg(runner)
            .arg(pattern_file)
            .arg(subject_file)
            .arg(self.options.bits().to_string())
            .arg(timeout_ms.to_string());
        if self.options.contains(DotnetOptions::COMPILED) {
            command.env("MONO_REGEX_COMPILED_ENABLE", "1");
        }
        if self.engine.runtime == DotnetRuntime::CoreClr {
            command
                .env("DOTNET_SYSTEM_GLOBALIZATION_INVARIANT", "1")
                .env("DOTNET_CLI_TELEMETRY_OPTOUT", "1");
        }
        let finished = process::run(command, &dir, deadline);
        protocol::into_run(name, finished, start, notes)
    }
}
