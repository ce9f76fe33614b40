//! The unique-instance generator's guide ([`crate::design`]): what each white cell can still be
//! once every run has been made consistent on its own — a digit stays in a cell only if some
//! assignment of distinct digits to the run's cells, each from its cell's candidates, makes the
//! run's sum and gives the cell that digit — repeated over all runs until nothing changes.
//! Zero remaining choice means the clues force the whole filling (a unique instance).
//! Shares no code with the encoder, the native solver or the checker.

use crate::tight::Net;

/// The candidates (bit d − 1 for digit d) of every white cell; `members[k]` lists run k's cells.
pub fn candidates(net: &Net, members: &[Vec<usize>]) -> Vec<u16> {
    let mut cand = vec![0x1FFu16; net.runs_of.len()];
    let mut dirty = vec![true; net.runs.len()];
    while let Some(k) = dirty.iter().position(|&d| d) {
        dirty[k] = false;
        let cells = &members[k];
        let options: Vec<u16> = cells.iter().map(|&i| cand[i]).collect();
        let support = run_support(&options, net.runs[k].1);
        for (j, &i) in cells.iter().enumerate() {
            if support[j] != cand[i] {
                cand[i] = support[j];
                for &other in &net.runs_of[i] {
                    dirty[other] = true;
                }
            }
        }
    }
    cand
}

/// For each cell of one run, the digits some valid assignment of the run gives it.
fn run_support(options: &[u16], sum: Option<u32>) -> Vec<u16> {
    let n = options.len();
    // reach[i][m]: digits `m` can go to cells 0..i (one each, from their options).
    let mut reach = vec![[false; 512]; n + 1];
    reach[0][0] = true;
    for i in 0..n {
        for m in 0..512usize {
            if !reach[i][m] {
                continue;
            }
            for b in 0..9 {
                if options[i] >> b & 1 == 1 && m >> b & 1 == 0 {
                    reach[i + 1][m | 1 << b] = true;
                }
            }
        }
    }
    // good[i][m]: reached, and completable to a whole run with the right sum.
    let mut good = vec![[false; 512]; n + 1];
    for m in 0..512usize {
        let total: u32 = (0..9).filter(|b| m >> b & 1 == 1).map(|b| b + 1).sum();
        good[n][m] = reach[n][m] && sum.is_none_or(|s| s == total);
    }
    let mut support = vec![0u16; n];
    for i in (0..n).rev() {
        for m in 0..512usize {
            if !reach[i][m] {
                continue;
            }
            for b in 0..9 {
                if options[i] >> b & 1 == 1 && m >> b & 1 == 0 && good[i + 1][m | 1 << b] {
                    good[i][m] = true;
                    support[i] |= 1 << b;
                }
            }
        }
    }
    support
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_alone() {
        // Two cells adding to 4: 1 and 3 in either order.
        assert_eq!(run_support(&[0x1FF, 0x1FF], Some(4)), vec![0b101, 0b101]);
        // The first cell cannot be 1: it is 3, the second 1.
        assert_eq!(run_support(&[0x1FE, 0x1FF], Some(4)), vec![0b100, 0b1]);
    }

    #[test]
    fn a_forced_square() {
        // 1 2 / 3 1: across sums 3 and 4, down sums 4 and 3.
        let net = Net {
            runs_of: vec![[0, 2], [0, 3], [1, 2], [1, 3]],
            runs: vec![(2, Some(3)), (2, Some(4)), (2, Some(4)), (2, Some(3))],
        };
        let members = vec![vec![0, 1], vec![2, 3], vec![0, 2], vec![1, 3]];
        assert_eq!(candidates(&net, &members), vec![0b1, 0b10, 0b100, 0b1]);
    }
}
