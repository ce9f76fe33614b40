//! The packing gadget's three lowerings (branch reset, trie loop, backreference guards) agree:
//! the same first solution, and the same verdict when there is none, through PCRE2.

use backref_engine::{engine_by_name, Limits, Mode, Outcome};
use backref_program::{check, compile, dialect, Options, PackItem, PackOption, Program, VarId};

/// Five items over eight resources, the first two must be covered; item 3's options require
/// resource 0 to be used already (a search hint).
fn program(impossible: bool) -> (Program, Vec<VarId>) {
    let mut p = Program::new('T');
    let sets: [&[&[u32]]; 5] = [
        &[&[0, 4], &[1, 5], &[2, 6]],
        &[&[0, 1], &[4, 5], &[6, 7]],
        &[&[3], &[2, 3], &[1]],
        &[&[7], &[5, 6]],
        &[&[2, 2], &[6], &[]],
    ];
    let items = sets
        .iter()
        .enumerate()
        .map(|(i, opts)| PackItem {
            name: format!("I{i}"),
            symmetry: None,
            options: opts
                .iter()
                .enumerate()
                .map(|(j, rs)| PackOption {
                    label: format!("o{j}"),
                    resources: rs.to_vec(),
                    requires: if i == 3 { vec![0] } else { vec![] },
                })
                .collect(),
        })
        .collect();
    let vars = p.packing(items, 8, if impossible { 8 } else { 2 }).unwrap();
    (p, vars)
}

fn first(program: &Program, order: &[VarId], options: &Options) -> (String, Option<Vec<String>>) {
    let compiled = compile(program, order, options).unwrap();
    let engine = engine_by_name("pcre2").unwrap();
    let run = engine
        .run(
            &compiled.pattern,
            &compiled.subject,
            Mode::First,
            &Limits::default(),
        )
        .unwrap();
    let values = match run.outcome {
        Outcome::Solved(c) => {
            let values = compiled.decode(program, |n| c.get(n)).unwrap();
            assert!(check(program, &values).is_empty(), "{values:?}");
            Some(values)
        }
        Outcome::NoSolution => None,
        Outcome::GaveUp { .. } => panic!("gave up"),
    };
    (compiled.pattern, values)
}

/// PCRE2 restricted to captures and backreferences: the packing's guard form.
fn portable() -> Options {
    Options {
        portable: true,
        ..Options::new(&dialect::PCRE2)
    }
}

#[test]
fn every_form_finds_the_same_first_solution() {
    let (p, order) = program(false);
    let reset = first(&p, &order, &Options::new(&dialect::PCRE2));
    assert!(reset.0.contains("(?|"), "PCRE2 takes the branch-reset form");
    let no_reset = dialect::Dialect {
        features: backref_program::Features {
            branch_reset: false,
            ..dialect::PCRE2.features
        },
        ..dialect::PCRE2
    };
    let no_reset: &'static dialect::Dialect = Box::leak(Box::new(no_reset));
    let trie = first(&p, &order, &Options::new(no_reset));
    assert!(!trie.0.contains("(?|"));
    let guards = first(&p, &order, &portable());
    let expected = ["o2", "o0", "o0", "o0", "o2"].map(String::from).to_vec();
    assert_eq!(reset.1.as_ref(), Some(&expected));
    assert_eq!(trie.1.as_ref(), Some(&expected));
    // The guard form ignores the `requires` hint; the first solution is the same here.
    assert_eq!(guards.1.as_ref(), Some(&expected));
}

#[test]
fn readable_names_work_in_the_branch_reset_form() {
    let (p, order) = program(false);
    let options = Options {
        naming: backref_program::Naming::Readable,
        ..Options::new(&dialect::PCRE2)
    };
    let (pattern, values) = first(&p, &order, &options);
    assert!(pattern.contains("(?<R0>"));
    assert!(values.is_some());
}

#[test]
fn every_form_reports_no_solution() {
    let (p, order) = program(true);
    assert_eq!(first(&p, &order, &Options::new(&dialect::PCRE2)).1, None);
    assert_eq!(first(&p, &order, &portable()).1, None);
}

#[test]
fn symmetry_classes_give_the_same_first_solution_in_every_form() {
    // Three interchangeable items over a row of six cells (each takes two adjacent cells) and
    // one more item: members of the class must choose increasing options.
    let mut p = Program::new('T');
    let dominoes: Vec<PackOption> = (0..5)
        .map(|c| PackOption {
            label: format!("at{c}"),
            resources: vec![c, c + 1],
            requires: vec![],
        })
        .collect();
    let mut items: Vec<PackItem> = (0..3)
        .map(|i| PackItem {
            name: format!("D{i}"),
            symmetry: Some(7),
            options: dominoes.clone(),
        })
        .collect();
    items.insert(
        1,
        PackItem {
            name: "X".into(),
            symmetry: None,
            options: vec![PackOption {
                label: "any".into(),
                resources: vec![],
                requires: vec![],
            }],
        },
    );
    let order = p.packing(items, 6, 6).unwrap();
    let reset = first(&p, &order, &Options::new(&dialect::PCRE2));
    assert!(reset.0.contains("(?|"));
    let expected = ["at0", "any", "at2", "at4"].map(String::from).to_vec();
    assert_eq!(reset.1, Some(expected.clone()));
    let guards = first(&p, &order, &portable());
    assert_eq!(guards.1, Some(expected));
    // Counting: with the class ordered there is exactly one tiling, not 3! = 6.
    let compiled = compile(&p, &order, &Options::new(&dialect::PCRE2)).unwrap();
    let engine = engine_by_name("pcre2").unwrap();
    let run = engine
        .run(
            &compiled.pattern,
            &compiled.subject,
            Mode::Count { keep: 0 },
            &Limits::default(),
        )
        .unwrap();
    assert_eq!(run.count.expect("a count").matches, 1);
}
