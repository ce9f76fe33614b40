//! Sudoku's generators (see the parent module): 4×4 (2×2 boxes) and 6×6 (2×3 boxes; the format
//! has no 3×2 boxes) grids, plain and with a variant section, and 9×9 grids with the houses
//! that only exist at 9×9 (`nine.rs`, some cases in Abigail's file layout).
//!
//! Every case starts from a random complete grid filled by this module's own backtracking
//! ([`grid::complete`]), which also respects the houses and the anti-knight / anti-king pairs the
//! case's variants add, so that clues derived from the grid leave the case solvable. The text is
//! written in the one-line or the grid form (with or without box separators and comments) and
//! read back by [`backref_sudoku::parse`], the command line's parser. Three cases in four name a
//! random `--order`; the others run the default, which races the puzzle's orders
//! ([`backref_sudoku::puzzle::RACED_ORDERS`]) with reserves stopped by a match limit. A quarter
//! are portable and a quarter carry a random `--propagate` level. A 4×4 case is also counted by brute force:
//! every 4×4 Latin square (576) that the rule checker ([`backref_sudoku::verify::check`])
//! accepts for the puzzle. The grids are in `grid.rs`, the variant lines in `lines.rs`.

use std::sync::OnceLock;

use crate::differential::{
    chance, maybe_order, maybe_portable, maybe_propagate, pick, Generator, Made, Oracle,
};
use backref_rng::Rng;
use backref_sudoku::order::ORDERS;
use backref_sudoku::{parse, verify, Sudoku, Variant};

mod grid;
mod lines;
mod nine;

use grid::{
    blank_all_but, clash, fill, moved_pairs, no_completion, random_regions, standard_houses, Frame,
};
use lines::{Builder, Kind, KINDS};

/// Sudoku's generators.
pub(super) const GENERATORS: &[Generator] = &[
    Generator {
        name: "sudoku",
        puzzle: "sudoku",
        about: "4x4 and 6x6, any density, both forms: solvable, a direct clash, or no completion",
        cases: 500,
        make: plain,
    },
    Generator {
        name: "sudoku-variants",
        puzzle: "sudoku",
        about: "4x4 and 6x6, sparse givens, 1-5 of 20 variant kinds (jigsaw too), from the grid or random",
        cases: 250,
        make: variants,
    },
    Generator {
        name: "sudoku-9x9",
        puzzle: "sudoku",
        about: "9x9 boxes/jigsaw, 9x9-only houses (X, windoku, asterisk...), 0-3 kinds, some in Abigail form",
        cases: 40,
        make: nine,
    },
];

/// A 9×9 Sudoku (`nine.rs`): 3×3 boxes, or random jigsaw regions in one case in six (not in
/// Abigail's layout); zero (one case in eight), one or two kinds of extra house (the X cross
/// `diagonal`, `windoku`, and written out as `house` lines: asterisk, girandola, centre-dot,
/// disjoint groups, the main or the minor diagonal alone, argyle), anti-knight in a quarter and
/// anti-king in a fifth of the cases, and zero to three of the other kinds of the variant
/// section, derived from the grid (a tenth drawn at random, marked `*`). The grid is filled
/// under every extra house and pair (anti-knight and anti-king dropped when five fills fail;
/// the extras kept anyway, marked `*`, when three more fail). Givens: 28 to 50 of 81 (26 or 27
/// in one solvable case in eight, for more solutions to count), or 40 to 50 when a kind was
/// drawn at random or a given is changed (one case in eight, to a value no peer gives when
/// there is one), so that PCRE2's pattern, which does not propagate, refutes quickly. One case
/// in five is written in Abigail's layout (`abigail.rs`: the clue grid with `e` / `o` parity
/// marks on blank cells, his `Solution`, the `Create` chain of `set_...` methods), with the
/// extras and the kinds his chain has (whisper, renban, quadruple, battenburg; a quarter of them
/// with a whisper whose cells need not touch, as his may). No brute force at 9×9: the native
/// count is compared with PCRE2's, and every decoded answer is rule-checked.
///
/// Hunted (release stress runs, pcre2 against fancy, about 14,000 cases over this and earlier
/// versions, seeds 0..5,364, 20,000..22,885, 40,000..41,722, 60,000..60,211, 70,000..70,405,
/// 100,000..103,571, 200,000..203,864, and the test's 800 in debug): no disagreement;
/// fancy-regex gave up (its match limit, allowed) on about one case in 800.
fn nine(rng: &mut Rng) -> Made {
    nine::make(rng)
}

/// The grid shapes: (N, box rows, box columns).
const SHAPES: [(usize, usize, usize); 2] = [(4, 2, 2), (6, 2, 3)];

/// The node budget of one random fill or completion proof (4×4 and 6×6 need far fewer).
const FILL_BUDGET: u64 = 20_000;

/// A plain Sudoku: a random 4×4 or 6×6 grid with a random number of givens (from none to all),
/// in either form; a third made unsolvable, half of those by a direct clash (a given copied
/// into a peer: the parser accepts it and the puzzle must be found without a solution), the
/// other half by changing a given to a value no peer gives, kept when this module's own search
/// finds no completion (up to 30 tries; the kind says when every try stayed solvable).
fn plain(rng: &mut Rng) -> Made {
    let &(n, br, bc) = pick(rng, &SHAPES);
    let frame = Frame::new(n, &standard_houses(n, br, bc, None), &[]);
    let sol = fill(&frame, rng).expect("a plain grid always fills");
    let mut givens: Vec<Option<u8>> = sol.iter().map(|&v| Some(v)).collect();
    let unsolvable = chance(rng, 1, 3);
    let keep = if unsolvable {
        n * n / 3 + rng.below(n * n - n * n / 3)
    } else {
        rng.below(n * n + 1)
    };
    blank_all_but(&mut givens, keep, rng);
    let kind = if !unsolvable {
        "from a grid".to_string()
    } else if chance(rng, 1, 2) {
        clash(&frame, &mut givens, rng)
    } else {
        no_completion(&frame, &mut givens, rng)
    };
    let (text, form) = grid_text(n, br, bc, &givens, false, rng);
    let puzzle = read_back(&text, n, &givens, None, &[]);
    let count = givens.iter().flatten().count();
    finish(
        puzzle,
        text,
        format!("{n}x{n}"),
        format!("{form}, {count} givens, {kind}"),
        rng,
    )
}

/// A Sudoku with variants: a random 4×4 or 6×6 grid, 1–3 kinds of variant (4–5 in one case
/// in six; each kind one to a few constraints), at most 40 % of the cells given (6×6: 6 to 14,
/// or 12 to 18 when the case may be unsolvable). Four kinds in five are derived from the grid
/// (the case stays solvable, unless a global kind cannot be filled and is kept anyway), the
/// others drawn at random (often unsolvable: marked `*` in the kind, as are derived negative
/// constraints with a dot left out or turned into an X or a V); one case in eight also has a
/// given changed.
///
/// Found with it, both in the model (`crates/sudoku/src/model.rs`, so the encoder and the
/// native solver agreed with each other and PCRE2 counted what the native solver did, against
/// the rule checker and the brute force; regressions in
/// `crates/sudoku/tests/differential_regressions.rs`):
/// - an X or a V excused an orthogonal pair from `kropki-negative` as a kropki dot does (seeds
///   1065 and 5982: a V on a 2 and a 3 with no white dot, native count 1, brute force 0);
/// - a cell named by an `odd` and an `even` line kept the last line's parity only (seeds 72
///   and 3818; seed 72, an empty 4×4 with such a cell and a killer cage: native count 6, brute
///   force 0).
fn variants(rng: &mut Rng) -> Made {
    let &(n, br, bc) = pick(rng, &SHAPES);
    let mut kinds: Vec<Kind> = KINDS.to_vec();
    rng.shuffle(&mut kinds);
    // One case in six has four or five kinds.
    let many = if chance(rng, 1, 6) {
        4 + rng.below(2)
    } else {
        1 + rng.below(3)
    };
    kinds.truncate(many);
    let picks: Vec<(Kind, bool)> = kinds.iter().map(|&k| (k, chance(rng, 1, 5))).collect();
    let has = |k: Kind| picks.iter().any(|p| p.0 == k);

    // The jigsaw regions (a layout some grid fills), then the grid, with the global kinds
    // derived from it when a fill respects them.
    let mut regions = None;
    let extra_houses = || -> Vec<Vec<usize>> {
        let mut houses = Vec::new();
        for &(k, random) in &picks {
            if k == Kind::Diagonal && !random {
                houses.push((0..n).map(|i| i * n + i).collect());
                houses.push((0..n).map(|i| i * n + n - 1 - i).collect());
            }
        }
        houses
    };
    let differ = || -> Vec<(usize, usize)> {
        let mut pairs = Vec::new();
        for &(k, random) in &picks {
            let moves: &[(i64, i64)] = match k {
                Kind::AntiKnight => &[(1, 2), (2, 1), (1, -2), (2, -1)],
                Kind::AntiKing => &[(1, 1), (1, -1), (0, 1), (1, 0)],
                _ => continue,
            };
            if !random {
                pairs.extend(moved_pairs(n, moves));
            }
        }
        pairs
    };
    let mut globals_kept = true;
    let sol = loop {
        if has(Kind::Jigsaw) {
            regions = Some(random_regions(n, rng));
        }
        let mut houses = standard_houses(n, br, bc, regions.as_deref());
        houses.extend(extra_houses());
        if let Some(sol) = fill(&Frame::new(n, &houses, &differ()), rng) {
            break sol;
        }
        let plain = Frame::new(n, &standard_houses(n, br, bc, regions.as_deref()), &[]);
        if let Some(sol) = fill(&plain, rng) {
            globals_kept = false;
            break sol;
        }
    };

    let mut b = Builder {
        n,
        sol: &sol,
        upper: chance(rng, 1, 8),
        blocks: Vec::new(),
    };
    let mut names = Vec::new();
    let mut any_random = false;
    for &(k, random) in &picks {
        let random = b.emit(k, random, regions.as_deref(), rng);
        any_random |= random;
        let global = matches!(k, Kind::Diagonal | Kind::AntiKnight | Kind::AntiKing);
        let star = if random || (global && !globals_kept) {
            "*"
        } else {
            ""
        };
        names.push(format!("{}{star}", k.name()));
    }
    rng.shuffle(&mut b.blocks);

    let mut givens: Vec<Option<u8>> = sol.iter().map(|&v| Some(v)).collect();
    let change = chance(rng, 1, 8);
    // A 6×6 case that may well be unsolvable keeps a third to a half of its givens: the
    // pattern's search has no propagation, so refuting a sparse one can take PCRE2 more than
    // its match limit (seed 1968 of an earlier version: an empty 6×6 whose two whispers cannot both hold,
    // found late under the greedy order, gave up after a billion steps).
    let doubtful = change || !globals_kept || any_random;
    // Other 6×6 cases keep at least 6: an exhaustive count of a nearly empty 6×6 under strong
    // constraints took PCRE2 10 s (seed 10561 of an earlier version: a whisper and a little
    // killer, 295 solutions, release build).
    let keep = match (n, doubtful) {
        (6, true) => n * n / 3 + rng.below(n * n / 6 + 1),
        (6, false) => 6 + rng.below(n * n * 2 / 5 - 5),
        _ => rng.below(n * n * 2 / 5 + 1),
    };
    blank_all_but(&mut givens, keep, rng);
    let mut changed = "";
    if keep > 0 && change {
        let cells: Vec<usize> = (0..n * n).filter(|&c| givens[c].is_some()).collect();
        let c = *pick(rng, &cells);
        givens[c] = Some(((givens[c].unwrap_or(0) as usize + 1 + rng.below(n - 1)) % n) as u8);
        changed = ", a given changed";
    }
    let (mut text, form) = grid_text(n, br, bc, &givens, regions.is_some(), rng);
    let mut expected = Vec::new();
    for (lines, vs) in &b.blocks {
        for l in lines {
            text.push_str(l);
            text.push('\n');
        }
        expected.extend(vs.iter().cloned());
    }
    let puzzle = read_back(&text, n, &givens, regions.as_deref(), &expected);
    let count = givens.iter().flatten().count();
    finish(
        puzzle,
        text,
        format!("{n}x{n}{}", if regions.is_some() { " jigsaw" } else { "" }),
        format!("{form}, {count} givens{changed}: {}", names.join(", ")),
        rng,
    )
}

/// The flags (a random order or, one time in four, the default race; a quarter portable, a
/// quarter with a `--propagate` level), the 4×4 brute force, and the case.
fn finish(puzzle: Sudoku, text: String, size: String, kind: String, rng: &mut Rng) -> Made {
    let mut flags = Vec::new();
    maybe_order(rng, &ORDERS, 4, &mut flags);
    maybe_portable(rng, 4, &mut flags);
    maybe_propagate(rng, 4, &mut flags);
    let oracle = (puzzle.n == 4).then(|| -> Oracle {
        let p = puzzle.clone();
        (
            "brute force",
            Box::new(move || {
                latin_squares()
                    .iter()
                    .filter(|rows| verify::check(&p, rows).is_ok())
                    .count() as u64
            }),
        )
    });
    Made::with(puzzle, text, false, oracle).described(size, kind, flags)
}

/// Parses `text` with the command line's parser and checks that it reads back as built.
fn read_back(
    text: &str,
    n: usize,
    givens: &[Option<u8>],
    regions: Option<&[usize]>,
    variants: &[Variant],
) -> Sudoku {
    let s =
        parse(text).unwrap_or_else(|e| panic!("the command line reads the puzzle: {e}\n{text}"));
    assert_eq!(s.n, n, "the size reads back differently:\n{text}");
    assert_eq!(
        s.givens, givens,
        "the givens read back differently:\n{text}"
    );
    assert_eq!(
        s.regions.as_deref(),
        regions,
        "the regions read back differently:\n{text}"
    );
    assert_eq!(
        s.variants, variants,
        "the variants read back differently:\n{text}"
    );
    s
}

/// Every 4×4 Latin square (576) as rows of symbols: the candidates of the 4×4 brute force.
fn latin_squares() -> &'static [Vec<String>] {
    static SQUARES: OnceLock<Vec<Vec<String>>> = OnceLock::new();
    SQUARES.get_or_init(|| {
        let mut perms: Vec<[u8; 4]> = Vec::new();
        for a in 0..4u8 {
            for b in 0..4u8 {
                for c in 0..4u8 {
                    for d in 0..4u8 {
                        let p = [a, b, c, d];
                        if (0..4).all(|i| (0..i).all(|k| p[i] != p[k])) {
                            perms.push(p);
                        }
                    }
                }
            }
        }
        let mut out = Vec::new();
        let mut rows: Vec<[u8; 4]> = Vec::new();
        fn extend(perms: &[[u8; 4]], rows: &mut Vec<[u8; 4]>, out: &mut Vec<Vec<String>>) {
            if rows.len() == 4 {
                out.push(
                    rows.iter()
                        .map(|r| r.iter().map(|&v| (b'1' + v) as char).collect())
                        .collect(),
                );
                return;
            }
            for p in perms {
                if rows.iter().all(|r| (0..4).all(|i| r[i] != p[i])) {
                    rows.push(*p);
                    extend(perms, rows, out);
                    rows.pop();
                }
            }
        }
        extend(&perms, &mut rows, &mut out);
        assert_eq!(out.len(), 576, "4x4 Latin squares");
        out
    })
}

// ---------------------------------------------------------------------------------------------
// Text.

/// The grid in a random form: one line (`.` or `0` blanks) or N lines (plain, spaced, or with
/// box separators when there are boxes), sometimes with comments. Returns the text and the
/// form's name.
fn grid_text(
    n: usize,
    br: usize,
    bc: usize,
    givens: &[Option<u8>],
    jigsaw: bool,
    rng: &mut Rng,
) -> (String, &'static str) {
    let sym = |v: Option<u8>, blank: char| v.map_or(blank, |v| (b'1' + v) as char);
    let mut text = String::new();
    if chance(rng, 1, 5) {
        text.push_str("# a generated case\n\n");
    }
    let form = rng.below(if jigsaw { 3 } else { 4 });
    let name = match form {
        0 | 1 => {
            let blank = if form == 0 { '.' } else { '0' };
            text.extend(givens.iter().map(|&v| sym(v, blank)));
            if chance(rng, 1, 4) {
                text.push_str("  # one line");
            }
            text.push('\n');
            "one line"
        }
        2 => {
            let spaced = chance(rng, 1, 3);
            for row in givens.chunks(n) {
                let cells: Vec<String> = row.iter().map(|&v| sym(v, '.').to_string()).collect();
                text.push_str(&cells.join(if spaced { " " } else { "" }));
                text.push('\n');
            }
            "grid"
        }
        _ => {
            for (r, row) in givens.chunks(n).enumerate() {
                if r > 0 && r % br == 0 {
                    let bar = "-".repeat(bc);
                    text.push_str(&vec![bar; n / bc].join("+"));
                    text.push('\n');
                }
                let boxes: Vec<String> = row
                    .chunks(bc)
                    .map(|b| b.iter().map(|&v| sym(v, '.')).collect())
                    .collect();
                text.push_str(&boxes.join(" | "));
                text.push('\n');
            }
            "grid with boxes"
        }
    };
    (text, name)
}
