//! A value is a whole item of its list, never a prefix of one: a choice whose value is a text
//! prefix of another (`1` and `12`), and a table whose rows list the longer value first, counted
//! inside PCRE2 (JIT and interpreter) and solved by fancy-regex, plain and portable (found by
//! the FlatZinc differential generator:
//! the table's atomic group committed to the row `12` for the value `1`, and a portable choice
//! captured `1` out of `12`, or nothing).

mod common;

use backref_program::dialect::{FANCY, PCRE2};
use backref_program::{Program, VarId};
use common::solutions;

/// Plain and portable: PCRE2's JIT and interpreter count exactly `expected` (the solutions in
/// the order the search tries them), and fancy-regex (which cannot count) finds the first.
fn agree(p: &Program, order: &[VarId], expected: &[&[&str]]) {
    let expected: Vec<Vec<String>> = expected
        .iter()
        .map(|s| s.iter().map(|v| v.to_string()).collect())
        .collect();
    for portable in [false, true] {
        for engine in ["pcre2", "pcre2-interp"] {
            assert_eq!(
                solutions(p, order, (&PCRE2, engine), portable, true),
                expected,
                "{engine}, portable {portable}"
            );
        }
        assert_eq!(
            solutions(p, order, (&FANCY, "fancy"), portable, false),
            expected[..1],
            "fancy, portable {portable}"
        );
    }
}

#[test]
fn a_table_row_listed_after_a_longer_one_is_found() {
    let mut p = Program::new('T');
    let x = p.choice_var("x", &["1", "12"]).unwrap();
    p.table(&[x], vec![vec!["12".into()], vec!["1".into()]])
        .unwrap();
    agree(&p, &[x], &[&["1"], &["12"]]);
    // The same in the last column of a wider table.
    let mut p = Program::new('T');
    let a = p.choice_var("a", &["3"]).unwrap();
    let x = p.choice_var("x", &["-1", "-12"]).unwrap();
    p.table(
        &[a, x],
        vec![
            vec!["3".into(), "-12".into()],
            vec!["3".into(), "-1".into()],
        ],
    )
    .unwrap();
    agree(&p, &[a, x], &[&["3", "-1"], &["3", "-12"]]);
}

#[test]
fn a_choice_no_statement_reads_is_counted_once_per_value() {
    let mut p = Program::new('T');
    let x = p.choice_var("x", &["0"]).unwrap();
    let y = p.choice_var("y", &["1", "12"]).unwrap();
    agree(&p, &[x, y], &[&["0", "1"], &["0", "12"]]);
}
