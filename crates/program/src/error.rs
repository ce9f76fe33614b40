//! Errors raised while building, ordering or decoding a program.

/// Something wrong with a program as a puzzle stated it.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ProgramError {
    /// A variable name that is not an identifier.
    #[error("variable name {0:?} is not an identifier of letters, digits and _")]
    BadName(String),
    /// A variable with no values.
    #[error("variable {0} has an empty domain")]
    EmptyDomain(String),
    /// A value outside the domain, or containing a separator.
    #[error("value {value:?} is not allowed for variable {var}")]
    BadValue {
        /// Variable name.
        var: String,
        /// The value.
        value: String,
    },
    /// A gadget that needs booleans got another variable.
    #[error("variable {0} is not a boolean")]
    NotBoolean(String),
    /// A variable id from another program.
    #[error("no variable with id {0}")]
    UnknownVar(u32),
    /// Lists of mismatched lengths.
    #[error("wrong arity: {0}")]
    Arity(String),
    /// The order asks for a statement before a variable it reads is defined.
    #[error("statement {stmt} reads {var}, which is not defined before it in the order")]
    OrderReadsLater {
        /// The statement, described.
        stmt: String,
        /// The variable's name.
        var: String,
    },
    /// A variable listed twice in an order, or not a decision variable.
    #[error("bad order: {0}")]
    BadOrder(String),
    /// A statement the target's features cannot express (the message says which and why).
    #[error("{0}")]
    Unsupported(String),
}

/// A match whose captures do not decode into values of the program's variables.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum DecodeError {
    /// A variable's group did not take part in the match.
    #[error("group {group} of variable {var} is unset")]
    Unset {
        /// Variable name.
        var: String,
        /// Group number.
        group: usize,
    },
    /// A group captured text outside the variable's domain.
    #[error("variable {var} captured {value:?}, not in its domain")]
    OutOfDomain {
        /// Variable name.
        var: String,
        /// Captured text.
        value: String,
    },
}
