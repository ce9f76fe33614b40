//! A rough count of a pattern's groups and nesting, for the words of
//! [`EngineError::TooLarge`](crate::EngineError::TooLarge) messages only: the engines
//! themselves decide whether a pattern fits.
//!
//! The scan understands PCRE2/Perl-style syntax well enough for backref's patterns: escapes,
//! character classes, `\Q..\E` and `(?#..)` comments; it ignores extended-mode `#` comments.

/// What the scan counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Shape {
    /// Capturing groups, named or not.
    pub(crate) groups: usize,
    /// Named capturing groups.
    pub(crate) named: usize,
    /// The deepest nesting of parentheses of any kind.
    pub(crate) depth: usize,
}

/// Scans `pattern`.
pub(crate) fn shape(pattern: &str) -> Shape {
    let b = pattern.as_bytes();
    let mut s = Shape::default();
    let mut depth = 0usize;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' => {
                if b.get(i + 1) == Some(&b'Q') {
                    i = find(b, i + 2, b"\\E").map_or(b.len(), |e| e + 2);
                } else {
                    i += 2;
                }
            }
            b'[' => i = class_end(b, i),
            b'(' => {
                let rest = &b[i + 1..];
                if rest.starts_with(b"?#") {
                    i = find(b, i, b")").map_or(b.len(), |e| e + 1);
                    continue;
                }
                depth += 1;
                s.depth = s.depth.max(depth);
                let named = rest.starts_with(b"?P<")
                    || rest.starts_with(b"?'")
                    || (rest.starts_with(b"?<") && !matches!(rest.get(2), Some(b'=' | b'!')));
                if named {
                    s.named += 1;
                    s.groups += 1;
                } else if !matches!(rest.first(), Some(b'?' | b'*')) {
                    s.groups += 1;
                }
                i += 1;
            }
            b')' => {
                depth = depth.saturating_sub(1);
                i += 1;
            }
            _ => i += 1,
        }
    }
    s
}

/// The index just after the character class opening at `start`.
fn class_end(b: &[u8], start: usize) -> usize {
    let mut i = start + 1;
    if b.get(i) == Some(&b'^') {
        i += 1;
    }
    // A `]` right after the opening (or its negation) is a literal.
    if b.get(i) == Some(&b']') {
        i += 1;
    }
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'[' if b.get(i + 1) == Some(&b':') => {
                i = find(b, i + 2, b":]").map_or(b.len(), |e| e + 2);
            }
            b']' => return i + 1,
            _ => i += 1,
        }
    }
    b.len()
}

fn find(b: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    b.get(from..)?
        .windows(needle.len())
        .position(|w| w == needle)
        .map(|p| from + p)
}

/// `n` with a comma between thousands, e.g. `65,535`.
pub(crate) fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut groups: Vec<&str> = digits
        .as_bytes()
        .rchunks(3)
        .map(|g| std::str::from_utf8(g).expect("ASCII digits"))
        .collect();
    groups.reverse();
    groups.join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_groups_names_and_depth() {
        let s = shape(r"\A(a)(?:b(?<n>c)(?P<m>d)(?'o'e))\((?=x)(?<=y)[(](?#(()\Q((\E(*FAIL)\z");
        assert_eq!(s.groups, 4);
        assert_eq!(s.named, 3);
        assert_eq!(s.depth, 2);
        assert_eq!(shape("[]()](x)").groups, 1);
        assert_eq!(shape("[^]a[:alpha:]()](x)").groups, 1);
        assert_eq!(shape(&"((a))".repeat(3)).depth, 2);
    }

    #[test]
    fn thousands_separators() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(65_535), "65,535");
        assert_eq!(thousands(1_234_567), "1,234,567");
    }
}
