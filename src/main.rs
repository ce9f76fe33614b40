//! The `backref` command line: argument parsing, output and exit codes. All puzzle, IR and
//! engine logic lives in the `crates/` libraries.

use std::ffi::OsString;
use std::process::ExitCode;

use clap::Parser;

/// Whether the arguments ask for `--format json` (looked for by hand when clap rejects them).
fn wants_json(args: impl Iterator<Item = String>) -> bool {
    let args: Vec<String> = args.collect();
    args.windows(2)
        .any(|w| w[0] == "--format" && w[1] == "json")
        || args.iter().any(|a| a == "--format=json")
}

/// The arguments after `fillit` when `argv` is `backref fillit FILE` with one argument that is
/// not a help flag: `main` runs the drop-in on them at once, without building the whole
/// command-line parser (about a tenth of a millisecond of a run that takes one or two).
/// Every other command line goes through the parser as usual.
fn plain_fillit(argv: &[OsString]) -> Option<&[OsString]> {
    match argv {
        [_, command, file] if command == "fillit" && file != "-h" && file != "--help" => {
            Some(&argv[2..])
        }
        _ => None,
    }
}

mod bench;
mod check;
mod cli;
mod collection;
mod corpus;
mod count;
mod dropin;
mod emit;
mod engines;
mod exit;
mod export;
mod fzn;
mod heap;
mod html;
mod minizinc;
mod progress;
mod sat;
mod signals;
mod solve;
mod view;
mod watchdog;
mod write;

fn main() -> ExitCode {
    signals::die_on_closed_pipe();
    let argv: Vec<OsString> = std::env::args_os().collect();
    if let Some(args) = plain_fillit(&argv) {
        return ExitCode::from(dropin::run(args));
    }
    let cli = match cli::Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if e.use_stderr() && wants_json(std::env::args()) => {
            // Scripts asked for JSON: a usage error is one JSON object on stdout too.
            let text = e.render().to_string();
            let message = text.lines().next().unwrap_or_default();
            let message = message.strip_prefix("error: ").unwrap_or(message);
            println!("{}", serde_json::json!({"error": message, "kind": "usage"}));
            return ExitCode::from(2);
        }
        Err(e) => e.exit(),
    };
    if let cli::Command::Fillit { args } = &cli.command {
        return ExitCode::from(dropin::run(args));
    }
    if let cli::Command::Sat(args) = &cli.command {
        return sat::run(args);
    }
    if let cli::Command::Fzn(args) = &cli.command {
        return fzn::run(args);
    }
    if let cli::Command::Minizinc(args) = &cli.command {
        return minizinc::run(args);
    }
    if let Some(message) = cli.command.svg_refused() {
        eprintln!("error: {message}");
        return ExitCode::from(2);
    }
    let json = cli.command.json();
    let result = match &cli.command {
        cli::Command::Solve(args) if args.all => count::run(&cli::CountArgs {
            puzzle: args.puzzle.clone(),
            engine: args.engine.clone(),
            timeout: args.timeout,
            list: true,
            max_list: usize::MAX,
            max: None,
            format: args.format,
        }),
        cli::Command::Solve(args) if args.unique => count::unique(args),
        cli::Command::Solve(args) => solve::run(args),
        cli::Command::Count(args) => count::run(args),
        cli::Command::Fillit { .. }
        | cli::Command::Sat(_)
        | cli::Command::Fzn(_)
        | cli::Command::Minizinc(_) => unreachable!("handled above"),
        cli::Command::Emit(args) => emit::run(args),
        cli::Command::Engines(args) => engines::run(args),
        cli::Command::Bench(args) => bench::run(args),
        cli::Command::Check(args) => check::run(args),
        cli::Command::Export(args) => export::run(args),
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
