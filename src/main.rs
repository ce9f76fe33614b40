//! The `backref` command line: argument parsing, output and exit codes. All puzzle, IR and
//! engine logic lives in the `crates/` libraries.

use std::process::ExitCode;

use clap::Parser;

mod bench;
mod check;
mod cli;
mod count;
mod dropin;
mod emit;
mod engines;
mod exit;
mod progress;
mod solve;
mod write;

fn main() -> ExitCode {
    // Die quietly on a closed pipe (`backref emit ... | head`), like other command-line tools.
    #[cfg(unix)]
    // SAFETY: restoring the default action of one signal before any other thread exists.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let cli = cli::Cli::parse();
    if let cli::Command::Fillit { args } = &cli.command {
        return dropin::run(args);
    }
    let json = cli.command.json();
    let result = match &cli.command {
        cli::Command::Solve(args) if args.all => count::run(&cli::CountArgs {
            puzzle: args.puzzle.clone(),
            engine: args.engine.clone(),
            timeout: args.timeout,
            list: true,
            max_list: usize::MAX,
            format: args.format,
        }),
        cli::Command::Solve(args) => solve::run(args),
        cli::Command::Count(args) => count::run(args),
        cli::Command::Fillit { .. } => unreachable!("handled above"),
        cli::Command::Emit(args) => emit::run(args),
        cli::Command::Engines(args) => engines::run(args),
        cli::Command::Bench(args) => bench::run(args),
        cli::Command::Check(args) => check::run(args),
    };
    match result {
        Ok(exit) => exit.into(),
        Err(failure) => {
            if json {
                // Scripts read one JSON object on stdout, whatever happened.
                println!(
                    "{}",
                    serde_json::json!({"error": format!("{:#}", failure.error), "kind": failure.kind})
                );
            } else {
                eprintln!("error: {:#}", failure.error);
            }
            ExitCode::from(failure.code)
        }
    }
}
