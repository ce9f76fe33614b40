//! The project's fixtures (`fixtures/rectangles`) and, when present, the shared third-party
//! corpus: solvability as expected, the checker accepting every native solution, and for the
//! project's solvable fixtures the exact placements and rendering.

use std::path::{Path, PathBuf};
use std::time::Instant;

use backref_rectangles::{check, count, parse, render, solve, Options};

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/rectangles");
const CORPUS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../../shared/corpus/rectangles"
);

fn inputs(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    files
}

#[test]
fn project_fixtures() {
    let options = Options::default();
    let (mut solvable, mut unsolvable) = (0, 0);
    // `slow/` holds fixtures too slow through the regex engines for the end-to-end tests.
    let base = Path::new(FIXTURES);
    for file in inputs(base).into_iter().chain(inputs(&base.join("slow"))) {
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&file).unwrap();
        let expected = std::fs::read_to_string(file.with_extension("expected"))
            .unwrap_or_else(|e| panic!("{name}: no .expected: {e}"));
        let puzzle = parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let start = Instant::now();
        let solution = solve(&puzzle, &options);
        eprintln!("{name}: {:?}", start.elapsed());
        match solution {
            Some(placements) => {
                check(&puzzle, &options, &placements).unwrap_or_else(|e| panic!("{name}: {e}"));
                let got = format!("solvable\n{}", render(&puzzle, &placements).to_text());
                assert_eq!(got, expected, "{name}");
                solvable += 1;
            }
            None => {
                assert_eq!(expected, "unsolvable\n", "{name}");
                unsolvable += 1;
            }
        }
    }
    assert!(solvable + unsolvable >= 10);
    assert!(solvable >= 3 && unsolvable >= 4);
}

#[test]
fn crlf_fixture_matches_lf_fixture() {
    let lf = std::fs::read_to_string(Path::new(FIXTURES).join("puzzles_md_example.txt")).unwrap();
    let crlf = std::fs::read_to_string(Path::new(FIXTURES).join("crlf_example.txt")).unwrap();
    assert!(crlf.contains("\r\n"));
    assert_eq!(parse(&lf).unwrap(), parse(&crlf).unwrap());
}

#[test]
fn shared_corpus() {
    let dir = Path::new(CORPUS);
    if !dir.is_dir() {
        eprintln!("skipping: {} not found", dir.display());
        return;
    }
    let options = Options::default();
    let files = inputs(dir);
    assert!(!files.is_empty());
    for file in files {
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&file).unwrap();
        let expected = std::fs::read_to_string(file.with_extension("expected")).unwrap();
        let puzzle = parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let solution = solve(&puzzle, &options);
        match expected.trim() {
            "solvable" => {
                let placements = solution.unwrap_or_else(|| panic!("{name}: no solution"));
                check(&puzzle, &options, &placements).unwrap_or_else(|e| panic!("{name}: {e}"));
                assert!(count(&puzzle, &options, 1) == 1, "{name}");
            }
            "unsolvable" => {
                assert_eq!(solution, None, "{name}");
                assert_eq!(count(&puzzle, &options, 10), 0, "{name}");
            }
            other => panic!("{name}: unexpected expectation {other:?}"),
        }
    }
}
