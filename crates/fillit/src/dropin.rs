//! The classic `fillit` program as a library function.
//!
//! Behaviour (documented decisions):
//! - `args` are the arguments *after* the program name. Anything but exactly one argument prints
//!   [`USAGE`] (`usage: fillit source_file\n`) and returns [`EXIT_USAGE`] (0, as the classic
//!   program's `main` does after printing its usage line).
//! - An unreadable file (missing, a directory, no permission) or invalid content prints `error\n`
//!   and returns [`EXIT_ERROR`] (1). Test suites for fillit compare standard output only; the
//!   non-zero status lets scripts tell failures apart.
//! - Otherwise the smallest square is printed exactly as the classic program prints it, and the
//!   status is [`EXIT_OK`] (0).
//!
//! Everything goes to standard output, like the classic program (no standard error).

use std::ffi::OsString;

use crate::{parse, render, solve};

/// The usage line printed for a wrong number of arguments.
pub const USAGE: &str = "usage: fillit source_file\n";
/// Exit status after printing the usage line.
pub const EXIT_USAGE: i32 = 0;
/// Exit status after printing `error`.
pub const EXIT_ERROR: i32 = 1;
/// Exit status after printing a square.
pub const EXIT_OK: i32 = 0;

/// Runs the classic program on `args` (the arguments after the program name) and returns what
/// it prints on standard output and its exit status.
pub fn drop_in(args: &[OsString]) -> (String, i32) {
    let [path] = args else {
        return (USAGE.to_string(), EXIT_USAGE);
    };
    let Ok(bytes) = std::fs::read(path) else {
        return ("error\n".to_string(), EXIT_ERROR);
    };
    match parse(&bytes) {
        Ok(pieces) => (render(&solve(&pieces), &pieces), EXIT_OK),
        Err(_) => ("error\n".to_string(), EXIT_ERROR),
    }
}
