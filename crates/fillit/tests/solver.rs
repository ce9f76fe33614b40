//! The native solver against the plain classic search, the checker, and the renderer.

use backref_fillit::{
    check_output, check_solution, lower_bound, paint, parse, render, solve, solve_size,
    solve_size_with, solve_with, start_side, Piece, SearchOptions, Shape, SizeStatus, Solution,
    VerifyError, MAX_PIECES,
};

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

fn random_pieces(n: usize, seed: u64) -> Vec<Piece> {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    (0..n).map(|_| Shape::ALL[rng.below(19)].piece()).collect()
}

#[test]
fn nineteen_distinct_shapes() {
    let mut masks: Vec<u16> = Shape::ALL.iter().map(|s| s.mask()).collect();
    masks.sort();
    masks.dedup();
    assert_eq!(masks.len(), 19);
    for s in Shape::ALL {
        assert_eq!(s.piece().shape(), s);
        assert_eq!(Shape::from_mask(s.mask()), Some(s));
    }
    // Four cells that are not a tetrimino.
    assert_eq!(Piece::from_mask(0b1001_0000_0000_0110), None);
}

#[test]
fn starting_side_and_lower_bound() {
    assert_eq!(start_side(1), 2);
    assert_eq!(start_side(4), 4);
    assert_eq!(start_side(5), 5);
    assert_eq!(start_side(26), 11);
    assert_eq!(lower_bound(&[Shape::IVertical.piece()]), 4);
    assert_eq!(lower_bound(&[Shape::O.piece()]), 2);
    assert_eq!(lower_bound(&[Shape::TUp.piece()]), 3);
}

#[test]
fn pruned_search_matches_plain_classic_search() {
    let mut compared = 0;
    for n in 1..=11 {
        for seed in 0..12u64 {
            let pieces = random_pieces(n, 1000 * n as u64 + seed);
            let fast = solve(&pieces);
            let plain = solve_with(
                &pieces,
                &SearchOptions {
                    node_limit: Some(3_000_000),
                    ..SearchOptions::plain()
                },
            );
            if let Some(plain) = plain.solution {
                assert_eq!(fast, plain, "{n} pieces, seed {seed}");
                compared += 1;
            }
            check_solution(&fast, &pieces, Some(fast.side)).unwrap();
        }
    }
    assert!(compared > 100, "only {compared} comparisons");
}

/// Pieces drawn from a few shapes only, so that identical pieces abound (as in the public
/// benchmark map with 17 S pieces).
fn few_shapes(n: usize, seed: u64) -> Vec<Piece> {
    let palette = [
        Shape::SHorizontal,
        Shape::ZVertical,
        Shape::TDown,
        Shape::IHorizontal,
    ];
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    (0..n)
        .map(|_| {
            // Two pieces in three are S pieces.
            let k = if rng.below(3) == 0 { rng.below(4) } else { 0 };
            palette[k].piece()
        })
        .collect()
}

#[test]
fn exact_mode_matches_plain_classic_search() {
    let mut compared = 0;
    for n in 1..=11 {
        for seed in 0..10u64 {
            for pieces in [random_pieces(n, 500 + seed), few_shapes(n, 900 + seed)] {
                let exact = solve_with(&pieces, &SearchOptions::exact());
                let exact = exact.solution.expect("no limit");
                let plain = solve_with(
                    &pieces,
                    &SearchOptions {
                        node_limit: Some(3_000_000),
                        ..SearchOptions::plain()
                    },
                );
                if let Some(plain) = plain.solution {
                    assert_eq!(exact, plain, "{n} pieces, seed {seed}: {pieces:?}");
                    compared += 1;
                }
                check_solution(&exact, &pieces, Some(exact.side)).unwrap();
            }
        }
    }
    assert!(compared > 150, "only {compared} comparisons");
}

#[test]
fn exact_mode_on_boards_of_more_than_128_cells() {
    // Squares leave 11×11 (the lattice bound) for 12×12, where the memo takes its wide key.
    let mut compared = 0;
    for seed in 0..6u64 {
        let mut pieces = vec![Shape::O.piece(); 22];
        pieces.extend(random_pieces(4, 40 + seed));
        let exact = solve_size_with(&pieces, 12, &SearchOptions::exact());
        let plain = solve_size_with(
            &pieces,
            12,
            &SearchOptions {
                node_limit: Some(3_000_000),
                ..SearchOptions::plain()
            },
        );
        if plain.status != SizeStatus::LimitReached {
            assert_eq!(exact.solution, plain.solution, "seed {seed}: {pieces:?}");
            compared += 1;
        }
    }
    assert!(compared >= 3, "only {compared} comparisons");
}

#[test]
fn budgeted_search_switches_to_exact_mode_with_the_same_answer() {
    let bytes = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/fillit/slow/slow_20.txt"
    ))
    .unwrap();
    let pieces = parse(&bytes).unwrap();
    let hybrid = solve_with(&pieces, &SearchOptions::default());
    // The budgeted search alone needs millions of nodes here: the switch happened.
    assert!(hybrid.nodes() + hybrid.lookahead_nodes() > backref_fillit::EXACT_AFTER);
    let exact = solve_with(&pieces, &SearchOptions::exact());
    assert_eq!(hybrid.solution, exact.solution);
    let out = render(&hybrid.solution.unwrap(), &pieces);
    let expected = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/fillit/slow/slow_20.expected"
    ))
    .unwrap();
    assert_eq!(out, expected);
}

#[test]
fn each_pruning_alone_preserves_the_answer() {
    for seed in 0..6u64 {
        let pieces = random_pieces(9, 77 + seed);
        let reference = solve(&pieces);
        for options in [
            SearchOptions {
                same_shape_order: true,
                ..SearchOptions::plain()
            },
            SearchOptions {
                dead_cells: true,
                ..SearchOptions::plain()
            },
            SearchOptions {
                lookahead: true,
                ..SearchOptions::plain()
            },
            SearchOptions {
                lookahead: true,
                exact: true,
                ..SearchOptions::plain()
            },
        ] {
            let got = solve_with(&pieces, &options).solution.unwrap();
            assert_eq!(got, reference, "seed {seed}, {options:?}");
        }
    }
}

#[test]
fn sizes_searched_in_order() {
    // Two vertical bars and two squares tile the 4×4 square exactly.
    let pieces = parse(b"#...\n#...\n#...\n#...\n\n#...\n#...\n#...\n#...\n\n##..\n##..\n....\n....\n\n##..\n##..\n....\n....\n").unwrap();
    let at4 = solve_size(&pieces, 4);
    assert_eq!(at4.status, SizeStatus::Found);
    assert_eq!(
        at4.solution.unwrap().placements,
        vec![(0, 0), (0, 1), (0, 2), (2, 2)]
    );
    let at3 = solve_size(&pieces, 3);
    assert_eq!(at3.status, SizeStatus::Exhausted);
    assert!(at3.solution.is_none());
    // Five squares: 20 cells, so the search starts at side 5, but a 5×5 square holds only
    // four 2×2 squares (the lattice bound says so without searching): side 6.
    let squares = vec![Shape::O.piece(); 5];
    assert_eq!(solve(&squares).side, 6);
    let report = solve_with(&squares, &SearchOptions::default());
    let first = &report.sizes[0];
    assert_eq!(
        (first.side, first.status, first.nodes),
        (5, SizeStatus::Exhausted, 0)
    );
    let plain = solve_with(&squares, &SearchOptions::plain());
    assert_eq!(plain.solution, report.solution);
    assert!(plain.sizes[0].nodes > 0);
}

#[test]
fn node_limit_stops_the_search() {
    let pieces = random_pieces(20, 82);
    let options = SearchOptions {
        node_limit: Some(1_000),
        ..SearchOptions::default()
    };
    let report = solve_with(&pieces, &options);
    assert!(report.solution.is_none());
    assert_eq!(
        report.sizes.last().unwrap().status,
        SizeStatus::LimitReached
    );
    assert!(report.nodes() + report.lookahead_nodes() <= 1_000);
    let plain = solve_size_with(
        &pieces,
        9,
        &SearchOptions {
            node_limit: Some(500),
            ..SearchOptions::plain()
        },
    );
    assert_eq!(plain.status, SizeStatus::LimitReached);
    assert_eq!(plain.nodes, 500);
}

#[test]
fn render_prints_the_classic_square() {
    let pieces = parse(b"....\n###.\n.#..\n....\n\n#...\n#...\n#...\n#...\n").unwrap();
    let solution = solve(&pieces);
    let text = render(&solution, &pieces);
    assert_eq!(text, "AAAB\n.A.B\n...B\n...B\n");
    assert_eq!(paint(&solution, &pieces)[0], "AAAB");
    assert_eq!(check_output(&text, &pieces, Some(4)), Ok(4));
}

#[test]
fn checker_rejects_wrong_answers() {
    let pieces = parse(b"....\n###.\n.#..\n....\n\n#...\n#...\n#...\n#...\n").unwrap();
    let good = "AAAB\n.A.B\n...B\n...B\n";
    assert_eq!(check_output(good, &pieces, None), Ok(4));
    assert_eq!(
        check_output(good, &pieces, Some(5)),
        Err(VerifyError::WrongSide {
            side: 4,
            expected: 5
        })
    );
    assert_eq!(
        check_output("AAAB\n.A.B\n...B\n...B", &pieces, None),
        Err(VerifyError::MissingNewline)
    );
    assert_eq!(check_output("", &pieces, None), Err(VerifyError::Empty));
    assert!(matches!(
        check_output("AAAB\n.A.B\n...B\n..B\n", &pieces, None),
        Err(VerifyError::NotSquare { line: 4, .. })
    ));
    assert!(matches!(
        check_output("AAAB\n.A.B\n...B\n..CB\n", &pieces, None),
        Err(VerifyError::BadChar { ch: 'C', .. })
    ));
    assert_eq!(
        check_output("AAAB\nAA.B\n...B\n...B\n", &pieces, None),
        Err(VerifyError::CellCount {
            letter: 'A',
            count: 5
        })
    );
    // Right cell count, wrong shape (an L instead of the T).
    assert_eq!(
        check_output("AAAB\nA..B\n...B\n...B\n", &pieces, None),
        Err(VerifyError::WrongShape { letter: 'A' })
    );
    // Piece B missing.
    assert_eq!(
        check_output("AAA.\n.A..\n....\n....\n", &pieces, None),
        Err(VerifyError::CellCount {
            letter: 'B',
            count: 0
        })
    );
    // Placements: overlap and out of bounds.
    let overlap = Solution {
        side: 4,
        placements: vec![(0, 0), (0, 1)],
    };
    assert!(matches!(
        check_solution(&overlap, &pieces, None),
        Err(VerifyError::Overlap { .. })
    ));
    let outside = Solution {
        side: 4,
        placements: vec![(0, 0), (1, 3)],
    };
    assert!(matches!(
        check_solution(&outside, &pieces, None),
        Err(VerifyError::OutOfBounds { letter: 'B', .. })
    ));
    let short = Solution {
        side: 4,
        placements: vec![(0, 0)],
    };
    assert!(matches!(
        check_solution(&short, &pieces, None),
        Err(VerifyError::PieceCount { .. })
    ));
}

#[test]
fn twenty_six_pieces_solve_quickly() {
    for seed in 0..4u64 {
        let pieces = random_pieces(MAX_PIECES, 2600 + seed);
        let solution = solve(&pieces);
        assert_eq!(solution.side, 11, "seed {seed}");
        let text = render(&solution, &pieces);
        check_output(&text, &pieces, Some(11)).unwrap();
    }
}
