//! The packing gadget's waste budget: part of the meaning, and in the loop form a dead-resource
//! pruning that never changes the first solution. Lowered by `backref-program` and run through
//! PCRE2 (the lowering's own unit tests, in `crates/program/src/lower/`, use no engine).

use backref_engine::{engine_by_name, Limits, Mode, Outcome};
use backref_program::dialect::{Dialect, PCRE2};
use backref_program::{check, compile, Features, Options, PackItem, PackOption, Program, VarId};

/// PCRE2 without branch reset, so packings take the trie form, where the dead-resource checks
/// live.
static TRIE: Dialect = Dialect {
    features: Features {
        branch_reset: false,
        ..PCRE2.features
    },
    ..PCRE2
};

/// Placements of polyomino `cells` (row, col) on a `w`×`h` grid, in reading order.
fn placements(cells: &[(u32, u32)], w: u32, h: u32) -> Vec<PackOption> {
    let height = cells.iter().map(|c| c.0).max().unwrap() + 1;
    let width = cells.iter().map(|c| c.1).max().unwrap() + 1;
    let mut out = Vec::new();
    if height > h || width > w {
        return out;
    }
    for r in 0..=h - height {
        for c in 0..=w - width {
            out.push(PackOption {
                label: format!("{r}-{c}"),
                resources: cells.iter().map(|(dr, dc)| (r + dr) * w + c + dc).collect(),
                requires: vec![],
            });
        }
    }
    out
}

const SHAPES: [&[(u32, u32)]; 4] = [
    &[(0, 0), (0, 1), (0, 2)],
    &[(0, 0), (1, 0), (2, 0)],
    &[(0, 0), (1, 0), (1, 1)],
    &[(0, 1), (1, 0), (1, 1)],
];

/// Trominoes of the given shape indexes on a `w`×`h` grid, with or without the waste budget
/// (`w·h − 3·pieces`).
fn trominoes(shapes: &[usize], w: u32, h: u32, budget: bool) -> (Program, Vec<VarId>) {
    let mut p = Program::new('T');
    let items = shapes
        .iter()
        .enumerate()
        .map(|(i, s)| PackItem {
            name: format!("P{i}"),
            options: placements(SHAPES[*s], w, h),
            symmetry: Some(*s as u32),
        })
        .collect();
    let waste = (w * h).saturating_sub(3 * shapes.len() as u32);
    let vars = p
        .packing_with_waste(items, w * h, 0, budget.then_some(waste))
        .unwrap();
    (p, vars)
}

/// The first solution through PCRE2 in the trie form (`None`: no solution), or `Err` when the
/// match limit hit.
fn first(p: &Program, vars: &[VarId], match_limit: Option<u64>) -> Result<Option<Vec<String>>, ()> {
    first_in(&TRIE, p, vars, match_limit)
}

/// As [`first`], printed for `dialect`.
#[allow(clippy::result_unit_err)]
fn first_in(
    dialect: &'static Dialect,
    p: &Program,
    vars: &[VarId],
    match_limit: Option<u64>,
) -> Result<Option<Vec<String>>, ()> {
    let compiled = compile(p, vars, &Options::new(dialect)).unwrap();
    let engine = engine_by_name("pcre2").unwrap();
    let limits = Limits {
        match_limit,
        ..Default::default()
    };
    let run = engine
        .run(&compiled.pattern, &compiled.subject, Mode::First, &limits)
        .unwrap();
    match run.outcome {
        Outcome::Solved(caps) => {
            let values = compiled.decode(p, |n| caps.get(n)).unwrap();
            assert!(check(p, &values).is_empty(), "IR check");
            Ok(Some(
                vars.iter().map(|v| values[v.index()].clone()).collect(),
            ))
        }
        Outcome::NoSolution => Ok(None),
        Outcome::GaveUp { .. } => Err(()),
    }
}

#[test]
fn waste_is_part_of_the_meaning() {
    // Two straight trominoes on 3x3 leave 3 cells unused: a budget of 2 rules every packing out.
    let mut p = Program::new('T');
    let items = (0..2)
        .map(|i| PackItem {
            name: format!("P{i}"),
            options: placements(SHAPES[0], 3, 3),
            symmetry: None,
        })
        .collect();
    let vars = p.packing_with_waste(items, 9, 0, Some(2)).unwrap();
    let mut values = vec![String::new(); p.vars.len()];
    values[vars[0].index()] = "0-0".into();
    values[vars[1].index()] = "1-0".into();
    assert_eq!(check(&p, &values).len(), 1);
    assert_eq!(first(&p, &vars, None), Ok(None));
}

#[test]
fn the_budget_keeps_the_first_solution() {
    // Random mixes of trominoes on small grids with 0 to 2 spare cells (where the loop form
    // checks dead resources): the same first solution, or none, with and without the budget.
    let mut seed = 7u64;
    let mut next = |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n) as usize
    };
    let (mut solved, mut unsolved) = (0, 0);
    for (w, h) in [(3, 3), (4, 3), (3, 4), (4, 4), (5, 3), (5, 4)] {
        for _ in 0..12 {
            let pieces = (w * h) as usize / 3 - next(2);
            let shapes: Vec<usize> = (0..pieces).map(|_| next(4)).collect();
            let (plain, pv) = trominoes(&shapes, w, h, false);
            let (pruned, qv) = trominoes(&shapes, w, h, true);
            let a = first(&plain, &pv, None).unwrap();
            let b = first(&pruned, &qv, None).unwrap();
            assert_eq!(a, b, "{w}x{h} {shapes:?}");
            // The branch-reset form (no dead-resource checks) agrees too.
            let c = first_in(&PCRE2, &pruned, &qv, None).unwrap();
            assert_eq!(a, c, "{w}x{h} {shapes:?}, branch reset");
            if a.is_some() {
                solved += 1;
            } else {
                unsolved += 1;
            }
        }
    }
    assert!(
        solved > 5 && unsolved > 5,
        "{solved} solved, {unsolved} not"
    );
}

#[test]
fn dead_resources_cut_the_search() {
    // Straight trominoes only on 4x4 with one spare cell: 5 horizontal bars cannot fit (each row
    // holds one). Without the budget the search is exhaustive; with it, a branch that seals off
    // more than one cell is cut at once.
    let shapes = [0, 0, 0, 0, 0];
    let (plain, pv) = trominoes(&shapes, 4, 4, false);
    let (pruned, qv) = trominoes(&shapes, 4, 4, true);
    assert_eq!(first(&plain, &pv, None), Ok(None));
    assert_eq!(first(&pruned, &qv, None), Ok(None));
    // The smallest match limit each search finishes within.
    let needed = |p: &Program, v: &[VarId]| {
        (1..64u64)
            .map(|k| k * 50)
            .find(|l| first(p, v, Some(*l)).is_ok())
            .unwrap_or(u64::MAX)
    };
    let (plain_steps, pruned_steps) = (needed(&plain, &pv), needed(&pruned, &qv));
    assert!(
        pruned_steps < plain_steps,
        "{pruned_steps} vs {plain_steps}"
    );
}

#[test]
fn without_a_budget_the_lowering_is_unchanged() {
    let (plain, pv) = trominoes(&[0, 1, 2], 3, 3, false);
    let compiled = compile(&plain, &pv, &Options::new(&TRIE)).unwrap();
    assert!(!compiled.subject.contains('>'));
    let (pruned, qv) = trominoes(&[0, 1, 2], 3, 3, true);
    let compiled = compile(&pruned, &qv, &Options::new(&TRIE)).unwrap();
    assert!(compiled.subject.contains('>'));
}
