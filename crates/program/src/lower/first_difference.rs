//! "Some position differs", walked in order without lookahead: the form the exclusion and
//! differ gadgets take on dialects without lookahead or atomic groups. At each position either
//! the values differ (and the rest of the segment is skipped) or they are equal (on to the
//! next position), two branches that exclude each other, so an assignment matches in one way
//! at most and in-engine counts stay exact.
//!
//! Written as one chain, each position nests one level deeper, and fancy-regex's parser stops
//! at 64 levels (a count of a 5×5 colour grid under `--portable` passed it). Past
//! [`CHAIN_UP_TO`] positions the walk goes by chunks of about √n: either the first difference
//! is in this chunk (a chain of the chunk's positions) or every position of the chunk is equal
//! (a flat sequence) and the walk goes on with the next chunk, so the nesting is about 2√n.

use crate::ast::Node;

/// Up to this many positions the walk is one chain (as it always was).
pub const CHAIN_UP_TO: usize = 32;

/// One position's two tests: where the values differ (ending with the skip over the rest of the
/// segment) and where they are equal (consuming the position).
pub(super) struct Position {
    pub differ: Vec<Node>,
    pub equal: Vec<Node>,
}

/// The walk over `positions` (see the module documentation); fails when every position is
/// equal.
pub(super) fn first_difference(positions: &[Position]) -> Node {
    let n = positions.len();
    let size = if n <= CHAIN_UP_TO {
        n.max(1)
    } else {
        (n as f64).sqrt().ceil() as usize
    };
    let chunks: Vec<&[Position]> = positions.chunks(size).collect();
    let mut tail = Node::Fail;
    for (k, chunk) in chunks.iter().enumerate().rev() {
        let here = chain(chunk);
        tail = if k + 1 == chunks.len() {
            here
        } else {
            let mut equal: Vec<Node> = chunk.iter().flat_map(|p| p.equal.clone()).collect();
            equal.push(tail);
            Node::Alt(vec![here, Node::Seq(equal)])
        };
    }
    tail
}

/// The first difference among `positions`, one nesting level per position; fails when every
/// one is equal.
fn chain(positions: &[Position]) -> Node {
    let mut tail = Node::Fail;
    for p in positions.iter().rev() {
        let mut equal = p.equal.clone();
        equal.push(tail);
        tail = Node::Alt(vec![Node::Seq(p.differ.clone()), Node::Seq(equal)]);
    }
    tail
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::Node;

    fn positions(n: usize) -> Vec<Position> {
        (0..n)
            .map(|i| Position {
                differ: vec![Node::lit(format!("d{i}"))],
                equal: vec![Node::lit(format!("e{i}"))],
            })
            .collect()
    }

    /// The deepest nesting of alternations in `node`.
    fn depth(node: &Node) -> usize {
        match node {
            Node::Alt(items) => 1 + items.iter().map(depth).max().unwrap_or(0),
            Node::Seq(items) => items.iter().map(depth).max().unwrap_or(0),
            _ => 0,
        }
    }

    /// Every string the walk matches, for a walk of literals only.
    fn language(node: &Node) -> Vec<String> {
        match node {
            Node::Alt(items) => items.iter().flat_map(language).collect(),
            Node::Seq(items) => items.iter().fold(vec![String::new()], |acc, item| {
                let tails = language(item);
                acc.iter()
                    .flat_map(|a| tails.iter().map(move |t| format!("{a}{t}")))
                    .collect()
            }),
            Node::Lit(s) => vec![s.clone()],
            Node::Fail => Vec::new(),
            other => panic!("not a literal walk: {other:?}"),
        }
    }

    #[test]
    fn short_walks_are_one_chain() {
        let walk = first_difference(&positions(3));
        assert_eq!(walk, chain(&positions(3)));
        assert_eq!(depth(&walk), 3);
    }

    #[test]
    fn long_walks_go_by_chunks_and_match_the_same_assignments_once_each() {
        for n in [CHAIN_UP_TO + 1, 50, 100, 400] {
            let walk = first_difference(&positions(n));
            let root = (n as f64).sqrt().ceil() as usize;
            assert!(
                depth(&walk) <= 2 * root + 1,
                "n = {n}: depth {}",
                depth(&walk)
            );
            if n <= 50 {
                // Each first difference k: e0..e(k-1) then dk, exactly once.
                let mut words = language(&walk);
                words.sort();
                let mut expected: Vec<String> = (0..n)
                    .map(|k| (0..k).map(|i| format!("e{i}")).collect::<String>() + &format!("d{k}"))
                    .collect();
                expected.sort();
                assert_eq!(words, expected, "n = {n}");
            }
        }
    }

    #[test]
    fn no_position_never_matches() {
        assert_eq!(first_difference(&[]), Node::Fail);
    }
}
