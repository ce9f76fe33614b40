//! The FlatZinc syntax tree as read: parameter, variable and constraint items, the solve item,
//! and the expressions and annotations they carry, each with its line.

/// An expression of FlatZinc.
#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    /// An integer literal.
    Int(i64),
    /// A Boolean literal.
    Bool(bool),
    /// A string literal (annotations only).
    Str(String),
    /// A name: a parameter, a variable or an array.
    Ident(String),
    /// `name[i]`: one element of an array (1-based as declared).
    Index(String, i64),
    /// `[a, b, ..]`.
    Array(Vec<Expr>),
    /// `{1, 3}` or `lo..hi`: a constant set of integers.
    Set(Vec<i64>),
    /// `name(args)` in an annotation.
    Call(String, Vec<Expr>),
}

/// The type of a declared item.
#[derive(Clone, Debug, PartialEq)]
pub enum Type {
    /// `bool`.
    Bool,
    /// `int`, or an integer constrained to a set (`1..9`, `{1,3}`).
    Int(Option<Vec<i64>>),
    /// `set of int` (parameters only).
    SetOfInt,
}

/// An annotation: `:: name` or `:: name(args)`.
#[derive(Clone, Debug, PartialEq)]
pub struct Annotation {
    /// Its name.
    pub name: String,
    /// Its arguments.
    pub args: Vec<Expr>,
}

/// A declaration: `[array [1..n] of] [var] TYPE: name [:: ann] [= expr];`.
#[derive(Clone, Debug, PartialEq)]
pub struct Decl {
    /// The declared name.
    pub name: String,
    /// The element type.
    pub ty: Type,
    /// Whether it declares variables.
    pub var: bool,
    /// For arrays: the number of elements.
    pub array: Option<usize>,
    /// Annotations.
    pub annotations: Vec<Annotation>,
    /// The assigned value.
    pub value: Option<Expr>,
    /// Its line (1-based).
    pub line: usize,
}

/// A constraint item: `constraint name(args) [:: ann];`.
#[derive(Clone, Debug, PartialEq)]
pub struct ConstraintItem {
    /// The predicate's name, e.g. `int_lin_eq`.
    pub name: String,
    /// Its arguments.
    pub args: Vec<Expr>,
    /// Annotations.
    pub annotations: Vec<Annotation>,
    /// Its line (1-based).
    pub line: usize,
}

/// What the solve item asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum Goal {
    /// Any solution.
    Satisfy,
    /// A solution with the least value of the expression.
    Minimize(Expr),
    /// A solution with the greatest value of the expression.
    Maximize(Expr),
}

/// A whole FlatZinc file.
#[derive(Clone, Debug, PartialEq)]
pub struct FznFile {
    /// Parameter and variable declarations, in file order.
    pub decls: Vec<Decl>,
    /// Constraints, in file order.
    pub constraints: Vec<ConstraintItem>,
    /// The solve item.
    pub goal: Goal,
    /// The solve item's line.
    pub goal_line: usize,
}
