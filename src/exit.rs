//! Exit codes and the failures that lead to them.

use std::process::ExitCode;

use backref_pipeline::Error;

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
    /// A short name of the kind of failure, for JSON (`usage`, `input`, `io`, ...).
    pub kind: &'static str,
    /// What went wrong.
    pub error: anyhow::Error,
}

impl Failure {
    /// Bad usage (exit 2).
    pub fn usage(msg: String) -> Failure {
        Failure {
            code: 2,
            kind: "usage",
            error: anyhow::anyhow!(msg),
        }
    }

    /// A file could not be read or written (exit 2).
    pub fn io(error: anyhow::Error) -> Failure {
        Failure {
            code: 2,
            kind: "io",
            error,
        }
    }
}

impl From<Error> for Failure {
    fn from(e: Error) -> Failure {
        // The user's input, usage or an engine's size limit: 2. A bug in backref or an engine
        // failing for another reason: 1, like a failed verification.
        let code = match e {
            Error::Input(_) | Error::Usage(_) | Error::TooLarge(_) => 2,
            Error::Program(_) | Error::Engine(_) | Error::Internal(_) => 1,
        };
        Failure {
            code,
            kind: e.kind(),
            error: e.into(),
        }
    }
}
