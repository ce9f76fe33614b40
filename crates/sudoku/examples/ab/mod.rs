//! What the interleaved A/B examples (`race_ab`, `propagate_ab`) share: the puzzles of a
//! collection and the summary line of one side.

use backref_sudoku::grid::SIZES;

/// The one-line puzzles of `text`, at most `limit`.
pub fn puzzles(text: &str, limit: usize) -> Vec<&str> {
    text.lines()
        .map(str::trim)
        .filter(|l| SIZES.iter().any(|s| s.0 * s.0 == l.chars().count()))
        .take(limit)
        .collect()
}

/// Prints the median, p90, max (and its puzzle), sum and the puzzles over 100 ms of `v`
/// (wall ms, puzzle number), sorting it.
pub fn summary(name: &str, v: &mut [(f64, usize)]) {
    v.sort_by(|a, b| a.0.total_cmp(&b.0));
    let n = v.len();
    let over: Vec<usize> = v.iter().filter(|t| t.0 > 100.0).map(|t| t.1).collect();
    let sum: f64 = v.iter().map(|t| t.0).sum();
    println!(
        "{name}: median {:.2} p90 {:.2} max {:.1} ms (puzzle {}), sum {sum:.0} ms, over 100 ms: {over:?}",
        v[n / 2].0,
        v[n * 9 / 10].0,
        v[n - 1].0,
        v[n - 1].1
    );
}
