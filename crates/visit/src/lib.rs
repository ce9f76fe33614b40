//! A native solver often has one search that hands each solution to a visitor, which says
//! whether to go on. These adapters turn such a search into the three questions the CLI asks:
//! the first solution, how many (up to a cap), and a list of them (up to a cap).
//!
//! A search is any `FnOnce(&mut dyn FnMut(S) -> bool)`: it calls the visitor once per solution,
//! in search order, and stops as soon as the visitor returns `false`.

/// The first solution, or `None` when there is none.
pub fn first<S>(search: impl FnOnce(&mut dyn FnMut(S) -> bool)) -> Option<S> {
    let mut first = None;
    search(&mut |s| {
        first = Some(s);
        false
    });
    first
}

/// How many solutions, stopping as soon as `limit` are found (so the result is at most
/// `limit`). With a limit of 2 it tells apart "none", "unique" and "several".
pub fn count<S>(limit: usize, search: impl FnOnce(&mut dyn FnMut(S) -> bool)) -> usize {
    let mut n = 0;
    if limit == 0 {
        return 0;
    }
    search(&mut |_| {
        n += 1;
        n < limit
    });
    n
}

/// Up to `limit` solutions, in search order.
pub fn all<S>(limit: usize, search: impl FnOnce(&mut dyn FnMut(S) -> bool)) -> Vec<S> {
    let mut all = Vec::new();
    if limit == 0 {
        return all;
    }
    search(&mut |s| {
        all.push(s);
        all.len() < limit
    });
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Visits 1, 2, 3, ... up to `n` until told to stop.
    fn upto(n: u32) -> impl FnOnce(&mut dyn FnMut(u32) -> bool) {
        move |visit| {
            for i in 1..=n {
                if !visit(i) {
                    break;
                }
            }
        }
    }

    #[test]
    fn first_count_and_all_stop_where_asked() {
        assert_eq!(first(upto(3)), Some(1));
        assert_eq!(first(upto(0)), None);
        assert_eq!(count(2, upto(5)), 2);
        assert_eq!(count(10, upto(5)), 5);
        assert_eq!(count(0, upto(5)), 0);
        assert_eq!(all(2, upto(5)), vec![1, 2]);
        assert_eq!(all(9, upto(3)), vec![1, 2, 3]);
        assert!(all(0, upto(3)).is_empty());
    }
}
