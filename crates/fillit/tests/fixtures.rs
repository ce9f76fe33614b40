//! The project's own fixtures (`fixtures/fillit`): every `NAME.txt` run through the drop-in mode
//! must print exactly `NAME.expected`; valid answers must also pass the independent checker.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::Instant;

use backref_fillit::{check_output, drop_in, parse, EXIT_ERROR, EXIT_OK};

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/fillit");

/// Every fixture, including those in `slow/` (too slow through the regex engines for the
/// end-to-end tests, quick for the native solver).
fn inputs() -> Vec<PathBuf> {
    let base = Path::new(FIXTURES);
    let mut files: Vec<PathBuf> = [base.to_path_buf(), base.join("slow")]
        .iter()
        .flat_map(|d| std::fs::read_dir(d).unwrap())
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    files
}

#[test]
fn fixtures_print_their_expected_output() {
    let (mut valid, mut invalid) = (0, 0);
    for file in inputs() {
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        let expected = std::fs::read_to_string(file.with_extension("expected"))
            .unwrap_or_else(|e| panic!("{name}: no .expected: {e}"));
        let start = Instant::now();
        let (out, code) = drop_in(&[OsString::from(&file)]);
        eprintln!("{name}: {:?}", start.elapsed());
        assert_eq!(out, expected, "{name}");
        if expected == "error\n" {
            assert_eq!(code, EXIT_ERROR, "{name}");
            assert!(parse(&std::fs::read(&file).unwrap()).is_err(), "{name}");
            invalid += 1;
        } else {
            assert_eq!(code, EXIT_OK, "{name}");
            let pieces = parse(&std::fs::read(&file).unwrap()).unwrap();
            let side = expected.lines().count();
            check_output(&out, &pieces, Some(side)).unwrap_or_else(|e| panic!("{name}: {e}"));
            valid += 1;
        }
    }
    assert!(valid >= 12, "{valid} valid fixtures");
    assert!(invalid >= 10, "{invalid} invalid fixtures");
}

/// The encoder's counting bound never rules out the size of a fixture's answer (it is sound),
/// and it does rule out 11×11 for the 26 squares.
#[test]
fn counting_bound_keeps_every_answer_size() {
    for file in inputs() {
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        let Ok(pieces) = parse(&std::fs::read(&file).unwrap()) else {
            continue;
        };
        let expected = std::fs::read_to_string(file.with_extension("expected")).unwrap();
        let side = expected.lines().count();
        assert_eq!(
            backref_fillit::bound::counting_bound(&pieces, side),
            None,
            "{name}"
        );
        if name == "squares_26.txt" {
            assert!(backref_fillit::bound::counting_bound(&pieces, side - 1).is_some());
        }
    }
}
