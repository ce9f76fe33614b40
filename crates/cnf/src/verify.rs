//! The rule checker: evaluates every clause of the formula as the file states it, sharing no
//! code with the encoder.

use crate::dimacs::Cnf;

/// A broken rule.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Violation {
    /// The model does not give one value per variable.
    #[error("the model has {got} value(s) for {expected} variable(s)")]
    WrongLength {
        /// Variables of the formula.
        expected: usize,
        /// Values in the model.
        got: usize,
    },
    /// A clause has no true literal.
    #[error("clause {index} (line {line}: {text} 0) is false")]
    Falsified {
        /// 1-based clause number.
        index: usize,
        /// Its line in the file.
        line: usize,
        /// Its literals.
        text: String,
    },
}

/// Checks that `model` (`model[v]` the value of variable `v + 1`) makes every clause true.
pub fn check(cnf: &Cnf, model: &[bool]) -> Result<(), Vec<Violation>> {
    if model.len() != cnf.vars {
        return Err(vec![Violation::WrongLength {
            expected: cnf.vars,
            got: model.len(),
        }]);
    }
    let truth = |l: i32| model[(l.unsigned_abs() - 1) as usize] == (l > 0);
    let bad: Vec<Violation> = cnf
        .clauses
        .iter()
        .enumerate()
        .filter(|(_, c)| !c.iter().any(|&l| truth(l)))
        .map(|(i, c)| Violation::Falsified {
            index: i + 1,
            line: cnf.lines[i],
            text: c
                .iter()
                .map(|l| l.to_string())
                .collect::<Vec<_>>()
                .join(" "),
        })
        .collect();
    if bad.is_empty() {
        Ok(())
    } else {
        Err(bad)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_each_false_clause() {
        let cnf = Cnf::new(2, vec![vec![1, 2], vec![-1], vec![2, -2]]);
        assert_eq!(check(&cnf, &[false, true]), Ok(()));
        let e = check(&cnf, &[true, false]).unwrap_err();
        assert_eq!(e.len(), 1);
        assert_eq!(e[0].to_string(), "clause 2 (line 3: -1 0) is false");
        assert_eq!(
            check(&cnf, &[true]).unwrap_err()[0].to_string(),
            "the model has 1 value(s) for 2 variable(s)"
        );
    }
}
