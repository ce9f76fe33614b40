//! The pattern AST that gadgets lower to and dialect printers print.
//!
//! Capturing groups are referred to by [`GroupId`]; the printer decides whether a group is shown
//! by name or by number. Possessive quantifiers and atomic groups are speed hints only: gadgets use
//! them where backtracking into the item can never lead to a different match, so a dialect without
//! them prints the plain form with the same meaning.

/// A capturing group, numbered from 0 in order of appearance (printed as number `id + 1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct GroupId(pub u32);

impl GroupId {
    /// The group's number in the printed pattern.
    pub fn number(self) -> usize {
        self.0 as usize + 1
    }
}

/// How a repetition backtracks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Greed {
    /// Longest first.
    Greedy,
    /// Shortest first.
    Lazy,
    /// Longest, never given back (printed greedy where unsupported).
    Possessive,
}

/// One node of a pattern.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Node {
    /// Literal text, escaped by the printer.
    Lit(String),
    /// A character class: `[chars]` or `[^chars]`.
    Class {
        /// Whether the class is negated.
        negated: bool,
        /// The characters listed (escaped by the printer).
        chars: String,
    },
    /// A capturing group.
    Group(GroupId, Box<Node>),
    /// A backreference to a group.
    Backref(GroupId),
    /// Items in sequence.
    Seq(Vec<Node>),
    /// Alternatives, tried left to right.
    Alt(Vec<Node>),
    /// A counted repetition.
    Repeat {
        /// The repeated item.
        node: Box<Node>,
        /// Fewest repetitions.
        min: u32,
        /// Most repetitions, `None` for unbounded.
        max: Option<u32>,
        /// Backtracking behaviour.
        greed: Greed,
    },
    /// A lookahead assertion.
    Look {
        /// `(?!..)` when true, `(?=..)` otherwise.
        negative: bool,
        /// The asserted item.
        node: Box<Node>,
    },
    /// An atomic group (a plain group where unsupported).
    Atomic(Box<Node>),
    /// A conditional on whether a group has been set.
    Cond {
        /// The tested group.
        group: GroupId,
        /// Taken when the group is set.
        yes: Box<Node>,
        /// Taken otherwise.
        no: Box<Node>,
    },
    /// Alternatives that all number their groups from the same start (`(?|a|b)`), so that
    /// different alternatives can capture into the same group. Only printed for dialects with
    /// [`Features::branch_reset`](crate::Features::branch_reset).
    BranchReset(Vec<Node>),
    /// Groups that exist only to advance the numbering inside a [`Node::BranchReset`]
    /// alternative; never matched (`(?(DEFINE)()())`).
    Pad(Vec<GroupId>),
    /// Definitions that are never matched in place (`(?(DEFINE)..)`), only through
    /// [`Node::Call`]; printed only for dialects with
    /// [`Features::subroutines`](crate::Features::subroutines).
    Define(Vec<Node>),
    /// A subroutine call: the group's pattern matched here, seeing the captures as they stand
    /// (`(?&name)`, `(?1)`).
    Call(GroupId),
    /// An item that never matches.
    Fail,
    /// A PCRE2 callout with this number (nothing where unsupported).
    Callout(u8),
}

impl Node {
    /// Literal text.
    pub fn lit(s: impl Into<String>) -> Node {
        Node::Lit(s.into())
    }

    /// `[^chars]`.
    pub fn not_in(chars: &str) -> Node {
        Node::Class {
            negated: true,
            chars: chars.to_string(),
        }
    }

    /// A repetition of `node`.
    pub fn repeat(node: Node, min: u32, max: Option<u32>, greed: Greed) -> Node {
        Node::Repeat {
            node: Box::new(node),
            min,
            max,
            greed,
        }
    }

    /// `node?` with the given greed.
    pub fn optional(node: Node, greed: Greed) -> Node {
        Node::repeat(node, 0, Some(1), greed)
    }

    /// `node*` with the given greed.
    pub fn star(node: Node, greed: Greed) -> Node {
        Node::repeat(node, 0, None, greed)
    }

    /// Exactly `n` copies of `node`.
    pub fn times(node: Node, n: u32) -> Node {
        match n {
            0 => Node::Seq(vec![]),
            1 => node,
            _ => Node::repeat(node, n, Some(n), Greed::Greedy),
        }
    }

    /// A capturing group.
    pub fn group(id: GroupId, node: Node) -> Node {
        Node::Group(id, Box::new(node))
    }

    /// Counts backreferences in the tree.
    pub fn backrefs(&self) -> usize {
        match self {
            Node::Backref(_) => 1,
            Node::Group(_, n) | Node::Atomic(n) => n.backrefs(),
            Node::Look { node, .. } => node.backrefs(),
            Node::Repeat { node, max, .. } => node.backrefs() * max.unwrap_or(1).max(1) as usize,
            Node::Seq(v) | Node::Alt(v) | Node::BranchReset(v) | Node::Define(v) => {
                v.iter().map(Node::backrefs).sum()
            }
            Node::Cond { yes, no, .. } => yes.backrefs() + no.backrefs(),
            _ => 0,
        }
    }
    /// The groups this tree captures into (pads included: they are groups of the pattern,
    /// never taken), and the groups it reads (backreferences, conditionals and calls), each in
    /// order of appearance: one walk for both.
    pub fn captures_and_references(&self) -> (Vec<GroupId>, Vec<GroupId>) {
        let (mut captures, mut references) = (Vec::new(), Vec::new());
        self.visit_groups(&mut |g, captured| {
            if captured {
                captures.push(g)
            } else {
                references.push(g)
            }
        });
        (captures, references)
    }

    /// Calls `f(group, captured)` for every group the tree captures into (`true`) or reads
    /// (`false`), in order of appearance.
    fn visit_groups(&self, f: &mut impl FnMut(GroupId, bool)) {
        match self {
            Node::Group(g, n) => {
                f(*g, true);
                n.visit_groups(f)
            }
            Node::Backref(g) => f(*g, false),
            Node::Atomic(n) => n.visit_groups(f),
            Node::Look { node, .. } | Node::Repeat { node, .. } => node.visit_groups(f),
            Node::Seq(v) | Node::Alt(v) | Node::BranchReset(v) | Node::Define(v) => {
                v.iter().for_each(|n| n.visit_groups(f))
            }
            // A call reads the captures as they stand, through the called group's tests.
            Node::Call(g) => f(*g, false),
            Node::Cond { group, yes, no } => {
                f(*group, false);
                yes.visit_groups(f);
                no.visit_groups(f)
            }
            Node::Pad(groups) => groups.iter().for_each(|g| f(*g, true)),
            Node::Lit(_) | Node::Class { .. } | Node::Fail | Node::Callout(_) => {}
        }
    }
}
