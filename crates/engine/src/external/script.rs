//! Engines driven by a runner script: Perl, Python's `re` and `regex` modules, JavaScript (node)
//! and Ruby.

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use backref_program::dialect::{Dialect, JAVASCRIPT, ONIGURUMA, PERL, PYTHON, PYTHON_REGEX};

use super::process::{self, TempDir};
use super::{cached_version, protocol, DEFAULT_EXTERNAL_TIMEOUT};
use crate::{first_match_only, Engine, EngineError, EngineInfo, Flags, Limits, Matcher, Mode, Run};

/// Which scripting language's regex engine an [`External`] drives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ExternalKind {
    /// Perl 5 (`qr/$pattern/`, with `(?msx)`-style modifiers for [`Flags`]); runner
    /// `engines/perl/run.pl`.
    Perl,
    /// Python 3's `re` module (`re.compile(pattern, flags).search`); runner
    /// `engines/python/run.py`.
    Python,
    /// JavaScript in node (`new RegExp(pattern, flags)`, `m` and `s` only: JavaScript has no
    /// extended mode); runner `engines/node/run.js`.
    Node,
    /// Ruby's `Regexp` (Onigmo), `Regexp.new(pattern, options).match`; runner
    /// `engines/ruby/run.rb`. Ruby's `^`/`$` always match at line breaks.
    Ruby,
    /// Python 3's third-party `regex` module (`regex.compile(pattern, flags).search`, with the
    /// module's own match timeout); runner `engines/python/run.py` with `regex`.
    PythonRegex,
}

impl ExternalKind {
    /// The engine name users pass to `--engine`.
    pub fn name(self) -> &'static str {
        match self {
            ExternalKind::Perl => "perl",
            ExternalKind::Python => "python",
            ExternalKind::Node => "node",
            ExternalKind::Ruby => "ruby",
            ExternalKind::PythonRegex => "python-regex",
        }
    }

    /// The interpreter looked up on `PATH` by default.
    pub fn default_program(self) -> &'static str {
        match self {
            ExternalKind::Perl => "perl",
            ExternalKind::Python | ExternalKind::PythonRegex => "python3",
            ExternalKind::Node => "node",
            ExternalKind::Ruby => "ruby",
        }
    }

    /// The [`Flags`] the language's regexes can honour.
    pub fn supported_flags(self) -> Flags {
        match self {
            ExternalKind::Perl
            | ExternalKind::Python
            | ExternalKind::PythonRegex
            | ExternalKind::Ruby => Flags::ALL,
            ExternalKind::Node => Flags {
                ignore_whitespace: false,
                ..Flags::ALL
            },
        }
    }

    fn dialect(self) -> &'static Dialect {
        match self {
            ExternalKind::Perl => &PERL,
            ExternalKind::Python => &PYTHON,
            ExternalKind::Node => &JAVASCRIPT,
            ExternalKind::Ruby => &ONIGURUMA,
            ExternalKind::PythonRegex => &PYTHON_REGEX,
        }
    }

    fn runner(self) -> (&'static str, &'static str) {
        match self {
            ExternalKind::Perl => ("run.pl", include_str!("../../../../engines/perl/run.pl")),
            ExternalKind::Python => ("run.py", include_str!("../../../../engines/python/run.py")),
            ExternalKind::Node => ("run.js", include_str!("../../../../engines/node/run.js")),
            ExternalKind::Ruby => ("run.rb", include_str!("../../../../engines/ruby/run.rb")),
            // One Python runner for both modules; `module_arg` says which.
            ExternalKind::PythonRegex => {
                ("run.py", include_str!("../../../../engines/python/run.py"))
            }
        }
    }

    fn version_args(self) -> &'static [&'static str] {
        match self {
            ExternalKind::Perl => &["-e", "print $^V"],
            ExternalKind::Python | ExternalKind::Node | ExternalKind::Ruby => &["--version"],
            ExternalKind::PythonRegex => &["-c", "import regex; print(regex.__version__)"],
        }
    }

    fn format_version(self) -> fn(&str) -> String {
        match self {
            ExternalKind::Perl => |v| format!("perl {v}"),
            ExternalKind::Python => |v| format!("{v} (re)"),
            ExternalKind::Node => |v| format!("node {v}"),
            // "ruby 3.1.7p261 (2025-03-26 revision 0a3704f218) [x86_64-linux-gnu]"
            ExternalKind::Ruby => |v| {
                let short = v.split(" (").next().unwrap_or(v);
                format!("{short} (Onigmo)")
            },
            ExternalKind::PythonRegex => |v| format!("regex {v} (PyPI module)"),
        }
    }

    fn install_hint(self) -> &'static str {
        match self {
            ExternalKind::Perl => "apt-get install perl",
            ExternalKind::Python => "apt-get install python3",
            ExternalKind::Node => "apt-get install nodejs",
            ExternalKind::Ruby => "apt-get install ruby",
            ExternalKind::PythonRegex => "python3 -m pip install regex",
        }
    }

    /// Whether the runner takes the timeout in milliseconds as its last argument (an engine
    /// with a match timeout of its own); the others are only killed at the deadline.
    fn takes_timeout(self) -> bool {
        matches!(self, ExternalKind::PythonRegex)
    }

    /// The module the shared Python runner imports, passed after the flags.
    fn module_arg(self) -> Option<&'static str> {
        match self {
            ExternalKind::Python => Some("re"),
            ExternalKind::PythonRegex => Some("regex"),
            ExternalKind::Perl | ExternalKind::Node | ExternalKind::Ruby => None,
        }
    }
}

/// An engine run as a subprocess through a runner script: `perl`, `python` or `node`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct External {
    kind: ExternalKind,
    program: String,
}

impl External {
    /// The engine of `kind`, using its default interpreter from `PATH`.
    pub fn new(kind: ExternalKind) -> External {
        External {
            kind,
            program: kind.default_program().to_string(),
        }
    }

    /// The `perl` engine (system perl).
    pub fn perl() -> External {
        External::new(ExternalKind::Perl)
    }

    /// The `python` engine (python3's `re`).
    pub fn python() -> External {
        External::new(ExternalKind::Python)
    }

    /// The `node` engine (JavaScript's irregexp).
    pub fn node() -> External {
        External::new(ExternalKind::Node)
    }

    /// The `ruby` engine (Ruby's Onigmo).
    pub fn ruby() -> External {
        External::new(ExternalKind::Ruby)
    }

    /// The `python-regex` engine (python3's third-party `regex` module).
    pub fn python_regex() -> External {
        External::new(ExternalKind::PythonRegex)
    }

    /// Uses `program` (a name looked up on `PATH`, or a path) as the interpreter.
    pub fn with_program(mut self, program: impl Into<String>) -> External {
        self.program = program.into();
        self
    }

    /// Which language this engine drives.
    pub fn kind(&self) -> ExternalKind {
        self.kind
    }

    fn unavailable(&self, reason: String) -> EngineError {
        EngineError::Unavailable {
            engine: self.kind.name(),
            reason: format!("{reason}; install it with `{}`", self.kind.install_hint()),
        }
    }

    fn version(&self) -> Result<String, String> {
        let path = process::which(&self.program)
            .ok_or_else(|| format!("`{}` was not found on PATH", self.program))?;
        cached_version(&path, self.kind.version_args(), self.kind.format_version())
    }
}

impl Engine for External {
    fn name(&self) -> &'static str {
        self.kind.name()
    }

    fn dialect(&self) -> &'static Dialect {
        self.kind.dialect()
    }

    fn info(&self) -> EngineInfo {
        EngineInfo::probed(self.name(), self.version(), self.kind.install_hint())
    }

    /// Checks the flags and finds the interpreter; the pattern itself is compiled by the runner
    /// in every [`Matcher::run`], which reports its compile errors.
    fn compile(&self, pattern: &str, flags: &Flags) -> Result<Box<dyn Matcher>, EngineError> {
        flags.check(self.kind.supported_flags(), self.name())?;
        let program = process::which(&self.program)
            .ok_or_else(|| self.unavailable(format!("`{}` was not found on PATH", self.program)))?;
        Ok(Box::new(ScriptMatcher {
            kind: self.kind,
            program,
            pattern: pattern.to_owned(),
            flags: *flags,
        }))
    }
}

/// A pattern for a runner script: it holds the pattern and starts the runner (which compiles
/// and matches) in each run.
struct ScriptMatcher {
    kind: ExternalKind,
    program: PathBuf,
    pattern: String,
    flags: Flags,
}

impl Matcher for ScriptMatcher {
    fn engine(&self) -> &'static str {
        self.kind.name()
    }

    /// Zero: the runner compiles the pattern in each run, and reports that in the run's timing.
    fn compile_time(&self) -> Duration {
        Duration::ZERO
    }

    fn run(&self, subject: &str, mode: Mode, limits: &Limits) -> Result<Run, EngineError> {
        let engine = self.kind.name();
        first_match_only(engine, mode)?;
        let start = Instant::now();
        let deadline = start + limits.timeout.unwrap_or(DEFAULT_EXTERNAL_TIMEOUT);
        let io_error = |e: std::io::Error| EngineError::Match {
            engine,
            message: format!("cannot prepare the runner's files: {e}"),
        };
        let dir = TempDir::new().map_err(io_error)?;
        let (runner_name, runner_source) = self.kind.runner();
        let runner = dir
            .write(runner_name, runner_source.as_bytes())
            .map_err(io_error)?;
        let pattern_file = dir
            .write("pattern", self.pattern.as_bytes())
            .map_err(io_error)?;
        let subject_file = dir.write("subject", subject.as_bytes()).map_err(io_error)?;
        let mut command = Command::new(&self.program);
        command
            .arg(runner)
            .arg(pattern_file)
            .arg(subject_file)
            .arg(self.flags.letters());
        command.args(self.kind.module_arg());
        if self.kind.takes_timeout() {
            let timeout = limits.timeout.unwrap_or(DEFAULT_EXTERNAL_TIMEOUT);
            command.arg(
                timeout
                    .as_millis()
                    .clamp(1, u128::from(u32::MAX))
                    .to_string(),
            );
        }
        let finished = process::run(command, &dir, deadline);
        protocol::into_run(engine, finished, start, Vec::new())
    }
}
