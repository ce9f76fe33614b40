//! The deterministic finite automaton of a clue, for encoders (e.g. MiniZinc-style `regular`
//! constraints or per-position state variables).
//!
//! For a clue `c1 c2 … ck` (adjacent letters distinct) the language is `c1+ c2+ … ck+`. The
//! automaton has `k + 1` states:
//!
//! * state `0` is the start state (nothing read yet);
//! * state `j` (1 ≤ j ≤ k) means "the last letter read was the `j`-th run's colour `cj`".
//!
//! Transitions: `0 --c1--> 1`, `j --cj--> j` (the run goes on) and `j --c(j+1)--> j+1` (the
//! next run starts). The only accepting state is `k`. The automaton is *partial*: a missing
//! transition rejects (there is no explicit dead state). Because adjacent clue letters differ,
//! at most one transition leaves a state on any letter, so it is deterministic.
//!
//! The rule checker ([`crate::verify`]) does not use this module.

use serde::Serialize;
use thiserror::Error;

/// A partial DFA over colour letters.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Dfa {
    /// Number of states; states are `0..states`.
    pub states: usize,
    /// The puzzle's colour alphabet (letters that may label transitions).
    pub alphabet: Vec<u8>,
    /// The start state.
    pub start: usize,
    /// The accepting states.
    pub accepting: Vec<usize>,
    /// `(from, letter, to)` triples, sorted by `from` then `letter`; at most one per
    /// `(from, letter)`.
    pub transitions: Vec<(usize, u8, usize)>,
}

/// Why [`clue_dfa`] refused a clue.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DfaError {
    /// The clue is empty.
    #[error("empty clue")]
    Empty,
    /// Two equal adjacent letters.
    #[error("clue repeats `{0}` at position {1}")]
    Repeated(char, usize),
    /// A clue letter missing from the alphabet.
    #[error("clue letter `{0}` is not in the alphabet")]
    NotInAlphabet(char),
}

/// Builds the DFA of `clue` over `alphabet` (see the module documentation).
pub fn clue_dfa(clue: &str, alphabet: &[u8]) -> Result<Dfa, DfaError> {
    let letters = clue.as_bytes();
    if letters.is_empty() {
        return Err(DfaError::Empty);
    }
    if let Some(&l) = letters.iter().find(|l| !alphabet.contains(l)) {
        return Err(DfaError::NotInAlphabet(l as char));
    }
    if let Some(i) = letters.windows(2).position(|w| w[0] == w[1]) {
        return Err(DfaError::Repeated(letters[i] as char, i + 1));
    }
    let k = letters.len();
    let mut transitions = Vec::with_capacity(2 * k);
    transitions.push((0, letters[0], 1));
    for j in 1..=k {
        transitions.push((j, letters[j - 1], j));
        if j < k {
            transitions.push((j, letters[j], j + 1));
        }
    }
    transitions.sort_unstable();
    Ok(Dfa {
        states: k + 1,
        alphabet: alphabet.to_vec(),
        start: 0,
        accepting: vec![k],
        transitions,
    })
}

impl Dfa {
    /// The state reached from `from` on `letter`, if any.
    pub fn next(&self, from: usize, letter: u8) -> Option<usize> {
        self.transitions
            .iter()
            .find(|&&(f, l, _)| f == from && l == letter)
            .map(|&(_, _, to)| to)
    }

    /// Whether the automaton accepts `word`.
    pub fn accepts(&self, word: &[u8]) -> bool {
        let mut state = self.start;
        for &l in word {
            match self.next(state, l) {
                Some(s) => state = s,
                None => return false,
            }
        }
        self.accepting.contains(&state)
    }

    /// The transition table as rows per state and columns per alphabet letter, `None` for a
    /// missing (rejecting) transition: `table()[state][i]` is the target on `alphabet[i]`.
    pub fn table(&self) -> Vec<Vec<Option<usize>>> {
        (0..self.states)
            .map(|s| self.alphabet.iter().map(|&l| self.next(s, l)).collect())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rgb() {
        let d = clue_dfa("rgb", b"rgb").unwrap();
        assert_eq!(d.states, 4);
        assert_eq!(d.start, 0);
        assert_eq!(d.accepting, vec![3]);
        assert_eq!(
            d.transitions,
            vec![
                (0, b'r', 1),
                (1, b'g', 2),
                (1, b'r', 1),
                (2, b'b', 3),
                (2, b'g', 2),
                (3, b'b', 3)
            ]
        );
        // The MiniZinc table of the seed, with 0 for "no transition" and 1-based states.
        let table: Vec<Vec<usize>> = d
            .table()
            .iter()
            .map(|r| r.iter().map(|t| t.map_or(0, |s| s + 1)).collect())
            .collect();
        assert_eq!(
            table,
            vec![vec![2, 0, 0], vec![2, 3, 0], vec![0, 3, 4], vec![0, 0, 4]]
        );
        for w in ["rgb", "rrgb", "rggb", "rgbb", "rrrggbbb"] {
            assert!(d.accepts(w.as_bytes()), "{w}");
        }
        for w in ["", "r", "rg", "gb", "rgbr", "rbg", "rgrb", "brgb"] {
            assert!(!d.accepts(w.as_bytes()), "{w}");
        }
    }

    #[test]
    fn errors() {
        assert_eq!(clue_dfa("", b"rg"), Err(DfaError::Empty));
        assert_eq!(clue_dfa("rxg", b"rg"), Err(DfaError::NotInAlphabet('x')));
        assert_eq!(clue_dfa("rgg", b"rg"), Err(DfaError::Repeated('g', 2)));
    }

    /// Every word up to length 6 over a 3-letter alphabet: accepted exactly when its runs
    /// collapse to the clue.
    #[test]
    fn exhaustive_against_run_collapse() {
        let alphabet = b"abc";
        let clues = ["a", "ab", "aba", "abc", "cab", "abab", "bcbca", "cacbc"];
        for clue in clues {
            let d = clue_dfa(clue, alphabet).unwrap();
            for len in 0..=6u32 {
                for mut code in 0..3usize.pow(len) {
                    let mut word = Vec::new();
                    for _ in 0..len {
                        word.push(alphabet[code % 3]);
                        code /= 3;
                    }
                    let mut runs = word.clone();
                    runs.dedup();
                    assert_eq!(
                        d.accepts(&word),
                        runs == clue.as_bytes(),
                        "clue {clue} word {}",
                        String::from_utf8_lossy(&word)
                    );
                }
            }
        }
    }
}
