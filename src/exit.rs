//! Exit codes and the failures that lead to them.

use std::process::ExitCode;

/// How a command ended, as the process exit code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// Solved, or no solution (exit 0).
    Ok,
    /// A disagreement with the native solver or a failed verification (exit 1).
    Disagreement,
    /// A limit ended the search (exit 3).
    GaveUp,
}

impl From<Exit> for ExitCode {
    fn from(e: Exit) -> ExitCode {
        ExitCode::from(match e {
            Exit::Ok => 0,
            Exit::Disagreement => 1,
            Exit::GaveUp => 3,
        })
    }
}

/// A command that could not run to its end.
#[derive(Debug)]
pub struct Failure {
    /// The exit code.
    pub code: u8,
    /// What went wrong.
    pub error: anyhow::Error,
}

impl Failure {
    /// Bad usage (exit 2).
    pub fn usage(msg: String) -> Failure {
        Failure {
            code: 2,
            error: anyhow::anyhow!(msg),
        }
    }

    /// Bad input (exit 2).
    pub fn input(error: anyhow::Error) -> Failure {
        Failure { code: 2, error }
    }

    /// A failure inside backref or an engine (exit 1).
    pub fn internal(error: anyhow::Error) -> Failure {
        Failure { code: 1, error }
    }
}
