//! Tuples of value indices looked up without allocating: the step walk's tables and lookups
//! ask at every node whether the current values of some variables spell a listed tuple.
//!
//! A tuple is read as one number in mixed radix (each variable's digit its value's index, its
//! base the number of its values). Where those numbers are few, a dense array answers; else a
//! hash map on the number; and where the number would not fit in 64 bits, a hash map on the
//! tuple itself.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Slots of a dense array per listed tuple (and a floor) under which the array is used.
const DENSE_PER_TUPLE: u64 = 8;
const DENSE_FLOOR: u64 = 1 << 12;

/// A multiplicative hash for integer keys (the keys are already well spread numbers).
#[derive(Default)]
struct Mix(u64);

impl Hasher for Mix {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.write_u64(u64::from(*b));
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_u32(&mut self, word: u32) {
        self.write_u64(u64::from(word));
    }

    fn write_usize(&mut self, word: usize) {
        self.write_u64(word as u64);
    }
}

type MixMap<K> = HashMap<K, u32, BuildHasherDefault<Mix>>;

/// Each distinct listed tuple's slot (in order of first listing), found from the values.
pub(super) struct TupleIndex {
    /// The variables read, and each one's weight in the number.
    vars: Vec<usize>,
    strides: Vec<u64>,
    map: Map,
}

enum Map {
    /// Slot by number, `u32::MAX` where no tuple is listed.
    Dense(Vec<u32>),
    Hashed(MixMap<u64>),
    Wide(MixMap<Vec<u32>>),
}

impl TupleIndex {
    /// Indexes `tuples` (value indices of `vars`, whose value counts are `bases`), and says
    /// each one's slot: the slots number the distinct tuples in order of first listing.
    pub(super) fn new(
        vars: Vec<usize>,
        bases: &[u32],
        tuples: &[Vec<u32>],
    ) -> (TupleIndex, Vec<u32>) {
        let mut strides = Vec::with_capacity(bases.len());
        let mut size: Option<u64> = Some(1);
        for b in bases {
            strides.push(size.unwrap_or(0));
            size = size.and_then(|s| s.checked_mul(u64::from((*b).max(1))));
        }
        let number =
            |t: &[u32]| -> u64 { t.iter().zip(&strides).map(|(x, s)| u64::from(*x) * s).sum() };
        let dense_limit = (tuples.len() as u64 * DENSE_PER_TUPLE).max(DENSE_FLOOR);
        let mut listed = Vec::with_capacity(tuples.len());
        let map = match size {
            Some(n) if n <= dense_limit => {
                let mut slots = vec![u32::MAX; n as usize];
                let mut next = 0;
                for t in tuples {
                    let slot = &mut slots[number(t) as usize];
                    if *slot == u32::MAX {
                        *slot = next;
                        next += 1;
                    }
                    listed.push(*slot);
                }
                Map::Dense(slots)
            }
            Some(_) => {
                let mut m = MixMap::default();
                for t in tuples {
                    let next = m.len() as u32;
                    listed.push(*m.entry(number(t)).or_insert(next));
                }
                Map::Hashed(m)
            }
            None => {
                let mut m = MixMap::default();
                for t in tuples {
                    let next = m.len() as u32;
                    listed.push(*m.entry(t.clone()).or_insert(next));
                }
                Map::Wide(m)
            }
        };
        (TupleIndex { vars, strides, map }, listed)
    }

    /// The slot of the tuple the current `values` of the variables spell, if it is listed.
    pub(super) fn slot(&self, values: &[u32]) -> Option<u32> {
        let number = || -> u64 {
            (self.vars.iter().zip(&self.strides))
                .map(|(v, s)| u64::from(values[*v]) * s)
                .sum()
        };
        match &self.map {
            Map::Dense(slots) => {
                let s = slots[number() as usize];
                (s != u32::MAX).then_some(s)
            }
            Map::Hashed(m) => m.get(&number()).copied(),
            Map::Wide(m) => m
                .get(&self.vars.iter().map(|v| values[*v]).collect::<Vec<u32>>())
                .copied(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_form_finds_the_listed_tuples_and_only_those() {
        let tuples = vec![vec![0, 1, 0], vec![2, 0, 0], vec![0, 1, 0], vec![1, 1, 7]];
        // Variables 1, 3 and 5 of a walk: few values (a dense array), many (hashed numbers),
        // too many for a 64-bit number (hashed tuples).
        let forms = [[3, 2, 8], [3, 2, 100_000], [u32::MAX; 3]].map(|bases| {
            let (index, listed) = TupleIndex::new(vec![1, 3, 5], &bases, &tuples);
            assert_eq!(listed, [0, 1, 0, 2]);
            index
        });
        assert!(matches!(forms[0].map, Map::Dense(_)));
        assert!(matches!(forms[1].map, Map::Hashed(_)));
        assert!(matches!(forms[2].map, Map::Wide(_)));
        let mut values = vec![0; 6];
        for index in &forms {
            for (t, slot) in [
                ([0, 1, 0], Some(0)),
                ([2, 0, 0], Some(1)),
                ([1, 1, 7], Some(2)),
                ([1, 0, 0], None),
                ([1, 1, 0], None),
            ] {
                (values[1], values[3], values[5]) = (t[0], t[1], t[2]);
                assert_eq!(index.slot(&values), slot, "{t:?}");
            }
        }
    }
}
