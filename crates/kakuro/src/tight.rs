//! The unique-instance generator's own counter ([`crate::design`]): a search over the white
//! cells, most constrained first, where each run admits only the digits of some distinct-digit
//! combination that completes its sum. Fast enough to test 12×12 grids for uniqueness many
//! times; the fixtures' counts are then confirmed inside the engine and by [`crate::native`].
//! Shares no code with the encoder, the native solver or the checker.

use std::sync::OnceLock;

/// Digit `d` (1–9) is bit `d − 1`.
const ALL: u16 = 0x1FF;

/// `combos()[k][s][avail]`: the union of the k-digit subsets of `avail` adding up to `s`.
fn combos() -> &'static Vec<u16> {
    static TABLE: OnceLock<Vec<u16>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = vec![0u16; 10 * 46 * 512];
        for avail in 0..512usize {
            let mut sub = avail;
            loop {
                let k = sub.count_ones() as usize;
                let s: usize = (0..9).filter(|b| sub >> b & 1 == 1).map(|b| b + 1).sum();
                t[(k * 46 + s) * 512 + avail] |= sub as u16;
                if sub == 0 {
                    break;
                }
                sub = (sub - 1) & avail;
            }
        }
        t
    })
}

/// The digits a run can still take: `left` cells, `need` still to add (None: no clue), `used`.
fn allowed(left: usize, need: Option<u32>, used: u16) -> u16 {
    let avail = ALL & !used;
    match need {
        None => avail,
        Some(s) if s <= 45 => combos()[(left * 46 + s as usize) * 512 + avail as usize],
        Some(_) => 0,
    }
}

/// A grid as runs: each white cell's across and down run, each run's length and clue.
#[derive(Clone, Debug)]
pub struct Net {
    /// Per white cell, its two runs (across, down).
    pub runs_of: Vec<[usize; 2]>,
    /// Per run, its cell count and its clue.
    pub runs: Vec<(usize, Option<u32>)>,
}

struct State<'a> {
    net: &'a Net,
    digits: Vec<u8>,
    used: Vec<u16>,
    left: Vec<usize>,
    need: Vec<Option<u32>>,
    found: Vec<Vec<u8>>,
    cap: usize,
    nodes: u64,
    max_nodes: u64,
}

impl State<'_> {
    fn options(&self, cell: usize) -> u16 {
        let [a, d] = self.net.runs_of[cell];
        allowed(self.left[a], self.need[a], self.used[a])
            & allowed(self.left[d], self.need[d], self.used[d])
    }

    fn set(&mut self, cell: usize, digit: u8, on: bool) {
        for run in self.net.runs_of[cell] {
            let bit = 1u16 << (digit - 1);
            if on {
                self.used[run] |= bit;
                self.left[run] -= 1;
                self.need[run] = self.need[run].map(|s| s.wrapping_sub(digit as u32));
            } else {
                self.used[run] &= !bit;
                self.left[run] += 1;
                self.need[run] = self.need[run].map(|s| s.wrapping_add(digit as u32));
            }
        }
        self.digits[cell] = if on { digit } else { 0 };
    }

    /// False when the search should stop (cap reached or node budget spent).
    fn search(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            return false;
        }
        let mut best: Option<(usize, u16)> = None;
        for cell in 0..self.digits.len() {
            if self.digits[cell] != 0 {
                continue;
            }
            let o = self.options(cell);
            if best.is_none_or(|(_, b)| o.count_ones() < b.count_ones()) {
                best = Some((cell, o));
                if o.count_ones() <= 1 {
                    break;
                }
            }
        }
        let Some((cell, options)) = best else {
            self.found.push(self.digits.clone());
            return self.found.len() < self.cap;
        };
        for digit in 1..=9u8 {
            if options >> (digit - 1) & 1 == 0 {
                continue;
            }
            self.set(cell, digit, true);
            let go_on = self.search();
            self.set(cell, digit, false);
            if !go_on {
                return false;
            }
        }
        true
    }
}

/// What a bounded count found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The answers found (digits per white cell), at most the cap.
    pub answers: Vec<Vec<u8>>,
    /// Whether the search finished (false: the node budget ran out).
    pub complete: bool,
}

/// Up to `cap` answers of `net`, within `max_nodes` search nodes.
pub fn answers(net: &Net, cap: usize, max_nodes: u64) -> Found {
    let mut s = State {
        net,
        digits: vec![0; net.runs_of.len()],
        used: vec![0; net.runs.len()],
        left: net.runs.iter().map(|r| r.0).collect(),
        need: net.runs.iter().map(|r| r.1).collect(),
        found: Vec::new(),
        cap: cap.max(1),
        nodes: 0,
        max_nodes,
    };
    let finished = s.search();
    let complete = finished || s.found.len() >= s.cap;
    Found {
        answers: s.found,
        complete,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_of_a_run() {
        // Two cells adding to 4: only 1 and 3.
        assert_eq!(allowed(2, Some(4), 0), 0b101);
        // With 1 used, one cell left adding to 3: only 3.
        assert_eq!(allowed(1, Some(3), 0b1), 0b100);
        assert_eq!(allowed(2, Some(18), 0), 0);
    }

    #[test]
    fn a_two_by_two_square() {
        // Across runs 0 (sum 3) and 1 (sum 4); down runs 2 (4) and 3 (3): 1 2 / 3 1.
        let net = Net {
            runs_of: vec![[0, 2], [0, 3], [1, 2], [1, 3]],
            runs: vec![(2, Some(3)), (2, Some(4)), (2, Some(4)), (2, Some(3))],
        };
        let f = answers(&net, 2, 1000);
        assert!(f.complete);
        assert_eq!(f.answers, vec![vec![1, 2, 3, 1]]);
    }
}
