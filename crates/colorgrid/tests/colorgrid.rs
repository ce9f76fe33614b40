//! Parser errors, the example, fixtures, the checker on tampered grids, and the shared corpus.

use std::collections::BTreeSet;
use std::path::Path;

use backref_colorgrid::{
    check, count, parse_expected, parse_solution, parse_str, render_expected, render_puzzle,
    render_text, solution_json, solve_all, solve_first, ParseErrorKind, Puzzle, Solution,
    Violation,
};

const EXAMPLE: &str = "rows: rgb brg b grbg\ncols: rbg rbr grb bgbg\n";

fn error(text: &str) -> (usize, usize, ParseErrorKind) {
    let e = parse_str(text, "t").expect_err("should fail");
    assert!(e.to_string().starts_with("t:"), "{e}");
    (e.line, e.column, e.kind)
}

fn example() -> Puzzle {
    parse_str(EXAMPLE, "example").unwrap()
}

#[test]
fn parses_the_example() {
    let p = example();
    assert_eq!((p.height(), p.width()), (4, 4));
    assert_eq!(p.colors(), b"bgr");
    assert_eq!(p.rows(), &["rgb", "brg", "b", "grbg"]);
    assert_eq!(p.cols(), &["rbg", "rbr", "grb", "bgbg"]);
    assert_eq!(parse_str(&render_puzzle(&p), "again").unwrap(), p);

    let commented = "# a comment\n\n  cols:\trbg rbr  grb bgbg   # trailing\ncolors: r, g b\nrows: rgb brg b grbg\n";
    let q = parse_str(commented, "c").unwrap();
    assert_eq!(q.colors(), b"rgb");
    assert_eq!(q.rows(), p.rows());
    assert_eq!(parse_str(&render_puzzle(&q), "again").unwrap(), q);
}

/// The example in the layout of the Stack Overflow question it comes from: the column clues
/// on the first line, then each row's empty cells and its clue.
const QUESTION: &str = "rbg,rbr,grb,bgbg\n_,_,_,_ rgb\n_,_,_,_ brg\n_,_,_,_ b\n_,_,_,_ grbg\n";

#[test]
fn reads_the_question_layout() {
    assert_eq!(parse_str(QUESTION, "q").unwrap(), example());
    let commented = format!(
        "# the question's grid\n\n{}",
        QUESTION.replace("brg", "brg  # row 2")
    );
    assert_eq!(parse_str(&commented, "q").unwrap(), example());
    let head = "rbg,rbr,grb,bgbg\n";
    for (text, want) in [
        (
            "rbg,,grb\n_,_,_ b\n".to_string(),
            (1, 5, ParseErrorKind::EmptyClue),
        ),
        (
            format!("{head}_,_,_ rgb\n"),
            (
                2,
                1,
                ParseErrorKind::QuestionCells {
                    expected: 4,
                    found: 3,
                },
            ),
        ),
        (
            format!("{head}_,r,_,_ rgb\n"),
            (2, 3, ParseErrorKind::NotBlankCell { found: "r".into() }),
        ),
        (
            format!("{head}_,_,_,_\n"),
            (2, 8, ParseErrorKind::QuestionRow),
        ),
        (
            format!("{head}_,_,_,_ rgb x\n"),
            (2, 13, ParseErrorKind::QuestionRow),
        ),
        (head.to_string(), (1, 17, ParseErrorKind::QuestionRow)),
        (
            format!("{head}_,_,_,_ rgg\n"),
            (2, 11, ParseErrorKind::RepeatedLetter { letter: 'g' }),
        ),
    ] {
        assert_eq!(error(&text), want, "{text:?}");
    }
}

#[test]
fn malformed_inputs() {
    assert_eq!(
        error(""),
        (1, 1, ParseErrorKind::MissingKey { key: "rows" })
    );
    assert_eq!(
        error("rows: ab\n# no cols"),
        (2, 10, ParseErrorKind::MissingKey { key: "cols" })
    );
    assert_eq!(error("rows ab\n"), (1, 1, ParseErrorKind::MissingColon));
    assert_eq!(
        error("rows: ab\n  colums: ab\n"),
        (
            2,
            3,
            ParseErrorKind::UnknownKey {
                key: "colums".into()
            }
        )
    );
    assert_eq!(
        error("rows: ab\ncols: ab\nrows: ba\n"),
        (
            3,
            1,
            ParseErrorKind::DuplicateKey {
                key: "rows".into(),
                first_line: 1
            }
        )
    );
    assert_eq!(
        error("colors: rg\nrows: rg\ncols: rb\n"),
        (
            3,
            8,
            ParseErrorKind::NotInColors {
                letter: 'b',
                colors: "rg".into()
            }
        )
    );
    assert_eq!(
        error("rows: rg rgg\ncols: r\n"),
        (1, 12, ParseErrorKind::RepeatedLetter { letter: 'g' })
    );
    assert_eq!(
        error("rows:   # nothing\ncols: r\n"),
        (
            1,
            6,
            ParseErrorKind::EmptyList {
                key: "rows".into(),
                what: "clue"
            }
        )
    );
    assert!(matches!(
        error("rows: r\ncols: r\ncolors:\n").2,
        ParseErrorKind::EmptyList { .. }
    ));
    assert_eq!(
        error("rows: r1\ncols: r\n"),
        (1, 8, ParseErrorKind::NotALetter { found: '1' })
    );
    assert_eq!(
        error("rows: ré\ncols: r\n"),
        (1, 8, ParseErrorKind::NotALetter { found: 'é' })
    );
    assert_eq!(
        error("colors: rgr\nrows: r\ncols: r\n"),
        (1, 11, ParseErrorKind::DuplicateColor { letter: 'r' })
    );
}

#[test]
fn never_panics_on_odd_input() {
    let samples = [
        ":",
        "::",
        "rows:",
        "rows::",
        "\u{feff}",
        "#",
        "rows: a\ncols: a\ncolors: ,",
        "é:é",
        "rows: a\r\ncols: a\r\n",
        "\0",
        "rows: a # b\ncols: a#",
    ];
    for s in samples {
        if let Ok(p) = parse_str(s, "odd") {
            let _ = solve_first(&p);
        }
        let _ = parse_solution(s, "odd", 2, 2);
        let _ = parse_expected(s, "odd", 2, 2);
    }
}

fn set(solutions: &[Solution]) -> BTreeSet<Vec<String>> {
    solutions.iter().map(Solution::row_strings).collect()
}

#[test]
fn example_has_exactly_two_solutions() {
    let p = example();
    assert_eq!(count(&p, 100), 2);
    let all = solve_all(&p, 100);
    let want: BTreeSet<Vec<String>> = [
        ["rrgb", "brrg", "bbbb", "grbg"],
        ["rrgb", "bbrg", "bbbb", "grbg"],
    ]
    .iter()
    .map(|r| r.iter().map(|s| s.to_string()).collect())
    .collect();
    assert_eq!(set(&all), want);
    for s in &all {
        assert_eq!(check(&p, s), Ok(()));
    }
    let first = solve_first(&p).unwrap();
    assert!(want.contains(&first.row_strings()));
    assert_eq!(solution_json(&first).as_array().unwrap().len(), 4);
    assert!(render_text(&p, Some(&first), true).contains("\x1b["));
}

#[test]
fn checker_rejects_tampered_grids() {
    let p = example();
    let good = Solution::from_rows(&["rrgb", "brrg", "bbbb", "grbg"]);
    assert_eq!(check(&p, &good), Ok(()));

    // Change one cell: row 2 becomes bbgb (row rule) and column 2 becomes r g g b -> rgb.
    let mut s = good.clone();
    s.cells[2][2] = b'g';
    assert_eq!(
        check(&p, &s).unwrap_err(),
        vec![
            Violation::Row {
                row: 2,
                expected: "b".into(),
                found: "bgb".into()
            },
            Violation::Column {
                col: 2,
                expected: "grb".into(),
                found: "grgb".into()
            }
        ]
    );

    // Swap two rows: every row clue is broken, some columns too.
    let mut s = good.clone();
    s.cells.swap(0, 3);
    let rules: BTreeSet<&str> = check(&p, &s)
        .unwrap_err()
        .iter()
        .map(Violation::rule)
        .collect();
    assert!(rules.contains("row") && rules.contains("column"));

    // A letter outside the alphabet.
    let mut s = good.clone();
    s.cells[0][0] = b'z';
    let v = check(&p, &s).unwrap_err();
    assert_eq!(
        v[0],
        Violation::Color {
            row: 0,
            col: 0,
            found: 'z'
        }
    );

    // Wrong shapes.
    let short = Solution::from_rows(&["rrgb", "brrg", "bbbb"]);
    assert_eq!(check(&p, &short).unwrap_err()[0].rule(), "shape");
    let ragged = Solution::from_rows(&["rrgb", "brr", "bbbb", "grbg"]);
    assert_eq!(
        check(&p, &ragged).unwrap_err(),
        vec![Violation::Shape {
            rows: 4,
            cols: 4,
            found_rows: 4,
            bad_row: Some(1)
        }]
    );
}

#[test]
fn unsolvable_shapes() {
    // A clue longer than its line.
    let p = parse_str("rows: rgbr\ncols: r g b\n", "t").unwrap();
    assert_eq!(count(&p, 10), 0);
    // Row and column letters that never meet.
    let p = parse_str("rows: r\ncols: g\n", "t").unwrap();
    assert_eq!(solve_first(&p), None);
    // 1x1.
    let p = parse_str("rows: r\ncols: r\n", "t").unwrap();
    assert_eq!(solve_all(&p, 5), vec![Solution::from_rows(&["r"])]);
}

#[test]
fn expected_files() {
    let e = parse_expected("solutions: 2\n\nab\nba\n\nba\nab\n", "t", 2, 2).unwrap();
    assert_eq!(e.count, 2);
    assert_eq!(e.solutions.len(), 2);
    assert_eq!(
        parse_expected(&render_expected(2, &e.solutions), "t", 2, 2).unwrap(),
        e
    );
    assert_eq!(parse_expected("unsolvable\n", "t", 2, 2).unwrap().count, 0);
    assert_eq!(
        parse_expected("solutions: 40\n", "t", 2, 2).unwrap().count,
        40
    );
    assert_eq!(
        parse_expected("solutions: 2\n\nab\nba\n", "t", 2, 2)
            .unwrap_err()
            .kind,
        ParseErrorKind::ExpectedListed {
            count: 2,
            listed: 1
        }
    );
    assert_eq!(
        parse_expected("solution 2\n", "t", 2, 2).unwrap_err().kind,
        ParseErrorKind::ExpectedHeader
    );
    assert_eq!(
        parse_expected("solutions: 1\n\nab\nb\n", "t", 2, 2)
            .unwrap_err()
            .line,
        4
    );
}

/// Brute force over all grids with the checker, against the native count.
#[test]
fn native_count_matches_brute_force_on_small_grids() {
    use backref_colorgrid::generate::{puzzle_from, random_grid, Rng};
    for seed in 0..30u64 {
        let mut rng = Rng::new(seed);
        let rows = 2 + rng.below(2);
        let cols = 2 + rng.below(3);
        let colors: &[u8] = if seed % 2 == 0 { b"ab" } else { b"abc" };
        let grid = random_grid(rows, cols, colors, 1 + rng.below(3), &mut rng);
        let p = puzzle_from(&grid, Some(std::str::from_utf8(colors).unwrap()));
        let k = colors.len();
        let cells = rows * cols;
        let mut brute = Vec::new();
        for mut code in 0..k.pow(cells as u32) {
            let mut g = vec![vec![0u8; cols]; rows];
            for cell in 0..cells {
                g[cell / cols][cell % cols] = colors[code % k];
                code /= k;
            }
            let s = Solution { cells: g };
            if check(&p, &s).is_ok() {
                brute.push(s);
            }
        }
        assert!(!brute.is_empty());
        let native = solve_all(&p, usize::MAX);
        assert_eq!(native.len(), brute.len(), "seed {seed}");
        assert_eq!(set(&native), set(&brute), "seed {seed}");
    }
}

fn fixtures_dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/colorgrid")
}

#[test]
fn fixtures() {
    let mut names: Vec<String> = std::fs::read_dir(fixtures_dir())
        .expect("fixtures/colorgrid")
        .filter_map(|e| {
            let name = e.ok()?.file_name().into_string().ok()?;
            name.strip_suffix(".txt").map(str::to_string)
        })
        .collect();
    names.sort();
    assert!(names.len() >= 9, "{names:?}");
    assert!(names.iter().any(|n| n == "so_example"));
    let (mut unique, mut several, mut unsolvable) = (0, 0, 0);
    for name in &names {
        let dir = fixtures_dir();
        let text = std::fs::read_to_string(dir.join(format!("{name}.txt"))).unwrap();
        let expected = std::fs::read_to_string(dir.join(format!("{name}.expected"))).unwrap();
        let p = parse_str(&text, name).unwrap();
        let want = parse_expected(&expected, name, p.height(), p.width()).unwrap();
        let cap = want.count + 1;
        assert_eq!(count(&p, cap), want.count, "{name}");
        for s in &want.solutions {
            assert_eq!(check(&p, s), Ok(()), "{name}");
        }
        match want.count {
            0 => {
                assert_eq!(solve_first(&p), None, "{name}");
                unsolvable += 1;
            }
            1 => {
                assert_eq!(solve_first(&p).as_ref(), want.solutions.first(), "{name}");
                unique += 1;
            }
            n => {
                if n <= 10 {
                    assert_eq!(set(&solve_all(&p, cap)), set(&want.solutions), "{name}");
                }
                let first = solve_first(&p).unwrap();
                assert_eq!(check(&p, &first), Ok(()), "{name}");
                several += 1;
            }
        }
    }
    assert!(unique >= 3 && several >= 3 && unsolvable >= 2);
}

/// The shared corpus layout: line 1 the column clues separated by `,`; then one line per row,
/// `_,_,…` and the row clue; the expected file lists solutions as rows of `,`-separated
/// letters, separated by blank lines.
#[test]
fn shared_corpus() {
    let dir = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/corpus"
    ))
    .join("colorgrid");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        eprintln!("skipping: no corpus at {}", dir.display());
        return;
    };
    let mut seen = 0;
    for e in entries {
        let path = e.unwrap().path();
        if path.extension().and_then(|x| x.to_str()) != Some("txt") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let mut lines = text.lines().filter(|l| !l.trim().is_empty());
        let cols = lines.next().unwrap().replace(',', " ");
        let rows: Vec<&str> = lines
            .map(|l| l.split_whitespace().last().unwrap())
            .collect();
        let ours = format!("rows: {}\ncols: {cols}\n", rows.join(" "));
        let p = parse_str(&ours, &path.display().to_string()).unwrap();
        // The question's own layout reads as it is, to the same puzzle.
        assert_eq!(parse_str(&text, "as is").unwrap(), p, "{}", path.display());
        let expected = std::fs::read_to_string(path.with_extension("expected")).unwrap();
        let published: BTreeSet<Vec<String>> = expected
            .split("\n\n")
            .filter(|b| !b.trim().is_empty())
            .map(|b| b.lines().map(|l| l.replace(',', "")).collect())
            .collect();
        let found = solve_all(&p, 1000);
        assert_eq!(set(&found), published, "{}", path.display());
        for s in &found {
            assert_eq!(check(&p, s), Ok(()));
        }
        seen += 1;
    }
    assert!(seen > 0);
}

/// Random strings over the format's characters (and a few others) never make the parsers panic.
#[test]
fn random_inputs_never_panic() {
    use backref_colorgrid::generate::Rng;
    let pieces = [
        "rows:", "cols:", "colors:", " ", "\n", "#", "r", "g", "b", "rg", "x", ",", ":", "é", "\t",
        "1",
    ];
    let mut rng = Rng::new(7);
    for _ in 0..20_000 {
        let len = rng.below(16);
        let s: String = (0..len).map(|_| pieces[rng.below(pieces.len())]).collect();
        if let Ok(p) = parse_str(&s, "fuzz") {
            assert_eq!(parse_str(&render_puzzle(&p), "again").unwrap(), p);
            let _ = count(&p, 3);
        }
        let _ = parse_solution(&s, "fuzz", 2, 2);
        let _ = parse_expected(&s, "fuzz", 2, 2);
    }
}
