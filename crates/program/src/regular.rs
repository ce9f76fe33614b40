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
    let mut states = Vec::with_capacity(n);
    let mut prev: Option<VarId> = None;
    for i in 0..n {
        let domain = &program.var(seq[i]).domain;
        let mut tuples = Vec::new();
        for (f, s, t) in &dfa.transitions {
            if backward[i].contains(f) && backward[i + 1].contains(t) && domain.contains(s) {
                let mut tuple = Vec::with_capacity(3);
                if prev.is_some() {
                    tuple.push(state(*f));
                }
                tuple.push(s.clone());
                tuple.push(state(*t));
                if !tuples.contains(&tuple) {
                    tuples.push(tuple);
                }
            }
        }
        let inputs: Vec<VarId> = prev.into_iter().chain([seq[i]]).collect();
        let q = program.lookup_var(&format!("{prefix}_{i}"), &inputs, tuples)?;
        states.push(q);
        prev = Some(q);
    }
    Ok(states)
}
