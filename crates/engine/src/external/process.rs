//! Temporary directories, PATH lookup and running a child process under a deadline.

use std::ffi::OsStr;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// A fresh directory under the system temporary directory, removed (with its contents) on drop.
pub(crate) struct TempDir {
    path: PathBuf,
}

impl TempDir {
    /// Creates a new, uniquely named directory.
    pub(crate) fn new() -> io::Result<TempDir> {
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        let base = std::env::temp_dir();
        let nanos = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        loop {
            let n = COUNTER.fetch_add(1, Ordering::Relaxed);
            let path = base.join(format!("backref-{}-{n}-{nanos}", std::process::id()));
            match fs::create_dir(&path) {
                Ok(()) => return Ok(TempDir { path }),
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(e),
            }
        }
    }

    /// The directory's path.
    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    /// Writes `contents` to a file called `name` in the directory and returns its path.
    pub(crate) fn write(&self, name: &str, contents: &[u8]) -> io::Result<PathBuf> {
        let path = self.path.join(name);
        fs::write(&path, contents)?;
        Ok(path)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.path);
    }
}

/// Finds `program` the way a shell would: a name containing `/` is taken as a path, anything
/// else is looked up in the directories of `PATH`. Only executable regular files count.
pub(crate) fn which(program: &str) -> Option<PathBuf> {
    if program.is_empty() {
        return None;
    }
    if program.contains('/') {
        let path = PathBuf::from(program);
        return is_executable(&path).then_some(path);
    }
    let paths = std::env::var_os("PATH")?;
    std::env::split_paths(&paths)
        .map(|dir| dir.join(program))
        .find(|p| is_executable(p))
}

fn is_executable(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    }
    #[cfg(not(unix))]
    {
        path.is_file()
    }
}

/// How a child process ended.
pub(crate) struct Finished {
    /// Exit status, `None` when it was killed at the deadline.
    pub(crate) status: Option<ExitStatus>,
    /// Everything it wrote to stdout.
    pub(crate) stdout: Vec<u8>,
    /// Everything it wrote to stderr.
    pub(crate) stderr: Vec<u8>,
}

impl Finished {
    /// Whether the child was killed because the deadline passed.
    pub(crate) fn timed_out(&self) -> bool {
        self.status.is_none()
    }

    /// The end of stderr, for error messages.
    pub(crate) fn stderr_tail(&self) -> String {
        let text = String::from_utf8_lossy(&self.stderr);
        let text = text.trim();
        let mut start = text.len().saturating_sub(2000);
        while !text.is_char_boundary(start) {
            start += 1;
        }
        text[start..].to_string()
    }
}

/// Runs `command` with stdin closed and stdout/stderr sent to files in `dir`, polling until it
/// exits or `deadline` passes; then it is killed. Output goes to files rather than pipes, so a
/// chatty child can never block on a full pipe while we wait for it.
pub(crate) fn run(mut command: Command, dir: &TempDir, deadline: Instant) -> io::Result<Finished> {
    let out_path = dir.path().join("stdout");
    let err_path = dir.path().join("stderr");
    // Runs in the temporary directory, so that whatever a runtime leaves behind (Mono writes
    // `mono_crash.*` files into its working directory when it crashes at exit) goes with it.
    command
        .current_dir(dir.path())
        .stdin(Stdio::null())
        .stdout(fs::File::create(&out_path)?)
        .stderr(fs::File::create(&err_path)?);
    // Its own process group, so that a timeout kills whatever it started too (an interpreter
    // shim that forks instead of exec-ing, for instance).
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    let mut child = command.spawn()?;
    let mut pause = Duration::from_millis(1);
    let status = loop {
        if let Some(status) = child.try_wait()? {
            break Some(status);
        }
        let now = Instant::now();
        if now >= deadline {
            #[cfg(unix)]
            if let Ok(pid) = libc::pid_t::try_from(child.id()) {
                // SAFETY: plain system call; the group was created for this child above.
                unsafe { libc::kill(-pid, libc::SIGKILL) };
            }
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(pause.min(deadline - now));
        pause = (pause * 2).min(Duration::from_millis(20));
    };
    Ok(Finished {
        status,
        stdout: fs::read(&out_path)?,
        stderr: fs::read(&err_path)?,
    })
}

/// Runs `program args` (a version query) and returns the first non-empty line it prints
/// (stdout first, then stderr).
pub(crate) fn probe(program: &Path, args: &[&str], timeout: Duration) -> Result<String, String> {
    let dir = TempDir::new().map_err(|e| format!("cannot create a temporary directory: {e}"))?;
    let mut command = Command::new(program);
    command.args(args.iter().map(OsStr::new));
    let finished = run(command, &dir, Instant::now() + timeout)
        .map_err(|e| format!("cannot run {}: {e}", program.display()))?;
    if finished.timed_out() {
        return Err(format!(
            "{} did not answer within {timeout:?}",
            program.display()
        ));
    }
    // A probe that fails (a Python module that is not installed, say) is no version.
    if !finished.status.is_some_and(|s| s.success()) {
        let tail = finished.stderr_tail();
        let last = tail.lines().last().unwrap_or("no message").trim();
        return Err(format!(
            "{} {} failed: {last}",
            program.display(),
            args.join(" ")
        ));
    }
    let first_line = |bytes: &[u8]| {
        String::from_utf8_lossy(bytes)
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty())
            .map(str::to_owned)
    };
    first_line(&finished.stdout)
        .or_else(|| first_line(&finished.stderr))
        .ok_or_else(|| format!("{} printed no version", program.display()))
}
