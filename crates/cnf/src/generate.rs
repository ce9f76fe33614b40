//! Seeded generators for the project's own fixtures: uniform random k-SAT (SATLIB's uf/uuf
//! families are of this kind) and the pigeonhole formulas.

use backref_rng::Rng;

use crate::dimacs::Cnf;

/// `clauses` clauses of `k` distinct variables among `vars`, each negated with probability
/// 1/2, fixed by `seed` (SplitMix64).
pub fn random_ksat(vars: usize, clauses: usize, k: usize, seed: u64) -> Cnf {
    assert!(k <= vars, "a clause needs k distinct variables");
    let mut rng = Rng::new(seed);
    let mut out = Vec::with_capacity(clauses);
    for _ in 0..clauses {
        let mut c: Vec<i32> = Vec::with_capacity(k);
        while c.len() < k {
            let v = rng.below(vars) as i32 + 1;
            if c.iter().any(|l| l.abs() == v) {
                continue;
            }
            c.push(if rng.below(2) == 0 { v } else { -v });
        }
        out.push(c);
    }
    Cnf::new(vars, out)
}

/// `holes + 1` pigeons in `holes` holes, each pigeon in some hole and no two in one
/// (unsatisfiable); variable `p * holes + h + 1` says pigeon `p` sits in hole `h`.
pub fn pigeonhole(holes: usize) -> Cnf {
    let var = |p: usize, h: usize| (p * holes + h + 1) as i32;
    let mut clauses = Vec::new();
    for p in 0..=holes {
        clauses.push((0..holes).map(|h| var(p, h)).collect());
    }
    for h in 0..holes {
        for p in 0..=holes {
            for q in p + 1..=holes {
                clauses.push(vec![-var(p, h), -var(q, h)]);
            }
        }
    }
    Cnf::new((holes + 1) * holes, clauses)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes() {
        let f = random_ksat(20, 91, 3, 7);
        assert_eq!(f.clauses.len(), 91);
        assert!(f.clauses.iter().all(|c| c.len() == 3));
        assert_eq!(random_ksat(20, 91, 3, 7), f);
        let p = pigeonhole(3);
        assert_eq!((p.vars, p.clauses.len()), (12, 4 + 3 * 6));
    }
}
