//! The classic `fillit` program, built on [`backref_fillit::drop_in`].
//!
//! `cargo run --release -p backref-fillit --example fillit -- FILE`

use std::io::Write;

fn main() {
    let args: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    let (out, code) = backref_fillit::drop_in(&args);
    let mut stdout = std::io::stdout().lock();
    // A closed pipe is not worth a panic here.
    let _ = stdout.write_all(out.as_bytes());
    let _ = stdout.flush();
    std::process::exit(code);
}
