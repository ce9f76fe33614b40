//! Walks over many positions without lookahead or atomic groups (`--portable`): the exclusion
//! a count by re-solving adds, and the differ gadget, over more positions than fancy-regex's
//! parser nests (64 levels). Both were one nesting level per position: a count of a 5×5 colour
//! grid under `--portable` on fancy-regex failed with "Pattern too deeply nested" (found by the
//! differential tests' second-engine counts). They now go by chunks past 32 positions.

mod common;

use backref_program::dialect::{FANCY, PCRE2};
use backref_program::Program;
use common::solutions;

/// Positions: two two-valued variables at the ends, single-valued ones between them.
const MIDDLE: usize = 70;

#[test]
fn an_exclusion_over_many_variables_excludes_exactly_its_assignments() {
    let mut p = Program::new('T');
    let mut vars = vec![p.choice_var("first", &["a", "b"]).unwrap()];
    for i in 0..MIDDLE {
        vars.push(p.choice_var(&format!("m{i}"), &["a"]).unwrap());
    }
    vars.push(p.choice_var("last", &["a", "b"]).unwrap());
    let assignment = |first: &str, last: &str| -> Vec<String> {
        let mut v = vec![first.to_string()];
        v.extend(std::iter::repeat_n("a".to_string(), MIDDLE));
        v.push(last.to_string());
        v
    };
    p.exclude(&vars, vec![assignment("a", "a"), assignment("b", "a")])
        .unwrap();
    let expected = vec![assignment("a", "b"), assignment("b", "b")];
    for portable in [false, true] {
        for engine in ["pcre2", "pcre2-interp"] {
            assert_eq!(
                solutions(&p, &vars, (&PCRE2, engine), portable, true),
                expected,
                "{engine}, portable {portable}"
            );
        }
        assert_eq!(
            solutions(&p, &vars, (&FANCY, "fancy"), portable, false),
            expected[..1],
            "fancy, portable {portable}"
        );
    }
}

#[test]
fn a_differ_over_many_positions_compiles_on_fancy_and_counts_exactly() {
    // Two rows of booleans that must differ somewhere; every variable but the last of each
    // row is fixed false by a clause, so the rows differ exactly when their last cells do.
    let mut p = Program::new('T');
    let row = |p: &mut Program, name: &str| -> Vec<_> {
        (0..MIDDLE)
            .map(|i| p.bool_var(&format!("{name}{i}"), false).unwrap())
            .collect()
    };
    let left = row(&mut p, "l");
    let right = row(&mut p, "r");
    for v in left[..MIDDLE - 1].iter().chain(&right[..MIDDLE - 1]) {
        p.clause(&[(*v, false)]).unwrap();
    }
    p.differ(&left, &right).unwrap();
    let order: Vec<_> = left.iter().chain(&right).copied().collect();
    for portable in [false, true] {
        let all = solutions(&p, &order, (&PCRE2, "pcre2"), portable, true);
        assert_eq!(all.len(), 2, "portable {portable}");
        for values in &all {
            assert_ne!(values[MIDDLE - 1], values[2 * MIDDLE - 1]);
        }
        assert_eq!(
            solutions(&p, &order, (&FANCY, "fancy"), portable, false).len(),
            1,
            "fancy, portable {portable}"
        );
    }
}
