//! Builders for hand-composed .NET patterns: balancing groups, lookbehind, conditionals.
//!
//! The backref IR (`backref-program`) states puzzles as segment-scheme programs that every
//! dialect can print. Some published patterns do something else: they keep the whole search
//! state in .NET *capture stacks* (every capture of a group is kept, `(?<-N>)` pops one,
//! `(?(N)..)` asks whether any is left) and walk the subject with unbounded lookbehind. This
//! crate is where such patterns get their syntax, so that puzzle crates compose them from named
//! parts and never write regex text themselves.
//!
//! A pattern is a tree of [`Node`]s. [`render`] prints it for
//! `RegexOptions.IgnorePatternWhitespace`: one construct per line, nested constructs indented,
//! each line's [`Node::note`] as a `# comment`, short comment-free groups kept on one line.
//! [`Needs`] tells which other `RegexOptions` the printed text relies on (`.` crossing line ends
//! needs `Singleline`, `^` at line starts needs `Multiline`).
//!
//! Besides the plain constructs there are a few idioms that recur in balancing-group patterns:
//! [`from_start`] (look at the subject from its first character, wherever the match is),
//! [`mark_here`] (push the current position), [`not_marked`] and [`marked`] (whether the
//! current position is on a stack of positions) and [`is_empty`].
//!
//! Modules: `node` (the tree and its quantifiers), `builders` (one function per construct, and
//! the idioms), `render` (the printer).

#![warn(missing_docs)]

mod builders;
mod node;
mod render;

pub use builders::{
    ahead, alt, any, atomic, backref, balance, behind, capture, comment, end, end_or_final_newline,
    fail, from_start, group, if_group, is_empty, line_start, lit, mark_here, marked, newline,
    none_of, not_ahead, not_behind, not_marked, one_of, pop, seq, start, word,
};
pub use node::{Needs, Node};
pub use render::{render, Pattern};
