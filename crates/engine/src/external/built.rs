//! Engines whose runner is compiled once and cached ([`super::cache`]): Java's
//! `java.util.regex` (`engines/java/Runner.java`, built with `javac`, run with `java`) and Go's
//! regexp2 (`engines/regexp2/runner.go`, a port of .NET's engine, built offline with `go build`
//! against Debian's `golang-github-dlclark-regexp2-dev` in GOPATH mode).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use backref_program::dialect::{Dialect, DOTNET, JAVA};

use super::cache::RunnerBuild;
use super::process::{self, TempDir};
use super::{cached_version, protocol, DotnetOptions, DEFAULT_EXTERNAL_TIMEOUT};
use crate::{first_match_only, Engine, EngineError, EngineInfo, Flags, Limits, Matcher, Mode, Run};

/// Where Debian installs Go libraries for GOPATH-mode builds.
const DEBIAN_GOPATH: &str = "/usr/share/gocode";

/// Which compiled runner a [`Built`] engine drives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BuiltKind {
    /// Java's `java.util.regex` (engine `java`).
    Java,
    /// Go's `github.com/dlclark/regexp2` (engine `regexp2`), in the .NET dialect.
    Regexp2,
}

const JAVA_BUILD: RunnerBuild = RunnerBuild {
    engine: "java",
    key: "java-runner",
    sources: &[(
        "Runner.java",
        include_str!("../../../../engines/java/Runner.java"),
    )],
    outputs: &["Runner.class"],
    extras: &[],
};

const REGEXP2_BUILD: RunnerBuild = RunnerBuild {
    engine: "regexp2",
    key: "regexp2-runner",
    sources: &[(
        "runner.go",
        include_str!("../../../../engines/regexp2/runner.go"),
    )],
    outputs: &["runner"],
    extras: &[],
};

impl BuiltKind {
    /// The engine name users pass to `--engine`.
    pub fn name(self) -> &'static str {
        match self {
            BuiltKind::Java => "java",
            BuiltKind::Regexp2 => "regexp2",
        }
    }

    fn dialect(self) -> &'static Dialect {
        match self {
            BuiltKind::Java => &JAVA,
            BuiltKind::Regexp2 => &DOTNET,
        }
    }

    fn build(self) -> &'static RunnerBuild {
        match self {
            BuiltKind::Java => &JAVA_BUILD,
            BuiltKind::Regexp2 => &REGEXP2_BUILD,
        }
    }

    /// The program that compiles the runner.
    fn compiler(self) -> &'static str {
        match self {
            BuiltKind::Java => "javac",
            BuiltKind::Regexp2 => "go",
        }
    }

    fn install_hint(self) -> &'static str {
        match self {
            BuiltKind::Java => "apt-get install default-jdk-headless",
            BuiltKind::Regexp2 => "apt-get install golang-go golang-github-dlclark-regexp2-dev",
        }
    }
}

/// The GOPATH holding `github.com/dlclark/regexp2`: `$BACKREF_GOPATH`, else Debian's.
fn gopath() -> PathBuf {
    std::env::var_os("BACKREF_GOPATH")
        .filter(|v| !v.is_empty())
        .map_or_else(|| PathBuf::from(DEBIAN_GOPATH), PathBuf::from)
}

/// An engine whose runner is compiled once per machine: `java` or `regexp2`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Built {
    kind: BuiltKind,
}

impl Built {
    /// The engine of `kind`.
    pub fn new(kind: BuiltKind) -> Built {
        Built { kind }
    }

    /// Java's `java.util.regex`.
    pub fn java() -> Built {
        Built::new(BuiltKind::Java)
    }

    /// Go's regexp2.
    pub fn regexp2() -> Built {
        Built::new(BuiltKind::Regexp2)
    }

    fn unavailable(&self, reason: String) -> EngineError {
        EngineError::Unavailable {
            engine: self.kind.name(),
            reason: format!("{reason}; install it with `{}`", self.kind.install_hint()),
        }
    }

    /// Checks that what building and running need is here; the program that runs the runner
    /// (`java`; none for Go's native binary).
    fn tools(&self) -> Result<Option<PathBuf>, String> {
        let build = self.kind.build();
        if !build.is_built() && process::which(self.kind.compiler()).is_none() {
            return Err(format!(
                "`{}` (needed once, to compile the runner) was not found on PATH",
                self.kind.compiler()
            ));
        }
        match self.kind {
            BuiltKind::Java => process::which("java")
                .map(Some)
                .ok_or_else(|| "`java` was not found on PATH".to_string()),
            BuiltKind::Regexp2 => {
                let source = gopath().join("src/github.com/dlclark/regexp2/regexp.go");
                if !build.is_built() && !source.is_file() {
                    return Err(format!("{} is missing", source.display()));
                }
                Ok(None)
            }
        }
    }

    fn version(&self) -> Result<String, String> {
        let runner = self.tools()?;
        match self.kind {
            BuiltKind::Java => {
                let java = runner.expect("java is the runner's program");
                // `openjdk version "17.0.15" 2025-04-15` (on stderr)
                cached_version(&java, &["-version"], |v| {
                    let number = v.split('"').nth(1).unwrap_or(v);
                    format!("Java {number} (java.util.regex)")
                })
            }
            BuiltKind::Regexp2 => {
                let package = process::which("dpkg-query")
                    .and_then(|q| {
                        cached_version(
                            &q,
                            &[
                                "-W",
                                "-f",
                                "${Version}",
                                "golang-github-dlclark-regexp2-dev",
                            ],
                            |v| v.to_string(),
                        )
                        .ok()
                    })
                    .unwrap_or_else(|| "(version unknown)".into());
                let go = match process::which("go") {
                    Some(go) => cached_version(&go, &["version"], |v| {
                        v.split_whitespace().nth(2).unwrap_or(v).to_string()
                    })
                    .unwrap_or_else(|e| e),
                    None => "prebuilt".into(),
                };
                Ok(format!("regexp2 {package} ({go})"))
            }
        }
    }

    /// The cached runner directory, building it when needed.
    fn ensure_runner(&self) -> Result<(PathBuf, Option<Duration>), EngineError> {
        let kind = self.kind;
        let compiler = process::which(kind.compiler());
        kind.build().ensure(|dir: &Path| {
            let compiler = compiler.clone().ok_or_else(|| {
                self.unavailable(format!(
                    "`{}` (needed to compile the runner) was not found on PATH",
                    kind.compiler()
                ))
            })?;
            let mut command = Command::new(compiler);
            command.current_dir(dir);
            match kind {
                BuiltKind::Java => {
                    command
                        .args(["-encoding", "UTF-8", "-d", "."])
                        .arg("Runner.java");
                }
                BuiltKind::Regexp2 => {
                    command
                        .args(["build", "-o", "runner", "runner.go"])
                        .env("GO111MODULE", "off")
                        .env("GOFLAGS", "")
                        .env("GOPATH", gopath())
                        .env("GOCACHE", dir.join("gocache"));
                }
            }
            Ok(command)
        })
    }
}

impl Engine for Built {
    fn name(&self) -> &'static str {
        self.kind.name()
    }

    fn dialect(&self) -> &'static Dialect {
        self.kind.dialect()
    }

    fn info(&self) -> EngineInfo {
        EngineInfo::probed(self.name(), self.version(), self.kind.install_hint())
    }

    /// Checks the tools; the runner compiles the pattern in every [`Matcher::run`].
    fn compile(&self, pattern: &str, flags: &Flags) -> Result<Box<dyn Matcher>, EngineError> {
        flags.check(Flags::ALL, self.name())?;
        let program = self.tools().map_err(|e| self.unavailable(e))?;
        Ok(Box::new(BuiltMatcher {
            engine: self.clone(),
            program,
            pattern: pattern.to_owned(),
            flags: *flags,
        }))
    }
}

/// A pattern for a compiled runner, which compiles and matches it in each run.
struct BuiltMatcher {
    engine: Built,
    program: Option<PathBuf>,
    pattern: String,
    flags: Flags,
}

impl Matcher for BuiltMatcher {
    fn engine(&self) -> &'static str {
        self.engine.name()
    }

    /// Zero: the runner compiles the pattern in each run, and reports that in the run's timing.
    fn compile_time(&self) -> Duration {
        Duration::ZERO
    }

    fn run(&self, subject: &str, mode: Mode, limits: &Limits) -> Result<Run, EngineError> {
        let engine = self.engine.name();
        first_match_only(engine, mode)?;
        let (runner, built_in) = self.engine.ensure_runner()?;
        let mut notes = Vec::new();
        if let Some(took) = built_in {
            notes.push(format!(
                "compiled the {engine} runner in {} ms (cached at {})",
                took.as_millis(),
                runner.display()
            ));
        }
        let start = Instant::now();
        let timeout = limits.timeout.unwrap_or(DEFAULT_EXTERNAL_TIMEOUT);
        let io_error = |e: std::io::Error| EngineError::Match {
            engine,
            message: format!("cannot prepare the runner's files: {e}"),
        };
        let dir = TempDir::new().map_err(io_error)?;
        let pattern_file = dir
            .write("pattern", self.pattern.as_bytes())
            .map_err(io_error)?;
        let subject_file = dir.write("subject", subject.as_bytes()).map_err(io_error)?;
        let mut command = match (self.engine.kind, &self.program) {
            (BuiltKind::Java, Some(java)) => {
                let mut c = Command::new(java);
                c.arg("-cp").arg(&runner).arg("Runner");
                c
            }
            _ => Command::new(runner.join("runner")),
        };
        command.arg(pattern_file).arg(subject_file);
        match self.engine.kind {
            BuiltKind::Java => {
                command.arg(self.flags.letters());
            }
            BuiltKind::Regexp2 => {
                // regexp2's own match timeout, plus the process deadline as a backstop.
                let ms = timeout.as_millis().clamp(1, u128::from(u32::MAX));
                command
                    .arg(DotnetOptions::from(self.flags).bits().to_string())
                    .arg(ms.to_string());
            }
        }
        let finished = process::run(command, &dir, start + timeout);
        protocol::into_run(engine, finished, start, notes)
    }
}
