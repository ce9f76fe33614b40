//! Solver order, options, counting, checker and rendering.

use backref_rectangles::{
    check, count, parse, render, solve, solve_with_stats, Labels, Options, Piece, Placement,
    Puzzle, VerifyError,
};

const EXAMPLE: &str = "aa\naa\n\nbb\n\nc\n\nddd\n\n~~~\n~~~\n";

fn placements(list: &[(usize, usize, usize, bool)]) -> Vec<Placement> {
    list.iter()
        .map(|&(piece, row, col, rotated)| Placement {
            piece,
            row,
            col,
            rotated,
        })
        .collect()
}

#[test]
fn puzzles_md_example_in_seed_order() {
    let puzzle = parse(EXAMPLE).unwrap();
    let options = Options::default();
    let solution = solve(&puzzle, &options).unwrap();
    // The 2×2 block first, then `bb` stood upright.
    assert_eq!(solution, placements(&[(0, 0, 0, false), (1, 0, 2, true)]));
    check(&puzzle, &options, &solution).unwrap();
    let r = render(&puzzle, &solution);
    assert_eq!(r.rows, vec!["aab", "aab"]);
    assert_eq!(r.labels, Labels::OwnChars);
    assert_eq!(
        r.to_text(),
        "aab\naab\n\npiece 0 at row 0, col 0\npiece 1 at row 0, col 2, rotated\n"
    );
}

#[test]
fn options_change_the_answer() {
    let puzzle = parse(EXAMPLE).unwrap();
    let no_rotation = Options {
        allow_rotation: false,
        allow_reuse: false,
        order: backref_rectangles::PieceOrder::Input,
        ..Options::default()
    };
    // Without rotation `aa/aa` first cannot be completed (the last column needs a 1×2 piece),
    // so the search moves on to `bb`, then `c`, then `ddd` on the second row.
    let s = solve(&puzzle, &no_rotation).unwrap();
    check(&puzzle, &no_rotation, &s).unwrap();
    assert_eq!(
        s,
        placements(&[(1, 0, 0, false), (2, 0, 2, false), (3, 1, 0, false)])
    );
    // Largest first (the default order): after `aa/aa`, `ddd` (area 3) comes before `bb`.
    let largest = Options {
        order: backref_rectangles::PieceOrder::Area,
        ..no_rotation
    };
    let s = solve(&puzzle, &largest).unwrap();
    check(&puzzle, &largest, &s).unwrap();
    assert_eq!(
        s,
        placements(&[(3, 0, 0, false), (1, 1, 0, false), (2, 1, 2, false)])
    );
    let reuse = Options {
        allow_rotation: false,
        allow_reuse: true,
        ..Options::default()
    };
    let s = solve(&puzzle, &reuse).unwrap();
    check(&puzzle, &reuse, &s).unwrap();
    // `aa/aa`, then `c` twice.
    assert_eq!(
        s,
        placements(&[(0, 0, 0, false), (2, 0, 2, false), (2, 1, 2, false)])
    );
    assert_eq!(
        check(&puzzle, &Options::default(), &s),
        Err(VerifyError::Reused { index: 2, piece: 2 })
    );
    let r = render(&puzzle, &s);
    assert_eq!(r.labels, Labels::UseOrder);
    assert_eq!(r.rows, vec!["AAB", "AAC"]);
}

#[test]
fn unsolvable_examples() {
    let options = Options::default();
    for input in [
        "111\n\n~~\n",
        "111\n\n~~~\n~~~\n",
        "aa\naa\n\nbbb\n\n~~~\n~~~\n~~~\n",
        "aa\naa\n\nbb\nbb\n\nc\n\n~~~\n~~~\n~~~\n",
        "~~\n",
    ] {
        let puzzle = parse(input).unwrap();
        assert_eq!(solve(&puzzle, &options), None, "{input:?}");
        assert_eq!(count(&puzzle, &options, 100), 0, "{input:?}");
    }
}

#[test]
fn counting_solutions() {
    // Two 1×1 pieces on a 2×1 canvas: orders (0,1) and (1,0).
    let puzzle = parse("a\n\nb\n\n~~\n").unwrap();
    assert_eq!(count(&puzzle, &Options::default(), 100), 2);
    assert_eq!(count(&puzzle, &Options::default(), 1), 1);
    assert_eq!(count(&puzzle, &Options::default(), 0), 0);
    // The example: [aa, bb↑], [bb, c, ddd], [c, bb, ddd], [ddd, bb, c], [ddd, c, bb], [bb↑, aa].
    let example = parse(EXAMPLE).unwrap();
    assert_eq!(count(&example, &Options::default(), 1000), 6);
    // Four unit squares on 2×2: 4! orders.
    let units = parse("x\n\nx\n\nx\n\nx\n\n~~\n~~\n").unwrap();
    assert_eq!(count(&units, &Options::default(), 1000), 24);
    // With reuse every cell may take any of the four pieces: 4^4 lists.
    let reuse = Options {
        allow_rotation: true,
        allow_reuse: true,
        ..Options::default()
    };
    assert_eq!(count(&units, &reuse, 1000), 256);
}

#[test]
fn count_agrees_with_brute_force_on_small_puzzles() {
    // A 3×3 canvas with assorted pieces: count by brute force over seed-order placement lists.
    let puzzle = parse("aa\n\nbb\n\nc\n\ndd\ndd\n\ne\ne\ne\n\nf\n\n~~~\n~~~\n~~~\n").unwrap();
    let options = Options::default();
    fn brute(p: &Puzzle, used: &mut Vec<bool>, grid: &mut Vec<bool>) -> u64 {
        let (w, h) = (p.canvas.width, p.canvas.height);
        let Some(first) = grid.iter().position(|&g| !g) else {
            return 1;
        };
        let (r, c) = (first / w, first % w);
        let mut total = 0;
        for i in 0..p.pieces.len() {
            if used[i] {
                continue;
            }
            for rotated in [false, true] {
                if rotated && p.pieces[i].is_square() {
                    continue;
                }
                let (pw, ph) = p.pieces[i].dims(rotated);
                if c + pw > w || r + ph > h {
                    continue;
                }
                let cells: Vec<usize> = (r..r + ph)
                    .flat_map(|y| (c..c + pw).map(move |x| y * w + x))
                    .collect();
                if cells.iter().any(|&k| grid[k]) {
                    continue;
                }
                for &k in &cells {
                    grid[k] = true;
                }
                used[i] = true;
                total += brute(p, used, grid);
                used[i] = false;
                for &k in &cells {
                    grid[k] = false;
                }
            }
        }
        total
    }
    let expected = brute(
        &puzzle,
        &mut vec![false; puzzle.pieces.len()],
        &mut vec![false; 9],
    );
    assert!(expected > 0);
    assert_eq!(count(&puzzle, &options, u64::MAX), expected);
    let first = solve(&puzzle, &options).unwrap();
    check(&puzzle, &options, &first).unwrap();
}

#[test]
fn identical_pieces_keep_the_first_index() {
    // Equal-size pieces: the first solution uses the earlier one first.
    let puzzle = parse("b\nb\n\naa\n\ncc\n\n~~\n~~\n").unwrap();
    let s = solve(&puzzle, &Options::default()).unwrap();
    assert_eq!(s, placements(&[(0, 0, 0, false), (1, 0, 1, true)]));
    let (_, stats) = solve_with_stats(&puzzle, &Options::default());
    assert!(stats.nodes >= 2);
}

#[test]
fn checker_rejects_bad_answers() {
    let puzzle = parse(EXAMPLE).unwrap();
    let options = Options::default();
    assert_eq!(
        check(&puzzle, &options, &placements(&[(9, 0, 0, false)])),
        Err(VerifyError::NoSuchPiece {
            index: 0,
            piece: 9,
            count: 4
        })
    );
    let no_rotation = Options {
        allow_rotation: false,
        ..options
    };
    assert_eq!(
        check(
            &puzzle,
            &no_rotation,
            &placements(&[(0, 0, 0, false), (1, 0, 2, true)])
        ),
        Err(VerifyError::RotationNotAllowed { index: 1, piece: 1 })
    );
    assert!(matches!(
        check(&puzzle, &options, &placements(&[(3, 1, 1, false)])),
        Err(VerifyError::OutOfCanvas { index: 0, .. })
    ));
    assert!(matches!(
        check(
            &puzzle,
            &options,
            &placements(&[(0, 0, 0, false), (2, 1, 1, false)])
        ),
        Err(VerifyError::Overlap {
            index: 1,
            other: 0,
            row: 1,
            col: 1
        })
    ));
    assert_eq!(
        check(&puzzle, &options, &placements(&[(0, 0, 0, false)])),
        Err(VerifyError::Uncovered {
            row: 0,
            col: 2,
            uncovered: 2
        })
    );
    assert!(matches!(
        check(&puzzle, &options, &placements(&[(0, usize::MAX, 0, false)])),
        Err(VerifyError::OutOfCanvas { .. })
    ));
}

#[test]
fn rendering_uses_own_characters_rotated_clockwise() {
    let puzzle = Puzzle {
        pieces: vec![Piece {
            width: 3,
            height: 2,
            cells: "abcdef".chars().collect(),
            line: 0,
        }],
        canvas: backref_rectangles::Canvas {
            width: 2,
            height: 3,
        },
    };
    let s = solve(&puzzle, &Options::default()).unwrap();
    assert_eq!(s, placements(&[(0, 0, 0, true)]));
    // abc / def turned clockwise: da / eb / fc.
    assert_eq!(render(&puzzle, &s).rows, vec!["da", "eb", "fc"]);
    // Partial fills show the free cells as `~`; bad placements are skipped, never a panic.
    let partial = render(&puzzle, &placements(&[(7, 0, 0, false)]));
    assert_eq!(partial.rows, vec!["~~", "~~", "~~"]);
    assert!(partial.placements.is_empty());
}

#[test]
fn rendering_is_json_ready() {
    fn assert_serialize<T: serde::Serialize>(_: &T) {}
    let puzzle = parse(EXAMPLE).unwrap();
    let s = solve(&puzzle, &Options::default()).unwrap();
    let r = render(&puzzle, &s);
    assert_serialize(&r);
    assert_serialize(&puzzle);
    assert_serialize(&s);
    assert!(r.placements[1].rotated);
    assert_eq!(r.placements[1].label, None);
}
