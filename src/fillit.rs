//! `fillit FILE`: the classic fillit program, for test suites that run an executable of that
//! name. It is `backref fillit FILE` (src/dropin.rs) without the rest of the command line: the
//! same answers, the same stdout and exit status, and a smaller binary that starts faster
//! (docs/fillit.md).

use std::process::ExitCode;

mod dropin;
mod heap;
mod signals;

fn main() -> ExitCode {
    signals::die_on_closed_pipe();
    let args: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    dropin::run(&args)
}
