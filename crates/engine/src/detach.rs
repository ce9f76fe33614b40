//! A piece of work run in a forked copy of the process, which the parent kills at a deadline:
//! how a timed PCRE2 match without callouts keeps its timeout without starting its search
//! again (docs/engines.md, "Timeouts"). The search cannot look at the clock, so
//! something outside it must stop it; a thread cannot be stopped, a child process can. Unix
//! only; elsewhere [`available`] is false and the caller keeps its calibrated match limits.

use std::time::Instant;

/// How detached work ended.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Detached {
    /// The child finished and sent these bytes.
    Done(Vec<u8>),
    /// The deadline passed first; the child was killed.
    TimedOut,
}

/// Whether work can be detached here: on unix, unless `BACKREF_CALIBRATED_TIMEOUT` is set (to
/// measure the calibrated match limits this replaces).
pub(crate) fn available() -> bool {
    cfg!(unix) && std::env::var_os("BACKREF_CALIBRATED_TIMEOUT").is_none()
}

/// Runs `work` in a forked child and returns the bytes it produced, unless `deadline` passes
/// first (the child is then killed). `Err` when no child could be started
/// (the caller runs the work itself) or the child died without answering.
///
/// `work` runs in a copy of the process with only the calling thread, so it must not take locks
/// other threads may hold (glibc's `malloc` is safe: `fork` resets its locks in the child). A
/// panic in it ends the child without an answer.
#[cfg(unix)]
pub(crate) fn run_detached(
    deadline: Instant,
    work: impl FnOnce() -> Vec<u8>,
) -> Result<Detached, String> {
    use std::io::Read;
    use std::os::fd::FromRawFd;

    let mut fds = [0 as libc::c_int; 2];
    // Close-on-exec: a process another thread starts meanwhile (an external engine's runner)
    // must not inherit the write end, or the answer's end of file would wait for it to exit.
    // The forked child keeps both ends (it does not exec).
    // SAFETY: `fds` has room for the two descriptors `pipe` writes.
    if unsafe { open_pipe(&mut fds) } != 0 {
        return Err(format!("pipe: {}", std::io::Error::last_os_error()));
    }
    let (read_fd, write_fd) = (fds[0], fds[1]);
    // SAFETY: fork has no memory-safety preconditions; the child below only runs `work`,
    // writes to its pipe and leaves through `_exit`, never returning into the caller.
    let pid = unsafe { libc::fork() };
    if pid < 0 {
        let e = std::io::Error::last_os_error();
        // SAFETY: both descriptors were opened above and are closed once.
        unsafe {
            libc::close(read_fd);
            libc::close(write_fd);
        }
        return Err(format!("fork: {e}"));
    }
    if pid == 0 {
        child(read_fd, write_fd, work);
    }
    // SAFETY: the write end belongs to the child now; the parent's copy is closed once.
    unsafe { libc::close(write_fd) };
    // SAFETY: `read_fd` is open and owned by nothing else; the File closes it.
    let mut pipe = unsafe { std::fs::File::from_raw_fd(read_fd) };
    if let Some(stop) = wait_readable(read_fd, deadline) {
        // SAFETY: `pid` is our child, not yet reaped; killing and reaping it once.
        unsafe {
            libc::kill(pid, libc::SIGKILL);
            libc::waitpid(pid, std::ptr::null_mut(), 0);
        }
        return Ok(stop);
    }
    let mut bytes = Vec::new();
    let read = pipe.read_to_end(&mut bytes);
    let mut status: libc::c_int = 0;
    // SAFETY: `pid` is our child; reaped once.
    unsafe { libc::waitpid(pid, &mut status, 0) };
    read.map_err(|e| format!("reading the child's answer: {e}"))?;
    if !(libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0) {
        return Err(format!(
            "the child process ended without an answer (status {status})"
        ));
    }
    Ok(Detached::Done(bytes))
}

/// A pipe whose ends close on exec, atomically where the platform can.
///
/// # Safety
/// `fds` must be writable (it is a plain array here).
#[cfg(unix)]
unsafe fn open_pipe(fds: &mut [libc::c_int; 2]) -> libc::c_int {
    #[cfg(any(target_os = "linux", target_os = "android", target_os = "freebsd"))]
    {
        libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC)
    }
    #[cfg(not(any(target_os = "linux", target_os = "android", target_os = "freebsd")))]
    {
        let rc = libc::pipe(fds.as_mut_ptr());
        if rc == 0 {
            for fd in *fds {
                libc::fcntl(fd, libc::F_SETFD, libc::FD_CLOEXEC);
            }
        }
        rc
    }
}

/// The child's side: runs `work`, writes its bytes, exits without running destructors or exit
/// handlers (they belong to the parent).
#[cfg(unix)]
fn child(read_fd: libc::c_int, write_fd: libc::c_int, work: impl FnOnce() -> Vec<u8>) -> ! {
    // SAFETY: the read end is the parent's; closing the child's copy. On Linux the child also
    // asks to be killed should the parent die, so no search outlives it.
    unsafe {
        libc::close(read_fd);
        #[cfg(target_os = "linux")]
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
    }
    let code = match std::panic::catch_unwind(std::panic::AssertUnwindSafe(work)) {
        Ok(bytes) => {
            let mut rest: &[u8] = &bytes;
            let mut code = 0;
            while !rest.is_empty() {
                // SAFETY: `rest` is valid for `rest.len()` bytes; `write_fd` is open.
                let n = unsafe { libc::write(write_fd, rest.as_ptr().cast(), rest.len()) };
                if n <= 0 {
                    code = 2;
                    break;
                }
                rest = &rest[n as usize..];
            }
            code
        }
        Err(_) => 1,
    };
    // SAFETY: leaving the child at once, as after any fork.
    unsafe { libc::_exit(code) }
}

/// Waits until `fd` has data or is closed (`None`), or until the deadline passes.
#[cfg(unix)]
fn wait_readable(fd: libc::c_int, deadline: Instant) -> Option<Detached> {
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Some(Detached::TimedOut);
        }
        // Whole milliseconds, rounded up: the child is never killed before the deadline.
        let left = left.as_micros().div_ceil(1000);
        let mut poll = libc::pollfd {
            fd,
            events: libc::POLLIN,
            revents: 0,
        };
        let timeout = left.min(i32::MAX as u128) as libc::c_int;
        // SAFETY: one valid pollfd for the duration of the call.
        let n = unsafe { libc::poll(&mut poll, 1, timeout) };
        if n > 0 {
            return None;
        }
        if n < 0 && std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted {
            // Waiting failed: read (blocking) instead of spinning.
            return None;
        }
    }
}

/// Elsewhere nothing is detached ([`available`] is false).
#[cfg(not(unix))]
pub(crate) fn run_detached(
    _deadline: Instant,
    _work: impl FnOnce() -> Vec<u8>,
) -> Result<Detached, String> {
    Err("no child processes on this platform".into())
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn the_childs_bytes_come_back() {
        let got = run_detached(Instant::now() + Duration::from_secs(10), || {
            (0..100_000u32).flat_map(|i| i.to_le_bytes()).collect()
        });
        let Ok(Detached::Done(bytes)) = got else {
            panic!("{got:?}");
        };
        assert_eq!(bytes.len(), 400_000);
        assert_eq!(&bytes[4..8], &1u32.to_le_bytes());
    }

    #[test]
    fn the_deadline_kills_the_child() {
        let start = Instant::now();
        let got = run_detached(start + Duration::from_millis(100), || loop {
            std::hint::spin_loop();
        });
        assert_eq!(got, Ok(Detached::TimedOut));
        assert!(start.elapsed() < Duration::from_secs(5));
    }

    #[test]
    fn a_panic_in_the_child_is_an_error() {
        let got = run_detached(Instant::now() + Duration::from_secs(10), || {
            panic!("in the child")
        });
        assert!(got.is_err(), "{got:?}");
    }
}
