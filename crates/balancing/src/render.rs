//! The printer: [`render`] lays a [`Node`] tree out for `RegexOptions.IgnorePatternWhitespace`.

use std::collections::BTreeSet;

use crate::node::{Kind, Needs, Node, Quant};

impl Node {
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
    pub(crate) fn inline(&self) -> String {
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

#[cfg(test)]
mod tests {
    use crate::*;

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
}
