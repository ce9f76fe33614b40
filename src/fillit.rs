//! `fillit FILE`: the classic fillit program, for test suites that run an executable of that
//! name. It is `backref fillit FILE` (src/dropin.rs) without the rest of the command line: the
//! same answers, the same stdout and exit status, and a smaller binary that starts faster
//! (docs/fillit.md).
//!
//! It has the C library's `main` instead of Rust's: the Rust runtime's start-up (reading
//! `/proc/self/maps` for the main thread's stack guard, the stack-overflow handler and its
//! alternate stack, checking the standard descriptors) cost about 0.1 ms of a run that the C
//! solvers finish in 0.65 (docs/performance.md, "The C library's main"). What it did that this
//! program needs is done here: SIGPIPE's action is set as before, a panic still ends the
//! process with status 101 and its message, and stdout is flushed before the return.

#![no_main]

mod dropin;
mod heap;
mod signals;

/// The exit status of a run that panicked, as Rust's own `main` gives it.
const PANIC_STATUS: libc::c_int = 101;

/// The program's entry, called by the C library's start-up code. The arguments are read
/// through `std::env::args_os`, which the standard library captures from the C library.
#[no_mangle]
pub extern "C" fn main(_argc: libc::c_int, _argv: *const *const libc::c_char) -> libc::c_int {
    signals::die_on_closed_pipe();
    // A panic must not unwind into the C caller: it ends the run with Rust's status instead
    // (the panic hook has printed the message).
    std::panic::catch_unwind(|| {
        let args: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
        libc::c_int::from(dropin::run(&args))
    })
    .unwrap_or(PANIC_STATUS)
}
