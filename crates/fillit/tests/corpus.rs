//! Third-party instances from the shared corpus (skipped when the directory is absent).
//!
//! Valid files must parse and, where the source gives the classic program's output, the drop-in
//! mode must print it byte for byte; invalid files must all be rejected with `error\n`.

use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::Instant;

use backref_fillit::{check_output, drop_in, parse, render, solve_with, SearchOptions, EXIT_ERROR};

/// Search nodes each valid file may take natively (classic placements plus lookahead nodes). A
/// node budget, not a clock, so that what the test covers does not depend on the machine's
/// speed. Every file of the corpus ends well within it since the exact mode (the 23-piece
/// `ant0wan_benchmark` takes about 222,000 nodes); a file beyond it would be reported as skipped
/// by name, never passed silently, and the hard benchmark maps may not be skipped at all.
const NODE_BUDGET: u64 = 30_000_000;

/// The public benchmark's hard maps, which must be solved to the end and match their published
/// answer.
const HARD: [&str; 4] = [
    "ant0wan_benchmark.txt",
    "ant0wan_benchmark11.txt",
    "ant0wan_benchmark12.txt",
    "ant0wan_lines19.txt",
];

const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/corpus");

fn inputs(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    files
}

fn corpus_dir(kind: &str) -> Option<PathBuf> {
    let dir = Path::new(CORPUS).join("fillit").join(kind);
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("skipping: {} not found", dir.display());
        None
    }
}

#[test]
fn corpus_valid_files_match_the_classic_output() {
    let Some(dir) = corpus_dir("valid") else {
        return;
    };
    let files = inputs(&dir);
    assert!(!files.is_empty());
    let mut compared = 0;
    let mut hard = 0;
    let mut skipped = Vec::new();
    for file in &files {
        let bytes = fs::read(file).unwrap();
        let pieces = parse(&bytes).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        let start = Instant::now();
        let report = solve_with(
            &pieces,
            &SearchOptions {
                node_limit: Some(NODE_BUDGET),
                ..SearchOptions::default()
            },
        );
        let elapsed = start.elapsed();
        let Some(solution) = report.solution.clone() else {
            assert!(
                !HARD.contains(&name.as_str()),
                "{name}: the hard map was not solved within {NODE_BUDGET} nodes"
            );
            eprintln!(
                "SKIPPED: {name}: {} pieces, beyond the test's budget of {NODE_BUDGET} nodes",
                pieces.len()
            );
            skipped.push(name);
            continue;
        };
        eprintln!(
            "{name}: {} pieces, {elapsed:?}, {} + {} nodes",
            pieces.len(),
            report.nodes(),
            report.lookahead_nodes()
        );
        // The drop-in prints exactly the classic answer.
        let out = render(&solution, &pieces);
        let side = solution.side;
        // The encoder's counting bound is sound: it never rules out the answer's size.
        assert_eq!(
            backref_fillit::bound::counting_bound(&pieces, side),
            None,
            "{}",
            file.display()
        );
        check_output(&out, &pieces, Some(side))
            .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let expected_path = file.with_extension("expected");
        if let Ok(expected) = fs::read_to_string(&expected_path) {
            assert_eq!(out, expected, "{}", file.display());
            compared += 1;
            hard += usize::from(HARD.contains(&name.as_str()));
        }
    }
    assert!(compared > 0);
    let published = HARD
        .iter()
        .filter(|h| dir.join(h).with_extension("expected").is_file())
        .count();
    assert_eq!(
        hard, published,
        "hard maps compared with their published answer"
    );
    eprintln!(
        "{compared} compared, {} skipped beyond the node budget: {}",
        skipped.len(),
        skipped.join(", ")
    );
    // The hard benchmark maps are a handful; most of the corpus must be covered.
    assert!(skipped.len() * 4 < files.len(), "skipped: {skipped:?}");
}

#[test]
fn corpus_invalid_files_are_errors() {
    let Some(dir) = corpus_dir("invalid") else {
        return;
    };
    let files = inputs(&dir);
    assert!(!files.is_empty());
    for file in &files {
        let bytes = fs::read(file).unwrap();
        let err = parse(&bytes).expect_err(&file.display().to_string());
        eprintln!("{}: {err}", file.file_name().unwrap().to_string_lossy());
        let (out, code) = drop_in(&[OsString::from(file)]);
        assert_eq!(out, "error\n", "{}", file.display());
        assert_eq!(code, EXIT_ERROR);
        if let Ok(expected) = fs::read_to_string(file.with_extension("expected")) {
            assert_eq!(expected, "error\n", "{}", file.display());
        }
    }
}
