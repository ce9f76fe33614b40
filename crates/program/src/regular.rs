//! The `regular` gadget: a sequence of variables must spell a word of a DFA's language.
//!
//! The DFA is unrolled over the sequence: one state variable per position, defined by a lookup
//! table of the transitions that are still useful there (reachable from the start and able to
//! reach an accepting state in the positions left). An impossible position fails at once.

use std::collections::BTreeSet;

use crate::error::ProgramError;
use crate::program::{Program, VarId};

/// A deterministic (or not: several targets are allowed) finite automaton over string symbols.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dfa {
    /// Number of states, numbered from 0.
    pub states: usize,
    /// The start state.
    pub start: usize,
    /// Accepting states.
    pub accepting: Vec<usize>,
    /// Transitions `(from, symbol, to)`.
    pub transitions: Vec<(usize, String, usize)>,
}

impl Dfa {
    /// Whether the automaton accepts `word`.
    pub fn accepts<S: AsRef<str>>(&self, word: &[S]) -> bool {
        let mut cur: BTreeSet<usize> = [self.start].into();
        for sym in word {
            cur = self
                .transitions
                .iter()
                .filter(|(f, s, _)| cur.contains(f) && s == sym.as_ref())
                .map(|t| t.2)
                .collect();
        }
        cur.iter().any(|s| self.accepting.contains(s))
    }
}

/// Constrains `seq` to spell a word that `dfa` accepts. Adds one state variable per position,
/// named `{prefix}_{i}`, and returns them.
pub fn regular(
    program: &mut Program,
    prefix: &str,
    seq: &[VarId],
    dfa: &Dfa,
) -> Result<Vec<VarId>, ProgramError> {
    regular_strided(program, prefix, seq, dfa, 1)
}

/// [`regular`] with a state variable only every `stride` positions (and at the last one): each
/// state's lookup reads the state before it and the `stride` symbols since, and lists the paths
/// through the automaton that can still end in acceptance. The language is the same for every
/// stride; a larger stride needs fewer capture groups and lookups (a pattern that fits PCRE2's
/// JIT frame where one state per position does not) at the price of seeing a dead end up to
/// `stride − 1` positions later. The state after position `i` is named `{prefix}_{i}`; returns
/// the states made, in order. A `stride` of 0 is taken as 1.
pub fn regular_strided(
    program: &mut Program,
    prefix: &str,
    seq: &[VarId],
    dfa: &Dfa,
    stride: usize,
) -> Result<Vec<VarId>, ProgramError> {
    let stride = stride.max(1);
    let n = seq.len();
    // forward[i]: states reachable after i symbols; backward[i]: states that can still accept.
    let mut forward = vec![BTreeSet::new(); n + 1];
    forward[0].insert(dfa.start);
    for i in 0..n {
        let domain = &program.var(seq[i]).domain;
        let next: BTreeSet<usize> = dfa
            .transitions
            .iter()
            .filter(|(f, s, _)| forward[i].contains(f) && domain.contains(s))
            .map(|t| t.2)
            .collect();
        forward[i + 1] = next;
    }
    let mut backward = vec![BTreeSet::new(); n + 1];
    backward[n] = dfa
        .accepting
        .iter()
        .copied()
        .filter(|s| forward[n].contains(s))
        .collect();
    for i in (0..n).rev() {
        let domain = &program.var(seq[i]).domain;
        backward[i] = dfa
            .transitions
            .iter()
            .filter(|(f, s, t)| {
                forward[i].contains(f) && domain.contains(s) && backward[i + 1].contains(t)
            })
            .map(|t| t.0)
            .collect();
    }
    let state = |s: usize| format!("s{s}");
    let mut states = Vec::with_capacity(n.div_ceil(stride));
    let mut prev: Option<VarId> = None;
    // `from`: the number of symbols read when the segment starts.
    let mut from = 0;
    while from < n {
        let to = (from + stride).min(n);
        // Every path of useful transitions over positions from..to: (start state, symbols, end).
        let mut paths: Vec<(usize, Vec<String>, usize)> =
            backward[from].iter().map(|&s| (s, Vec::new(), s)).collect();
        for i in from..to {
            let domain = &program.var(seq[i]).domain;
            let mut next = Vec::new();
            // The first step in the transitions' order (stride 1 lists them as they are).
            let mut extend = |path: &(usize, Vec<String>, usize),
                              (f, s, t): &(usize, String, usize)| {
                if *f == path.2 && domain.contains(s) && backward[i + 1].contains(t) {
                    let mut w = path.1.clone();
                    w.push(s.clone());
                    next.push((path.0, w, *t));
                }
            };
            if i == from {
                for tr in &dfa.transitions {
                    paths.iter().for_each(|p| extend(p, tr));
                }
            } else {
                for p in &paths {
                    dfa.transitions.iter().for_each(|tr| extend(p, tr));
                }
            }
            paths = next;
        }
        let mut tuples = Vec::new();
        for (start, word, end) in paths {
            let mut tuple = Vec::with_capacity(word.len() + 2);
            if prev.is_some() {
                tuple.push(state(start));
            }
            tuple.extend(word);
            tuple.push(state(end));
            if !tuples.contains(&tuple) {
                tuples.push(tuple);
            }
        }
        let inputs: Vec<VarId> = prev
            .into_iter()
            .chain(seq[from..to].iter().copied())
            .collect();
        let q = program.lookup_var(&format!("{prefix}_{}", to - 1), &inputs, tuples)?;
        states.push(q);
        prev = Some(q);
        from = to;
    }
    Ok(states)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gadget::Gadget;

    /// The automaton of `0* 1{2} 0+ 1 0*` over the booleans' tokens ("" and "F").
    fn two_one() -> Dfa {
        let (f, e) = ("F".to_string(), String::new());
        Dfa {
            states: 5,
            start: 0,
            accepting: vec![4],
            transitions: vec![
                (0, e.clone(), 0),
                (0, f.clone(), 1),
                (1, f.clone(), 2),
                (2, e.clone(), 3),
                (3, e.clone(), 3),
                (3, f, 4),
                (4, e, 4),
            ],
        }
    }

    /// Whether the lookups `regular_strided` stated admit `word` on `seq`: a search over the
    /// state values each lookup's tuples allow.
    fn admitted(program: &Program, seq: &[VarId], word: &[String]) -> bool {
        let mut values: Vec<Option<String>> = vec![None; program.vars.len()];
        for (v, w) in seq.iter().zip(word) {
            values[v.index()] = Some(w.clone());
        }
        let lookups: Vec<&Gadget> = program
            .statements
            .iter()
            .filter(|g| matches!(g, Gadget::Lookup { .. }))
            .collect();
        fn go(lookups: &[&Gadget], k: usize, values: &mut Vec<Option<String>>) -> bool {
            let Some(Gadget::Lookup {
                inputs,
                output,
                tuples,
            }) = lookups.get(k)
            else {
                return true;
            };
            for t in tuples {
                let fits = inputs
                    .iter()
                    .zip(t)
                    .all(|(i, v)| values[i.index()].as_ref() == Some(v));
                if fits {
                    values[output.index()] = t.last().cloned();
                    if go(lookups, k + 1, values) {
                        return true;
                    }
                }
            }
            false
        }
        go(&lookups, 0, &mut values)
    }

    #[test]
    fn every_stride_states_the_same_language() {
        let dfa = two_one();
        let n: usize = 7;
        for stride in [1, 2, 3, 4, 7, 9] {
            let mut p = Program::new('F');
            let seq: Vec<VarId> = (0..n)
                .map(|i| p.bool_var(&format!("x{i}"), false).unwrap())
                .collect();
            let states = regular_strided(&mut p, "R", &seq, &dfa, stride).unwrap();
            assert_eq!(states.len(), n.div_ceil(stride.min(n)), "stride {stride}");
            for bits in 0..1u32 << n {
                let word: Vec<String> = (0..n)
                    .map(|i| if bits >> i & 1 == 1 { "F" } else { "" }.to_string())
                    .collect();
                assert_eq!(
                    admitted(&p, &seq, &word),
                    dfa.accepts(&word),
                    "stride {stride}, word {word:?}"
                );
            }
        }
    }
}
