//! The column-by-column scan (`--order area-by-columns`): the transposed puzzle's search, its
//! answer mirrored back. On small generated puzzles, with and without rotation, the number of
//! matches inside PCRE2 on the transposed puzzle equals the native count on the original, and
//! the first match, mirrored back, is an answer to the original: the rule checker accepts it
//! and it is the native solver's first answer on the transposed puzzle, mirrored back.

mod common;

use backref_program::dialect::PCRE2;
use backref_rectangles::transpose::placements_back;
use backref_rectangles::{check, count, parse, solve, Options};
use backref_rng::Rng;
use common::{puzzle_text as puzzle, through_pcre2};

#[test]
fn the_column_scan_keeps_every_solution() {
    let mut rng = Rng::new(0xc01);
    let mut next = |n: usize| rng.below(n);
    let mut solved = 0;
    for case in 0..20 {
        let (width, height) = [(5, 3), (3, 4), (4, 4), (6, 2), (5, 4)][case % 5];
        let pieces: Vec<(usize, usize)> = (0..4 + next(4))
            .map(|_| (1 + next(3), 1 + next(3)))
            .collect();
        let original = parse(&puzzle(&pieces, width, height)).unwrap();
        let swapped: Vec<(usize, usize)> = pieces.iter().map(|&(w, h)| (h, w)).collect();
        let text = puzzle(&swapped, height, width);
        let (parsed, mirror) = (parse(&text).unwrap(), original.transposed());
        let dims = |p: &backref_rectangles::Puzzle| -> Vec<(usize, usize)> {
            p.pieces.iter().map(|pc| (pc.width, pc.height)).collect()
        };
        assert_eq!(
            (dims(&parsed), parsed.canvas),
            (dims(&mirror), mirror.canvas)
        );
        for rotation in [true, false] {
            let base = Options {
                allow_rotation: rotation,
                ..Options::default()
            };
            let all = Options {
                every_solution: true,
                ..base
            };
            let (counted, _, _) = through_pcre2(&text, &all, &PCRE2);
            assert_eq!(counted, count(&original, &all, u64::MAX), "case {case}");
            let (_, first, _) = through_pcre2(&text, &base, &PCRE2);
            let native = solve(&original.transposed(), &base).map(placements_back);
            assert_eq!(first.clone().map(placements_back), native, "case {case}");
            if let Some(answer) = native {
                check(&original, &base, &answer).unwrap();
                solved += 1;
            }
        }
    }
    assert!(solved >= 10, "{solved} solvable cases");
}
