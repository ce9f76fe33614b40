//! The cell-by-cell feasibility program: through PCRE2 it finds an arrangement exactly when the
//! native solver does, at every size from the lower bound up to the answer, and whatever it finds
//! is a valid arrangement.

use backref_engine::{engine_by_name, Limits, Mode, Outcome};
use backref_fillit::cover::{cover, COVERED, EMPTY};
use backref_fillit::{lower_bound, parse, solve_size, Piece, Shape};
use backref_program::{check, compile, dialect::PCRE2, Options};

/// Whether the program for `side` matches, with its decoded arrangement checked.
fn fits(pieces: &[Piece], side: usize) -> bool {
    let c = cover(pieces, side).unwrap();
    let compiled = compile(&c.program, &c.order, &Options::new(&PCRE2)).unwrap();
    let run = engine_by_name("pcre2")
        .unwrap()
        .run(
            &compiled.pattern,
            &compiled.subject,
            Mode::First,
            &Limits::default(),
        )
        .unwrap();
    let caps = match run.outcome {
        Outcome::Solved(caps) => caps,
        Outcome::NoSolution => return false,
        other => panic!("{side}x{side}: {other:?}"),
    };
    let values = compiled.decode(&c.program, |n| caps.get(n)).unwrap();
    assert!(check(&c.program, &values).is_empty(), "IR check");
    // Paint the arrangement from the cells' values and check it by hand: every piece once,
    // in its own shape, and exactly the slack left empty.
    let mut grid = vec![vec!['?'; side]; side];
    for (cell, v) in c.order.iter().enumerate() {
        let value = &values[v.index()];
        let (r, col) = (cell / side, cell % side);
        if value.starts_with(EMPTY) {
            grid[r][col] = '.';
        } else if let Some((letter, at)) = value.split_once('@') {
            let (top, left) = at.split_once('-').unwrap();
            let (top, left): (usize, usize) = (top.parse().unwrap(), left.parse().unwrap());
            let i = (letter.as_bytes()[0] - b'A') as usize;
            for (dr, dc) in pieces[i].cells() {
                assert_eq!(grid[top + dr][left + dc], '?', "{value} overlaps");
                grid[top + dr][left + dc] = letter.chars().next().unwrap();
            }
        } else {
            assert_eq!(value, COVERED);
        }
    }
    let text: String = grid.iter().flatten().collect();
    assert!(!text.contains('?'), "uncovered cells:\n{grid:?}");
    assert_eq!(
        text.matches('.').count(),
        side * side - 4 * pieces.len(),
        "empty cells"
    );
    for (i, _) in pieces.iter().enumerate() {
        let letter = (b'A' + i as u8) as char;
        assert_eq!(text.matches(letter).count(), 4, "piece {letter}");
    }
    true
}

#[test]
fn feasible_exactly_where_the_native_solver_finds_an_arrangement() {
    let mut seed = 11u64;
    let mut next = |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let mut sets: Vec<Vec<Piece>> = (0..12)
        .map(|k| {
            (0..3 + k % 6)
                .map(|_| Shape::ALL[next(19)].piece())
                .collect()
        })
        .collect();
    // Squares only, where the smallest size often has no arrangement.
    sets.push(vec![Shape::O.piece(); 5]);
    let random_16 = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/fillit/slow/random_16.txt"
    );
    sets.push(parse(&std::fs::read(random_16).unwrap()).unwrap());
    for pieces in sets {
        let first = lower_bound(&pieces);
        for side in first..first + 3 {
            let native = solve_size(&pieces, side).solution.is_some();
            assert_eq!(
                fits(&pieces, side),
                native,
                "{} pieces, side {side}",
                pieces.len()
            );
            if native {
                break;
            }
        }
    }
}
