//! The builders: one function per .NET construct, and the idioms that recur in balancing-group
//! patterns ([`from_start`], [`mark_here`], [`not_marked`], [`marked`], [`is_empty`]).

use crate::node::{Kind, Needs, Node};

fn check_name(name: &str) {
    let mut chars = name.chars();
    let ok = chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
    assert!(ok, "{name:?} is not a .NET group name");
}

fn items(parts: impl IntoIterator<Item = Node>) -> Vec<Node> {
    parts.into_iter().collect()
}

/// One character, escaped for a pattern read with `IgnorePatternWhitespace`.
fn escape_char(c: char, in_class: bool) -> String {
    match c {
        '\n' => "\\n".into(),
        '\r' => "\\r".into(),
        '\t' => "\\t".into(),
        ' ' => "\\x20".into(),
        c if in_class && "\\]^-[".contains(c) => format!("\\{c}"),
        c if !in_class && "\\*+?|{}[]()^$.#".contains(c) => format!("\\{c}"),
        c => c.to_string(),
    }
}

/// `\A`: the start of the subject.
pub fn start() -> Node {
    Node::text("\\A")
}

/// `\z`: the very end of the subject.
pub fn end() -> Node {
    Node::text("\\z")
}

/// `\Z`: the end of the subject or just before a final `\n`.
pub fn end_or_final_newline() -> Node {
    Node::text("\\Z")
}

/// `^`: the start of a line (needs `Multiline`).
pub fn line_start() -> Node {
    Node::text("^").needing(Needs {
        multiline: true,
        singleline: false,
    })
}

/// `.`: any character, `\n` included (needs `Singleline`).
pub fn any() -> Node {
    Node::atom(".").needing(Needs {
        multiline: false,
        singleline: true,
    })
}

/// `\w`: a word character.
pub fn word() -> Node {
    Node::atom("\\w")
}

/// `\n`: a line end.
pub fn newline() -> Node {
    Node::atom("\\n")
}

/// The literal text `s`, escaped.
pub fn lit(s: &str) -> Node {
    let text: String = s.chars().map(|c| escape_char(c, false)).collect();
    if s.chars().count() == 1 {
        Node::atom(text)
    } else {
        Node::text(text)
    }
}

/// `[..]`: one of the characters of `chars`.
pub fn one_of(chars: &str) -> Node {
    let inner: String = chars.chars().map(|c| escape_char(c, true)).collect();
    Node::atom(format!("[{inner}]"))
}

/// `[^..]`: any character but those of `chars` (`\n` included unless listed).
pub fn none_of(chars: &str) -> Node {
    let inner: String = chars.chars().map(|c| escape_char(c, true)).collect();
    Node::atom(format!("[^{inner}]"))
}

/// Parts one after the other, printed one per line.
pub fn seq(parts: impl IntoIterator<Item = Node>) -> Node {
    let parts = items(parts);
    let needs = parts.iter().fold(Needs::default(), |n, p| n.union(p.needs));
    Node {
        needs,
        ..Node::new(Kind::Seq(parts))
    }
}

/// `(?:..)`: a non-capturing group (for a quantifier).
pub fn group(parts: impl IntoIterator<Item = Node>) -> Node {
    Node::group("(?:", vec![seq(parts)])
}

/// `(?:a|b|..)`: the first branch that leads to a match, in order.
pub fn alt(branches: impl IntoIterator<Item = Node>) -> Node {
    Node::group("(?:", items(branches))
}

/// `(?>..)`: an atomic group; once it matched, backtracking never re-enters it.
pub fn atomic(parts: impl IntoIterator<Item = Node>) -> Node {
    Node::group("(?>", vec![seq(parts)])
}

/// `(?<N>..)`: matches the parts and pushes the text they matched onto the stack `N`.
pub fn capture(name: &str, parts: impl IntoIterator<Item = Node>) -> Node {
    check_name(name);
    Node::group(format!("(?<{name}>"), vec![seq(parts)]).pushing(name)
}

/// `(?<-N>..)`: matches the parts and pops the newest capture of `N`; fails if `N` is empty.
pub fn pop(name: &str, parts: impl IntoIterator<Item = Node>) -> Node {
    check_name(name);
    Node::group(format!("(?<-{name}>"), vec![seq(parts)])
}

/// `(?<A-B>..)`: a balancing group. Matches the parts, pops the newest capture of `B` (failing
/// if there is none) and pushes onto `A` the text between the end of that capture and the
/// start of this group's match.
pub fn balance(push: &str, popped: &str, parts: impl IntoIterator<Item = Node>) -> Node {
    check_name(push);
    check_name(popped);
    Node::group(format!("(?<{push}-{popped}>"), vec![seq(parts)]).pushing(push)
}

/// `\k<N>`: the text of the newest capture of `N` (fails if `N` is empty).
pub fn backref(name: &str) -> Node {
    check_name(name);
    Node::new(Kind::Atom {
        text: format!("\\k<{name}>"),
        backref: true,
    })
}

/// `(?=..)`: the parts match here (left to right); nothing is consumed, captures stay.
pub fn ahead(parts: impl IntoIterator<Item = Node>) -> Node {
    Node::group("(?=", vec![seq(parts)])
}

/// `(?!..)`: the parts do not match here; every capture and pop inside is undone.
pub fn not_ahead(parts: impl IntoIterator<Item = Node>) -> Node {
    Node::group("(?!", vec![seq(parts)])
}

/// `(?<=..)`: the parts match the text ending here, matched right to left (the last part
/// first); .NET allows any length. Lookarounds inside it run in their own direction.
pub fn behind(parts: impl IntoIterator<Item = Node>) -> Node {
    Node::group("(?<=", vec![seq(parts)])
}

/// `(?<!..)`: the parts do not match the text ending here.
pub fn not_behind(parts: impl IntoIterator<Item = Node>) -> Node {
    Node::group("(?<!", vec![seq(parts)])
}

/// `(?(N)yes|no)`: `yes` when the stack `N` holds a capture, `no` when it is empty.
pub fn if_group(
    name: &str,
    yes: impl IntoIterator<Item = Node>,
    no: impl IntoIterator<Item = Node>,
) -> Node {
    check_name(name);
    Node::group(format!("(?({name})"), vec![seq(yes), seq(no)])
}

/// `(?!)`: fails here, so the engine backtracks.
pub fn fail() -> Node {
    Node::text("(?!)")
}

/// A comment line (no pattern text).
pub fn comment(text: &str) -> Node {
    seq([]).note(text)
}

/// `(?(N)(?!))`: the stack `N` is empty.
pub fn is_empty(name: &str) -> Node {
    check_name(name);
    Node::group(format!("(?({name})"), vec![seq([fail()])])
}

/// Looks at the subject from its first character, wherever the match is now:
/// `(?<=(?=PARTS)\A(?>.*))`. The lookbehind walks back to the start (`.*` right to left, made
/// atomic so that a failing look is not retried at every position), and the lookahead then
/// matches `parts` from there. Captures made by `parts` stay.
pub fn from_start(parts: impl IntoIterator<Item = Node>) -> Node {
    behind([
        ahead(parts),
        seq([start(), atomic([any().star()])]).note("(matched first: back to the start)"),
    ])
}

/// Pushes the current position onto `stack`, as the text before it: `(?<=(?<N>\A.*))`.
/// Positions pushed this way are compared by [`not_marked`] and can be jumped to with
/// `from_start([backref(N), ..])`.
pub fn mark_here(stack: &str) -> Node {
    behind([capture(stack, [start(), any().star()])])
}

/// The current position is not on `stack` (positions pushed by [`mark_here`], or any captures
/// that start at the subject's first character): no number of pops leaves on top an entry
/// that is exactly the text before here.
///
/// .NET repeats a loop only while its body consumes text, so each pop steps over one
/// character, kept in `scratch`; after `k` pops the entry on top plus those `k` characters
/// must be the whole text up to the new position. The negative lookahead tries every `k` and
/// undoes every pop. With `skip_top` the newest entry is not compared (it is the position
/// being tested). The subject must have, after any position tested, at least as many
/// characters as the stack has entries.
pub fn not_marked(stack: &str, scratch: &str, skip_top: bool) -> Node {
    let step = group([pop(stack, []), any()]);
    let steps = if skip_top { step.plus() } else { step.star() }.lazy();
    not_ahead([
        capture(scratch, [steps]).note("pop k entries, stepping over k characters"),
        behind([start(), backref(stack), backref(scratch)])
            .note("entry on top + them = all text up to here?"),
    ])
}

/// The current position is on `stack`: [`not_marked`] inside a negative lookahead, so that
/// every pop is undone (a positive lookahead would keep them).
pub fn marked(stack: &str, scratch: &str) -> Node {
    not_ahead([not_marked(stack, scratch, false).note("(not on it: fails)")])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render;

    #[test]
    fn escapes_and_quantifiers() {
        assert_eq!(lit("a b#.").inline(), "a\\x20b\\#\\.");
        assert_eq!(none_of("~]\n").inline(), "[^~\\]\\n]");
        assert_eq!(lit("ab").star().inline(), "(?:ab)*");
        assert_eq!(word().plus().star().lazy().inline(), "(?:\\w+)*?");
        assert_eq!(ahead([word()]).opt().inline(), "(?:(?=\\w))?");
        assert_eq!(balance("Gap", "Mark", [any()]).inline(), "(?<Gap-Mark>.)");
        assert_eq!(
            if_group("At", [backref("At")], []).inline(),
            "(?(At)\\k<At>|)"
        );
        assert_eq!(
            from_start([backref("At")]).inline(),
            "(?<=(?=\\k<At>)\\A(?>.*))"
        );
        assert_eq!(
            not_marked("Covered", "Skip", false).inline(),
            "(?!(?<Skip>(?:(?<-Covered>).)*?)(?<=\\A\\k<Covered>\\k<Skip>))"
        );
        let p = render(&seq([line_start(), mark_here("At"), backref("At")]));
        assert!(p.needs.multiline && p.needs.singleline);
        assert_eq!(p.backrefs, 1);
        assert_eq!(p.groups, vec!["At".to_string()]);
    }

    #[test]
    #[should_panic(expected = "not a .NET group name")]
    fn bad_names_are_refused() {
        capture("a-b", []);
    }
}
