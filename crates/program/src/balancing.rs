//! Builders for hand-composed .NET patterns: balancing groups, lookbehind, conditionals.
//!
//! The IR ([`crate::compile`]) states puzzles as segment-scheme programs that every dialect can
//! print. Some published patterns do something else: they keep the whole search state in .NET
//! *capture stacks* (every capture of a group is kept, `(?<-N>)` pops one, `(?(N)..)` asks whether
//! any is left) and walk the subject with unbounded lookbehind. This module is where such
//! patterns get their syntax, so that puzzle crates compose them from named parts and never
//! write regex text themselves.
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

use std::collections::BTreeSet;

/// Which `RegexOptions` besides `IgnorePatternWhitespace` a printed pattern relies on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Needs {
    /// `^` is used as a line start (`RegexOptions.Multiline`).
    pub multiline: bool,
    /// `.` must match `\n` too (`RegexOptions.Singleline`).
    pub singleline: bool,
}

impl Needs {
    fn union(self, other: Needs) -> Needs {
        Needs {
            multiline: self.multiline || other.multiline,
            singleline: self.singleline || other.singleline,
        }
    }

    /// The .NET option names the printed text needs, `IgnorePatternWhitespace` included.
    pub fn option_names(self) -> Vec<&'static str> {
        let mut names = Vec::new();
        if self.multiline {
            names.push("Multiline");
        }
        if self.singleline {
            names.push("Singleline");
        }
        names.push("IgnorePatternWhitespace");
        names
    }
}

/// A quantifier.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Quant {
    None,
    Star,
    Plus,
    Opt,
}

/// One part of a pattern; see the module documentation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    kind: Kind,
    quant: Quant,
    lazy: bool,
    note: Option<String>,
    needs: Needs,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Kind {
    /// One atom that a quantifier may follow directly (`\w`, `[^~]`, `\k<X>`).
    Atom { text: String, backref: bool },
    /// Text that is not one atom (a multi-character literal, `\A`, `(?!)`).
    Text(String),
    /// Parts one after the other.
    Seq(Vec<Node>),
    /// `open` branch `|` branch … `close`; `pushes` are the capture names it pushes.
    Group {
        open: String,
        branches: Vec<Node>,
        pushes: Vec<String>,
    },
}

impl Node {
    fn new(kind: Kind) -> Node {
        Node {
            kind,
            quant: Quant::None,
            lazy: false,
            note: None,
            needs: Needs::default(),
        }
    }

    fn atom(text: impl Into<String>) -> Node {
        Node::new(Kind::Atom {
            text: text.into(),
            backref: false,
        })
    }

    fn text(text: impl Into<String>) -> Node {
        Node::new(Kind::Text(text.into()))
    }

    fn group(open: impl Into<String>, branches: Vec<Node>) -> Node {
        let needs = branches
            .iter()
            .fold(Needs::default(), |n, b| n.union(b.needs));
        Node {
            needs,
            ..Node::new(Kind::Group {
                open: open.into(),
                branches,
                pushes: Vec::new(),
            })
        }
    }

    fn pushing(mut self, name: &str) -> Node {
        if let Kind::Group { pushes, .. } = &mut self.kind {
            pushes.push(name.to_string());
        }
        self
    }

    fn needing(mut self, needs: Needs) -> Node {
        self.needs = self.needs.union(needs);
        self
    }

    /// Attaches a short explanation, printed as this line's `# comment` (or, for a sequence
    /// printed over several lines, as a comment line above it).
    pub fn note(mut self, text: impl Into<String>) -> Node {
        let text: String = text.into();
        self.note = Some(text.replace(['\n', '\r'], " "));
        self
    }

    fn quantified(self, q: Quant) -> Node {
        let wrap = self.quant != Quant::None
            || matches!(self.kind, Kind::Text(_) | Kind::Seq(_))
            || matches!(&self.kind, Kind::Group { open, .. } if open.starts_with("(?<=")
                || open.starts_with("(?<!") || open.starts_with("(?=") || open.starts_with("(?!"));
        let mut node = if wrap {
            let note = self.note.clone();
            let mut inner = self;
            inner.note = None;
            let mut g = group([inner]);
            g.note = note;
            g
        } else {
            self
        };
        node.quant = q;
        node
    }

    /// Zero or more times, greedy (`*`).
    pub fn star(self) -> Node {
        self.quantified(Quant::Star)
    }

    /// One or more times, greedy (`+`).
    pub fn plus(self) -> Node {
        self.quantified(Quant::Plus)
    }

    /// Zero or one time, greedy (`?`).
    pub fn opt(self) -> Node {
        self.quantified(Quant::Opt)
    }

    /// Makes the quantifier just applied lazy (`*?`, `+?`, `??`): fewest repetitions first.
    ///
    /// # Panics
    /// When the node has no quantifier.
    pub fn lazy(mut self) -> Node {
        assert!(self.quant != Quant::None, "lazy() needs a quantifier first");
        self.lazy = true;
        self
    }

    fn suffix(&self) -> &'static str {
        match (self.quant, self.lazy) {
            (Quant::None, _) => "",
            (Quant::Star, false) => "*",
            (Quant::Star, true) => "*?",
            (Quant::Plus, false) => "+",
            (Quant::Plus, true) => "+?",
            (Quant::Opt, false) => "?",
            (Quant::Opt, true) => "??",
        }
    }

    fn has_notes_inside(&self) -> bool {
        match &self.kind {
            Kind::Atom { .. } | Kind::Text(_) => false,
            Kind::Seq(items) => items
                .iter()
                .any(|n| n.note.is_some() || n.has_notes_inside()),
            Kind::Group { branches, .. } => branches
                .iter()
                .any(|n| n.note.is_some() || n.has_notes_inside()),
        }
    }

    /// The node on one line, without its own note.
    fn inline(&self) -> String {
        let mut out = String::new();
        self.write_inline(&mut out);
        out
    }

    fn write_inline(&self, out: &mut String) {
        match &self.kind {
            Kind::Atom { text, .. } | Kind::Text(text) => out.push_str(text),
            Kind::Seq(items) => items.iter().for_each(|n| n.write_inline(out)),
            Kind::Group { open, branches, .. } => {
                out.push_str(open);
                for (i, b) in branches.iter().enumerate() {
                    if i > 0 {
                        out.push('|');
                    }
                    b.write_inline(out);
                }
                out.push(')');
            }
        }
        out.push_str(self.suffix());
    }

    fn lines(&self, depth: usize, out: &mut Vec<Line>) {
        let one_line = self.inline();
        let fits =
            !self.has_notes_inside() && depth * INDENT.len() + one_line.len() <= INLINE_WIDTH;
        match &self.kind {
            Kind::Seq(items) if !fits => {
                if let Some(note) = &self.note {
                    out.push(Line::comment(depth, note));
                }
                for item in items {
                    item.lines(depth, out);
                }
            }
            Kind::Group { open, branches, .. } if !fits => {
                out.push(Line::code(depth, open.clone(), self.note.clone()));
                for (i, b) in branches.iter().enumerate() {
                    if i > 0 {
                        out.push(Line::code(depth, "|".into(), None));
                    }
                    b.lines(depth + 1, out);
                }
                out.push(Line::code(depth, format!("){}", self.suffix()), None));
            }
            _ => {
                if !one_line.is_empty() || self.note.is_some() {
                    out.push(Line::code(depth, one_line, self.note.clone()));
                }
            }
        }
    }

    fn visit(&self, f: &mut impl FnMut(&Node)) {
        f(self);
        match &self.kind {
            Kind::Atom { .. } | Kind::Text(_) => {}
            Kind::Seq(items) => items.iter().for_each(|n| n.visit(f)),
            Kind::Group { branches, .. } => branches.iter().for_each(|n| n.visit(f)),
        }
    }
}

const INDENT: &str = "  ";
/// Longest group (with its indentation) kept on one line.
const INLINE_WIDTH: usize = 56;
/// Comments start at this column at most.
const NOTE_COLUMN: usize = 60;

/// One printed line: indentation depth, code and comment.
struct Line {
    depth: usize,
    code: String,
    note: Option<String>,
}

impl Line {
    fn code(depth: usize, code: String, note: Option<String>) -> Line {
        Line { depth, code, note }
    }

    fn comment(depth: usize, note: &str) -> Line {
        Line {
            depth,
            code: String::new(),
            note: Some(note.to_string()),
        }
    }

    fn width(&self) -> usize {
        self.depth * INDENT.len() + self.code.len()
    }
}

/// A printed pattern and what it needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pattern {
    /// The text, for `RegexOptions.IgnorePatternWhitespace` plus [`Pattern::needs`].
    pub text: String,
    /// The other options the text relies on.
    pub needs: Needs,
    /// Names of the groups that capture (push), sorted.
    pub groups: Vec<String>,
    /// Number of backreferences `\k<..>` in the text.
    pub backrefs: usize,
}

/// Prints `root` for `IgnorePatternWhitespace`: one construct per line with its note as a
/// `# comment`, nested constructs indented, short comment-free groups on one line.
pub fn render(root: &Node) -> Pattern {
    let mut lines = Vec::new();
    root.lines(0, &mut lines);
    let column = lines
        .iter()
        .filter(|l| l.note.is_some() && !l.code.is_empty())
        .map(Line::width)
        .filter(|&w| w < NOTE_COLUMN)
        .max()
        .unwrap_or(0)
        + 2;
    let mut text = String::new();
    for line in &lines {
        let indent = INDENT.repeat(line.depth);
        match (&line.note, line.code.is_empty()) {
            (Some(note), true) => text.push_str(&format!("{indent}# {note}")),
            (Some(note), false) => {
                let code = format!("{indent}{}", line.code);
                let pad = column.saturating_sub(code.len()).max(2);
                text.push_str(&format!("{code}{}# {note}", " ".repeat(pad)));
            }
            (None, _) => text.push_str(&format!("{indent}{}", line.code)),
        }
        text.push('\n');
    }
    let mut groups = BTreeSet::new();
    let mut backrefs = 0;
    root.visit(&mut |n| match &n.kind {
        Kind::Group { pushes, .. } => groups.extend(pushes.iter().cloned()),
        Kind::Atom { backref: true, .. } => backrefs += 1,
        _ => {}
    });
    Pattern {
        text,
        needs: root.needs,
        groups: groups.into_iter().collect(),
        backrefs,
    }
}

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

    #[test]
    fn short_groups_stay_on_one_line_and_notes_align() {
        let p = render(&seq([
            start().note("the start"),
            capture("Row", [word().plus(), newline()])
                .plus()
                .note("the rows"),
            comment("then"),
            is_empty("Row").note("all popped"),
        ]));
        assert_eq!(
            p.text,
            "\\A              # the start\n(?<Row>\\w+\\n)+  # the rows\n# then\n(?(Row)(?!))    # all popped\n"
        );
        assert_eq!(p.groups, vec!["Row".to_string()]);
        assert_eq!(p.backrefs, 0);
        assert_eq!(p.needs, Needs::default());
    }

    #[test]
    fn groups_with_notes_inside_span_lines() {
        let p = render(&alt([
            capture("Turn", []).note("upright"),
            behind([capture("Turn", [any()])]).note("turned"),
        ]));
        assert_eq!(
            p.text,
            "(?:\n  (?<Turn>)        # upright\n|\n  (?<=(?<Turn>.))  # turned\n)\n"
        );
        assert!(p.needs.singleline && !p.needs.multiline);
    }

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
