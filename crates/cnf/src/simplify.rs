//! The only simplification made outside the engine: duplicate literals within a clause are
//! dropped, and clauses holding a literal and its negation (tautologies) are removed. Every
//! other deduction happens inside the pattern.

use crate::dimacs::Cnf;

/// The formula's clauses with duplicate literals and tautologies removed (clause order and
/// first-occurrence literal order kept).
pub fn normalise(cnf: &Cnf) -> Vec<Vec<i32>> {
    let mut out = Vec::with_capacity(cnf.clauses.len());
    for c in &cnf.clauses {
        let mut lits: Vec<i32> = Vec::with_capacity(c.len());
        for &l in c {
            if !lits.contains(&l) {
                lits.push(l);
            }
        }
        if !lits.iter().any(|l| lits.contains(&-l)) {
            out.push(lits);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drops_duplicate_literals_and_tautologies_only() {
        let cnf = Cnf::new(3, vec![vec![1, 1, -2], vec![2, -2, 3], vec![3], vec![3]]);
        assert_eq!(normalise(&cnf), vec![vec![1, -2], vec![3], vec![3]]);
    }
}
