//! Writes the generated fixtures of `fixtures/cnf/` (seeded, so the files never change) with
//! their `.expected` files: satisfiable or not, and the model count by brute force, checked
//! against the DPLL count. `cargo run --release -p backref-cnf --example fixtures -- DIR`.

use backref_cnf::generate::{pigeonhole, random_ksat};
use backref_cnf::{dpll, Cnf};

fn brute(cnf: &Cnf) -> u64 {
    assert!(cnf.vars <= 24, "brute force on small formulas only");
    (0..1u64 << cnf.vars)
        .filter(|m| {
            cnf.clauses.iter().all(|c| {
                c.iter()
                    .any(|&l| ((m >> (l.unsigned_abs() - 1)) & 1 == 1) == (l > 0))
            })
        })
        .count() as u64
}

fn main() {
    let dir = std::path::PathBuf::from(std::env::args().nth(1).expect("a directory"));
    let mut files: Vec<(String, String, Cnf)> = vec![
        (
            "pigeonhole_3".into(),
            "3 holes, 4 pigeons".into(),
            pigeonhole(3),
        ),
        (
            "pigeonhole_4".into(),
            "4 holes, 5 pigeons".into(),
            pigeonhole(4),
        ),
    ];
    for (vars, clauses, seed) in [
        (12, 36, 1),
        (16, 64, 2),
        (20, 85, 3),
        (20, 91, 4),
        (20, 100, 5),
        (20, 130, 6),
        (24, 120, 7),
    ] {
        files.push((
            format!("random3_v{vars}_c{clauses}"),
            format!(
                "uniform random 3-SAT, seed {seed}, ratio {:.2}",
                clauses as f64 / vars as f64
            ),
            random_ksat(vars, clauses, 3, seed),
        ));
    }
    for (name, what, cnf) in files {
        let models = brute(&cnf);
        assert_eq!(models, dpll::count(&cnf, u64::MAX), "{name}");
        let text = format!(
            "c backref fixture {name}: {what} (crates/cnf/examples/fixtures.rs)\n{}",
            cnf.to_dimacs()
        );
        std::fs::write(dir.join(format!("{name}.cnf")), text).expect("writable");
        let sat = if models > 0 {
            "satisfiable"
        } else {
            "unsatisfiable"
        };
        std::fs::write(
            dir.join(format!("{name}.expected")),
            format!("{sat}\nmodels: {models}\n"),
        )
        .expect("writable");
        println!("{name}: {sat}, {models} model(s)");
    }
    // Beyond brute force: satisfiability from DPLL alone. `wide` has more than 100 variables
    // (group numbers past Python's and Ruby's octal-escape trap); `hard/` is for time bounds.
    for (sub, name, cnf) in [
        ("", "random3_v150_c450", random_ksat(150, 450, 3, 8)),
        ("hard", "random3_v200_c852", random_ksat(200, 852, 3, 9)),
    ] {
        let d = dir.join(sub);
        std::fs::create_dir_all(&d).expect("a directory");
        let text = format!(
            "c backref fixture {name}: uniform random 3-SAT (crates/cnf/examples/fixtures.rs)\n{}",
            cnf.to_dimacs()
        );
        std::fs::write(d.join(format!("{name}.cnf")), text).expect("writable");
        let sat = if dpll::solve(&cnf).model.is_some() {
            "satisfiable"
        } else {
            "unsatisfiable"
        };
        std::fs::write(d.join(format!("{name}.expected")), format!("{sat}\n")).expect("writable");
        println!("{name}: {sat}");
    }
}
