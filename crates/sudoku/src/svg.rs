//! The solved grid drawn as SVG (`--format svg`): givens in bold black, the symbols found in
//! blue, thin cell lines and thick box (or jigsaw region) borders. Extra houses of the variant
//! section are shaded (windoku boxes, extra houses) or drawn (the diagonals); the other
//! variants as on paper: killer cages dashed with their sums, thermometers (bulb and line;
//! slow ones dashed), arrows (circle and shaft), renban and whisper lines, kropki dots, X and
//! V, quadruple circles, and the little killer and sandwich clues outside the grid.

use backref_svg::{num, Document};

use crate::grid::{symbol, Sudoku, Variant};

/// Draws `rows` (the answer, one string of symbols per row) on `sudoku`'s grid: one `text` of
/// class `given` per given and of class `found` per other cell.
pub fn draw(sudoku: &Sudoku, rows: &[String]) -> String {
    let n = sudoku.n;
    let cell = if n <= 12 { 40.0 } else { 32.0 };
    let outside = sudoku
        .variants
        .iter()
        .any(|v| matches!(v, Variant::LittleKiller { .. } | Variant::Sandwich { .. }));
    let m = if outside { cell } else { 4.0 };
    let side = n as f64 * cell;
    let mut d = Document::new(side + 2.0 * m, side + 2.0 * m);
    let kind = if sudoku.regions.is_some() {
        "jigsaw sudoku"
    } else {
        "sudoku"
    };
    d.title(&format!("{kind} {n}×{n}"));
    d.rect(m, m, side, side, &[("fill", "#fff")]);
    let at = |i: usize| m + i as f64 * cell;
    let mut shaded: Vec<usize> = Vec::new();
    for v in &sudoku.variants {
        match v {
            Variant::Windoku if n == 9 => {
                for (r, c) in (0..81).map(|i| (i / 9, i % 9)) {
                    if r % 4 != 0 && c % 4 != 0 {
                        shaded.push(r * 9 + c);
                    }
                }
            }
            Variant::House(cells) => shaded.extend(cells),
            _ => {}
        }
    }
    d.group(&[("class", "houses"), ("fill", "#e4e4f4")], |d| {
        for &i in shaded.iter().filter(|&&i| i < n * n) {
            d.rect(at(i % n), at(i / n), cell, cell, &[]);
        }
    });
    if sudoku.variants.contains(&Variant::Diagonal) {
        d.group(&[("stroke", "#9c9cd0"), ("stroke-width", "2")], |d| {
            d.line(m, m, m + side, m + side, &[]);
            d.line(m + side, m, m, m + side, &[]);
        });
    }
    lines(&mut d, sudoku, m, cell);
    d.group(&[("stroke", "#999"), ("stroke-width", "1")], |d| {
        for i in 1..n {
            d.line(at(i), m, at(i), m + side, &[]);
            d.line(m, at(i), m + side, at(i), &[]);
        }
    });
    let region = |r: usize, c: usize| match &sudoku.regions {
        Some(regions) => regions[r * n + c],
        None => (r / sudoku.box_rows) * n + c / sudoku.box_cols,
    };
    d.region_borders(
        (m, m),
        cell,
        n,
        n,
        region,
        &[
            ("stroke", "#000"),
            ("stroke-width", "3"),
            ("stroke-linecap", "square"),
        ],
    );
    marks(&mut d, sudoku, m, cell);
    d.group(&[("font-family", "sans-serif")], |d| {
        for (r, row) in rows.iter().enumerate().take(n) {
            for (c, symbol) in row.chars().enumerate().take(n) {
                let given = sudoku.givens.get(r * n + c).is_some_and(Option::is_some);
                let attrs: &[(&str, &str)] = match given {
                    true => &[
                        ("class", "given"),
                        ("font-weight", "bold"),
                        ("fill", "#000"),
                    ],
                    false => &[("class", "found"), ("fill", "#1f5fc4")],
                };
                let (cx, cy) = (at(c) + cell / 2.0, at(r) + cell / 2.0);
                d.centred_text(cx, cy, cell * 0.55, &symbol.to_string(), attrs);
            }
        }
    });
    d.finish()
}

/// The centre of cell `c`.
fn centre(n: usize, m: f64, cell: f64, c: usize) -> (f64, f64) {
    (
        m + (c % n) as f64 * cell + cell / 2.0,
        m + (c / n) as f64 * cell + cell / 2.0,
    )
}

/// A polyline through the centres of `cells`, as segments.
fn path(d: &mut Document, n: usize, m: f64, cell: f64, cells: &[usize]) {
    for w in cells.windows(2) {
        let (a, b) = (centre(n, m, cell, w[0]), centre(n, m, cell, w[1]));
        d.line(a.0, a.1, b.0, b.1, &[]);
    }
}

/// Lines under the digits: thermometers, slow thermometers, arrows, renban and whispers.
fn lines(d: &mut Document, s: &Sudoku, m: f64, cell: f64) {
    let n = s.n;
    let w = num(cell * 0.3);
    let thin = num(cell * 0.08);
    for v in &s.variants {
        match v {
            Variant::Thermo(cells) | Variant::SlowThermo(cells) => {
                let slow = matches!(v, Variant::SlowThermo(_));
                let dash = num(cell * 0.2);
                let mut attrs = vec![
                    ("class", if slow { "slow-thermo" } else { "thermo" }),
                    ("stroke", "#c8c8c8"),
                    ("stroke-width", w.as_str()),
                    ("stroke-linecap", "round"),
                    ("fill", "#c8c8c8"),
                ];
                if slow {
                    attrs.push(("stroke-dasharray", dash.as_str()));
                }
                d.group(&attrs, |d| {
                    let (x, y) = centre(n, m, cell, cells[0]);
                    d.circle(x, y, cell * 0.38, &[("stroke", "none")]);
                    path(d, n, m, cell, cells);
                });
            }
            Variant::Arrow { circle, cells } => {
                d.group(
                    &[
                        ("class", "arrow"),
                        ("stroke", "#a0a0a0"),
                        ("stroke-width", thin.as_str()),
                        ("fill", "none"),
                    ],
                    |d| {
                        let (x, y) = centre(n, m, cell, *circle);
                        d.circle(x, y, cell * 0.42, &[]);
                        let mut all = vec![*circle];
                        all.extend(cells);
                        path(d, n, m, cell, &all);
                        if let [.., a, b] = all[..] {
                            // The head: two short strokes back from the tip.
                            let (p, q) = (centre(n, m, cell, a), centre(n, m, cell, b));
                            let (dx, dy) = (q.0 - p.0, q.1 - p.1);
                            let len = (dx * dx + dy * dy).sqrt();
                            let (ux, uy) = (dx / len * cell * 0.25, dy / len * cell * 0.25);
                            for (sx, sy) in [(-uy, ux), (uy, -ux)] {
                                d.line(q.0, q.1, q.0 - ux + sx * 0.6, q.1 - uy + sy * 0.6, &[]);
                            }
                        }
                    },
                );
            }
            Variant::Renban(cells) | Variant::Whisper(cells) => {
                let (class, colour) = match v {
                    Variant::Renban(_) => ("renban", "#d9b3ea"),
                    _ => ("whisper", "#9fdc9f"),
                };
                d.group(
                    &[
                        ("class", class),
                        ("stroke", colour),
                        ("stroke-width", w.as_str()),
                        ("stroke-linecap", "round"),
                    ],
                    |d| path(d, n, m, cell, cells),
                );
            }
            _ => {}
        }
    }
}

/// Marks over the grid: killer cages, dots, X and V, quadruples, and the clues outside.
fn marks(d: &mut Document, s: &Sudoku, m: f64, cell: f64) {
    let n = s.n;
    let small = cell * 0.26;
    let edge = |a: usize, b: usize| {
        let (p, q) = (centre(n, m, cell, a), centre(n, m, cell, b));
        ((p.0 + q.0) / 2.0, (p.1 + q.1) / 2.0)
    };
    for v in &s.variants {
        match v {
            Variant::Killer(sum, cells) => {
                let inset = cell * 0.1;
                d.group(
                    &[
                        ("class", "cage"),
                        ("stroke", "#444"),
                        ("stroke-width", "1"),
                        ("stroke-dasharray", "3 2"),
                    ],
                    |d| {
                        for &c in cells {
                            let (x0, y0) = (m + (c % n) as f64 * cell, m + (c / n) as f64 * cell);
                            let (x1, y1) = (x0 + cell, y0 + cell);
                            let inside = |dr: i64, dc: i64| {
                                let (r, k) = ((c / n) as i64 + dr, (c % n) as i64 + dc);
                                (0..n as i64).contains(&r)
                                    && (0..n as i64).contains(&k)
                                    && cells.contains(&((r * n as i64 + k) as usize))
                            };
                            // Each side the cage leaves, inset. An end stops at the inset
                            // corner where the cage turns, runs to the cell's edge where it
                            // goes on straight, and on by the inset round a concave corner.
                            let (l, r) = (!inside(0, -1), !inside(0, 1));
                            let (t, b) = (!inside(-1, 0), !inside(1, 0));
                            let end = |open: bool, diagonal: bool, at: f64, dir: f64| {
                                if open {
                                    at - dir * inset
                                } else if diagonal {
                                    at + dir * inset
                                } else {
                                    at
                                }
                            };
                            if t {
                                let a = end(l, inside(-1, -1), x0, -1.0);
                                let z = end(r, inside(-1, 1), x1, 1.0);
                                d.line(a, y0 + inset, z, y0 + inset, &[]);
                            }
                            if b {
                                let a = end(l, inside(1, -1), x0, -1.0);
                                let z = end(r, inside(1, 1), x1, 1.0);
                                d.line(a, y1 - inset, z, y1 - inset, &[]);
                            }
                            if l {
                                let a = end(t, inside(-1, -1), y0, -1.0);
                                let z = end(b, inside(1, -1), y1, 1.0);
                                d.line(x0 + inset, a, x0 + inset, z, &[]);
                            }
                            if r {
                                let a = end(t, inside(-1, 1), y0, -1.0);
                                let z = end(b, inside(1, 1), y1, 1.0);
                                d.line(x1 - inset, a, x1 - inset, z, &[]);
                            }
                        }
                    },
                );
                let first = *cells.iter().min().expect("a cage has cells");
                let (x, y) = (m + (first % n) as f64 * cell, m + (first / n) as f64 * cell);
                d.text(
                    x + cell * 0.13,
                    y + cell * 0.33,
                    &sum.to_string(),
                    &[
                        ("class", "cage-sum"),
                        ("font-family", "sans-serif"),
                        ("font-size", &num(small)),
                        ("fill", "#444"),
                    ],
                );
            }
            Variant::White(a, b) | Variant::Black(a, b) => {
                let (x, y) = edge(*a, *b);
                let fill = if matches!(v, Variant::White(..)) {
                    "#fff"
                } else {
                    "#000"
                };
                d.circle(
                    x,
                    y,
                    cell * 0.12,
                    &[("class", "dot"), ("fill", fill), ("stroke", "#000")],
                );
            }
            Variant::X(a, b) | Variant::V(a, b) => {
                let (x, y) = edge(*a, *b);
                let t = if matches!(v, Variant::X(..)) {
                    "X"
                } else {
                    "V"
                };
                d.rect(
                    x - small / 2.0,
                    y - small / 2.0,
                    small,
                    small,
                    &[("fill", "#fff")],
                );
                d.centred_text(
                    x,
                    y,
                    small,
                    t,
                    &[
                        ("class", "xv"),
                        ("font-family", "sans-serif"),
                        ("font-weight", "bold"),
                    ],
                );
            }
            Variant::Quadruple(c, values) => {
                let (x, y) = (m + (c % n + 1) as f64 * cell, m + (c / n + 1) as f64 * cell);
                let text: String = values.iter().map(|&v| symbol(v, false)).collect();
                d.circle(
                    x,
                    y,
                    cell * 0.3,
                    &[("class", "quadruple"), ("fill", "#fff"), ("stroke", "#000")],
                );
                d.centred_text(x, y, cell * 0.22, &text, &[("font-family", "sans-serif")]);
            }
            Variant::LittleKiller { sum, cells, dir } => {
                let (x, y) = centre(n, m, cell, cells[0]);
                let (dx, dy) = (dir.1 as f64 * cell, dir.0 as f64 * cell);
                let (cx, cy) = (x - dx * 0.8, y - dy * 0.8);
                d.centred_text(
                    cx,
                    cy,
                    small * 1.2,
                    &sum.to_string(),
                    &[("class", "little-killer"), ("font-family", "sans-serif")],
                );
                d.line(
                    cx + dx * 0.25,
                    cy + dy * 0.25,
                    cx + dx * 0.45,
                    cy + dy * 0.45,
                    &[("stroke", "#000")],
                );
            }
            Variant::Sandwich { row, index, sum } => {
                let (x, y) = if *row {
                    (m / 2.0, m + (*index as f64 + 0.5) * cell)
                } else {
                    (m + (*index as f64 + 0.5) * cell, m / 2.0)
                };
                d.centred_text(
                    x,
                    y,
                    small * 1.3,
                    &sum.to_string(),
                    &[("class", "sandwich"), ("font-family", "sans-serif")],
                );
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_by_four() {
        let s = crate::grid::parse("4... ..1. .4.. ...2").expect("a sudoku");
        let rows: Vec<String> = ["4123", "3214", "2341", "1432"].map(String::from).to_vec();
        let out = draw(&s, &rows);
        backref_svg::well_formed(&out).unwrap();
        assert_eq!(out.matches("class=\"given\"").count(), 4);
        assert_eq!(out.matches("class=\"found\"").count(), 12);
        // Box borders: two lines of two cell edges each, inside the frame.
        let thick = out.split("stroke-width=\"3\"").nth(1).unwrap();
        let thick = &thick[..thick.find("</g>").unwrap()];
        assert_eq!(thick.matches("<line").count(), 8, "{thick}");
    }

    #[test]
    fn variants_are_drawn() {
        let s = crate::grid::parse(
            "....\n....\n....\n....\nkiller 3 r1c1 r1c2\nthermo r2c1 r2c2 r3c2\n\
             slow-thermo r4c1 r4c2\narrow r1c4 r2c4 r3c4\nwhite r3c3 r3c4\nblack r4c3 r4c4\n\
             x r1c3 r2c3\nquadruple r2c2 1 2\nlittle-killer 7 r1c2 dr\nsandwich r2 0\n\
             renban r3c1 r4c1\n",
        )
        .expect("a sudoku");
        let rows: Vec<String> = ["1234", "3412", "2143", "4321"].map(String::from).to_vec();
        let out = draw(&s, &rows);
        backref_svg::well_formed(&out).unwrap();
        for class in [
            "cage",
            "cage-sum",
            "thermo",
            "slow-thermo",
            "arrow",
            "dot",
            "xv",
            "quadruple",
            "little-killer",
            "sandwich",
            "renban",
        ] {
            assert!(
                out.contains(&format!("class=\"{class}\"")),
                "{class}: {out}"
            );
        }
        assert_eq!(out.matches("class=\"dot\"").count(), 2);
    }
}
