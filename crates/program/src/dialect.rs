//! Regex dialects: one table row per engine family, holding every syntax quirk the printer needs.
//!
//! No other place in backref knows how an engine spells a group, a backreference or a conditional.

use serde::Serialize;

/// Constructs beyond captures and backreferences that a dialect may support.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Features {
    /// `(?=..)` and `(?!..)`.
    pub lookahead: bool,
    /// `(?(group)yes|no)`.
    pub conditionals: bool,
    /// Possessive quantifiers such as `?+` and `*+`, worth printing for speed.
    pub possessive: bool,
    /// Atomic groups `(?>..)`.
    pub atomic: bool,
    /// `(*FAIL)`-style verbs for an always-failing item.
    pub fail_verb: bool,
    /// PCRE2-style callouts `(?C1)`.
    pub callouts: bool,
    /// Backreferences that appear before their group in the pattern (inside a loop they read the
    /// previous iteration's capture).
    pub forward_references: bool,
    /// Branch reset `(?|..)` and a never-taken group (`(?(DEFINE)..)`) to pad group numbers.
    pub branch_reset: bool,
    /// .NET balancing groups `(?<-x>..)`, `(?<a-b>..)` with every capture of a group kept, which
    /// hand-built patterns (rectangles' balancing encoding) need.
    pub balancing_groups: bool,
    /// Subroutine calls to a group (`(?&name)`, `(?1)`) that see the captures as they stand,
    /// defined once in a `(?(DEFINE)..)` block: what keeps propagation checks small.
    pub subroutines: bool,
}

impl Features {
    /// The published scheme's restriction: captures and backreferences only.
    pub const PORTABLE: Features = Features {
        lookahead: false,
        conditionals: false,
        possessive: false,
        atomic: false,
        fail_verb: false,
        callouts: false,
        forward_references: false,
        branch_reset: false,
        balancing_groups: false,
        subroutines: false,
    };

    /// The features both `self` and `other` have.
    pub fn intersect(self, other: Features) -> Features {
        Features {
            lookahead: self.lookahead && other.lookahead,
            conditionals: self.conditionals && other.conditionals,
            possessive: self.possessive && other.possessive,
            atomic: self.atomic && other.atomic,
            fail_verb: self.fail_verb && other.fail_verb,
            callouts: self.callouts && other.callouts,
            forward_references: self.forward_references && other.forward_references,
            branch_reset: self.branch_reset && other.branch_reset,
            balancing_groups: self.balancing_groups && other.balancing_groups,
            subroutines: self.subroutines && other.subroutines,
        }
    }
}

/// How a dialect spells each construct. `%` in a template stands for a group name or number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Dialect {
    /// Short identifier, e.g. `pcre2`.
    pub name: &'static str,
    /// Opening of a named capture group.
    pub named_group: &'static str,
    /// Opening of a capture group in compact naming (filled with the group's number).
    pub compact_group: &'static str,
    /// Backreference to a named group.
    pub named_backref: &'static str,
    /// Backreference to a numbered group.
    pub numbered_backref: &'static str,
    /// Whether `numbered_backref` can be followed by a digit without changing its meaning.
    pub numbered_backref_is_delimited: bool,
    /// Opening of a conditional on a named group (when supported).
    pub named_condition: &'static str,
    /// Opening of a conditional on a numbered group (when supported).
    pub numbered_condition: &'static str,
    /// Anchor at the very start of the subject.
    pub start_anchor: &'static str,
    /// Anchor at the very end of the subject.
    pub end_anchor: &'static str,
    /// An item that never matches.
    pub fail: &'static str,
    /// Opening of a group that is never taken (closed by `)`), used to pad group numbers when
    /// `features.branch_reset` is set; empty otherwise.
    pub never: &'static str,
    /// A subroutine call to a named group, when `features.subroutines` is set; empty otherwise.
    pub named_call: &'static str,
    /// A subroutine call to a numbered group, when `features.subroutines` is set.
    pub numbered_call: &'static str,
    /// Whether an interval followed by `+` (`X{0,2}+`) is possessive. In Ruby's syntax
    /// (Oniguruma, Onigmo) it is `(?:X{0,2})+`, a nested repeat that matches the same strings
    /// but backtracks exponentially; there a possessive interval prints as `(?>X{0,2})`.
    pub possessive_intervals: bool,
    /// Whether an optional item holding a backreference (`(?:b\1)?`) must print as an
    /// alternation with the empty string (`(?:b\1|)`): Python's `regex` module backtracks
    /// wrongly into bounded repeats of such items (see [`PYTHON_REGEX`]).
    pub optional_backref_as_alternation: bool,
    /// Everything the dialect can run.
    pub features: Features,
}

const FULL: Features = Features {
    lookahead: true,
    conditionals: true,
    possessive: true,
    atomic: true,
    fail_verb: true,
    callouts: false,
    forward_references: true,
    branch_reset: true,
    balancing_groups: false,
    subroutines: false,
};

/// PCRE2 (JIT or interpreter).
pub const PCRE2: Dialect = Dialect {
    name: "pcre2",
    named_group: "(?<%>",
    compact_group: "(",
    named_backref: "\\g{%}",
    numbered_backref: "\\g{%}",
    numbered_backref_is_delimited: true,
    named_condition: "(?(<%>)",
    numbered_condition: "(?(%)",
    start_anchor: "\\A",
    end_anchor: "\\z",
    fail: "(*FAIL)",
    never: "(?(DEFINE)",
    named_call: "(?&%)",
    numbered_call: "(?%)",
    possessive_intervals: true,
    optional_backref_as_alternation: false,
    features: Features {
        callouts: true,
        subroutines: true,
        ..FULL
    },
};

/// Perl 5: PCRE2's syntax without callouts. Perl's engine gets the packing loop wrong
/// (conditionals on groups captured in earlier iterations of a counted group: `backref check`
/// found `no_solution` on solvable rectangles), so conditionals are off and packing takes its
/// guard form there.
pub const PERL: Dialect = Dialect {
    name: "perl",
    features: Features {
        conditionals: false,
        ..FULL
    },
    ..PCRE2
};

/// fancy-regex: `\g{..}` does not parse and a bare `(?(n)..)` tests for literal text, so
/// backreferences use `\k<..>`/`\N` and conditionals `(?(<n>)..)`/`(?(N)..)`; possessive
/// quantifiers are slower than plain ones there, so they are not printed.
pub const FANCY: Dialect = Dialect {
    name: "fancy",
    named_group: "(?<%>",
    compact_group: "(",
    named_backref: "\\k<%>",
    numbered_backref: "\\%",
    numbered_backref_is_delimited: false,
    named_condition: "(?(<%>)",
    numbered_condition: "(?(%)",
    start_anchor: "\\A",
    end_anchor: "\\z",
    fail: "(?!)",
    never: "",
    named_call: "",
    numbered_call: "",
    possessive_intervals: true,
    optional_backref_as_alternation: false,
    features: Features {
        possessive: false,
        fail_verb: false,
        branch_reset: false,
        ..FULL
    },
};

/// Python's `re` module. `\\100` and up read as octal escapes there, so compact patterns name
/// every group `g<number>` and refer to it by that name.
pub const PYTHON: Dialect = Dialect {
    name: "python",
    named_group: "(?P<%>",
    compact_group: "(?P<g%>",
    named_backref: "(?P=%)",
    numbered_backref: "(?P=g%)",
    numbered_backref_is_delimited: true,
    named_condition: "(?(%)",
    numbered_condition: "(?(%)",
    start_anchor: "\\A",
    end_anchor: "\\Z",
    fail: "(?!)",
    never: "",
    named_call: "",
    numbered_call: "",
    possessive_intervals: true,
    optional_backref_as_alternation: false,
    features: Features {
        lookahead: true,
        conditionals: true,
        possessive: false,
        atomic: false,
        fail_verb: false,
        callouts: false,
        forward_references: false,
        branch_reset: false,
        balancing_groups: false,
        subroutines: false,
    },
};

/// JavaScript (irregexp in node): no conditionals, no possessive quantifiers, no atomic groups.
pub const JAVASCRIPT: Dialect = Dialect {
    name: "javascript",
    named_group: "(?<%>",
    compact_group: "(",
    named_backref: "\\k<%>",
    numbered_backref: "\\%",
    numbered_backref_is_delimited: false,
    named_condition: "",
    numbered_condition: "",
    start_anchor: "^",
    end_anchor: "$",
    fail: "(?!)",
    never: "",
    named_call: "",
    numbered_call: "",
    possessive_intervals: true,
    optional_backref_as_alternation: false,
    features: Features {
        lookahead: true,
        conditionals: false,
        possessive: false,
        atomic: false,
        fail_verb: false,
        callouts: false,
        forward_references: true,
        branch_reset: false,
        balancing_groups: false,
        subroutines: false,
    },
};

/// .NET's `System.Text.RegularExpressions` (also Mono's); the only one with balancing groups.
pub const DOTNET: Dialect = Dialect {
    name: "dotnet",
    named_group: "(?<%>",
    compact_group: "(",
    named_backref: "\\k<%>",
    numbered_backref: "\\k<%>",
    numbered_backref_is_delimited: true,
    named_condition: "(?(%)",
    numbered_condition: "(?(%)",
    start_anchor: "\\A",
    end_anchor: "\\z",
    fail: "(?!)",
    never: "",
    named_call: "",
    numbered_call: "",
    possessive_intervals: true,
    optional_backref_as_alternation: false,
    features: Features {
        lookahead: true,
        conditionals: true,
        possessive: false,
        atomic: true,
        fail_verb: false,
        callouts: false,
        forward_references: true,
        branch_reset: false,
        balancing_groups: true,
        subroutines: false,
    },
};

/// Oniguruma and Ruby's Onigmo (engines `oniguruma`, `ruby`): `\k<N>` reads as a numbered
/// backreference (delimited, no octal ambiguity) and `(?(N)..)`/`(?(<name>)..)` as conditionals.
/// A backreference must follow its group in the pattern (both report "invalid backref
/// number/name" otherwise), so there are no forward references. `(*FAIL)` is a callout name in
/// Oniguruma and a syntax error in Onigmo, so an always-failing item is `(?!)`. Possessive
/// quantifiers and atomic groups exist in both. With named groups present, plain `(..)` does not
/// capture; backref never mixes the two.
pub const ONIGURUMA: Dialect = Dialect {
    name: "oniguruma",
    named_group: "(?<%>",
    compact_group: "(",
    named_backref: "\\k<%>",
    numbered_backref: "\\k<%>",
    numbered_backref_is_delimited: true,
    named_condition: "(?(<%>)",
    numbered_condition: "(?(%)",
    start_anchor: "\\A",
    end_anchor: "\\z",
    fail: "(?!)",
    never: "",
    named_call: "",
    numbered_call: "",
    possessive_intervals: false,
    optional_backref_as_alternation: false,
    features: Features {
        lookahead: true,
        conditionals: true,
        possessive: true,
        atomic: true,
        fail_verb: false,
        callouts: false,
        forward_references: false,
        branch_reset: false,
        balancing_groups: false,
        subroutines: false,
    },
};

/// Java's `java.util.regex`: no conditionals. A numbered backreference `\N` takes as many
/// digits as there are groups that exist *at that point of the parse*, so a forward reference `\12`
/// may read as `\1` then `2`; compact patterns therefore name every group `g<number>` and refer
/// to it as `\k<g<number>>`, which is delimited. Java resolves names when it parses them, so
/// there are no forward references. Group names are letters and digits only: readable names
/// with `_` are refused by Java.
pub const JAVA: Dialect = Dialect {
    name: "java",
    named_group: "(?<%>",
    compact_group: "(?<g%>",
    named_backref: "\\k<%>",
    numbered_backref: "\\k<g%>",
    numbered_backref_is_delimited: true,
    named_condition: "",
    numbered_condition: "",
    start_anchor: "\\A",
    end_anchor: "\\z",
    fail: "(?!)",
    never: "",
    named_call: "",
    numbered_call: "",
    possessive_intervals: true,
    optional_backref_as_alternation: false,
    features: Features {
        lookahead: true,
        conditionals: false,
        possessive: true,
        atomic: true,
        fail_verb: false,
        callouts: false,
        forward_references: false,
        branch_reset: false,
        balancing_groups: false,
        subroutines: false,
    },
};

/// Python's third-party `regex` module: `re`'s syntax plus PCRE-style extras: possessive
/// quantifiers, atomic groups, `(*FAIL)`, branch reset and `(?(DEFINE)..)`. `\g<N>` is a
/// delimited numbered backreference (no octal reading, unlike `re`'s `\N`). Like `re`, it
/// refuses a backreference to a group that comes later ("invalid group reference").
/// **Bug worked around**: regex 2026.5.9 does not backtrack into earlier groups correctly past
/// a bounded optional item holding a backreference: `\A(a?)a?(?:b\1)?c` does not match `abc`
/// (`re`, PCRE2 and Perl match, group 1 empty); `{0,1}`, `{0,2}` and `??` fail alike, `*` and
/// `(?:b\1|)` do not. backref's queens, aquarium and colour-grid patterns met it (`check` found
/// `no_solution` on solvable boards), so optional items holding a backreference print as
/// `(?:X|)`, which the module gets right.
pub const PYTHON_REGEX: Dialect = Dialect {
    name: "python-regex",
    named_group: "(?P<%>",
    compact_group: "(",
    named_backref: "\\g<%>",
    numbered_backref: "\\g<%>",
    numbered_backref_is_delimited: true,
    named_condition: "(?(%)",
    numbered_condition: "(?(%)",
    start_anchor: "\\A",
    end_anchor: "\\Z",
    fail: "(*FAIL)",
    never: "(?(DEFINE)",
    named_call: "",
    numbered_call: "",
    possessive_intervals: true,
    optional_backref_as_alternation: true,
    features: Features {
        lookahead: true,
        conditionals: true,
        possessive: true,
        atomic: true,
        fail_verb: true,
        callouts: false,
        forward_references: false,
        branch_reset: true,
        balancing_groups: false,
        subroutines: false,
    },
};

/// Every dialect backref can print, in the order `emit` lists them.
pub const ALL: [&Dialect; 9] = [
    &PCRE2,
    &PERL,
    &FANCY,
    &PYTHON,
    &JAVASCRIPT,
    &DOTNET,
    &ONIGURUMA,
    &JAVA,
    &PYTHON_REGEX,
];

/// Looks a dialect up by its name.
pub fn by_name(name: &str) -> Option<&'static Dialect> {
    ALL.iter().copied().find(|d| d.name == name)
}

impl Dialect {
    /// Fills a `%` template with a group name or number.
    pub fn fill(template: &str, what: &str) -> String {
        let mut out = String::with_capacity(template.len() + what.len());
        Self::fill_into(&mut out, template, what);
        out
    }

    /// Appends a `%` template filled with `what` (a group's name or number) to `out`, without
    /// building the filled text first: the printer's way, a few hundred thousand times for a
    /// large pattern.
    pub fn fill_into(out: &mut String, template: &str, what: impl std::fmt::Display) {
        use std::fmt::Write;
        let mut parts = template.split('%');
        out.push_str(parts.next().unwrap_or_default());
        for part in parts {
            // Writing into a String cannot fail.
            let _ = write!(out, "{what}{part}");
        }
    }
}
