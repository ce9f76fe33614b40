//! A ladder count whose terms a one-of defines at once: one step adds them all, lowered by
//! `backref-program` and run through PCRE2 and fancy-regex.

mod common;

use backref_program::dialect::{FANCY, PCRE2};
use backref_program::{check, compile, Cmp, Dialect, Form, Options, Program};

/// The matches of `b + x + 2y + 3z = 3` (x, y, z one of three) in `dialect` on `engine`
/// (all of them counting inside the engine, or the first), decoded, checked, as (b, the
/// one-of's true boolean), and the segments' descriptions.
fn solutions(
    dialect: &'static Dialect,
    engine: &str,
    all: bool,
) -> (Vec<(bool, usize)>, Vec<String>) {
    let mut p = Program::new('Q');
    let b = p.bool_var("b", true).unwrap();
    let names = ["x", "y", "z"].map(String::from);
    let o = p.one_of(&names, vec![vec![]; 3]).unwrap();
    p.count(
        &[(b, 1), (o[0], 1), (o[1], 2), (o[2], 3)],
        Cmp::Eq,
        3,
        Form::Ladder,
    )
    .unwrap();
    let mut order = vec![b];
    order.extend(&o);
    let compiled = compile(&p, &order, &Options::new(dialect)).unwrap();
    let captures = common::matches(engine, &compiled.pattern, &compiled.subject, all);
    let found = captures
        .iter()
        .map(|caps| {
            let values = compiled.decode(&p, |n| caps.get(n)).unwrap();
            assert!(check(&p, &values).is_empty(), "IR check: {values:?}");
            let which = o.iter().position(|v| !values[v.index()].is_empty());
            (!values[b.index()].is_empty(), which.expect("one true"))
        })
        .collect();
    (
        found,
        compiled.segments.iter().map(|s| s.what.clone()).collect(),
    )
}

#[test]
fn one_step_adds_the_one_ofs_terms_on_every_engine() {
    // Counted on PCRE2: b true with y (1 + 2), or b false with z (3); fancy-regex finds the
    // first of them.
    for (dialect, engine, all, expected) in [
        (&PCRE2, "pcre2", true, &[(true, 1), (false, 2)][..]),
        (&FANCY, "fancy", false, &[(true, 1)][..]),
    ] {
        let (found, what) = solutions(dialect, engine, all);
        assert_eq!(found, expected, "{engine}");
        // b's own step, then one for the three booleans.
        let ladders: Vec<&String> = what.iter().filter(|w| w.starts_with("ladder")).collect();
        assert_eq!(ladders.len(), 2, "{what:?}");
        assert!(ladders[1].ends_with("adding x, y, z"), "{}", ladders[1]);
    }
}
