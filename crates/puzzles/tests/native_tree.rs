//! `bench`'s native side of the match/native ratio walks the pattern's own tree: the puzzle's
//! native search where it mirrors what the pattern carried, else the IR's walk: of the packing
//! (`walk_packing`), which enters exactly the items PCRE2 enters at every propagation level, or
//! of the steps of a program without packings (`walk_steps`), which enters exactly the
//! statements PCRE2 enters.

use std::path::Path;

use backref_pipeline::{NativeTree, Request, Settings};
use backref_program::Propagation;

fn fixture(rel: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures")
        .join(rel)
        .to_string_lossy()
        .into_owned()
}

/// The native tree's timing after a verified PCRE2 solve of `input` with `encoding` (`None`:
/// the default) under `--propagate level`, and the propagation the pattern carried.
fn timed(
    puzzle: &str,
    input: &str,
    encoding: Option<&str>,
    level: Propagation,
) -> (NativeTree, Propagation) {
    let engine = backref_engine::engine_by_name("pcre2").expect("PCRE2 is built in");
    let instance = backref_puzzles::load(puzzle, input).expect("the instance reads");
    let mut request = Request::new(&*engine);
    request.settings = Settings {
        encoding: encoding.map(str::to_string),
        ..Settings::default()
    };
    request.options.propagation = Some(level);
    let report = instance.solve(&*engine, &request).expect("a solve");
    assert!(report.verified, "{puzzle} {input}: {:?}", report.outcome);
    let carried = report.stages.last().expect("a stage").propagation;
    (
        instance
            .native_tree_ms(&request, &report)
            .expect("the tree timing"),
        carried,
    )
}

/// Whether `t` is a time of the IR's walk (or a puzzle's own mirror).
fn walked(t: NativeTree) -> bool {
    matches!(t, NativeTree::Ms(ms) if ms >= 0.0)
}

#[test]
fn queens_packing_walks_its_checks_in_the_ir() {
    let (t, carried) = timed("queens", "12", Some("packing"), Propagation::None);
    assert_eq!((t, carried), (NativeTree::Native, Propagation::None));
    // Light checks only must-cover resources, and queens' packing has none: same tree.
    let (t, carried) = timed("queens", "12", Some("packing"), Propagation::Light);
    assert_eq!((t, carried), (NativeTree::Native, Propagation::None));
    // Its native solver does not forward-check nor look ahead: the IR walks that tree.
    for level in [Propagation::Forward, Propagation::Complete] {
        let (t, carried) = timed("queens", "12", Some("packing"), level);
        assert!(walked(t), "{}: {t:?}", level.name());
        assert_eq!(carried, level);
    }
}

#[test]
fn sudoku_walks_the_houses_checks_itself_and_the_ir_walks_the_rest() {
    let classic = fixture("sudoku/sudoku9x9_unique.txt");
    // Its own search, at the level the pattern carried.
    for level in [Propagation::None, Propagation::Light, Propagation::Forward] {
        let (t, carried) = timed("sudoku", &classic, None, level);
        assert!(walked(t), "{}: {t:?}", level.name());
        assert_eq!(carried, level);
    }
    let (t, carried) = timed("sudoku", &classic, None, Propagation::Complete);
    assert!(walked(t), "{t:?}");
    assert_eq!(carried, Propagation::Complete);
    // A variant's relations cut candidates the native checks do not follow.
    let variant = fixture("sudoku/variant_anti_king_windoku_9x9.txt");
    let (t, _) = timed("sudoku", &variant, None, Propagation::None);
    assert!(walked(t), "{t:?}");
    let (t, carried) = timed("sudoku", &variant, None, Propagation::Light);
    assert!(walked(t), "{t:?}");
    assert_eq!(carried, Propagation::Light);
}

/// The items PCRE2 enters before its first match (a callout at the statement's start and one
/// per item entered), whether it matched, and the propagation the pattern carried.
fn entered(
    program: &backref_program::Program,
    order: &[backref_program::VarId],
    level: Propagation,
) -> (u64, bool, Propagation) {
    use backref_program::{compile, dialect::PCRE2, Options};

    let options = Options {
        callouts: true,
        propagation: Some(level),
        ..Options::new(&PCRE2)
    };
    let compiled = compile(program, order, &options).expect("a pattern");
    let engine = backref_engine::engine_by_name("pcre2").expect("PCRE2 is built in");
    let (steps, matched) =
        backref_engine::callouts_to_first_match(&*engine, &compiled.pattern, &compiled.subject)
            .expect("the engine runs")
            .expect("a callout count");
    (steps - 1, matched, compiled.stats.propagation)
}

/// Packings of every puzzle that states one, small enough for every level.
fn packings() -> Vec<(
    String,
    backref_program::Program,
    Vec<backref_program::VarId>,
)> {
    let mut out = Vec::new();
    for n in [6, 8, 9] {
        let order = backref_queens::Order::new(backref_queens::OrderKind::Natural, n);
        let e = backref_queens::encode::encode(n, backref_queens::Encoding::Packing, &order)
            .expect("a program");
        out.push((format!("queens {n}"), e.program, e.order));
    }
    for name in [
        "two_squares_and_unit_on_3x3",
        "shared_characters",
        "puzzles_md_example",
    ] {
        let text =
            std::fs::read_to_string(fixture(&format!("rectangles/{name}.txt"))).expect("a fixture");
        let puzzle = backref_rectangles::parse::parse(&text).expect("a puzzle");
        let e =
            backref_rectangles::encode::encode(&puzzle, &Default::default()).expect("a program");
        out.push((format!("rectangles {name}"), e.program, e.order));
    }
    for name in [
        "variant_thermo_odd_even_6x6",
        "variant_jigsaw_6x6",
        "variant_kropki_negative_4x4_several",
        "sudoku9x9_several",
        "sudoku9x9_no_solution",
    ] {
        let Ok(text) = std::fs::read_to_string(fixture(&format!("sudoku/{name}.txt"))) else {
            continue;
        };
        let s = backref_sudoku::parse(&text).expect("a puzzle");
        let m = backref_sudoku::model::Model::new(&s);
        let cells = backref_sudoku::order::order(&m, backref_sudoku::order::DEFAULT_ORDER);
        let e = backref_sudoku::encode::encode(&m, &cells, false).expect("a program");
        out.push((format!("sudoku {name}"), e.program, e.order));
    }
    for (name, side) in [("mixed_5", 5), ("mixed_5", 6), ("random_08a", 6)] {
        let bytes = std::fs::read(fixture(&format!("fillit/{name}.txt"))).expect("a fixture");
        let pieces = backref_fillit::parse::parse(&bytes).expect("pieces");
        let c = backref_fillit::cover::cover(&pieces, side).expect("a program");
        out.push((format!("fillit cover {name} in {side}"), c.program, c.order));
        let e = backref_fillit::encode::encode(&pieces, side).expect("a program");
        out.push((
            format!("fillit classic {name} in {side}"),
            e.program,
            e.order,
        ));
    }
    out
}

#[test]
fn the_irs_walk_enters_the_items_pcre2_enters_at_every_level() {
    let mut checked = 0;
    for (name, program, order) in packings() {
        for level in Propagation::ALL {
            let (items, matched, carried) = entered(&program, &order, level);
            let walk = backref_program::walk_packing(&program, carried, 1)
                .unwrap_or_else(|| panic!("{name}: a single packing"));
            assert_eq!(
                (walk.nodes, walk.solutions == 1),
                (items, matched),
                "{name} under {} (carried {})",
                level.name(),
                carried.name()
            );
            checked += 1;
        }
    }
    assert!(checked >= 40, "{checked} cases");
}

/// Statements PCRE2 enters before its first match (a callout before every statement), and
/// whether it matched.
fn statements_entered(
    program: &backref_program::Program,
    order: &[backref_program::VarId],
) -> (u64, bool) {
    use backref_program::{compile, dialect::PCRE2, Options};

    let options = Options {
        callouts: true,
        callout_every: 1,
        ..Options::new(&PCRE2)
    };
    let compiled = compile(program, order, &options).expect("a pattern");
    let engine = backref_engine::engine_by_name("pcre2").expect("PCRE2 is built in");
    backref_engine::callouts_to_first_match(&*engine, &compiled.pattern, &compiled.subject)
        .expect("the engine runs")
        .expect("a callout count")
}

/// Every puzzle whose programs have no packing, a few fixtures each (solvable, with several
/// solutions, without any).
const STEP_PROGRAMS: &[(&str, &[&str])] = &[
    (
        "aquarium",
        &[
            "aquarium/gen06_1.txt",
            "aquarium/gen15_1.txt",
            "aquarium/unsolvable10_moved.txt",
        ],
    ),
    (
        "colorgrid",
        &[
            "colorgrid/gen05x05_unique_3c.txt",
            "colorgrid/gen07x07_several_3c.txt",
            "colorgrid/so_example.txt",
            "colorgrid/gen15x15_unique_5c.txt",
            "colorgrid/unsolvable10x10.txt",
        ],
    ),
    (
        "kakuro",
        &[
            "kakuro/gen04x04_none.txt",
            "kakuro/gen05x05_several.txt",
            "kakuro/gen08x08_unique.txt",
            "kakuro/gen12x12_unique.txt",
        ],
    ),
    (
        "binairo",
        &["binairo/gen06x06_none.txt", "binairo/gen06x06_several.txt"],
    ),
    (
        "nonogram",
        &[
            "nonogram/gen05x05_unique.txt",
            "nonogram/gen08x08_none.txt",
            "nonogram/gen15x15_unique.txt",
        ],
    ),
    (
        "starbattle",
        &[
            "starbattle/gen06x06_1star_none.txt",
            "starbattle/gen06x06_1star_several.txt",
            "starbattle/gen09x09_2star_several.txt",
        ],
    ),
    (
        "lightup",
        &["lightup/gen06x06_several.txt", "lightup/gen08x08_none.txt"],
    ),
    (
        "suguru",
        &["suguru/gen05x05_unique.txt", "suguru/gen06x06_none.txt"],
    ),
    ("cnf", &["cnf/pigeonhole_3.cnf", "cnf/random3_v20_c85.cnf"]),
    (
        "flatzinc",
        &[
            "flatzinc/three.fzn",
            "flatzinc/tiny.fzn",
            "flatzinc/unsat.fzn",
            "flatzinc/minimize.fzn",
        ],
    ),
];

#[test]
fn the_irs_step_walk_enters_the_statements_pcre2_enters() {
    use backref_program::{dialect::PCRE2, Options};

    let mut walked = 0;
    for (puzzle, inputs) in STEP_PROGRAMS {
        for input in *inputs {
            let instance = backref_puzzles::load(puzzle, &fixture(input))
                .unwrap_or_else(|e| panic!("{input}: {e}"));
            for stage in 0..instance.stages().len() {
                let Some((program, order)) = instance
                    .program(&Settings::default(), &Options::new(&PCRE2), stage)
                    .expect("a program")
                else {
                    continue;
                };
                let walk = backref_program::walk_steps(&program, &order, PCRE2.features, 1)
                    .unwrap_or_else(|| panic!("{input}: a program without packings"));
                assert_eq!(
                    (walk.nodes, walk.solutions == 1),
                    statements_entered(&program, &order),
                    "{input}, stage {stage}"
                );
                walked += 1;
            }
        }
    }
    assert!(walked >= 23, "{walked} programs");
}

#[test]
fn solvers_that_propagate_get_the_irs_walk_and_cnf_walks_its_own_tree() {
    // Aquarium's, colour grids' and Kakuro's native solvers propagate or branch dynamically:
    // the IR walks their patterns' static trees.
    for (puzzle, input) in [
        ("aquarium", fixture("aquarium/gen06_1.txt")),
        ("colorgrid", fixture("colorgrid/so_example.txt")),
        ("kakuro", fixture("kakuro/gen05x05_several.txt")),
    ] {
        let (t, _) = timed(puzzle, &input, None, Propagation::None);
        assert!(walked(t), "{puzzle}: {t:?}");
    }
    // CNF's cross-check runs DPLL; its same-tree search is the pattern's.
    let (t, _) = timed(
        "cnf",
        &fixture("cnf/random3_v20_c85.cnf"),
        None,
        Propagation::None,
    );
    assert!(walked(t), "{t:?}");
}
