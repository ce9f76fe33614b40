//! The pattern tree: [`Node`] and what a printed pattern needs ([`Needs`]).

use crate::builders::group;

/// Which `RegexOptions` besides `IgnorePatternWhitespace` a printed pattern relies on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Needs {
    /// `^` is used as a line start (`RegexOptions.Multiline`).
    pub multiline: bool,
    /// `.` must match `\n` too (`RegexOptions.Singleline`).
    pub singleline: bool,
}

impl Needs {
    pub(crate) fn union(self, other: Needs) -> Needs {
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
pub(crate) enum Quant {
    None,
    Star,
    Plus,
    Opt,
}

/// One part of a pattern, built by the crate's functions and printed by [`render`](crate::render).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    pub(crate) kind: Kind,
    pub(crate) quant: Quant,
    pub(crate) lazy: bool,
    pub(crate) note: Option<String>,
    pub(crate) needs: Needs,
}

/// What a node is, apart from its quantifier, note and needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
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
    pub(crate) fn new(kind: Kind) -> Node {
        Node {
            kind,
            quant: Quant::None,
            lazy: false,
            note: None,
            needs: Needs::default(),
        }
    }

    pub(crate) fn atom(text: impl Into<String>) -> Node {
        Node::new(Kind::Atom {
            text: text.into(),
            backref: false,
        })
    }

    pub(crate) fn text(text: impl Into<String>) -> Node {
        Node::new(Kind::Text(text.into()))
    }

    pub(crate) fn group(open: impl Into<String>, branches: Vec<Node>) -> Node {
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

    pub(crate) fn pushing(mut self, name: &str) -> Node {
        if let Kind::Group { pushes, .. } = &mut self.kind {
            pushes.push(name.to_string());
        }
        self
    }

    pub(crate) fn needing(mut self, needs: Needs) -> Node {
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

    pub(crate) fn visit(&self, f: &mut impl FnMut(&Node)) {
        f(self);
        match &self.kind {
            Kind::Atom { .. } | Kind::Text(_) => {}
            Kind::Seq(items) => items.iter().for_each(|n| n.visit(f)),
            Kind::Group { branches, .. } => branches.iter().for_each(|n| n.visit(f)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Needs;

    #[test]
    fn option_names_end_with_ignore_pattern_whitespace() {
        let both = Needs {
            multiline: true,
            singleline: true,
        };
        assert_eq!(
            both.option_names(),
            ["Multiline", "Singleline", "IgnorePatternWhitespace"]
        );
        assert_eq!(Needs::default().option_names(), ["IgnorePatternWhitespace"]);
        assert_eq!(Needs::default().union(both), both);
    }
}
