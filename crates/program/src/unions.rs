//! Where a backreference-only pattern sums up what earlier decisions used.
//!
//! A straight-line backreference-only pattern writes each group at one place, so a later guard
//! that must know whether a line (or a resource) is taken reads every earlier square (option)
//! on it, one backreference each. A union statement ([`crate::Program::union_var`], or the
//! packing guard form's resource unions) captures the concatenation of those groups once, after
//! which one backreference reads them all. Building the unions costs one backreference per
//! member at every search node of that depth, so they pay only where nodes are few and later
//! guards many: a few stops in the first half of the decisions.

/// The depths (indices into the decision order, counted from 0) after which to sum up, for
/// `len` decisions: one every `max(4, round(len/5))` decisions, up to `len/2`. Chosen from
/// N-Queens' natural-order match times on PCRE2's JIT (docs/performance.md): at N=28 stops after
/// 6 and 12 rows cut the match from 2.1 s to 0.9 s; stops in the second half cost more than they
/// saved.
pub fn union_stops(len: usize) -> Vec<usize> {
    let every = ((len + 2) / 5).max(4);
    (1..)
        .map(|j| j * every)
        .take_while(|&d| d <= len / 2 && d + 1 < len)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::union_stops;

    #[test]
    fn stops_fall_in_the_first_half() {
        assert_eq!(union_stops(4), Vec::<usize>::new());
        assert_eq!(union_stops(8), vec![4]);
        assert_eq!(union_stops(16), vec![4, 8]);
        assert_eq!(union_stops(24), vec![5, 10]);
        assert_eq!(union_stops(28), vec![6, 12]);
        assert_eq!(union_stops(100), vec![20, 40]);
    }
}
