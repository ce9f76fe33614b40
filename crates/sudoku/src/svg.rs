//! The solved grid drawn as SVG (`--format svg`): givens in bold black, the symbols found in
//! blue, thin cell lines and thick box (or jigsaw region) borders. Extra houses of the variant
//! section are shaded (windoku boxes, extra houses) or drawn (the diagonals).

use backref_svg::Document;

use crate::grid::{Sudoku, Variant};

/// Draws `rows` (the answer, one string of symbols per row) on `sudoku`'s grid: one `text` of
/// class `given` per given and of class `found` per other cell.
pub fn draw(sudoku: &Sudoku, rows: &[String]) -> String {
    let n = sudoku.n;
    let cell = if n <= 12 { 40.0 } else { 32.0 };
    let m = 4.0;
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
}
