//! Parser errors, fixtures, the checker on tampered solutions, and the shared corpus.

use std::path::{Path, PathBuf};

use backref_aquarium::parse::Axis;
use backref_aquarium::{
    check, count, parse_solution, parse_str, parse_with_solution, render_task, render_text,
    solution_json, solve_all, solve_first, ParseErrorKind, Puzzle, Solution, Violation,
};

const EXAMPLE: &str = "4_5_5_3_3_1_4_5_5_3_1_3;1,1,2,3,3,3,1,2,2,2,3,4,1,2,3,3,3,4,2,2,2,5,5,4,6,2,5,5,5,4,6,6,6,4,4,4";

fn kind(text: &str) -> (usize, usize, ParseErrorKind) {
    let e = parse_str(text, "t").expect_err("should fail");
    assert!(e.to_string().starts_with("t:"), "{e}");
    (e.line, e.column, e.kind)
}

#[test]
fn parses_the_example_with_whitespace() {
    let p = parse_str(&format!("\n  {EXAMPLE}  \r\n"), "ex").unwrap();
    assert_eq!(p.n(), 6);
    assert_eq!(p.col_counts(), &[4, 5, 5, 3, 3, 1]);
    assert_eq!(p.row_counts(), &[4, 5, 5, 3, 1, 3]);
    assert_eq!(p.regions()[5], vec![6, 6, 6, 4, 4, 4]);
    assert_eq!(p.region_ids(), vec![1, 2, 3, 4, 5, 6]);
    assert_eq!(render_task(&p), EXAMPLE);
    // Spaces around items are allowed.
    let spaced = parse_str("1 _ 1 ; 7", "t").unwrap();
    assert_eq!(spaced.regions(), &[vec![7]]);
}

#[test]
fn malformed_inputs() {
    assert_eq!(kind(""), (1, 1, ParseErrorKind::Empty));
    assert_eq!(kind(" \n\t\n"), (1, 1, ParseErrorKind::Empty));
    assert_eq!(kind("1_1_1"), (1, 6, ParseErrorKind::MissingSemicolon));
    assert_eq!(kind("1_1;1;1"), (1, 6, ParseErrorKind::ExtraSemicolon));
    assert_eq!(
        kind("1_x;1"),
        (
            1,
            3,
            ParseErrorKind::NotANumber {
                item: 2,
                expected: "a water count",
                found: "x".into()
            }
        )
    );
    assert_eq!(
        kind("\n1_1;a"),
        (
            2,
            5,
            ParseErrorKind::NotANumber {
                item: 3,
                expected: "a region id",
                found: "a".into()
            }
        )
    );
    // Signs, empty items and trailing separators are not numbers.
    assert!(matches!(
        kind("1_1;-1").2,
        ParseErrorKind::NotANumber { item: 3, .. }
    ));
    assert!(matches!(
        kind("1_1;+1").2,
        ParseErrorKind::NotANumber { .. }
    ));
    assert!(matches!(
        kind("1_1;1,").2,
        ParseErrorKind::NotANumber { item: 4, ref found, .. } if found.is_empty()
    ));
    assert!(matches!(
        kind("1__1;1").2,
        ParseErrorKind::NotANumber { item: 2, .. }
    ));
    assert!(matches!(
        kind("1_1;99999999999").2,
        ParseErrorKind::NumberTooLarge { item: 3, .. }
    ));
    // 4 items: no whole N.
    assert_eq!(
        kind("1_1;1,1"),
        (
            1,
            1,
            ParseErrorKind::ItemCount {
                total: 4,
                counts: 2,
                ids: 2
            }
        )
    );
    // 8 items make N = 2, but the split is 3 + 5.
    assert_eq!(
        kind("1_1_1;1,1,1,1,1"),
        (
            1,
            6,
            ParseErrorKind::CountSplit {
                n: 2,
                counts: 3,
                ids: 5
            }
        )
    );
    assert_eq!(
        kind("1_3_1_1;1,1,2,2"),
        (
            1,
            3,
            ParseErrorKind::CountTooLarge {
                item: 2,
                axis: Axis::Column,
                index: 2,
                value: 3,
                n: 2
            }
        )
    );
    assert!(matches!(
        kind("1_1_1_9;1,1,2,2").2,
        ParseErrorKind::CountTooLarge {
            axis: Axis::Row,
            index: 2,
            ..
        }
    ));
    // Columns count characters, not bytes.
    assert_eq!(kind("1_é;1").1, 3);
}

#[test]
fn never_panics_on_odd_input() {
    let samples = [
        ";",
        ";;",
        "_;,",
        "\u{feff}",
        "é;é",
        "1_1;1\u{0}",
        "0_0;0",
        "1_0_0_1;1,2,3,4",
        "_",
        "1;",
        ";1",
        "\r\n\r\n",
        "1_1;1\n\nW",
        "1_1;1\n\nx",
    ];
    for s in samples {
        let _ = parse_str(s, "odd");
        let _ = parse_with_solution(s, "odd");
        let _ = parse_solution(s, "odd", 2);
    }
}

#[test]
fn solution_blocks() {
    let (p, s) = parse_with_solution("1_1_2_0;1,1,2,3\n\nWW\n..\n\n", "t").unwrap();
    assert_eq!(p.n(), 2);
    let s = s.unwrap();
    assert_eq!(s.water, vec![vec![true, true], vec![false, false]]);
    assert!(check(&p, &s).is_ok());
    let (_, none) = parse_with_solution("1_1_2_0;1,1,2,3\n\n\n", "t").unwrap();
    assert!(none.is_none());

    let e = parse_with_solution("1_1_2_0;1,1,2,3\n\nWW\n.x\n", "t").unwrap_err();
    assert_eq!((e.line, e.column), (4, 2));
    assert_eq!(e.kind, ParseErrorKind::SolutionChar { found: 'x' });
    let e = parse_solution("WW\n.\n", "t", 2).unwrap_err();
    assert_eq!(
        e.kind,
        ParseErrorKind::SolutionRowLength {
            row: 2,
            expected: 2,
            found: 1
        }
    );
    let e = parse_solution("WW\n", "t", 2).unwrap_err();
    assert_eq!(
        e.kind,
        ParseErrorKind::SolutionRows {
            expected: 2,
            found: 1
        }
    );
    let e = parse_solution("WW\n\n..\n", "t", 2).unwrap_err();
    assert!(matches!(e.kind, ParseErrorKind::SolutionRows { .. }));
    let e = parse_solution("WW\n..\n..\n", "t", 2).unwrap_err();
    assert_eq!((e.line, e.column), (3, 1));
}

fn example_solution() -> Solution {
    parse_solution(
        "..WWWW\nWWWWW.\nWWWWW.\nWWW...\n.W....\nWWW...\n",
        "example",
        6,
    )
    .unwrap()
}

#[test]
fn example_solves_uniquely() {
    let p = parse_str(EXAMPLE, "ex").unwrap();
    let expected = example_solution();
    assert_eq!(solve_first(&p), Some(expected.clone()));
    assert_eq!(count(&p, 10), 1);
    assert_eq!(solve_all(&p, 10), vec![expected.clone()]);
    assert!(check(&p, &expected).is_ok());
    assert_eq!(solution_json(&expected)[0], "..WWWW");
    let drawing = render_text(&p, Some(&expected));
    assert!(drawing.contains('~') && drawing.contains('|'), "{drawing}");
}

fn rules(p: &Puzzle, s: &Solution) -> Vec<&'static str> {
    let mut r: Vec<&'static str> = check(p, s)
        .expect_err("should be rejected")
        .iter()
        .map(Violation::rule)
        .collect();
    r.sort_unstable();
    r.dedup();
    r
}

#[test]
fn checker_rejects_tampered_solutions() {
    let p = parse_str(EXAMPLE, "ex").unwrap();
    let good = example_solution();

    // Drop one water cell: row 0 col 2 is region 2's top row (region 2 has 1 cell in row 0).
    let mut s = good.clone();
    s.water[4][1] = false; // region 2, row 4: its only cell there -> settling + counts
    assert_eq!(rules(&p, &s), vec!["column-count", "row-count", "settling"]);

    // Half-fill a row of an aquarium: region 3 in row 0 is cells 3,4,5.
    let mut s = good.clone();
    s.water[0][5] = false;
    s.water[3][5] = true; // keep column 5's count, break rows 0 and 3
    let v = check(&p, &s).unwrap_err();
    assert!(v.contains(&Violation::Level { region: 3, row: 0 }), "{v:?}");
    assert!(v.iter().any(|x| x.rule() == "row-count"));

    // Swap two whole rows' worth of water that keeps all counts: empty the whole grid instead
    // and check that only counts fail.
    let empty = Solution {
        water: vec![vec![false; 6]; 6],
    };
    assert_eq!(rules(&p, &empty), vec!["column-count", "row-count"]);

    // Floating water with correct counts: a 2x1 puzzle with one aquarium per column.
    let tall = Puzzle::new(vec![1, 1], vec![1, 1], vec![vec![1, 2], vec![1, 2]]).unwrap();
    let floating = Solution {
        water: vec![vec![true, false], vec![false, true]],
    };
    assert_eq!(
        check(&tall, &floating).unwrap_err(),
        vec![Violation::Settling {
            region: 1,
            water_row: 0,
            empty_row: 1
        }]
    );

    // Wrong shape.
    let small = Solution {
        water: vec![vec![true; 6]; 5],
    };
    assert_eq!(rules(&p, &small), vec!["shape"]);
    let ragged = Solution {
        water: vec![vec![true; 6], vec![true; 5], vec![], vec![], vec![], vec![]],
    };
    assert_eq!(
        check(&p, &ragged).unwrap_err(),
        vec![Violation::Shape {
            n: 6,
            rows: 6,
            bad_row: Some(1)
        }]
    );
}

#[test]
fn disconnected_region_settles_as_one() {
    // Region 1 occupies (0,0) and (1,1): one aquarium; its rows 0 and 1 are linked.
    let p = Puzzle::new(vec![1, 1], vec![0, 2], vec![vec![1, 2], vec![3, 1]]).unwrap();
    let sols = solve_all(&p, 10);
    for s in &sols {
        assert!(check(&p, s).is_ok());
    }
    assert_eq!(sols.len(), 1);
    assert_eq!(sols[0].water, vec![vec![false, false], vec![true, true]]);
    // Water in (0,0) but not (1,1) breaks settling for region 1.
    let p2 = Puzzle::new(vec![1, 0], vec![1, 0], vec![vec![1, 2], vec![3, 1]]).unwrap();
    assert_eq!(count(&p2, 10), 0);
}

fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/aquarium")
}

#[test]
fn fixtures() {
    let mut names: Vec<String> = std::fs::read_dir(fixtures_dir())
        .expect("fixtures/aquarium")
        .filter_map(|e| {
            let name = e.ok()?.file_name().into_string().ok()?;
            name.strip_suffix(".txt").map(str::to_string)
        })
        .collect();
    names.sort();
    assert!(names.len() >= 14, "{names:?}");
    let (mut solvable, mut unsolvable) = (0, 0);
    for name in &names {
        let dir = fixtures_dir();
        let task = std::fs::read_to_string(dir.join(format!("{name}.txt"))).unwrap();
        let expected = std::fs::read_to_string(dir.join(format!("{name}.expected"))).unwrap();
        let p = parse_str(&task, name).unwrap();
        if expected.trim() == "unsolvable" {
            assert_eq!(solve_first(&p), None, "{name}");
            assert_eq!(count(&p, 2), 0, "{name}");
            unsolvable += 1;
        } else {
            let want = parse_solution(&expected, name, p.n()).unwrap();
            assert_eq!(check(&p, &want), Ok(()), "{name}");
            assert_eq!(solve_first(&p).as_ref(), Some(&want), "{name}");
            assert_eq!(count(&p, 2), 1, "{name}");
            solvable += 1;
        }
    }
    assert!(solvable >= 12 && unsolvable >= 2);
}

#[test]
fn shared_corpus() {
    let dir = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/corpus"
    ))
    .join("aquarium");
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
        let name = path.display().to_string();
        let text = std::fs::read_to_string(&path).unwrap();
        let (p, published) = parse_with_solution(&text, &name).unwrap();
        let published = published.expect("a published solution");
        assert_eq!(check(&p, &published), Ok(()), "{name}");
        let found = solve_first(&p).expect("solvable");
        assert_eq!(found, published, "{name}");
        assert_eq!(count(&p, 2), 1, "{name}");
        seen += 1;
    }
    assert!(seen > 0);
}

/// Brute force over all 2^(n²) grids with the checker, against the native count.
#[test]
fn native_count_matches_brute_force_on_small_grids() {
    use backref_aquarium::generate::{puzzle_from, random_regions, random_water, Rng};
    for seed in 0..24u64 {
        let mut rng = Rng::new(seed);
        let n = 3 + (seed % 2) as usize;
        let regions = if seed % 3 == 0 {
            // Arbitrary (possibly disconnected) labels.
            (0..n)
                .map(|_| (0..n).map(|_| 10 + rng.below(4) as u32).collect())
                .collect()
        } else {
            random_regions(n, 2 + rng.below(n * 2), &mut rng)
        };
        let water = random_water(&regions, &mut rng);
        let p = puzzle_from(regions, &water);
        let mut brute = 0;
        for bits in 0u32..(1 << (n * n)) {
            let s = Solution {
                water: (0..n)
                    .map(|y| (0..n).map(|x| bits >> (y * n + x) & 1 == 1).collect())
                    .collect(),
            };
            if check(&p, &s).is_ok() {
                brute += 1;
            }
        }
        assert!(brute >= 1);
        assert_eq!(
            count(&p, usize::MAX),
            brute,
            "seed {seed}: {}",
            render_task(&p)
        );
    }
}

/// Random strings over the format's characters (and a few others) never make the parsers panic.
#[test]
fn random_inputs_never_panic() {
    use backref_aquarium::generate::Rng;
    let alphabet: Vec<char> = "0123456789_;, \n\r\tW.wé-+x".chars().collect();
    let mut rng = Rng::new(7);
    for _ in 0..20_000 {
        let len = rng.below(40);
        let s: String = (0..len)
            .map(|_| alphabet[rng.below(alphabet.len())])
            .collect();
        if let Ok(p) = parse_str(&s, "fuzz") {
            assert_eq!(parse_str(&render_task(&p), "again").unwrap(), p);
            let _ = count(&p, 3);
        }
        let _ = parse_with_solution(&s, "fuzz");
        let _ = parse_solution(&s, "fuzz", 1 + rng.below(3));
    }
}
