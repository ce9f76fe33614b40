//! Errors of reading and translating FlatZinc: each names the file and the line.

/// What went wrong with a FlatZinc file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FznError {
    /// The text is not FlatZinc.
    #[error("{file}:{line}:{col}: {message}")]
    Syntax {
        /// The file.
        file: String,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        col: usize,
        /// What was expected.
        message: String,
    },
    /// Valid FlatZinc that backref does not handle (an unsupported constraint, an unbounded
    /// variable) or that refers to something undeclared.
    #[error("{file}:{line}: {message}")]
    Model {
        /// The file.
        file: String,
        /// 1-based line.
        line: usize,
        /// What is not supported, and why.
        message: String,
    },
}

impl FznError {
    /// A syntax error at a line and column.
    pub fn syntax(file: &str, line: usize, col: usize, message: String) -> FznError {
        FznError::Syntax {
            file: file.to_string(),
            line,
            col,
            message,
        }
    }

    /// A model error at a line.
    pub fn model(file: &str, line: usize, message: String) -> FznError {
        FznError::Model {
            file: file.to_string(),
            line,
            message,
        }
    }
}
