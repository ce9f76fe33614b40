//! Dead resources of a packing: sets of free resources that no option can use any more.
//!
//! A *witness set* `W(S)` of a resource set `S` is a set of resources outside `S` such that every
//! option using a resource of `S` also uses a resource of `W(S)`. Once every resource of `W(S)`
//! is used and every resource of `S` is still free, no option can ever use a resource of `S`
//! again (a used resource stays used): `S` is *dead*, and its resources stay unused in every
//! completion. A packing with a waste budget (at most `waste` resources unused) can therefore cut
//! any branch where more than `waste` resources are dead. The cut only removes branches without
//! solutions, so the first solution in search order is unchanged.
//!
//! The sets and their witnesses come from the options alone: starting from every single
//! resource, a small witness set is chosen greedily (a hitting set of `option − S` over the
//! options touching `S`), and sets grow by one witness at a time up to [`MAX_SET`] resources. On
//! a grid of tetromino placements the single cells get their four neighbours as witnesses, and
//! the sets are the monominoes, dominoes and trominoes: the holes a placement can seal off.

use std::collections::{BTreeSet, HashSet};

/// The largest dead set looked for.
pub const MAX_SET: usize = 3;

/// A set of resources and a witness set for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeadSet {
    /// The resources, ascending; the first is the set's *anchor*.
    pub resources: Vec<u32>,
    /// Resources outside the set of which every option touching the set uses at least one.
    pub witnesses: Vec<u32>,
}

/// The candidate dead sets of a packing whose options (over all items) are `options`, with
/// `resources` resources. A set some option fits inside entirely is never a candidate (it could
/// still be used while free); resources no option uses are left out (they are unused from the
/// start, which the caller counts separately).
pub fn dead_sets(options: &[Vec<Vec<u32>>], resources: u32) -> Vec<DeadSet> {
    let mut distinct: Vec<Vec<u32>> = options
        .iter()
        .flatten()
        .map(|o| {
            let mut o = o.clone();
            o.sort_unstable();
            o.dedup();
            o
        })
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    distinct.retain(|o| !o.is_empty());
    let mut users: Vec<Vec<usize>> = vec![Vec::new(); resources as usize];
    for (i, o) in distinct.iter().enumerate() {
        for r in o {
            users[*r as usize].push(i);
        }
    }
    let mut out = Vec::new();
    let mut tally = vec![0; resources as usize];
    let mut seen: HashSet<Vec<u32>> = HashSet::new();
    let mut frontier: Vec<Vec<u32>> = (0..resources)
        .filter(|r| !users[*r as usize].is_empty())
        .map(|r| vec![r])
        .collect();
    while let Some(set) = frontier.pop() {
        if !seen.insert(set.clone()) {
            continue;
        }
        let Some(witnesses) = witness_set(&set, &distinct, &users, &mut tally) else {
            continue;
        };
        if set.len() < MAX_SET {
            for w in &witnesses {
                let mut bigger = set.clone();
                bigger.push(*w);
                bigger.sort_unstable();
                if !seen.contains(&bigger) {
                    frontier.push(bigger);
                }
            }
        }
        out.push(DeadSet {
            resources: set,
            witnesses,
        });
    }
    out.sort_by(|a, b| a.resources.cmp(&b.resources));
    out
}

/// A small witness set for `set` (sorted, distinct), chosen greedily: the resource outside the
/// set that most not-yet-hit options use, ties to the lowest resource. `None` when an option
/// lies entirely inside the set. `tally` is scratch space, one count per resource.
fn witness_set(
    set: &[u32],
    options: &[Vec<u32>],
    users: &[Vec<usize>],
    tally: &mut [usize],
) -> Option<Vec<u32>> {
    let outside = |r: &&u32| set.binary_search(r).is_err();
    // The options touching the set, by index; each must reach outside it.
    let mut rest: Vec<usize> = set
        .iter()
        .flat_map(|r| users[*r as usize].iter().copied())
        .collect();
    rest.sort_unstable();
    rest.dedup();
    if rest
        .iter()
        .any(|&i| !options[i].iter().any(|r| outside(&r)))
    {
        return None;
    }
    let mut witnesses = Vec::new();
    while !rest.is_empty() {
        tally.iter_mut().for_each(|t| *t = 0);
        for &i in &rest {
            for r in options[i].iter().filter(outside) {
                tally[*r as usize] += 1;
            }
        }
        // The most used, the lowest resource among equals.
        let best = (0..tally.len()).fold(0, |best, r| if tally[r] > tally[best] { r } else { best })
            as u32;
        witnesses.push(best);
        rest.retain(|&i| !options[i].contains(&best));
    }
    witnesses.sort_unstable();
    Some(witnesses)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every placement of horizontal and vertical dominoes on a `w`×`h` grid.
    fn dominoes(w: u32, h: u32) -> Vec<Vec<u32>> {
        let mut out = Vec::new();
        for r in 0..h {
            for c in 0..w {
                if c + 1 < w {
                    out.push(vec![r * w + c, r * w + c + 1]);
                }
                if r + 1 < h {
                    out.push(vec![r * w + c, (r + 1) * w + c]);
                }
            }
        }
        out
    }

    #[test]
    fn single_cells_are_witnessed_by_their_neighbours() {
        // Dominoes on 3x3: a domino covering a cell covers exactly one neighbour of it.
        let sets = dead_sets(&[dominoes(3, 3)], 9);
        let centre = sets.iter().find(|s| s.resources == [4]).unwrap();
        assert_eq!(centre.witnesses, vec![1, 3, 5, 7]);
        let corner = sets.iter().find(|s| s.resources == [0]).unwrap();
        assert_eq!(corner.witnesses, vec![1, 3]);
        // A domino fits inside every 2-cell set of neighbours: no larger sets for dominoes.
        assert!(sets.iter().all(|s| s.resources.len() == 1));
    }

    #[test]
    fn sets_grow_along_witnesses_until_an_option_fits() {
        // Straight trominoes on a 1x5 strip: {1} has witnesses; {1,2} too; {1,2,3} is no
        // candidate (a tromino fits in it).
        let strip: Vec<Vec<u32>> = (0..3).map(|c| vec![c, c + 1, c + 2]).collect();
        let sets = dead_sets(&[strip], 5);
        let pairs: Vec<&DeadSet> = sets.iter().filter(|s| s.resources.len() == 2).collect();
        assert!(pairs.iter().any(|s| s.resources == [1, 2]));
        for s in &sets {
            // The witness property itself.
            for o in (0..3u32).map(|c| vec![c, c + 1, c + 2]) {
                if o.iter().any(|r| s.resources.contains(r)) {
                    assert!(o.iter().any(|r| s.witnesses.contains(r)), "{s:?} {o:?}");
                }
            }
            assert!(s.witnesses.iter().all(|w| !s.resources.contains(w)));
        }
        // No set holds a whole option.
        for s in &sets {
            assert!((0..3u32).all(|c| !(c..c + 3).all(|r| s.resources.contains(&r))));
        }
    }

    #[test]
    fn unused_resources_are_left_out() {
        let sets = dead_sets(&[vec![vec![0, 1]]], 3);
        assert!(sets.iter().all(|s| !s.resources.contains(&2)));
    }
}
