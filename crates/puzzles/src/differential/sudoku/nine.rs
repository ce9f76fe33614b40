//! Sudoku's 9×9 generator (`sudoku-9x9`): the houses and forms that only exist or differ at
//! 9×9 (the X cross, windoku / NRC, asterisk, girandola, centre-dot, disjoint groups, single
//! diagonals and argyle; Abigail's file layout), with anti-knight / anti-king and a few kinds of
//! the variant section on top.

use backref_rng::Rng;
use backref_sudoku::Variant;

use super::grid::{
    blank_all_but, fill_within, moved_pairs, random_regions, standard_houses, Frame,
};
use super::lines::{Builder, Kind, KINDS};
use super::{finish, grid_text, read_back};
use crate::differential::{chance, pick, Made};

/// The side.
const N: usize = 9;

/// The node budget of one 9×9 fill (a classic grid needs about 81; extra houses and
/// anti-knight / anti-king together can need thousands, or have no grid at all).
const NINE_BUDGET: u64 = 30_000;

/// The extra houses of a 9×9 case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Extra {
    /// Both main diagonals (`diagonal`; Abigail's `set_cross`).
    Cross,
    /// Four extra boxes at r2c2, r2c6, r6c2, r6c6 (`windoku`; `set_nrc_houses`).
    Windoku,
    /// The asterisk house, written out (`set_asterisk_house`).
    Asterisk,
    /// The girandola house, written out (`set_girandola_house`).
    Girandola,
    /// The centres of the nine boxes, written out (`set_center_dot_house`).
    CentreDot,
    /// Disjoint groups: the cells at one position of every box, nine houses (no Abigail method).
    Disjoint,
    /// The main diagonal alone (`set_diagonal_main`).
    Main,
    /// The minor diagonal alone (`set_diagonal_minor`).
    Minor,
    /// The diagonals one and four off both main diagonals, eight houses (`set_argyle`).
    Argyle,
}

/// Every extra house kind.
const EXTRAS: [Extra; 9] = [
    Extra::Cross,
    Extra::Windoku,
    Extra::Asterisk,
    Extra::Girandola,
    Extra::CentreDot,
    Extra::Disjoint,
    Extra::Main,
    Extra::Minor,
    Extra::Argyle,
];

/// The cells of an asterisk house (row, column from 1), independent of the parser's picture.
const ASTERISK: [(usize, usize); 9] = [
    (2, 5),
    (3, 3),
    (3, 7),
    (5, 2),
    (5, 5),
    (5, 8),
    (7, 3),
    (7, 7),
    (8, 5),
];

/// The cells of a girandola house (row, column from 1).
const GIRANDOLA: [(usize, usize); 9] = [
    (1, 1),
    (1, 9),
    (2, 5),
    (5, 2),
    (5, 5),
    (5, 8),
    (8, 5),
    (9, 1),
    (9, 9),
];

/// A diagonal's cells, top row first: `main` runs top left to bottom right (column = row +
/// offset), the minor one top right to bottom left (column = 8 − row − offset).
fn diagonal(main: bool, offset: i64) -> Vec<usize> {
    (0..N as i64)
        .filter_map(|r| {
            let c = if main {
                r + offset
            } else {
                N as i64 - 1 - r - offset
            };
            (0..N as i64)
                .contains(&c)
                .then_some((r * N as i64 + c) as usize)
        })
        .collect()
}

impl Extra {
    /// The kind's name in a case's description.
    fn name(self) -> &'static str {
        match self {
            Extra::Cross => "x-cross",
            Extra::Windoku => "windoku",
            Extra::Asterisk => "asterisk",
            Extra::Girandola => "girandola",
            Extra::CentreDot => "centre-dot",
            Extra::Disjoint => "disjoint-groups",
            Extra::Main => "main-diagonal",
            Extra::Minor => "minor-diagonal",
            Extra::Argyle => "argyle",
        }
    }

    /// Abigail's method for it, if he has one.
    fn method(self) -> Option<&'static str> {
        Some(match self {
            Extra::Cross => "set_cross",
            Extra::Windoku => "set_nrc_houses",
            Extra::Asterisk => "set_asterisk_house",
            Extra::Girandola => "set_girandola_house",
            Extra::CentreDot => "set_center_dot_house",
            Extra::Disjoint => return None,
            Extra::Main => "set_diagonal_main",
            Extra::Minor => "set_diagonal_minor",
            Extra::Argyle => "set_argyle",
        })
    }

    /// Its houses, as the fill respects them and as the variants name them (in the order the
    /// parsers give them).
    fn houses(self) -> Vec<Vec<usize>> {
        let cells = |rc: &[(usize, usize)]| rc.iter().map(|&(r, c)| (r - 1) * N + c - 1).collect();
        match self {
            Extra::Cross => vec![diagonal(true, 0), diagonal(false, 0)],
            Extra::Windoku => [(1, 1), (1, 5), (5, 1), (5, 5)]
                .iter()
                .map(|&(r0, c0)| {
                    (r0..r0 + 3)
                        .flat_map(|r| (c0..c0 + 3).map(move |c| r * N + c))
                        .collect()
                })
                .collect(),
            Extra::Asterisk => vec![cells(&ASTERISK)],
            Extra::Girandola => vec![cells(&GIRANDOLA)],
            Extra::CentreDot => vec![(0..9)
                .map(|b| (b / 3 * 3 + 1) * N + b % 3 * 3 + 1)
                .collect()],
            Extra::Disjoint => (0..9)
                .map(|k| {
                    (0..9)
                        .map(|b| (b / 3 * 3 + k / 3) * N + b % 3 * 3 + k % 3)
                        .collect()
                })
                .collect(),
            Extra::Main => vec![diagonal(true, 0)],
            Extra::Minor => vec![diagonal(false, 0)],
            Extra::Argyle => {
                let mut out = Vec::new();
                for k in [1, 4] {
                    for main in [true, false] {
                        for o in [k, -k] {
                            out.push(diagonal(main, o));
                        }
                    }
                }
                out
            }
        }
    }

    /// The variants it parses to.
    fn variants(self) -> Vec<Variant> {
        match self {
            Extra::Cross => vec![Variant::Diagonal],
            Extra::Windoku => vec![Variant::Windoku],
            _ => self.houses().into_iter().map(Variant::House).collect(),
        }
    }
}

/// The kinds of the variant section a 9×9 case draws from: every kind but the globals and
/// jigsaw, which are drawn apart (in [`KINDS`]' order).
fn other_kinds() -> Vec<Kind> {
    KINDS
        .into_iter()
        .filter(|k| {
            !matches!(
                k,
                Kind::Diagonal | Kind::AntiKnight | Kind::AntiKing | Kind::Jigsaw
            )
        })
        .collect()
}

/// The kinds of [`other_kinds`] Abigail's chain has methods for (parity is written in his grid).
const ABIGAIL_KINDS: [Kind; 4] = [
    Kind::Whisper,
    Kind::Renban,
    Kind::Quadruple,
    Kind::Battenburg,
];

/// A 9×9 Sudoku: see [`super::nine`]'s doc for what it draws.
pub(super) fn make(rng: &mut Rng) -> Made {
    let abigail = chance(rng, 1, 5);
    let jigsaw = !abigail && chance(rng, 1, 6);
    // One or two extra house kinds (none in one case in eight).
    let mut extras: Vec<Extra> = EXTRAS
        .iter()
        .copied()
        .filter(|e| !abigail || e.method().is_some())
        .collect();
    rng.shuffle(&mut extras);
    let wanted = if chance(rng, 1, 8) {
        0
    } else {
        1 + rng.below(2)
    };
    extras.truncate(wanted);
    let knight = chance(rng, 1, 4);
    let king = chance(rng, 1, 5);
    // Up to three other kinds, a tenth of them drawn at random (at 9×9 with 40 givens a random
    // constraint almost always leaves no solution).
    let mut others: Vec<Kind> = if abigail {
        ABIGAIL_KINDS.to_vec()
    } else {
        other_kinds()
    };
    rng.shuffle(&mut others);
    others.truncate(rng.below(4));
    let picks: Vec<(Kind, bool)> = others.iter().map(|&k| (k, chance(rng, 1, 10))).collect();

    // The grid, under every extra house and pair; without anti-knight / anti-king when no fill
    // was found in five tries, and without the extras either when three more fail (they stay,
    // marked `*`: the case may have no solution).
    let mut regions = None;
    let mut houses_kept = true;
    let moves = |knight: bool, king: bool| {
        let mut differ = Vec::new();
        if knight {
            differ.extend(moved_pairs(N, &[(1, 2), (2, 1), (1, -2), (2, -1)]));
        }
        if king {
            differ.extend(moved_pairs(N, &[(1, 1), (1, -1)]));
        }
        differ
    };
    let (mut knight, mut king) = (knight, king);
    let sol = 'fill: {
        // Five tries under everything, then three without anti-knight / anti-king (dropped:
        // some combinations, argyle with anti-knight, have few grids or none).
        for round in 0..2 {
            if round == 1 {
                if !(knight || king) {
                    break;
                }
                (knight, king) = (false, false);
            }
            for _ in 0..5 - 2 * round {
                if jigsaw {
                    regions = Some(random_regions(N, rng));
                }
                let mut houses = standard_houses(N, 3, 3, regions.as_deref());
                for e in &extras {
                    houses.extend(e.houses());
                }
                let frame = Frame::new(N, &houses, &moves(knight, king));
                if let Some(sol) = fill_within(&frame, rng, NINE_BUDGET) {
                    break 'fill sol;
                }
            }
        }
        houses_kept = false;
        loop {
            let frame = Frame::new(N, &standard_houses(N, 3, 3, regions.as_deref()), &[]);
            if let Some(sol) = fill_within(&frame, rng, NINE_BUDGET) {
                break 'fill sol;
            }
            if jigsaw {
                regions = Some(random_regions(N, rng));
            }
        }
    };
    let differ = moves(knight, king);

    let mut b = Builder {
        n: N,
        sol: &sol,
        upper: chance(rng, 1, 8),
        blocks: Vec::new(),
    };
    let star = |kept: bool| if kept { "" } else { "*" };
    let mut names: Vec<String> = extras
        .iter()
        .map(|e| format!("{}{}", e.name(), star(houses_kept)))
        .collect();
    for (on, name) in [(knight, "anti-knight"), (king, "anti-king")] {
        if on {
            names.push(format!("{name}{}", star(houses_kept)));
        }
    }
    let mut any_random = !houses_kept;
    for &(k, random) in &picks {
        let random = b.emit(k, random, None, rng);
        any_random |= random;
        names.push(format!("{}{}", k.name(), star(!random)));
    }
    let others_blocks = std::mem::take(&mut b.blocks);

    // Givens: 28 to 50 (26 or 27 now and then), or 40 to 50 when the case may be unsolvable
    // (the pattern does not propagate: refuting a sparse 9×9 can take PCRE2 long).
    let change = chance(rng, 1, 8);
    let doubtful = change || any_random;
    // One solvable case in eight is sparser (26 or 27 givens): more solutions to count. Not
    // sparser: seed 20991 of an earlier version (22 givens) counted 1,555 in 2.5 s, and seed
    // 103570 of another (24 givens, girandola, centre-dot) took PCRE2 1.7 s to the first answer.
    let keep = if doubtful {
        40 + rng.below(11)
    } else if chance(rng, 1, 8) {
        26 + rng.below(2)
    } else {
        28 + rng.below(23)
    };
    let mut givens: Vec<Option<u8>> = sol.iter().map(|&v| Some(v)).collect();
    blank_all_but(&mut givens, keep, rng);
    let mut changed = "";
    if change {
        let cells: Vec<usize> = (0..N * N).filter(|&c| givens[c].is_some()).collect();
        // A value no peer gives (under every house and pair of the case) when there is one, so
        // that the clash is not direct.
        let mut houses = standard_houses(N, 3, 3, regions.as_deref());
        for e in &extras {
            houses.extend(e.houses());
        }
        let frame = Frame::new(N, &houses, &differ);
        let c = *pick(rng, &cells);
        let free: Vec<u8> = (0..N as u8)
            .filter(|&v| Some(v) != givens[c])
            .filter(|&v| frame.peers[c].iter().all(|&p| givens[p] != Some(v)))
            .collect();
        givens[c] = Some(if free.is_empty() {
            ((givens[c].unwrap_or(0) as usize + 1 + rng.below(N - 1)) % N) as u8
        } else {
            *pick(rng, &free)
        });
        changed = ", a given changed";
    }
    let count = givens.iter().flatten().count();

    let (text, form, expected) = if abigail {
        let (text, expected, more) =
            abigail_text(&sol, &givens, &extras, knight, king, &others_blocks, rng);
        names.extend(more);
        (text, "Abigail's layout", expected)
    } else {
        let (mut text, form) = grid_text(N, 3, 3, &givens, jigsaw, rng);
        let mut blocks: Vec<(Vec<String>, Vec<Variant>)> = Vec::new();
        if let Some(ids) = regions.as_deref() {
            let mut jb = Builder {
                n: N,
                sol: &sol,
                upper: b.upper,
                blocks: Vec::new(),
            };
            jb.emit(Kind::Jigsaw, false, Some(ids), rng);
            blocks.extend(jb.blocks);
        }
        for e in &extras {
            blocks.push(match e {
                Extra::Cross => (vec!["diagonal".into()], e.variants()),
                Extra::Windoku => (vec!["windoku".into()], e.variants()),
                _ => (
                    e.houses()
                        .iter()
                        .map(|h| format!("house {}", b.cells(h)))
                        .collect(),
                    e.variants(),
                ),
            });
        }
        if knight {
            blocks.push((vec!["anti-knight".into()], vec![Variant::AntiKnight]));
        }
        if king {
            blocks.push((vec!["anti-king".into()], vec![Variant::AntiKing]));
        }
        blocks.extend(others_blocks);
        rng.shuffle(&mut blocks);
        let mut expected = Vec::new();
        for (lines, vs) in blocks {
            for l in lines {
                text.push_str(&l);
                text.push('\n');
            }
            expected.extend(vs);
        }
        (text, form, expected)
    };
    let puzzle = read_back(&text, N, &givens, regions.as_deref(), &expected);
    finish(
        puzzle,
        text,
        format!("9x9{}", if jigsaw { " jigsaw" } else { "" }),
        format!(
            "{form}, {count} givens{changed}: {}",
            if names.is_empty() {
                "classic".to_string()
            } else {
                names.join(", ")
            }
        ),
        rng,
    )
}

/// The case in Abigail's layout: the clue grid (spaced, `e` / `o` on some blank cells: derived
/// from the solution, or random one time in six), `==`, his `Solution`, `==`, the `Create`
/// chain, `==`, a name. Returns the text, the variants the parser gives (odd, even, then the
/// chain's in order), and the names of what it added (`*` when random).
fn abigail_text(
    sol: &[u8],
    givens: &[Option<u8>],
    extras: &[Extra],
    knight: bool,
    king: bool,
    others: &[(Vec<String>, Vec<Variant>)],
    rng: &mut Rng,
) -> (String, Vec<Variant>, Vec<String>) {
    let mut names = Vec::new();
    let rc = |c: usize| format!("R{}C{}", c / N + 1, c % N + 1);
    let qw = |cells: &[usize]| {
        format!(
            "(qw [{}])",
            cells.iter().map(|&c| rc(c)).collect::<Vec<_>>().join(" ")
        )
    };
    // Parity marks on some blank cells.
    let mut marks = vec![None; N * N];
    if chance(rng, 1, 3) {
        let random = chance(rng, 1, 6);
        for c in (0..N * N).filter(|&c| givens[c].is_none()) {
            if chance(rng, 1, 6) {
                let odd = if random {
                    chance(rng, 1, 2)
                } else {
                    sol[c].is_multiple_of(2) // value 0 is the number 1
                };
                marks[c] = Some(if odd { 'o' } else { 'e' });
            }
        }
        names.push(format!("odd/even marks{}", if random { "*" } else { "" }));
    }
    let mut text = String::new();
    for r in 0..N {
        let row: Vec<String> = (0..N)
            .map(|c| {
                let i = r * N + c;
                match (givens[i], marks[i]) {
                    (Some(v), _) => ((b'1' + v) as char).to_string(),
                    (None, Some(m)) => m.to_string(),
                    (None, None) => ".".into(),
                }
            })
            .collect();
        // His files gap the boxes with two spaces and the bands with a blank line.
        let boxes: Vec<String> = row.chunks(3).map(|b| b.join(" ")).collect();
        if r > 0 && r % 3 == 0 {
            text.push('\n');
        }
        text.push_str(&boxes.join("  "));
        text.push('\n');
    }
    let mut expected = Vec::new();
    let odd: Vec<usize> = (0..N * N).filter(|&c| marks[c] == Some('o')).collect();
    let even: Vec<usize> = (0..N * N).filter(|&c| marks[c] == Some('e')).collect();
    if !odd.is_empty() {
        expected.push(Variant::Odd(odd));
    }
    if !even.is_empty() {
        expected.push(Variant::Even(even));
    }
    text.push_str("==\nSolution\n");
    for row in sol.chunks(N) {
        let row: Vec<String> = row.iter().map(|&v| (v + 1).to_string()).collect();
        text.push_str(&row.join(" "));
        text.push('\n');
    }
    // The chain's calls, in a random order.
    let mut calls: Vec<(String, Vec<Variant>)> = Vec::new();
    for e in extras {
        let method = e.method().expect("an extra Abigail has");
        calls.push((method.to_string(), e.variants()));
    }
    if knight {
        calls.push((
            "set_anti_knight_constraint".into(),
            vec![Variant::AntiKnight],
        ));
    }
    if king {
        calls.push(("set_anti_king_constraint".into(), vec![Variant::AntiKing]));
    }
    for (_, vs) in others {
        for v in vs {
            let call = match v {
                Variant::Whisper(cells) => format!("set_german_whisper {}", qw(cells)),
                Variant::Renban(cells) => format!("set_renban {}", qw(cells)),
                Variant::Battenburg(c) => format!("set_battenburg {}", qw(&[*c])),
                Variant::AntiBattenburg(c) => format!("set_anti_battenburg {}", qw(&[*c])),
                Variant::Quadruple(c, values) => format!(
                    "set_quadruples ({} => [{}])",
                    rc(*c),
                    values
                        .iter()
                        .map(|v| (v + 1).to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                other => unreachable!("no Abigail method for {other:?}"),
            };
            calls.push((call, vec![v.clone()]));
        }
    }
    // One case in four has a whisper whose cells need not touch (his whispers may jump),
    // derived from the solution.
    if chance(rng, 1, 4) {
        let mut cells = vec![rng.below(N * N)];
        for _ in 0..1 + rng.below(3) {
            let last = *cells.last().expect("a cell");
            let next: Vec<usize> = (0..N * N)
                .filter(|&c| !cells.contains(&c) && sol[c].abs_diff(sol[last]) >= 5)
                .collect();
            if next.is_empty() {
                break;
            }
            cells.push(*pick(rng, &next));
        }
        if cells.len() >= 2 {
            let call = format!("set_german_whisper {}", qw(&cells));
            calls.push((call, vec![Variant::Whisper(cells)]));
            names.push("jumping whisper".into());
        }
    }
    rng.shuffle(&mut calls);
    text.push_str(
        "==\nCreate\nRegexp::Logic_Puzzles::Sudoku::\n    -> new\n    -> init (size => 9)\n",
    );
    for (call, vs) in calls {
        text.push_str(&format!("    -> {call}\n"));
        expected.extend(vs);
    }
    text.push_str("==\nName: a generated case\n");
    (text, expected, names)
}
