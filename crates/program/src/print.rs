//! Prints a pattern AST in one dialect.

use crate::ast::{Greed, GroupId, Node};
use crate::dialect::Dialect;

/// How capture groups are shown in a printed pattern.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Naming {
    /// Numbered groups: compact and fastest to compile.
    #[default]
    Compact,
    /// Named groups such as `Q_3_5`, for reading and diffing.
    Readable,
}

/// Prints AST nodes in one dialect, with groups named or numbered.
pub struct Printer<'a> {
    dialect: &'a Dialect,
    naming: Naming,
    names: &'a [String],
    /// Set right after an undelimited numbered backreference, whose number a digit would extend.
    open_backref: std::cell::Cell<bool>,
}

const META: &str = "\\^$.|?*+()[]{}#/ \t\n\r";

impl<'a> Printer<'a> {
    /// A printer for `dialect`; `names[g]` is the readable name of group `g`.
    pub fn new(dialect: &'a Dialect, naming: Naming, names: &'a [String]) -> Printer<'a> {
        Printer {
            dialect,
            naming,
            names,
            open_backref: std::cell::Cell::new(false),
        }
    }

    /// Prints `node` and appends it to `out`.
    pub fn print(&self, node: &Node, out: &mut String) {
        // Sequences and alternations print nothing before their first item, which checks itself.
        let open_backref = match node {
            Node::Seq(_) | Node::Alt(_) => false,
            _ => self.open_backref.replace(false),
        };
        // Whatever follows an undelimited `\3` must not start with a digit (`\31` is group
        // 31): a literal, but also a repetition of one (`1{2}`); checked on the printed text.
        let start = out.len();
        self.print_node(node, out);
        if open_backref && out[start..].starts_with(|c: char| c.is_ascii_digit()) {
            out.insert_str(start, "(?:)");
        }
    }

    fn print_node(&self, node: &Node, out: &mut String) {
        match node {
            Node::Lit(s) => {
                for c in s.chars() {
                    if META.contains(c) {
                        out.push('\\');
                    }
                    out.push(c);
                }
            }
            Node::Class { negated, chars } => {
                out.push('[');
                if *negated {
                    out.push('^');
                }
                print_class_members(chars, out);
                out.push(']');
            }
            Node::Group(id, inner) => {
                self.open_group(*id, out);
                self.print(inner, out);
                out.push(')');
            }
            Node::Backref(id) => match self.naming {
                Naming::Compact => {
                    Dialect::fill_into(out, self.dialect.numbered_backref, id.number());
                    self.open_backref
                        .set(!self.dialect.numbered_backref_is_delimited);
                }
                Naming::Readable => {
                    Dialect::fill_into(out, self.dialect.named_backref, self.name(*id))
                }
            },
            Node::Seq(items) => {
                for item in items {
                    if matches!(item, Node::Alt(_)) {
                        out.push_str("(?:");
                        self.print(item, out);
                        out.push(')');
                    } else {
                        self.print(item, out);
                    }
                }
            }
            Node::Alt(items) => {
                if items.is_empty() {
                    out.push_str(self.dialect.fail);
                }
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push('|');
                    }
                    self.print(item, out);
                }
            }
            Node::Repeat {
                node,
                min,
                max,
                greed,
            } => {
                if *min == 0
                    && *max == Some(1)
                    && self.dialect.optional_backref_as_alternation
                    && contains_backref(node)
                {
                    return self.print_optional_as_alternation(node, *greed, out);
                }
                let interval = !matches!((min, max), (0 | 1, None) | (0, Some(1)));
                let exact = matches!((min, max), (m, Some(x)) if m == x);
                let possessive = *greed == Greed::Possessive && self.dialect.features.possessive;
                // `X{n,m}+` is `(?:X{n,m})+` in Ruby's syntax: spell the possessive interval as
                // an atomic group there.
                let wrap = possessive
                    && interval
                    && !exact
                    && !self.dialect.possessive_intervals
                    && self.dialect.features.atomic;
                if wrap {
                    out.push_str("(?>");
                }
                self.print_atom(node, out);
                match (min, max) {
                    (0, Some(1)) => out.push('?'),
                    (0, None) => out.push('*'),
                    (1, None) => out.push('+'),
                    (m, None) => write(out, format_args!("{{{m},}}")),
                    (m, Some(x)) if m == x => write(out, format_args!("{{{m}}}")),
                    (m, Some(x)) => write(out, format_args!("{{{m},{x}}}")),
                }
                match greed {
                    Greed::Greedy => {}
                    Greed::Lazy if !exact => out.push('?'),
                    Greed::Lazy => {}
                    Greed::Possessive if wrap => out.push(')'),
                    Greed::Possessive
                        if possessive
                            && !exact
                            && (!interval || self.dialect.possessive_intervals) =>
                    {
                        out.push('+')
                    }
                    Greed::Possessive => {}
                }
            }
            Node::Look { negative, node } => {
                out.push_str(if *negative { "(?!" } else { "(?=" });
                self.print(node, out);
                out.push(')');
            }
            Node::Atomic(node) => {
                out.push_str(if self.dialect.features.atomic {
                    "(?>"
                } else {
                    "(?:"
                });
                self.print(node, out);
                out.push(')');
            }
            Node::Cond { group, yes, no } => {
                match self.naming {
                    Naming::Compact => {
                        Dialect::fill_into(out, self.dialect.numbered_condition, group.number())
                    }
                    Naming::Readable => {
                        Dialect::fill_into(out, self.dialect.named_condition, self.name(*group))
                    }
                }
                self.print_branch(yes, out);
                out.push('|');
                self.print_branch(no, out);
                out.push(')');
            }
            Node::BranchReset(items) => {
                out.push_str("(?|");
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push('|');
                    }
                    self.print(item, out);
                }
                out.push(')');
            }
            Node::Pad(groups) => {
                if !groups.is_empty() {
                    out.push_str(self.dialect.never);
                    for g in groups {
                        self.open_group(*g, out);
                        out.push(')');
                    }
                    out.push(')');
                }
            }
            Node::Define(items) => {
                if !items.is_empty() {
                    out.push_str(self.dialect.never);
                    for item in items {
                        self.print(item, out);
                    }
                    out.push(')');
                }
            }
            Node::Call(id) => match self.naming {
                Naming::Compact => Dialect::fill_into(out, self.dialect.numbered_call, id.number()),
                Naming::Readable => {
                    Dialect::fill_into(out, self.dialect.named_call, self.name(*id))
                }
            },
            Node::Fail => out.push_str(self.dialect.fail),
            Node::Callout(n) => {
                if self.dialect.features.callouts {
                    write(out, format_args!("(?C{n})"));
                }
            }
        }
    }

    /// The opening of group `id`'s capture, numbered or named.
    fn open_group(&self, id: GroupId, out: &mut String) {
        match self.naming {
            Naming::Compact => Dialect::fill_into(out, self.dialect.compact_group, id.number()),
            Naming::Readable => Dialect::fill_into(out, self.dialect.named_group, self.name(id)),
        }
    }

    fn print_branch(&self, node: &Node, out: &mut String) {
        if matches!(node, Node::Alt(_)) {
            out.push_str("(?:");
            self.print(node, out);
            out.push(')');
        } else {
            self.print(node, out);
        }
    }

    /// Prints `node` so that a following quantifier applies to all of it.
    /// `X?` as `(?:X|)` (lazy `(?:|X)`, possessive `(?>X|)` where atomic groups exist): the
    /// same language and the same order of trial, for a dialect whose engine backtracks wrongly
    /// into an optional item that holds a backreference.
    fn print_optional_as_alternation(&self, node: &Node, greed: Greed, out: &mut String) {
        let atomic = greed == Greed::Possessive && self.dialect.features.atomic;
        out.push_str(if atomic { "(?>" } else { "(?:" });
        if greed == Greed::Lazy {
            out.push('|');
            self.print(node, out);
        } else {
            self.print(node, out);
            out.push('|');
        }
        out.push(')');
    }

    fn print_atom(&self, node: &Node, out: &mut String) {
        if let Node::Seq(items) = node {
            if items.len() == 1 {
                return self.print_atom(&items[0], out);
            }
        }
        let single = match node {
            Node::Lit(s) => s.chars().count() == 1,
            Node::Class { .. }
            | Node::Group(..)
            | Node::Look { .. }
            | Node::Atomic(_)
            | Node::BranchReset(_) => true,
            Node::Backref(_) => {
                self.naming == Naming::Readable || self.dialect.numbered_backref_is_delimited
            }
            _ => false,
        };
        if single {
            self.print(node, out);
        } else {
            out.push_str("(?:");
            self.print(node, out);
            out.push(')');
        }
    }

    fn name(&self, id: GroupId) -> &str {
        &self.names[id.0 as usize]
    }
}

/// Writes a class's members: runs of three or more consecutive digits, upper-case or lower-case
/// ASCII letters as ranges (`A-Z`, which every dialect reads alike and which PCRE2 compiles
/// faster than 26 single members), the others one by one, escaped where a class needs it.
fn print_class_members(chars: &str, out: &mut String) {
    let run_kind = |c: char| {
        if c.is_ascii_digit() {
            1
        } else if c.is_ascii_uppercase() {
            2
        } else if c.is_ascii_lowercase() {
            3
        } else {
            0
        }
    };
    let member = |c: char, out: &mut String| {
        if "\\]^-[".contains(c) {
            out.push('\\');
        }
        out.push(c);
    };
    let mut members = chars.chars().peekable();
    while let Some(first) = members.next() {
        let kind = run_kind(first);
        let (mut last, mut length) = (first, 1);
        while let Some(&next) = members.peek() {
            if kind == 0 || run_kind(next) != kind || next as u32 != last as u32 + 1 {
                break;
            }
            (last, length) = (next, length + 1);
            members.next();
        }
        match length {
            1 => member(first, out),
            2 => {
                member(first, out);
                member(last, out);
            }
            _ => {
                out.push(first);
                out.push('-');
                out.push(last);
            }
        }
    }
}

/// Appends formatted text to `out` (writing into a String cannot fail).
fn write(out: &mut String, args: std::fmt::Arguments<'_>) {
    use std::fmt::Write;
    let _ = out.write_fmt(args);
}

/// Whether `node` holds a backreference.
fn contains_backref(node: &Node) -> bool {
    match node {
        Node::Backref(_) => true,
        Node::Group(_, inner)
        | Node::Atomic(inner)
        | Node::Repeat { node: inner, .. }
        | Node::Look { node: inner, .. } => contains_backref(inner),
        Node::Seq(items) | Node::Alt(items) | Node::BranchReset(items) | Node::Define(items) => {
            items.iter().any(contains_backref)
        }
        Node::Cond { yes, no, .. } => contains_backref(yes) || contains_backref(no),
        Node::Lit(_)
        | Node::Class { .. }
        | Node::Pad(_)
        | Node::Fail
        | Node::Callout(_)
        | Node::Call(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dialect::{ONIGURUMA, PCRE2, PYTHON_REGEX};

    #[test]
    fn templates_fill_in_place_as_they_fill_by_copy() {
        for (template, what) in [("(?(%)", "12"), ("(?P<g%>", "3"), ("(", "7"), ("%x%", "ab")] {
            let mut out = String::from("^");
            Dialect::fill_into(&mut out, template, what);
            assert_eq!(out, format!("^{}", Dialect::fill(template, what)));
        }
    }

    #[test]
    fn pads_print_as_empty_groups_never_taken() {
        let names: Vec<String> = (0..4).map(|i| format!("p{i}")).collect();
        let pad = Node::Pad(vec![GroupId(1), GroupId(2)]);
        let mut out = String::new();
        Printer::new(&PCRE2, Naming::Compact, &names).print(&pad, &mut out);
        assert_eq!(out, "(?(DEFINE)()())");
        out.clear();
        Printer::new(&PCRE2, Naming::Readable, &names).print(&pad, &mut out);
        assert_eq!(out, "(?(DEFINE)(?<p1>)(?<p2>))");
    }

    #[test]
    fn an_undelimited_backreference_is_never_followed_by_a_digit() {
        use crate::ast::GroupId;
        use crate::dialect::FANCY;
        // `\3` then `1{2}` must not read as `\31{2}`.
        let node = Node::Seq(vec![
            Node::Backref(GroupId(2)),
            repeat(Node::lit("1"), 2, Some(2), Greed::Greedy),
            Node::Backref(GroupId(2)),
            Node::lit("5"),
        ]);
        assert_eq!(printed(&FANCY, &node), "\\3(?:)1{2}\\3(?:)5");
    }

    #[test]
    fn runs_of_letters_and_digits_print_as_ranges() {
        let class = |chars: &str, negated| Node::Class {
            negated,
            chars: chars.into(),
        };
        let letters: String = ('A'..='Z').chain('a'..='z').collect();
        assert_eq!(printed(&PCRE2, &class(&letters, false)), "[A-Za-z]");
        // Two in a row stay members; a run stops at a gap, a change of kind or out of order.
        assert_eq!(printed(&PCRE2, &class("01", false)), "[01]");
        assert_eq!(printed(&PCRE2, &class("0123579", true)), "[^0-3579]");
        assert_eq!(printed(&PCRE2, &class("789:;ABC", false)), "[7-9:;A-C]");
        assert_eq!(printed(&PCRE2, &class("XYZabc", false)), "[X-Za-c]");
        assert_eq!(printed(&PCRE2, &class("cbaxyz", false)), "[cbax-z]");
        // Members a class must escape still are.
        assert_eq!(
            printed(&PCRE2, &class("]-^\\[", false)),
            "[\\]\\-\\^\\\\\\[]"
        );
    }

    fn printed(dialect: &Dialect, node: &Node) -> String {
        let names: Vec<String> = (0..4).map(|i| format!("g{i}")).collect();
        let mut out = String::new();
        Printer::new(dialect, Naming::Compact, &names).print(node, &mut out);
        out
    }

    fn repeat(node: Node, min: u32, max: Option<u32>, greed: Greed) -> Node {
        Node::Repeat {
            node: Box::new(node),
            min,
            max,
            greed,
        }
    }

    #[test]
    fn possessive_intervals_are_atomic_groups_in_ruby_syntax() {
        let w = || Node::lit("W");
        let interval = repeat(w(), 0, Some(2), Greed::Possessive);
        assert_eq!(printed(&PCRE2, &interval), "W{0,2}+");
        assert_eq!(printed(&ONIGURUMA, &interval), "(?>W{0,2})");
        // `?+` stays possessive in Ruby's syntax.
        let optional = repeat(w(), 0, Some(1), Greed::Possessive);
        assert_eq!(printed(&ONIGURUMA, &optional), "W?+");
    }

    #[test]
    fn python_regex_optional_backreferences_are_alternations() {
        let item = || Node::Seq(vec![Node::lit("b"), Node::Backref(GroupId(0))]);
        assert_eq!(
            printed(&PCRE2, &repeat(item(), 0, Some(1), Greed::Greedy)),
            "(?:b\\g{1})?"
        );
        assert_eq!(
            printed(&PYTHON_REGEX, &repeat(item(), 0, Some(1), Greed::Greedy)),
            "(?:b\\g<1>|)"
        );
        assert_eq!(
            printed(&PYTHON_REGEX, &repeat(item(), 0, Some(1), Greed::Lazy)),
            "(?:|b\\g<1>)"
        );
        assert_eq!(
            printed(
                &PYTHON_REGEX,
                &repeat(item(), 0, Some(1), Greed::Possessive)
            ),
            "(?>b\\g<1>|)"
        );
        // Without a backreference the quantifier stays.
        assert_eq!(
            printed(
                &PYTHON_REGEX,
                &repeat(Node::lit("Q"), 0, Some(1), Greed::Greedy)
            ),
            "Q?"
        );
    }
}
