//! CNF's generator (see the parent module).
//!
//! Formulas over 1..14 variables (now and then none): random clauses of 1 to 4 literals at
//! densities from empty to far past the satisfiability threshold (both satisfiable and not),
//! or clauses planted around a hidden model (satisfiable); now and then a duplicate literal,
//! a tautology, an empty clause (unsatisfiable), or no clause at all. Written as DIMACS in the
//! forms the parser reads: comment lines anywhere, several clauses on a line or one clause over
//! several lines, extra spaces and tabs, CRLF line ends, SATLIB's `%` / `0` trailer.

use crate::differential::{
    chance, maybe_encoding, maybe_order, maybe_portable, maybe_propagate, pick, Generator, Made,
    Oracle, BRUTE_FORCE_MAX,
};
use backref_cnf::encode::ENCODINGS;
use backref_cnf::{parse, verify, Cnf, Sat, ORDERS};
use backref_rng::Rng;

/// CNF's generator.
pub(in crate::differential) const GENERATOR: Generator = Generator {
    name: "cnf",
    puzzle: "cnf",
    about: "1-14 variables, 1-4 literals a clause, random or planted, odd clauses, every order",
    cases: 450,
    make,
};

/// One case (see the module documentation), with a named order or, one time in four, the
/// default (chosen by the clause density), half of them a named encoding, a quarter portable. A brute
/// force over every assignment, through the rule checker, counts the models.
fn make(rng: &mut Rng) -> Made {
    let vars = if chance(rng, 1, 40) {
        0
    } else {
        1 + rng.below(14)
    };
    let longest = 1 + rng.below(4);
    let ratio = rng.below(61); // clauses per variable, in tenths
    let m = if chance(rng, 1, 30) {
        0
    } else {
        (ratio * vars.max(1)).div_ceil(10).max(1)
    };
    let planted: Option<Vec<bool>> =
        chance(rng, 1, 3).then(|| (0..vars).map(|_| chance(rng, 1, 2)).collect());
    let odd = chance(rng, 1, 3);
    let mut clauses: Vec<Vec<i32>> = Vec::with_capacity(m);
    let mut extras: Vec<&str> = Vec::new();
    while clauses.len() < m {
        if vars == 0 || (odd && chance(rng, 1, 40)) {
            clauses.push(Vec::new());
            extras.push("empty clause");
            continue;
        }
        let len = 1 + rng.below(longest);
        let mut clause: Vec<i32> = (0..len)
            .map(|_| {
                let v = 1 + rng.below(vars) as i32;
                if chance(rng, 1, 2) {
                    v
                } else {
                    -v
                }
            })
            .collect();
        if odd && chance(rng, 1, 8) {
            let l = *pick(rng, &clause);
            clause.insert(rng.below(clause.len() + 1), l);
            extras.push("duplicate literal");
        }
        if odd && chance(rng, 1, 10) {
            let l = *pick(rng, &clause);
            clause.insert(rng.below(clause.len() + 1), -l);
            extras.push("tautology");
        }
        if let Some(model) = &planted {
            let true_lit = |l: i32| model[l.unsigned_abs() as usize - 1] == (l > 0);
            if !clause.iter().any(|&l| true_lit(l)) {
                let i = rng.below(clause.len());
                clause[i] = -clause[i];
            }
        }
        clauses.push(clause);
    }
    extras.sort_unstable();
    extras.dedup();
    let mut kind = format!(
        "{}, 1-{longest} literals",
        if planted.is_some() {
            "planted"
        } else {
            "random"
        }
    );
    for e in &extras {
        kind.push_str(", ");
        kind.push_str(e);
    }
    let cnf = Cnf::new(vars, clauses);
    let text = render(&cnf, rng);
    let parsed = parse(&text, "generated").expect("the command line reads the DIMACS file");
    assert_eq!(
        (parsed.vars, &parsed.clauses),
        (cnf.vars, &cnf.clauses),
        "the DIMACS file reads back differently:\n{text}"
    );
    let mut flags = Vec::new();
    maybe_order(rng, &ORDERS, 4, &mut flags);
    maybe_encoding(rng, &ENCODINGS, 2, &mut flags);
    maybe_portable(rng, 4, &mut flags);
    maybe_propagate(rng, 4, &mut flags);
    let oracle = (1u64 << vars <= BRUTE_FORCE_MAX).then(|| -> Oracle {
        let f = parsed.clone();
        (
            "brute force",
            Box::new(move || {
                (0u64..1 << vars)
                    .filter(|bits| {
                        let model: Vec<bool> = (0..vars).map(|v| bits >> v & 1 == 1).collect();
                        verify::check(&f, &model).is_ok()
                    })
                    .count() as u64
            }),
        )
    });
    Made::with(Sat::new(parsed), text, false, oracle).described(
        format!("{vars}v {m}c"),
        kind,
        flags,
    )
}

/// The formula as a DIMACS file: comments before and after the header and between clauses,
/// clauses one a line, several a line or split over lines, extra blanks, sometimes CRLF line
/// ends and SATLIB's trailer.
fn render(cnf: &Cnf, rng: &mut Rng) -> String {
    let mut lines: Vec<String> = Vec::new();
    if chance(rng, 1, 2) {
        lines.push("c generated by the differential tests".into());
    }
    let header_gap = *pick(rng, &[" ", " ", "  ", "\t"]);
    lines.push(format!(
        "p{header_gap}cnf{header_gap}{}{header_gap}{}",
        cnf.vars,
        cnf.clauses.len()
    ));
    if chance(rng, 1, 4) {
        lines.push("c".into());
    }
    let layout = rng.below(4);
    let mut tokens: Vec<Vec<String>> = Vec::new();
    for clause in &cnf.clauses {
        let mut t: Vec<String> = clause.iter().map(i32::to_string).collect();
        t.push("0".into());
        tokens.push(t);
    }
    match layout {
        // One clause a line.
        0 | 1 => {
            for t in &tokens {
                let gap = if chance(rng, 1, 10) { "\t" } else { " " };
                let lead = if chance(rng, 1, 10) { " " } else { "" };
                lines.push(format!("{lead}{}", t.join(gap)));
                if chance(rng, 1, 12) {
                    lines.push("c between clauses".into());
                }
            }
        }
        // Every token on a random line break.
        2 => {
            let mut line: Vec<String> = Vec::new();
            for t in tokens.iter().flatten() {
                line.push(t.clone());
                if chance(rng, 1, 3) {
                    lines.push(line.join(" "));
                    line.clear();
                }
            }
            if !line.is_empty() {
                lines.push(line.join(" "));
            }
        }
        // Everything on one line.
        _ => {
            if !tokens.is_empty() {
                lines.push(tokens.concat().join(" "));
            }
        }
    }
    if chance(rng, 1, 5) {
        lines.push("%".into());
        lines.push("0".into());
        if chance(rng, 1, 2) {
            lines.push(String::new());
        }
    }
    let end = if chance(rng, 1, 6) { "\r\n" } else { "\n" };
    let mut text = lines.join(end);
    text.push_str(end);
    text
}
