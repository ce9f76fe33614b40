//! The `backref` command line: argument parsing, output and exit codes. All puzzle, IR and
//! engine logic lives in the `crates/` libraries.

use std::process::ExitCode;

use clap::Parser;

mod bench;
mod cli;
mod emit;
mod engines;
mod exit;
mod puzzle;
mod puzzles;
mod solve;

fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    let result = match &cli.command {
        cli::Command::Solve(args) => solve::run(args),
        cli::Command::Emit(args) => emit::run(args),
        cli::Command::Engines(args) => engines::run(args),
        cli::Command::Bench(args) => bench::run(args),
    };
    match result {
        Ok(exit) => exit.into(),
        Err(failure) => {
            eprintln!("error: {:#}", failure.error);
            ExitCode::from(failure.code)
        }
    }
}
