//! What PCRE2's compile spends looking up subroutine calls, estimated before the pattern is
//! written.
//!
//! After compiling, PCRE2 turns each call `(?N)` into an offset by scanning the compiled code
//! for group `N`, opcode by opcode. A cache of the last 8 groups it looked up saves repeats, and
//! a scan starts at a cached group numbered below `N` (the oldest such one) instead of at the
//! start. So a pattern whose checks are called many times over a large block of definitions
//! compiles in time proportional to calls × the span they scan: a 16×16 Sudoku's 36,556
//! forward-check calls over 0.3 MB of definitions took 2.7 s of PCRE2's compile, long before
//! the calls' own count (`FORWARD_BUDGET`) says no.

/// How many groups PCRE2's compile remembers between lookups (`RSCAN_CACHE_SIZE`).
const CACHE: usize = 8;

/// The size scanned (in whatever unit `sizes` uses) to look up `calls` in order, where group
/// `g` of a contiguous block of definitions takes `sizes[g]` and the block starts the pattern.
pub(super) fn scanned(sizes: &[usize], calls: impl IntoIterator<Item = usize>) -> usize {
    let mut start = Vec::with_capacity(sizes.len());
    let mut at = 0usize;
    for s in sizes {
        start.push(at);
        at += s;
    }
    // Most recent first, as PCRE2 searches its ring.
    let mut cache: Vec<usize> = Vec::with_capacity(CACHE + 1);
    let mut total = 0usize;
    for g in calls {
        if cache.contains(&g) {
            continue;
        }
        // The oldest cached group below `g`, or the start.
        let from = cache
            .iter()
            .rev()
            .find(|c| **c < g)
            .map_or(0, |c| start[*c]);
        total = total.saturating_add(start[g].saturating_sub(from));
        cache.insert(0, g);
        cache.truncate(CACHE);
    }
    total
}

#[cfg(test)]
mod tests {
    use super::scanned;

    #[test]
    fn a_first_lookup_scans_from_the_start_and_a_repeat_is_free() {
        let sizes = [10, 20, 30];
        assert_eq!(scanned(&sizes, [2]), 30);
        assert_eq!(scanned(&sizes, [2, 2, 2]), 30);
        assert_eq!(scanned(&sizes, [0]), 0);
    }

    #[test]
    fn a_lookup_starts_at_the_oldest_cached_group_below_it() {
        let sizes = [10; 20];
        // 1 then 2 (from 1: 10), then 5: cached 2 and 1 are below it, the oldest is 1.
        assert_eq!(scanned(&sizes, [1, 2, 5]), 10 + 10 + 40);
        // Ascending calls: 2..9 all scan from group 1 while it is cached; 9 pushes it out,
        // so 10 scans from group 2.
        let calls: Vec<usize> = (1..=10).collect();
        let expected = 10 + (2..=9).map(|k| 10 * (k - 1)).sum::<usize>() + 80;
        assert_eq!(scanned(&sizes, calls), expected);
    }

    #[test]
    fn a_group_pushed_out_of_the_cache_is_scanned_for_again() {
        let sizes = [1; 20];
        let mut calls: Vec<usize> = vec![19];
        calls.extend(10..18);
        calls.push(19);
        // 19 from the start (19), 10..17 (10 from the start, then from 10: 1..7), and 19
        // again from 10 (9).
        assert_eq!(scanned(&sizes, calls), 19 + 10 + (1..=7).sum::<usize>() + 9);
    }
}
