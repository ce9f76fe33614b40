//! The translation against the evaluator and the native search: small FlatZinc models using
//! each supported constraint, their solutions counted inside PCRE2 (every one checked by the
//! evaluator) and compared with the native count; the linear chain and the split element (the
//! forms for large domains) against the plain tables.

use backref_flatzinc::{parse, Fzn};
use backref_pipeline::{count, Request};

fn counts(src: &str) -> (u64, u64) {
    let model = parse(src, "test.fzn").unwrap_or_else(|e| panic!("{e}"));
    let fzn = Fzn::new(model);
    let engine = backref_engine::engine_by_name("pcre2").expect("built in");
    let report = count(&fzn, &*engine, &Request::new(&*engine), 1000).expect("counts");
    assert!(report.problems.is_empty(), "{src}: {:?}", report.problems);
    (report.count, report.native_count.expect("native count"))
}

fn agrees(src: &str, expected: u64) {
    let (ours, native) = counts(src);
    assert_eq!((ours, native), (expected, expected), "{src}");
}

const XYZ: &str =
    "var 0..3: x :: output_var; var 0..3: y :: output_var; var 0..3: z :: output_var;\n";

#[test]
fn arithmetic_relations() {
    for c in [
        "int_plus(x, y, z)",
        "int_times(x, y, z)",
        "int_min(x, y, z)",
        "int_max(x, y, z)",
        "int_div(x, y, z)",
        "int_mod(x, y, z)",
        "int_abs(x, z)",
        "int_lin_ne([1, 2], [x, y], 3)",
        "int_lin_le([1, 1, 1], [x, y, z], 2)",
        "int_le_reif(x, y, b)",
    ] {
        let src = format!("{XYZ}var bool: b;\nconstraint {c};\nsolve satisfy;\n");
        agrees(&src, brute(c));
    }
}

/// The test's own count of the assignments of x, y, z in 0..3 and b that satisfy `c`.
fn brute(c: &str) -> u64 {
    let mut n = 0;
    for x in 0..4i64 {
        for y in 0..4i64 {
            for z in 0..4i64 {
                for b in [false, true] {
                    let ok = match c {
                        "int_plus(x, y, z)" => x + y == z,
                        "int_times(x, y, z)" => x * y == z,
                        "int_min(x, y, z)" => x.min(y) == z,
                        "int_max(x, y, z)" => x.max(y) == z,
                        "int_div(x, y, z)" => y != 0 && x / y == z,
                        "int_mod(x, y, z)" => y != 0 && x % y == z,
                        "int_abs(x, z)" => x.abs() == z,
                        "int_lin_ne([1, 2], [x, y], 3)" => x + 2 * y != 3,
                        "int_lin_le([1, 1, 1], [x, y, z], 2)" => x + y + z <= 2,
                        "int_le_reif(x, y, b)" => (x <= y) == b,
                        _ => unreachable!(),
                    };
                    n += u64::from(ok);
                }
            }
        }
    }
    n
}

#[test]
fn booleans_and_clauses() {
    let bools =
        "var bool: a :: output_var; var bool: b :: output_var; var bool: c :: output_var;\n";
    for (c, n) in [
        ("bool_clause([a, b], [c])", 7),
        ("array_bool_and([a, b], c)", 4),
        ("array_bool_or([a, b], c)", 4),
        ("array_bool_and([a, b], true)", 2),
        ("array_bool_or([a, b, c], false)", 1),
        ("bool_xor(a, b, c)", 4),
        ("bool_le(a, b)", 6),
        ("bool_clause([], [a, b])", 6),
    ] {
        agrees(&format!("{bools}constraint {c};\nsolve satisfy;\n"), n);
    }
}

#[test]
fn elements_sets_and_globals() {
    agrees(
        &format!("{XYZ}constraint array_int_element(x, [3, 1, 2], y);\nsolve satisfy;\n"),
        3 * 4,
    );
    agrees(
        &format!("{XYZ}constraint array_var_int_element(x, [y, z, 2], y);\nsolve satisfy;\n"),
        // x = 1: always (16 of y, z); x = 2: z = y (4); x = 3: y = 2 (4).
        16 + 4 + 4,
    );
    agrees(
        &format!("{XYZ}constraint set_in(x, {{1, 3}});\nsolve satisfy;\n"),
        32,
    );
    agrees(
        &format!("{XYZ}constraint fzn_all_different_int([x, y, z]);\nsolve satisfy;\n"),
        24,
    );
    agrees(
        &format!("{XYZ}constraint fzn_count_eq([x, y, z], 1, 2);\nsolve satisfy;\n"),
        3 * 3,
    );
    agrees(
        &format!("{XYZ}constraint fzn_count_eq([x, y], z, 1);\nsolve satisfy;\n"),
        4 * 3 * 2,
    );
    agrees(
        &format!("{XYZ}constraint fzn_table_int([x, y], [0, 1, 1, 2, 2, 9]);\nsolve satisfy;\n"),
        8,
    );
    // inverse: the permutations of three, also with the arrays' index offsets (f indexed
    // from 1 with values 0..2, g indexed from 0 with values 1..3).
    agrees(
        "var 1..3: f1; var 1..3: f2; var 1..3: f3; var 1..3: g1; var 1..3: g2; var 1..3: g3;\n\
         constraint backref_inverse([f1, f2, f3], 1, [g1, g2, g3], 1);\nsolve satisfy;\n",
        6,
    );
    agrees(
        "var 0..2: f1; var 0..2: f2; var 0..2: f3; var 1..3: g1; var 1..3: g2; var 1..3: g3;\n\
         constraint backref_inverse([f1, f2, f3], 1, [g1, g2, g3], 0);\n\
         constraint int_ne(f1, 0);\nsolve satisfy;\n",
        4,
    );
    // a+ b+ over {1, 2}: 1 1 2, 1 2 2.
    agrees(
        "var 1..2: w1; var 1..2: w2; var 1..2: w3;\n\
         array [1..3] of var int: w :: output_array([1..3]) = [w1, w2, w3];\n\
         constraint fzn_regular(w, 3, 2, [2, 0, 2, 3, 0, 3], 1, {3});\nsolve satisfy;\n",
        2,
    );
}

#[test]
fn large_forms_agree_with_brute_force() {
    // Five digits: the linear chain (10^5 combinations exceed the table limit).
    let digits: String = (1..=5)
        .map(|i| format!("var 0..9: d{i} :: output_var;\n"))
        .collect();
    let brute = (0..100_000u32)
        .filter(|n| {
            let d: Vec<i64> = (0..5).map(|k| (n / 10u32.pow(k) % 10) as i64).collect();
            3 * d[0] - 2 * d[1] + d[2] + 5 * d[3] - d[4] == 17
        })
        .count() as u64;
    agrees(
        &format!(
            "{digits}constraint int_lin_eq([3, -2, 1, 5, -1], [d1, d2, d3, d4, d5], 17);\nsolve satisfy;\n"
        ),
        brute,
    );
    // A var element over five digits: split per position.
    let brute = (0..1_000_000u32)
        .filter(|n| {
            let d: Vec<i64> = (0..6).map(|k| (n / 10u32.pow(k) % 10) as i64).collect();
            (1..=5).contains(&d[5]) && d[d[5] as usize - 1] == 4
        })
        .count() as u64;
    agrees(
        &format!(
            "{digits}var 0..9: i :: output_var;\nconstraint array_var_int_element(i, [d1, d2, d3, d4, d5], 4);\nsolve satisfy;\n"
        ),
        brute,
    );
}

/// A variable fixed outside its domain leaves the model without a solution: counting it
/// (which encodes without asking `ruled_out`) gives 0 instead of failing on the empty domain
/// (differential flatzinc seed 54).
#[test]
fn a_variable_without_a_value_counts_zero() {
    agrees(
        "var 1..3: x :: output_var;\nvar {1, 2, 4}: c :: output_var = 5;\n\
         constraint int_lt(x, 3);\nsolve satisfy;\n",
        0,
    );
    agrees(
        "var 1..3: x :: output_var;\nvar 5..6: y :: output_var = x;\nsolve satisfy;\n",
        0,
    );
}

/// A variable defined from one fixed outside its domain has no bounds to infer, and needs
/// none: the model has no solution (differential flatzinc, 3000 cases from seed 0).
#[test]
fn a_variable_defined_from_one_without_a_value() {
    agrees(
        "var 2..4: x :: output_var;\nvar {-3, -1, 1, 6}: c :: output_var = 7;\n\
         var int: z :: is_defined_var :: output_var;\n\
         constraint int_max(x, c, z) :: defines_var(z);\nsolve satisfy;\n",
        0,
    );
}

/// `fzn_count_eq` (the name backref's solver library gives `count_eq`) bounds the count it
/// defines by the array's length.
#[test]
fn a_count_defines_its_variable() {
    agrees(
        "var 1..2: x :: output_var;\nvar 1..2: y :: output_var;\n\
         var int: c :: is_defined_var :: output_var;\n\
         constraint fzn_count_eq([x, y], 1, c) :: defines_var(c);\nsolve satisfy;\n",
        4,
    );
}

/// `inverse` over arrays of different lengths has no solution (a bijection needs equal
/// lengths): with equal first indices the translation bounded both arrays' values by the
/// first array's length, and found f = [1, 2, 3], g = [1] (differential flatzinc seed
/// 1795997872).
#[test]
fn inverse_of_different_lengths() {
    agrees(
        "var 1..3: f1 :: output_var;\nvar 1..3: f2 :: output_var;\nvar 1..3: f3 :: output_var;\n\
         var 1..3: g1 :: output_var;\n\
         constraint backref_inverse([f1, f2, f3], 1, [g1], 1);\nsolve satisfy;\n",
        0,
    );
    agrees(
        "var 0..2: f1 :: output_var;\nvar 1..2: g1 :: output_var;\nvar 1..2: g2 :: output_var;\n\
         constraint backref_inverse([f1], 1, [g1, g2], 1);\nsolve satisfy;\n",
        0,
    );
}
