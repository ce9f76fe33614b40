//! Signal dispositions shared by the executables.

/// Dies quietly on a closed pipe (`backref emit ... | head`), like other command-line tools,
/// instead of Rust's default of ignoring SIGPIPE and failing the next write. Called first thing
/// in `main`.
pub fn die_on_closed_pipe() {
    #[cfg(unix)]
    // SAFETY: restoring the default action of one signal before any other thread exists.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}
