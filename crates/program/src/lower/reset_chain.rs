//! One item's options in the branch-reset form, nested so that they share their padding.
//!
//! Every alternative of a branch reset numbers its groups from the same start, so an option pads
//! with never-taken groups up to each resource it captures. When an item's options, in the order
//! they are tried, reach ever higher groups (Sudoku's candidates: the resources are numbered
//! value by value), padding each from the item's base costs about `options × band / 2` groups.
//! Nested instead, each deeper branch reset starting at the next option's lowest group,
//!
//! ```text
//! (?|O1|pad(l1..l2)(?|O2|pad(l2..l3)(?|O3)))
//! ```
//!
//! the options share the padding and pay about `band` once. The alternatives are tried in the
//! same order and the pads match nothing, so the pattern means the same; PCRE2 continues the
//! numbering after a branch reset from its widest alternative, so the groups after the item
//! number the same too.
//!
//! An option whose lowest group is below the one before it cannot nest (a deeper reset only
//! counts upwards): it starts a new *run* beside the first, each run padding from the lowest
//! start of all. A descending order (Sudoku's `greedy-down`) is then one run per option, as
//! before nesting existed. Runs nest at most [`MAX_DEPTH`] deep (PCRE2 refuses parentheses
//! nested more than 250 deep); past it, options stay at the deepest level and pad from there.

use crate::ast::Node;

/// The deepest a run nests. Sudoku's boxes go to 25 candidates, a queens row to 70 columns.
pub const MAX_DEPTH: usize = 32;

/// Where each option's alternative starts numbering, given each option's lowest resource (`None`
/// for an option that captures nothing or never fits): its own lowest resource when that is no
/// lower than the previous option's start (the option then nests one level deeper, or stays at
/// the level when the start is the same), else where the previous option started (the depth cap
/// reached, or the run's last option, which would be alone on a deeper level), or its own
/// lowest resource at the head of a new run.
pub(super) fn starts(lows: &[Option<u32>]) -> Vec<u32> {
    let mut out: Vec<u32> = Vec::with_capacity(lows.len());
    let mut depth = 0;
    for &low in lows {
        let prev = out.last().copied();
        let s = match (low, prev) {
            (None, Some(p)) => p,
            (None, None) => lows.iter().flatten().copied().min().unwrap_or(0),
            (Some(l), None) => l,
            (Some(l), Some(p)) if l < p => {
                depth = 0;
                l
            }
            (Some(l), Some(p)) if l == p => l,
            (Some(_), Some(p)) if depth + 1 >= MAX_DEPTH => p,
            (Some(l), Some(_)) => {
                depth += 1;
                l
            }
        };
        out.push(s);
    }
    // A run's last option alone on its level would nest for nothing (the pad is its own either
    // way): it stays on the level before.
    let raw = out.clone();
    for j in 1..raw.len() {
        let last_of_run = raw.get(j + 1).is_none_or(|&next| next < raw[j]);
        if last_of_run && raw[j] > raw[j - 1] {
            out[j] = out[j - 1];
        }
    }
    out
}

/// The never-taken groups the nesting itself prints for options starting at `starts`: from the
/// lowest start up to each run's first start, and each step up within a run. (Each option then
/// pads from its own start.)
pub(super) fn pads(starts: &[u32]) -> u64 {
    let Some(&top) = starts.iter().min() else {
        return 0;
    };
    let mut pads = 0u64;
    let mut prev: Option<u32> = None;
    for &s in starts {
        pads += u64::from(match prev {
            Some(p) if s >= p => s - p,
            _ => s - top,
        });
        prev = Some(s);
    }
    pads
}

/// The options' alternatives (`alts[j]` written to number its groups from `starts[j]`) nested
/// into one node that numbers from the lowest start, which is returned with it; `pad(a, b)`
/// pads the numbering from `a` up to `b`.
pub(super) fn nest(alts: Vec<Node>, starts: &[u32], pad: &dyn Fn(u32, u32) -> Node) -> (u32, Node) {
    let top = starts.iter().copied().min().unwrap_or(0);
    let mut runs: Vec<Vec<(u32, Node)>> = Vec::new();
    for (alt, &s) in alts.into_iter().zip(starts) {
        match runs.last_mut() {
            Some(run) if run.last().is_some_and(|(p, _)| s >= *p) => run.push((s, alt)),
            _ => runs.push(vec![(s, alt)]),
        }
    }
    let single = runs.len() == 1;
    let heads: Vec<Node> = runs
        .into_iter()
        .flat_map(|run| {
            let first = run[0].0;
            let mut run = run.into_iter().peekable();
            let alts = level(first, &mut run, pad);
            if single {
                alts
            } else {
                vec![with_pad(pad(top, first), one(alts))]
            }
        })
        .collect();
    (top, Node::BranchReset(heads))
}

/// The alternatives of a run from the level starting at `at`: the options starting there, and
/// the rest, padded up to the next start, as the last.
fn level(
    at: u32,
    run: &mut std::iter::Peekable<std::vec::IntoIter<(u32, Node)>>,
    pad: &dyn Fn(u32, u32) -> Node,
) -> Vec<Node> {
    let mut alts = Vec::new();
    while let Some(&(s, _)) = run.peek() {
        if s == at {
            alts.push(run.next().expect("peeked").1);
        } else {
            alts.push(with_pad(pad(at, s), one(level(s, run, pad))));
            break;
        }
    }
    alts
}

/// Alternatives as one node: a branch reset, or the only one as it is.
fn one(mut alts: Vec<Node>) -> Node {
    if alts.len() == 1 {
        alts.pop().expect("one")
    } else {
        Node::BranchReset(alts)
    }
}

/// `pad` then `node`, without an empty pad.
fn with_pad(pad: Node, node: Node) -> Node {
    match pad {
        Node::Pad(groups) if groups.is_empty() => node,
        pad => Node::Seq(vec![pad, node]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::GroupId;

    #[test]
    fn rising_options_nest_and_falling_ones_start_runs() {
        assert_eq!(
            starts(&[Some(3), Some(7), Some(7), None, Some(12)]),
            [3, 7, 7, 7, 7]
        );
        assert_eq!(
            starts(&[Some(3), Some(7), Some(12), Some(12)]),
            [3, 7, 12, 12]
        );
        // A run's last option alone on a level stays on the one before.
        assert_eq!(starts(&[Some(3), Some(7)]), [3, 3]);
        // Falling: a run per option, each at its own lowest group.
        assert_eq!(starts(&[Some(12), Some(7), Some(3)]), [12, 7, 3]);
        assert_eq!(starts(&[None, Some(5)]), [5, 5]);
        assert_eq!(starts(&[]), Vec::<u32>::new());
    }

    #[test]
    fn nesting_stops_at_the_depth_cap() {
        let lows: Vec<Option<u32>> = (0..40).map(Some).collect();
        let s = starts(&lows);
        assert_eq!(s[MAX_DEPTH - 1], (MAX_DEPTH - 1) as u32);
        assert!(s[MAX_DEPTH..].iter().all(|&x| x == (MAX_DEPTH - 1) as u32));
    }

    #[test]
    fn the_nesting_pads_each_band_once() {
        // Rising: 3 up to 12 once. Falling: each run from the lowest start (3).
        assert_eq!(pads(&[3, 7, 7, 12]), 9);
        assert_eq!(pads(&[12, 7, 3]), 9 + 4);
        // 2 up to 5, 5 up to 9; the second run starts at the lowest start, 2 up to 4.
        assert_eq!(pads(&[5, 9, 2, 4]), 9);
    }

    #[test]
    fn nested_alternatives_print_in_their_order() {
        let pad = |a: u32, b: u32| Node::Pad((a..b).map(GroupId).collect());
        let lits = |s: &[&str]| s.iter().map(|x| Node::lit(*x)).collect::<Vec<_>>();
        let (top, node) = nest(lits(&["a", "b", "c", "d"]), &[1, 1, 3, 3], &pad);
        assert_eq!(top, 1);
        // a, b at 1, then c and d nested at 3 behind two pads.
        let inner = Node::BranchReset(lits(&["c", "d"]));
        let mut want = lits(&["a", "b"]);
        want.push(Node::Seq(vec![pad(1, 3), inner]));
        assert_eq!(node, Node::BranchReset(want));
        // Two runs, each padded from the lowest start; a lone option is not wrapped.
        let (top, node) = nest(lits(&["a", "b"]), &[3, 2], &pad);
        assert_eq!(top, 2);
        let want = vec![Node::Seq(vec![pad(2, 3), Node::lit("a")]), Node::lit("b")];
        assert_eq!(node, Node::BranchReset(want));
    }
}
