//! Inspection: `emit --view columns`, `emit --stats`, `emit --format html`, and the data a page
//! decodes and draws with (checked here against the real decoder, renderer and rule checker,
//! with PCRE2 running the JavaScript-dialect pattern; `tests/browser.rs` runs it in Chromium).

mod common;

use backref_engine::{Flags, Limits, Mode, Outcome};
use backref_pipeline::inspect::{Inspection, Read};
use backref_pipeline::Settings;
use backref_program::{dialect, Naming, Options};
use common::{backref, json, stderr, ONE_OF_EACH};

fn text(args: &[&str]) -> String {
    let out = backref(args);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn eight_queens_columns_fit_120_columns_one_statement_per_line() {
    for engine in ["pcre2", "javascript"] {
        let (e, _) = json(&["emit", "queens", "8", "--engine", engine]);
        let view = text(&[
            "emit", "queens", "8", "--engine", engine, "--view", "columns",
        ]);
        let lines: Vec<&str> = view.lines().collect();
        assert_eq!(
            lines.len(),
            1 + e["stats"]["statements"].as_u64().unwrap() as usize,
            "{view}"
        );
        for l in &lines {
            assert!(l.chars().count() <= 120, "{engine}: {l}");
        }
        assert!(lines[0].contains("subject") && lines[0].contains("states"));
    }
}

#[test]
fn columns_fit_narrow_widths_too() {
    for width in ["1", "40", "60"] {
        let view = text(&[
            "emit", "queens", "12", "--view", "columns", "--width", width,
        ]);
        let w: usize = width.parse::<usize>().unwrap().max(40);
        for l in view.lines() {
            assert!(l.chars().count() <= w, "{width}: {l}");
        }
    }
}

#[test]
fn four_queens_columns_read_like_the_pattern() {
    let view = text(&[
        "emit",
        "queens",
        "4",
        "--engine",
        "javascript",
        "--view",
        "columns",
    ]);
    insta::assert_snapshot!(view);
}

#[test]
fn the_empty_four_queens_board_is_drawn_from_the_puzzles_own_svg() {
    let (_, i) = inspection("queens", "4");
    let d = i.drawing.unwrap();
    let svg = d.svg.join("\n");
    backref_svg::well_formed(&svg).unwrap();
    insta::assert_snapshot!(svg);
    // A queen per square's true value: 16 marks, each one circle.
    assert_eq!(d.marks.len(), 16);
    assert!(d.marks.iter().all(|m| m
        .svg_insert
        .iter()
        .flat_map(|(_, lines)| lines)
        .any(|l| l.contains("<circle"))));
}

#[test]
fn stats_add_up_to_the_totals() {
    let (e, _) = json(&["emit", "queens", "8", "--engine", "javascript", "--stats"]);
    let kinds = e["by_kind"].as_object().unwrap();
    for (key, total) in [("statements", "statements"), ("backrefs", "backrefs")] {
        let sum: u64 = kinds.values().map(|k| k[key].as_u64().unwrap()).sum();
        assert_eq!(sum, e["stats"][total].as_u64().unwrap(), "{key}");
    }
    let t = text(&["emit", "queens", "8", "--engine", "javascript", "--stats"]);
    assert!(t.starts_with("subject 80 B, pattern "), "{t}");
    assert!(t.contains("one_of") && t.contains("union"), "{t}");
}

#[test]
fn the_eight_queens_page_is_self_contained_and_small() {
    let page = text(&["emit", "queens", "8", "--format", "html"]);
    assert!(page.len() < 100_000, "{} bytes", page.len());
    assert!(page.starts_with("<!DOCTYPE html>"));
    assert!(page.contains("Content-Security-Policy\" content=\"default-src 'none'"));
    for banned in ["<link", " src=", "https://", "@import", "fetch("] {
        assert!(!page.contains(banned), "{banned}");
    }
    // `url(` only names something in the page itself (the board's tile of dark squares).
    assert_eq!(page.matches("url(").count(), page.matches("url(#").count());
    // The only address is the SVG namespace, which is a name, not a download.
    let http = page.matches("http://").count();
    assert_eq!(http, page.matches("http://www.w3.org/2000/svg").count());
    assert!(page.contains("id=\"solve-button\""));
    assert!(page.contains("<i data-c=1>(?&lt;Q_3_0&gt;</i>"));
}

#[test]
fn the_page_embeds_the_engine_answer_with_solve() {
    let page = text(&["emit", "queens", "6", "--format", "html", "--solve"]);
    assert!(page.contains("<figure id=\"cli\">"), "no CLI figure");
    assert!(page.contains("solved (verified)"));
    assert!(page.contains("<pre id=\"cli-grid\">"));
}

#[test]
fn views_and_solve_are_refused_where_they_mean_nothing() {
    for args in [
        &["emit", "queens", "4", "--solve"][..],
        &["emit", "queens", "4", "--format", "html", "--stats"],
        &["solve", "queens", "4", "--format", "html"],
        &["count", "queens", "4", "--format", "html"],
        &[
            "emit",
            "rectangles",
            "fixtures/rectangles/puzzles_md_example.txt",
            "--encoding",
            "balancing",
            "--format",
            "html",
        ],
    ] {
        let out = backref(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert!(!stderr(&out).is_empty(), "{args:?}: says why");
    }
}

fn inspection(puzzle: &str, input: &str) -> (Box<dyn backref_pipeline::Instance>, Inspection) {
    let root = env!("CARGO_MANIFEST_DIR");
    let input = if input.contains('/') {
        format!("{root}/{input}")
    } else {
        input.to_string()
    };
    let instance = backref_puzzles::load(puzzle, &input).unwrap();
    let i = instance
        .inspect(&Settings::default(), &options(), 0)
        .unwrap();
    (instance, i)
}

fn options() -> Options {
    Options {
        naming: Naming::Readable,
        ..Options::new(&dialect::JAVASCRIPT)
    }
}

/// The page's decoder, in Rust: one domain index per variable from the captures.
fn decode(i: &Inspection, group: impl Fn(usize) -> Option<String>) -> Vec<usize> {
    i.variables
        .iter()
        .map(|v| {
            let text = match &v.read {
                Read::Group { group: g } => group(*g).expect("set"),
                Read::Flags { groups } => groups
                    .iter()
                    .zip(&v.domain)
                    .filter(|(g, _)| !group(**g).expect("set").is_empty())
                    .map(|(_, d)| d.clone())
                    .last()
                    .unwrap_or_default(),
                Read::Resources {
                    token,
                    table,
                    options,
                } => {
                    let owned: Vec<u32> = (0..i.resource_groups[*table].len() as u32)
                        .filter(|r| {
                            group(i.resource_groups[*table][*r as usize]).as_ref() == Some(token)
                        })
                        .collect();
                    let j = options
                        .iter()
                        .position(|o| {
                            let mut o = o.clone();
                            o.sort();
                            o == owned
                        })
                        .expect("an option");
                    v.domain[j].clone()
                }
            };
            v.domain.iter().position(|d| *d == text).expect("in domain")
        })
        .collect()
}

#[test]
fn every_puzzle_decodes_and_draws_from_the_page_data() {
    let pcre2 = backref_engine::engine_by_name("pcre2").unwrap();
    for (puzzle, input) in ONE_OF_EACH {
        let (instance, i) = inspection(puzzle, input);
        let e = &i.emitted;
        // The JavaScript dialect reads the same in PCRE2 (named groups, \k<..>, lookahead).
        let m = pcre2.compile(&e.pattern, &Flags::default()).unwrap();
        let run = m.run(&e.subject, Mode::First, &Limits::default()).unwrap();
        let Outcome::Solved(caps) = run.outcome else {
            panic!("{puzzle}: {:?}", run.outcome)
        };
        let values = decode(&i, |g| caps.get(g).map(str::to_string));
        let checked = instance
            .check_values(&Settings::default(), &options(), 0, &values)
            .unwrap();
        assert!(checked.ok(), "{puzzle}: {checked:?}");
        let blank_svg = i.drawing.as_ref().map(|d| d.svg.join("\n"));
        match &i.drawing {
            Ok(d) => {
                let indices: Vec<Option<usize>> = values.iter().map(|v| Some(*v)).collect();
                let (grid, svg) = d.compose(&indices);
                assert_eq!(grid, checked.solution.grid, "{puzzle}");
                if let (Some(real), false) = (&checked.solution.svg, d.svg.is_empty()) {
                    let mut want: Vec<&str> = real.lines().collect();
                    let mut got: Vec<&str> = svg.iter().map(String::as_str).collect();
                    want.sort_unstable();
                    got.sort_unstable();
                    assert_eq!(got, want, "{puzzle}: the same elements");
                    backref_svg::well_formed(&svg.join("\n")).unwrap();
                    backref_svg::well_formed(blank_svg.as_ref().unwrap()).unwrap();
                }
            }
            // A cnf model is one line whose length depends on the values (`-3` or `3`): no
            // cells to mark, so its page lists the decoded values instead (said on the page).
            Err(why) => {
                assert_eq!(*puzzle, "cnf", "{why}");
                assert!(why.contains("changes the board's shape"), "{why}");
            }
        }
    }
}
