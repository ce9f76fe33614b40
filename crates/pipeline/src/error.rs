//! The pipeline's errors, typed by who is at fault: the input, the usage, an engine, or backref.

use backref_engine::EngineError;
use backref_program::ProgramError;

/// A boxed error from a puzzle crate (its parser's or encoder's own type, kept for callers).
pub type BoxError = Box<dyn std::error::Error + Send + Sync + 'static>;

/// Why a pipeline run could not reach an outcome.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The instance could not be read or parsed; the message names the file and what was
    /// expected.
    #[error("{0}")]
    Input(BoxError),
    /// The request does not fit the puzzle or the engine (an unknown encoding, an option the
    /// puzzle does not take, an engine that cannot run this pattern).
    #[error("{0}")]
    Usage(String),
    /// The instance is too large for the engine (a limit of the engine, stated in words).
    #[error("{0}")]
    TooLarge(String),
    /// The encoder built a program the IR rejects: a bug in backref.
    #[error("the encoder built an invalid program: {0}")]
    Program(#[from] ProgramError),
    /// The engine failed (not a limit: those end in a gave-up outcome).
    #[error(transparent)]
    Engine(EngineError),
    /// Anything else that went wrong inside backref.
    #[error("{0}")]
    Internal(String),
}

impl Error {
    /// An input error from any error type.
    pub fn input(e: impl Into<BoxError>) -> Error {
        Error::Input(e.into())
    }

    /// A usage error with a message.
    pub fn usage(msg: impl Into<String>) -> Error {
        Error::Usage(msg.into())
    }

    /// A short machine-readable name of the kind, for JSON errors (`input`, `usage`,
    /// `too_large`, `internal`, `engine`).
    pub fn kind(&self) -> &'static str {
        match self {
            Error::Input(_) => "input",
            Error::Usage(_) => "usage",
            Error::TooLarge(_) => "too_large",
            Error::Program(_) | Error::Internal(_) => "internal",
            Error::Engine(_) => "engine",
        }
    }
}

impl From<EngineError> for Error {
    fn from(e: EngineError) -> Error {
        match e {
            // A limit of the engine that the instance exceeds: the instance is too large for it.
            EngineError::TooLarge { .. } => Error::TooLarge(e.to_string()),
            e => Error::Engine(e),
        }
    }
}
