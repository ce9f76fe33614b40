//! The digits of the trie form's resource codes: how many, in which base.
//!
//! The trie form writes every resource of a packing as a code of `digits` digits in the
//! subject and reaches each resource's group through a trie of alternations, one level per
//! digit. A level costs the engine a bracket and a backtracking frame however many branches it
//! has, and a failed placement backtracks through every level: fewer, wider levels are cheaper
//! than binary ones. An 8-piece fillit square of 36 cells (bleplat_sample3), PCRE2 JIT,
//! instructions counted by callgrind: binary codes (6 levels) 1.82 million to compile and 1.35
//! million per match, base 4 (3 levels) 1.59 and 0.95 million, base 6 (2 levels) 1.54 and 0.85
//! million, base 36 (one level of 36 branches) 1.48 and 1.31 million (docs/performance.md,
//! "Fewer instructions, fewer pages").

/// The widest level: past it, a code takes another digit instead (a branch costs a comparison
/// each time the level is tried, so very wide levels lose what the saved level gained).
pub(super) const MOST_BASE: u32 = 8;

/// The codes of resources `0..span`: `digits` digits in base `base`, most significant first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Radix {
    /// Branches per level, at least 2.
    pub base: u32,
    /// Digits per code, at least 1.
    pub digits: usize,
}

impl Radix {
    /// Binary codes for `0..span`, as the shared resources' groups need (their members are the
    /// last two bits).
    pub fn binary(span: u32) -> Radix {
        Radix {
            base: 2,
            digits: (32 - span.saturating_sub(1).leading_zeros()).max(1) as usize,
        }
    }

    /// Codes for `0..span` in two digits where a base up to [`MOST_BASE`] allows it (the
    /// smallest such base), else in base [`MOST_BASE`] with as many digits as it takes.
    pub fn for_span(span: u32) -> Radix {
        let mut base = 2;
        while base * base < span && base < MOST_BASE {
            base += 1;
        }
        let mut digits = 1;
        let mut reach = base;
        while reach < span {
            reach = reach.saturating_mul(base);
            digits += 1;
        }
        Radix { base, digits }
    }

    /// The resources one branch at `depth` (0: the first digit) stands for.
    pub fn place(self, depth: usize) -> u32 {
        self.base.pow((self.digits - depth - 1) as u32)
    }

    /// The character of digit `d` (`0` to `9`).
    pub fn digit(d: u32) -> char {
        char::from_digit(d, 10).expect("a base of at most ten")
    }

    /// Appends the code of `value` to `out`.
    pub fn write(self, value: u32, out: &mut String) {
        for depth in 0..self.digits {
            out.push(Self::digit(value / self.place(depth) % self.base));
        }
    }

    /// The code of `value`.
    pub fn code(self, value: u32) -> String {
        let mut out = String::with_capacity(self.digits);
        self.write(value, &mut out);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_spans_take_two_digits_of_the_smallest_base() {
        assert_eq!(Radix::for_span(1), Radix { base: 2, digits: 1 });
        assert_eq!(Radix::for_span(3), Radix { base: 2, digits: 2 });
        assert_eq!(Radix::for_span(36), Radix { base: 6, digits: 2 });
        assert_eq!(Radix::for_span(37), Radix { base: 7, digits: 2 });
        assert_eq!(Radix::for_span(64), Radix { base: 8, digits: 2 });
    }

    #[test]
    fn large_spans_take_more_digits_of_the_widest_base() {
        assert_eq!(Radix::for_span(65), Radix { base: 8, digits: 3 });
        assert_eq!(Radix::for_span(121), Radix { base: 8, digits: 3 });
        assert_eq!(Radix::for_span(5998), Radix { base: 8, digits: 5 });
    }

    #[test]
    fn codes_are_distinct_and_as_long_as_the_digits() {
        for span in [1, 2, 5, 36, 100, 700] {
            for radix in [Radix::for_span(span), Radix::binary(span)] {
                let codes: std::collections::BTreeSet<String> =
                    (0..span).map(|v| radix.code(v)).collect();
                assert_eq!(codes.len(), span as usize, "{radix:?}");
                assert!(codes.iter().all(|c| c.len() == radix.digits), "{radix:?}");
            }
        }
        assert_eq!(Radix::for_span(36).code(35), "55");
        assert_eq!(Radix::binary(36).code(5), "000101");
    }
}
