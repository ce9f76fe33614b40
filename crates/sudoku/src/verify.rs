//! The rule checker: written from the rules alone, sharing nothing with the encoder (it reads
//! the puzzle as written, not the model, and works on the answer's symbols).

use crate::grid::{Sudoku, Variant};

/// A broken rule in an answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Violation {
    /// The answer is not N rows of N symbols.
    #[error("the answer is not {n} rows of {n} symbols")]
    Shape {
        /// The side.
        n: usize,
    },
    /// A cell holds something that is not one of the N symbols.
    #[error("r{}c{} holds {found:?}, not a symbol", .cell.0 + 1, .cell.1 + 1)]
    Symbol {
        /// (row, column) from 0.
        cell: (usize, usize),
        /// What it holds.
        found: char,
    },
    /// A given was changed.
    #[error("r{}c{} was given, the answer changes it", .cell.0 + 1, .cell.1 + 1)]
    Given {
        /// (row, column) from 0.
        cell: (usize, usize),
    },
    /// A group of cells that must hold distinct symbols repeats one.
    #[error("{group} holds {symbol} twice")]
    Repeat {
        /// Which group (e.g. `row 3`, `box 2`, `region 5`, `the main diagonal`).
        group: String,
        /// The repeated symbol.
        symbol: char,
    },
    /// A variant's rule is broken.
    #[error("{rule} is broken at r{}c{}", .cell.0 + 1, .cell.1 + 1)]
    Variant {
        /// The rule in words.
        rule: String,
        /// (row, column) from 0 of a cell where it breaks.
        cell: (usize, usize),
    },
}

/// A rule on two cells: its name, the cells (row, column), and what their numbers must satisfy.
type PairRule = (String, (usize, usize), (usize, usize), fn(u32, u32) -> bool);
/// A rule on one cell.
type CellRule = (String, (usize, usize), fn(u32) -> bool);

fn number(c: char) -> Option<u32> {
    match c {
        '1'..='9' => Some(c as u32 - '0' as u32),
        'A'..='Z' => Some(c as u32 - 'A' as u32 + 10),
        'a'..='z' => Some(c as u32 - 'a' as u32 + 10),
        _ => None,
    }
}

/// Checks `rows` as an answer to `s`; returns every broken rule.
pub fn check(s: &Sudoku, rows: &[String]) -> Result<(), Vec<Violation>> {
    let n = s.n;
    let grid: Vec<Vec<char>> = rows.iter().map(|r| r.chars().collect()).collect();
    if grid.len() != n || grid.iter().any(|r| r.len() != n) {
        return Err(vec![Violation::Shape { n }]);
    }
    let mut errors = Vec::new();
    let mut num = vec![vec![0u32; n]; n];
    for r in 0..n {
        for c in 0..n {
            match number(grid[r][c]) {
                Some(v) if v as usize <= n => num[r][c] = v,
                _ => errors.push(Violation::Symbol {
                    cell: (r, c),
                    found: grid[r][c],
                }),
            }
            if let Some(g) = s.givens[r * n + c] {
                if num[r][c] != g as u32 + 1 {
                    errors.push(Violation::Given { cell: (r, c) });
                }
            }
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let mut groups: Vec<(String, Vec<(usize, usize)>)> = Vec::new();
    for i in 0..n {
        groups.push((format!("row {}", i + 1), (0..n).map(|c| (i, c)).collect()));
        groups.push((
            format!("column {}", i + 1),
            (0..n).map(|r| (r, i)).collect(),
        ));
    }
    match &s.regions {
        Some(ids) => {
            let mut seen: Vec<usize> = ids.clone();
            seen.sort();
            seen.dedup();
            for id in seen {
                let cells = (0..n * n)
                    .filter(|&k| ids[k] == id)
                    .map(|k| (k / n, k % n))
                    .collect();
                groups.push((format!("region {}", id + 1), cells));
            }
        }
        None => {
            // Boxes of box_rows × box_cols, numbered row-major.
            let mut b = 0;
            for br in (0..n).step_by(s.box_rows) {
                for bc in (0..n).step_by(s.box_cols) {
                    b += 1;
                    let mut cells = Vec::new();
                    for r in br..br + s.box_rows {
                        for c in bc..bc + s.box_cols {
                            cells.push((r, c));
                        }
                    }
                    groups.push((format!("box {b}"), cells));
                }
            }
        }
    }
    let mut pairs: Vec<PairRule> = Vec::new();
    let mut singles: Vec<CellRule> = Vec::new();
    let at = |k: usize| (k / n, k % n);
    // Dots as unordered pairs of cells, for the negative constraints.
    let joined = |white_only: bool| -> Vec<(usize, usize)> {
        s.variants
            .iter()
            .filter_map(|v| match v {
                Variant::White(a, b) => Some((*a, *b)),
                Variant::Black(a, b) if !white_only => Some((*a, *b)),
                _ => None,
            })
            .flat_map(|(a, b)| [(a, b), (b, a)])
            .collect()
    };
    let value = |k: usize| num[k / n][k % n];
    for v in &s.variants {
        match v {
            Variant::Diagonal => {
                groups.push(("the main diagonal".into(), (0..n).map(|i| (i, i)).collect()));
                groups.push((
                    "the anti-diagonal".into(),
                    (0..n).map(|i| (i, n - 1 - i)).collect(),
                ));
            }
            Variant::Windoku => {
                for (r0, c0) in [(1, 1), (1, 5), (5, 1), (5, 5)] {
                    let cells = (r0..r0 + 3)
                        .flat_map(|r| (c0..c0 + 3).map(move |c| (r, c)))
                        .collect();
                    groups.push((format!("the windoku box at r{}c{}", r0 + 1, c0 + 1), cells));
                }
            }
            Variant::House(cells) => {
                groups.push((
                    "an extra house".into(),
                    cells.iter().map(|&k| at(k)).collect(),
                ));
            }
            Variant::AntiKnight | Variant::AntiKing => {
                let knight = matches!(v, Variant::AntiKnight);
                for r in 0..n {
                    for c in 0..n {
                        for r2 in 0..n {
                            for c2 in 0..n {
                                let (dr, dc) = (r.abs_diff(r2), c.abs_diff(c2));
                                let hit = if knight {
                                    (dr, dc) == (1, 2) || (dr, dc) == (2, 1)
                                } else {
                                    dr <= 1 && dc <= 1 && (dr, dc) != (0, 0)
                                };
                                if hit && (r, c) < (r2, c2) {
                                    let name = if knight { "anti-knight" } else { "anti-king" };
                                    pairs.push((name.into(), (r, c), (r2, c2), |a, b| a != b));
                                }
                            }
                        }
                    }
                }
            }
            Variant::Odd(cells) => {
                for &k in cells {
                    singles.push(("odd".into(), at(k), |a| a % 2 == 1));
                }
            }
            Variant::Even(cells) => {
                for &k in cells {
                    singles.push(("even".into(), at(k), |a| a % 2 == 0));
                }
            }
            Variant::Thermo(cells) => {
                for w in cells.windows(2) {
                    pairs.push(("thermometer".into(), at(w[0]), at(w[1]), |a, b| a < b));
                }
            }
            Variant::Whisper(cells) => {
                for w in cells.windows(2) {
                    pairs.push(("whisper".into(), at(w[0]), at(w[1]), |a, b| {
                        a.abs_diff(b) >= 5
                    }));
                }
            }
            Variant::White(a, b) => pairs.push(("white dot".into(), at(*a), at(*b), |x, y| {
                x.abs_diff(y) == 1
            })),
            Variant::Black(a, b) => pairs.push(("black dot".into(), at(*a), at(*b), |x, y| {
                x == 2 * y || y == 2 * x
            })),
            Variant::X(a, b) => pairs.push(("X".into(), at(*a), at(*b), |x, y| x + y == 10)),
            Variant::V(a, b) => pairs.push(("V".into(), at(*a), at(*b), |x, y| x + y == 5)),
            Variant::Killer(sum, cells) => {
                groups.push((
                    "a killer cage".into(),
                    cells.iter().map(|&k| at(k)).collect(),
                ));
                let total: u32 = cells.iter().map(|&k| num[k / n][k % n]).sum();
                if total != *sum {
                    errors.push(Violation::Variant {
                        rule: format!("the killer cage summing to {sum} (it sums to {total})"),
                        cell: at(cells[0]),
                    });
                }
            }
            Variant::Renban(cells) => {
                groups.push((
                    "a renban line".into(),
                    cells.iter().map(|&k| at(k)).collect(),
                ));
                let vals: Vec<u32> = cells.iter().map(|&k| num[k / n][k % n]).collect();
                let (lo, hi) = (vals.iter().min(), vals.iter().max());
                if let (Some(lo), Some(hi)) = (lo, hi) {
                    if (hi - lo) as usize + 1 != cells.len() {
                        errors.push(Violation::Variant {
                            rule: "the renban line (consecutive numbers)".into(),
                            cell: at(cells[0]),
                        });
                    }
                }
            }
            Variant::Quadruple(k, values) => {
                let (r, c) = at(*k);
                let block = [num[r][c], num[r][c + 1], num[r + 1][c], num[r + 1][c + 1]];
                for v in values {
                    let want = values.iter().filter(|&w| w == v).count();
                    let have = block.iter().filter(|&&x| x == *v as u32 + 1).count();
                    if have < want {
                        errors.push(Violation::Variant {
                            rule: format!("the quadruple (it needs {want}× {})", v + 1),
                            cell: (r, c),
                        });
                        break;
                    }
                }
            }
            Variant::SlowThermo(cells) => {
                for w in cells.windows(2) {
                    pairs.push(("slow thermometer".into(), at(w[0]), at(w[1]), |a, b| a <= b));
                }
            }
            Variant::LittleKiller { sum, cells, .. } => {
                let total: u32 = cells.iter().map(|&k| value(k)).sum();
                if total != *sum {
                    errors.push(Violation::Variant {
                        rule: format!("the little killer {sum} (its diagonal sums to {total})"),
                        cell: at(cells[0]),
                    });
                }
            }
            Variant::Arrow { circle, cells } => {
                let total: u32 = cells.iter().map(|&k| value(k)).sum();
                if total != value(*circle) {
                    errors.push(Violation::Variant {
                        rule: format!("the arrow (it sums to {total})"),
                        cell: at(*circle),
                    });
                }
            }
            Variant::Sandwich { row, index, sum } => {
                let line: Vec<u32> = (0..n)
                    .map(|i| if *row { num[*index][i] } else { num[i][*index] })
                    .collect();
                let one = line.iter().position(|&x| x == 1);
                let top = line.iter().position(|&x| x as usize == n);
                let total = match (one, top) {
                    (Some(p), Some(q)) => Some(line[p.min(q) + 1..p.max(q)].iter().sum::<u32>()),
                    _ => None,
                };
                if total != Some(*sum) {
                    errors.push(Violation::Variant {
                        rule: format!(
                            "the sandwich {sum} of {} {}",
                            if *row { "row" } else { "column" },
                            index + 1
                        ),
                        cell: if *row { (*index, 0) } else { (0, *index) },
                    });
                }
            }
            Variant::NonConsecutive | Variant::KropkiNegative => {
                let kropki = matches!(v, Variant::KropkiNegative);
                let skip = joined(!kropki);
                for r in 0..n {
                    for c in 0..n {
                        for (r2, c2) in [(r, c + 1), (r + 1, c)] {
                            if r2 >= n || c2 >= n || skip.contains(&(r * n + c, r2 * n + c2)) {
                                continue;
                            }
                            if kropki {
                                pairs.push(("no dot".into(), (r, c), (r2, c2), |a, b| {
                                    a.abs_diff(b) != 1 && a != 2 * b && b != 2 * a
                                }));
                            } else {
                                pairs.push(("non-consecutive".into(), (r, c), (r2, c2), |a, b| {
                                    a.abs_diff(b) != 1
                                }));
                            }
                        }
                    }
                }
            }
            Variant::Battenburg(k) | Variant::AntiBattenburg(k) => {
                let (r, c) = at(*k);
                let odd = |r: usize, c: usize| num[r][c] % 2 == 1;
                let checker = odd(r, c) == odd(r + 1, c + 1)
                    && odd(r, c + 1) == odd(r + 1, c)
                    && odd(r, c) != odd(r, c + 1);
                let want = matches!(v, Variant::Battenburg(_));
                if checker != want {
                    errors.push(Violation::Variant {
                        rule: if want {
                            "a Battenburg"
                        } else {
                            "an anti-Battenburg"
                        }
                        .into(),
                        cell: (r, c),
                    });
                }
            }
        }
    }
    for (group, cells) in &groups {
        let mut seen = vec![false; n + 1];
        for &(r, c) in cells {
            let v = num[r][c] as usize;
            if seen[v] {
                errors.push(Violation::Repeat {
                    group: group.clone(),
                    symbol: grid[r][c],
                });
            }
            seen[v] = true;
        }
    }
    for (rule, a, b, ok) in pairs {
        if !ok(num[a.0][a.1], num[b.0][b.1]) {
            errors.push(Violation::Variant { rule, cell: b });
        }
    }
    for (rule, a, ok) in singles {
        if !ok(num[a.0][a.1]) {
            errors.push(Violation::Variant { rule, cell: a });
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::parse;

    const GRID: [&str; 4] = ["1234", "3412", "2143", "4321"];

    fn broken(variant: &str) -> Vec<String> {
        let s = parse(&format!("....\n....\n....\n....\n{variant}\n")).unwrap();
        let rows: Vec<String> = GRID.iter().map(|r| r.to_string()).collect();
        match check(&s, &rows) {
            Ok(()) => Vec::new(),
            Err(v) => v.iter().map(|v| v.to_string()).collect(),
        }
    }

    #[test]
    fn the_new_variants_are_checked_from_their_rules() {
        assert!(broken("killer 3 r1c1 r1c2").is_empty());
        assert!(broken("killer 4 r1c1 r1c2")[0].contains("sums to 3"));
        assert!(broken("renban r1c1 r1c2 r1c3").is_empty());
        assert_eq!(broken("renban r1c1 r1c2 r2c2").len(), 1); // 1 2 4: not a run
        assert_eq!(broken("renban r1c1 r1c4").len(), 1); // 1 and 4
        assert!(broken("quadruple r1c1 1 4").is_empty());
        assert_eq!(broken("quadruple r1c1 1 1").len(), 1); // 1 2 / 3 4 hold one 1
                                                           // r1c1 r1c2 r2c1 r2c2 = 1 2 / 3 4: odd even / odd even, not a checkerboard.
        assert_eq!(broken("battenburg r1c1").len(), 1);
        assert!(broken("anti-battenburg r1c1").is_empty());
    }

    #[test]
    fn sums_sandwiches_slow_thermos_and_negative_constraints() {
        // r1c2 r2c3 r3c4 = 2 1 3.
        assert!(broken("little-killer 6 r1c2 dr").is_empty());
        assert!(broken("little-killer 7 r1c2 dr")[0].contains("sums to 6"));
        // r2c2 = 4 = r1c1 + r2c1 = 1 + 3.
        assert!(broken("arrow r2c2 r1c1 r2c1").is_empty());
        assert_eq!(broken("arrow r2c1 r1c1 r2c2").len(), 1);
        // Row 1 is 1 2 3 4, column 1 is 1 3 2 4.
        assert!(broken("sandwich r1 5").is_empty());
        assert!(broken("sandwich c1 5").is_empty());
        assert_eq!(broken("sandwich r1 0").len(), 1);
        assert!(broken("slow-thermo r1c1 r2c2").is_empty());
        assert_eq!(broken("slow-thermo r2c2 r1c1").len(), 1);
        // Consecutive neighbours: rows 1 2 3 4 has three pairs, and more below.
        let plain = broken("non-consecutive").len();
        assert!(plain > 3);
        assert_eq!(broken("non-consecutive\nwhite r1c1 r1c2").len(), plain - 1);
        // 1 2 is consecutive and double: a black dot excuses it too under kropki-negative.
        let k = broken("kropki-negative").len();
        assert!(k >= plain);
        assert_eq!(broken("kropki-negative\nblack r1c1 r1c2").len(), k - 1);
        assert_eq!(broken("non-consecutive\nblack r1c1 r1c2").len(), plain);
    }
}
