//! Engine-neutral pattern flags, passed to [`crate::Engine::compile`].

use serde::Serialize;

use crate::EngineError;

/// How a pattern is to be read, in terms every engine maps to its own options: PCRE2's
/// `PCRE2_EXTENDED`/`MULTILINE`/`DOTALL`, Perl's `/x /m /s`, Python's `re.VERBOSE`/`MULTILINE`/
/// `DOTALL`, JavaScript's `m` and `s` flags, .NET's `RegexOptions.IgnorePatternWhitespace`/
/// `Multiline`/`Singleline`, fancy-regex's builder options. An engine that cannot honour a flag
/// that is set fails to compile with [`EngineError::Unsupported`] rather than ignoring it.
///
/// backref's generated patterns need none; hand-built patterns (the .NET balancing-group
/// encoding) may need all three.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct Flags {
    /// Unescaped whitespace in the pattern is ignored and `#` starts a comment to the end of the
    /// line (extended mode, `(?x)`). JavaScript has no such mode.
    pub ignore_whitespace: bool,
    /// `^` and `$` also match at line breaks inside the subject (`(?m)`).
    pub multiline: bool,
    /// `.` also matches a line break (`(?s)`; .NET calls it `Singleline`).
    pub dot_all: bool,
}

impl Flags {
    /// No flags: the pattern is read as written.
    pub const NONE: Flags = Flags {
        ignore_whitespace: false,
        multiline: false,
        dot_all: false,
    };

    /// Every flag.
    pub const ALL: Flags = Flags {
        ignore_whitespace: true,
        multiline: true,
        dot_all: true,
    };

    /// Whether no flag is set.
    pub fn is_empty(self) -> bool {
        self == Flags::NONE
    }

    /// The names of the flags that are set, in declaration order (e.g. for `emit`).
    pub fn names(self) -> Vec<&'static str> {
        let mut names = Vec::new();
        if self.ignore_whitespace {
            names.push("ignore_whitespace");
        }
        if self.multiline {
            names.push("multiline");
        }
        if self.dot_all {
            names.push("dot_all");
        }
        names
    }

    /// The flags set in `self` but not in `supported`.
    pub fn without(self, supported: Flags) -> Flags {
        Flags {
            ignore_whitespace: self.ignore_whitespace && !supported.ignore_whitespace,
            multiline: self.multiline && !supported.multiline,
            dot_all: self.dot_all && !supported.dot_all,
        }
    }

    /// `Ok` when every flag set in `self` is in `supported`; otherwise
    /// [`EngineError::Unsupported`] naming the flags `engine` lacks.
    pub fn check(self, supported: Flags, engine: &'static str) -> Result<(), EngineError> {
        let missing = self.without(supported);
        if missing.is_empty() {
            return Ok(());
        }
        let names = missing.names();
        Err(EngineError::Unsupported {
            engine,
            what: format!(
                "the pattern flag{} {}",
                if names.len() == 1 { "" } else { "s" },
                names.join(", ")
            ),
        })
    }

    /// The flags as inline-option letters (`x`, `m`, `s`), the spelling the runner scripts take.
    pub(crate) fn letters(self) -> String {
        let mut letters = String::new();
        if self.ignore_whitespace {
            letters.push('x');
        }
        if self.multiline {
            letters.push('m');
        }
        if self.dot_all {
            letters.push('s');
        }
        letters
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn check_names_the_missing_flags() {
        let some = Flags {
            ignore_whitespace: true,
            dot_all: true,
            ..Flags::NONE
        };
        assert!(some.check(Flags::ALL, "e").is_ok());
        assert!(Flags::NONE.check(Flags::NONE, "e").is_ok());
        let only_m = Flags {
            multiline: true,
            ..Flags::NONE
        };
        match some.check(only_m, "e") {
            Err(EngineError::Unsupported { engine, what }) => {
                assert_eq!(engine, "e");
                assert_eq!(what, "the pattern flags ignore_whitespace, dot_all");
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(some.letters(), "xs");
        assert_eq!(Flags::ALL.letters(), "xms");
    }
}
