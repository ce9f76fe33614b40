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

/// The deepest a run nests. Sudoku's boxes go to 25 candidates.
pub const MAX_DEPTH: usize = 32;

/// The fewest groups a deeper level must start above the one before: a level costs the match a
/// little (one more group entered on the way to its options), so it must save each option
/// below it at least this much padding. Sudoku's candidates step by a value's block of
/// resources (about 24 groups on a 9×9) and nest; a queens row's columns step by one group, and
/// nesting them made the natural order's match about 15 % slower (N = 28: 387 → 470 ms) for 7 %
/// less pattern, so they stay flat.
pub const MIN_STEP: u32 = 8;

/// Where each option's alternative starts numbering, given each option's lowest resource (`None`
/// for an option that captures nothing or never fits): its own lowest resource when that is at
/// least [`MIN_STEP`] above the current level's start (the option then opens a level one
/// deeper, up to [`MAX_DEPTH`]), else the current level's start. An option below the current
/// level goes back to the lowest start of all, heading a new run. The run's last option alone
/// on its level stays on the level before (nesting it would save nothing). With no step large
/// enough every option starts at the lowest start: the flat branch reset.
pub(super) fn starts(lows: &[Option<u32>]) -> Vec<u32> {
    let top = lows.iter().flatten().copied().min().unwrap_or(0);
    let mut out: Vec<u32> = Vec::with_capacity(lows.len());
    // The current level's start, and how deep the current run has nested.
    let (mut at, mut depth) = (top, 0);
    for &low in lows {
        let s = match low {
            None => at,
            Some(l) => {
                if l < at {
                    // Below the current level: a new run, from the lowest start.
                    (at, depth) = (top, 0);
                }
                if l - at >= MIN_STEP && depth + 1 < MAX_DEPTH {
                    (at, depth) = (l, depth + 1);
                }
                at
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
            starts(&[Some(3), Some(17), Some(17), None, Some(32)]),
            [3, 17, 17, 17, 17]
        );
        assert_eq!(
            starts(&[Some(3), Some(17), Some(32), Some(32)]),
            [3, 17, 32, 32]
        );
        // A run's last option alone on a level stays on the one before.
        assert_eq!(starts(&[Some(3), Some(17)]), [3, 3]);
        // Small steps do not nest (a queens row's columns).
        assert_eq!(starts(&[Some(0), Some(1), Some(2), Some(3)]), [0, 0, 0, 0]);
        assert_eq!(starts(&[Some(0), Some(3), Some(1), Some(2)]), [0, 0, 0, 0]);
        // Falling far: a run per option, each at its own lowest group; falling by less than a
        // step: back at the lowest start.
        assert_eq!(starts(&[Some(40), Some(20), Some(3)]), [40, 20, 3]);
        assert_eq!(starts(&[Some(12), Some(7), Some(3)]), [12, 3, 3]);
        assert_eq!(starts(&[None, Some(5)]), [5, 5]);
        assert_eq!(starts(&[]), Vec::<u32>::new());
    }

    #[test]
    fn nesting_stops_at_the_depth_cap() {
        let step = |k: usize| k as u32 * MIN_STEP;
        let lows: Vec<Option<u32>> = (0..40).map(|k| Some(step(k))).collect();
        let s = starts(&lows);
        assert_eq!(s[MAX_DEPTH - 1], step(MAX_DEPTH - 1));
        assert!(s[MAX_DEPTH..].iter().all(|&x| x == step(MAX_DEPTH - 1)));
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
