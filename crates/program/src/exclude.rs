//! The exclusion constructor: "these variables do not take these values all at once", one
//! [`Gadget::Exclude`] per excluded assignment. The pipeline states every solution found so far
//! this way and solves again, which counts and checks uniqueness on engines that cannot count
//! inside the match.

use crate::error::ProgramError;
use crate::gadget::Gadget;
use crate::program::{Program, StmtId, VarId};

impl Program {
    /// Excludes each assignment of `assignments` (one value per variable of `vars`, in order):
    /// a solution may not give every variable its listed value. One statement per assignment,
    /// each checked right after the last of `vars` is decided; no assignment, no statement, so
    /// the program prints as before.
    pub fn exclude(
        &mut self,
        vars: &[VarId],
        assignments: Vec<Vec<String>>,
    ) -> Result<Vec<StmtId>, ProgramError> {
        let mut out = Vec::with_capacity(assignments.len());
        for values in assignments {
            if values.len() != vars.len() {
                return Err(ProgramError::Arity(format!(
                    "exclude: {} values for {} variables",
                    values.len(),
                    vars.len()
                )));
            }
            for (v, x) in vars.iter().zip(&values) {
                let var = self
                    .vars
                    .get(v.index())
                    .ok_or(ProgramError::UnknownVar(v.0))?;
                if !var.domain.contains(x) {
                    return Err(ProgramError::BadValue {
                        var: var.name.clone(),
                        value: x.clone(),
                    });
                }
            }
            self.statements.push(Gadget::Exclude {
                vars: vars.to_vec(),
                values,
            });
            out.push(StmtId(self.statements.len() as u32 - 1));
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use crate::program::Program;
    use crate::{check, ProgramError};

    #[test]
    fn the_checker_rejects_exactly_the_excluded_assignment() {
        let mut p = Program::new('T');
        let c = p.choice_var("c", &["a", "b"]).unwrap();
        let x = p.bool_var("x", true).unwrap();
        p.exclude(&[c, x], vec![vec!["a".into(), "T".into()]])
            .unwrap();
        let violations = |c: &str, x: &str| check(&p, &[c.to_string(), x.to_string()]);
        let excluded = violations("a", "T");
        assert_eq!(excluded.len(), 1);
        assert_eq!(excluded[0].what, "exclude(c,x)");
        for (c, x) in [("a", ""), ("b", "T"), ("b", "")] {
            assert!(violations(c, x).is_empty(), "{c} {x}");
        }
        assert_eq!(
            p.statements[2].explain(&p),
            "c, x are not a, T all at once (an excluded assignment)"
        );
    }

    #[test]
    fn values_must_fit_the_variables() {
        let mut p = Program::new('T');
        let c = p.choice_var("c", &["a", "b"]).unwrap();
        assert!(matches!(
            p.exclude(&[c], vec![vec!["z".into()]]),
            Err(ProgramError::BadValue { .. })
        ));
        assert!(matches!(
            p.exclude(&[c], vec![vec![]]),
            Err(ProgramError::Arity(_))
        ));
        // No assignment: no statement.
        assert!(p.exclude(&[c], vec![]).unwrap().is_empty());
        assert_eq!(p.statements.len(), 1);
    }
}
