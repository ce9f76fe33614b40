//! The branch-reset form's split layout (pieces' groups first, each item's options then its
//! shapes; docs/rectangles.md) keeps every solution and the first one: on small generated
//! puzzles, wider than tall (cells numbered down the columns) and not, with and without
//! rotation and reuse, the number of matches inside PCRE2 equals the native count and the first
//! match decodes to the native solver's answer, in the split layout (forced with
//! `BACKREF_PACKING_SPLIT`, since patterns this small take the plain one) and in the plain one.
//!
//! One test in this file: it sets the variable for its own process.

mod common;

use backref_program::dialect::PCRE2;
use backref_rectangles::{count, parse, solve, Options};
use backref_rng::Rng;
use common::{puzzle_text as puzzle, through_pcre2};

#[test]
fn the_split_layout_keeps_every_solution_and_the_first_one() {
    let mut rng = Rng::new(0x5eed);
    let mut next = |n: usize| rng.below(n);
    let mut split = 0;
    for case in 0..24 {
        let (width, height) = [(5, 3), (3, 4), (4, 4), (6, 2), (5, 4)][case % 5];
        let pieces: Vec<(usize, usize)> = (0..4 + next(4))
            .map(|_| (1 + next(3), 1 + next(3)))
            .collect();
        let text = puzzle(&pieces, width, height);
        let p = parse(&text).unwrap();
        for (rotation, reuse, forced) in [
            (true, false, true),
            (false, false, true),
            (true, true, true),
            (true, false, false),
        ] {
            if forced {
                std::env::set_var("BACKREF_PACKING_SPLIT", "1");
            } else {
                std::env::remove_var("BACKREF_PACKING_SPLIT");
            }
            let base = Options {
                allow_rotation: rotation,
                allow_reuse: reuse,
                ..Options::default()
            };
            let all = Options {
                every_solution: true,
                ..base
            };
            let native = count(&p, &all, u64::MAX);
            let (counted, _, subject) = through_pcre2(&text, &all, &PCRE2);
            assert_eq!(
                counted, native,
                "case {case}, {pieces:?} on {width}x{height}"
            );
            let (_, first, _) = through_pcre2(&text, &base, &PCRE2);
            assert_eq!(first, solve(&p, &base), "case {case}, {pieces:?}");
            if split_menus(&subject) {
                assert!(
                    forced,
                    "case {case}: small patterns take the plain layout: {subject}"
                );
                split += 1;
            }
        }
    }
    std::env::remove_var("BACKREF_PACKING_SPLIT");
    // Most of the forced runs take the split layout (it needs pieces and two shapes or more).
    assert!(split > 36, "{split} runs in the split layout");
}

/// Whether `subject` is the split layout's: some item's line holds a menu of shape letters
/// among its tokens, where the plain layout's line is its key, then its one-letter token once
/// per resource. Keys take two letters past 12 items (`ONE_LEVEL_MOST` in the IR's packing).
fn split_menus(subject: &str) -> bool {
    let lines: Vec<&str> = subject
        .split(';')
        .filter(|l| !l.is_empty() && *l != "!")
        .collect();
    let key = if lines.len() > 12 { 2 } else { 1 };
    lines.iter().any(|l| {
        let tokens = &l[key.min(l.len())..];
        tokens.chars().any(|c| !tokens.starts_with(c))
    })
}
