//! The packing's gates (`BACKREF_PACKING_PLAIN` leaves them out, docs/rectangles.md) keep every
//! solution: counted inside PCRE2, in the branch-reset form and in the trie form, with and
//! without them, the counts agree with each other and with the native count, and the first
//! match decodes to the native solver's answer.
//!
//! One test in this file: it sets the variable for its own process.

mod common;

use backref_program::dialect::{Dialect, PCRE2};
use backref_program::Features;
use backref_rectangles::{count, parse, solve, Options};
use common::through_pcre2;

/// PCRE2 without branch reset: the packing takes its trie form.
static TRIE: Dialect = Dialect {
    features: Features {
        branch_reset: false,
        ..PCRE2.features
    },
    ..PCRE2
};

/// The trie form as printed for dialects without possessive quantifiers (fancy-regex, Python).
static TRIE_PLAIN: Dialect = Dialect {
    features: Features {
        branch_reset: false,
        possessive: false,
        ..PCRE2.features
    },
    ..PCRE2
};

#[test]
fn gates_keep_every_solution_and_the_first_one() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/rectangles");
    let mut files: Vec<_> = std::fs::read_dir(root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    let all = Options {
        every_solution: true,
        ..Options::default()
    };
    for file in files {
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&file).unwrap();
        let puzzle = parse(&text).unwrap();
        if puzzle.canvas.area() > 16 {
            // Counting every solution of the bigger ones takes minutes.
            continue;
        }
        let native = count(&puzzle, &all, u64::MAX);
        let answer = solve(&puzzle, &Options::default());
        for dialect in [&PCRE2, &TRIE, &TRIE_PLAIN] {
            for plain in [false, true] {
                if plain {
                    std::env::set_var("BACKREF_PACKING_PLAIN", "1");
                } else {
                    std::env::remove_var("BACKREF_PACKING_PLAIN");
                }
                let (counted, _, _) = through_pcre2(&text, &all, dialect);
                assert_eq!(counted, native, "{name}, plain {plain}");
                let (_, first, _) = through_pcre2(&text, &Options::default(), dialect);
                assert_eq!(first, answer, "{name}, plain {plain}");
            }
        }
    }
    std::env::remove_var("BACKREF_PACKING_PLAIN");
}
