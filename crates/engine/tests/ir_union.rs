//! The union gadget: a boolean that sums up a set of booleans, of which at most one may be true,
//! lowered by `backref-program` and run through PCRE2 and fancy-regex.

mod common;

use backref_program::dialect::{FANCY, PCRE2};
use backref_program::{check, compile, Dialect, Options, Program, VarId};

/// Two free booleans `x` and `y`, their union `u`, and a boolean `z` that `u` excludes.
fn program() -> (Program, Vec<VarId>, VarId) {
    let mut p = Program::new('Q');
    let x = p.bool_var("x", true).unwrap();
    let y = p.bool_var("y", true).unwrap();
    let u = p.union_var("u", &[x, y]).unwrap();
    let names = ["z".to_string(), "w".to_string()];
    let zw = p.one_of(&names, vec![vec![u], vec![]]).unwrap();
    let mut order = vec![x, y];
    order.extend(zw);
    (p, order, u)
}

/// The matches of the program in `dialect` on `engine`, decoded and checked: all of them
/// (counting inside the engine), or the first.
fn matches(dialect: &'static Dialect, engine: &str, portable: bool, all: bool) -> Vec<Vec<String>> {
    let (p, order, _) = program();
    let options = Options {
        portable,
        ..Options::new(dialect)
    };
    let compiled = compile(&p, &order, &options).unwrap();
    let captures = common::matches(engine, &compiled.pattern, &compiled.subject, all);
    captures
        .iter()
        .map(|caps| {
            let values = compiled.decode(&p, |n| caps.get(n)).unwrap();
            assert!(check(&p, &values).is_empty(), "IR check: {values:?}");
            values
        })
        .collect()
}

#[test]
fn the_union_is_true_when_one_member_is_and_never_two() {
    let expected: Vec<Vec<String>> = [
        // x, y, u, z, w
        ["Q", "", "Q", "", "Q"],
        ["", "Q", "Q", "", "Q"],
        ["", "", "", "Q", ""],
        ["", "", "", "", "Q"],
    ]
    .iter()
    .map(|row| row.iter().map(|s| s.to_string()).collect())
    .collect();
    assert_eq!(matches(&PCRE2, "pcre2", false, true), expected);
    assert_eq!(matches(&PCRE2, "pcre2-interp", true, true), expected);
    assert_eq!(matches(&FANCY, "fancy", false, false), expected[..1]);
}

#[test]
fn the_checker_rejects_a_wrong_union() {
    let (p, _, u) = program();
    let values = |v: [&str; 5]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert!(check(&p, &values(["Q", "", "Q", "", "Q"])).is_empty());
    // Both members true.
    let both = check(&p, &values(["Q", "Q", "Q", "", "Q"]));
    assert_eq!(both.len(), 1, "{both:?}");
    assert_eq!(both[0].what, "union(u <- x,y)");
    // A member true, the union false (and so z allowed).
    let wrong = check(&p, &values(["", "Q", "", "Q", ""]));
    assert_eq!(wrong.len(), 1, "{wrong:?}");
    assert_eq!(p.var(u).name, "u");
}
