//! The answer drawn as SVG (`--format svg`): black cells with their clues (down bottom-left,
//! across top-right, split by a diagonal), one digit (a titled group of class `digit`) per
//! white cell.

use backref_svg::Document;

use crate::{Cell, Fill, Kakuro};

/// Draws `fill` on `puzzle`.
pub fn draw(puzzle: &Kakuro, fill: &Fill) -> String {
    let h = puzzle.cells.len();
    let w = puzzle.cells.first().map_or(0, Vec::len);
    let s = (800.0 / h.max(w).max(1) as f64).clamp(8.0, 40.0);
    let mut d = Document::new(w as f64 * s, h as f64 * s);
    d.title(&format!("kakuro {h}×{w}"));
    d.group(
        &[
            ("stroke", "#888"),
            ("stroke-width", "0.5"),
            ("font-family", "sans-serif"),
        ],
        |d| {
            for (r, row) in puzzle.cells.iter().enumerate() {
                for (c, cell) in row.iter().enumerate() {
                    let (x, y) = (c as f64 * s, r as f64 * s);
                    match cell {
                        Cell::White => {
                            d.rect(x, y, s, s, &[("fill", "#fff")]);
                            let digit = fill
                                .digits
                                .get(r)
                                .and_then(|v| v.get(c))
                                .copied()
                                .unwrap_or(0);
                            let title = format!("row {}, column {}: {digit}", r + 1, c + 1);
                            d.titled_group(&title, &[("class", "digit")], |d| {
                                d.centred_text(
                                    x + s / 2.0,
                                    y + s / 2.0,
                                    s * 0.6,
                                    &digit.to_string(),
                                    &[("fill", "#1f5fc4"), ("stroke", "none")],
                                );
                            });
                        }
                        Cell::Black { down, across } => {
                            d.rect(x, y, s, s, &[("fill", "#333")]);
                            if down.is_some() || across.is_some() {
                                d.line(x, y, x + s, y + s, &[("stroke", "#ddd")]);
                            }
                            let label = &[("fill", "#fff"), ("stroke", "none")];
                            if let Some(v) = down {
                                d.centred_text(
                                    x + s * 0.3,
                                    y + s * 0.72,
                                    s * 0.3,
                                    &v.to_string(),
                                    label,
                                );
                            }
                            if let Some(v) = across {
                                d.centred_text(
                                    x + s * 0.72,
                                    y + s * 0.3,
                                    s * 0.3,
                                    &v.to_string(),
                                    label,
                                );
                            }
                        }
                    }
                }
            }
        },
    );
    d.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_digit_per_white_cell() {
        let k = crate::parse("# 4\\ 3\\\n\\3 . .\n\\4 . .\n", "t").unwrap();
        let out = draw(&k, &Fill::from_rows(&["###", "#12", "#31"]));
        backref_svg::well_formed(&out).unwrap();
        assert_eq!(out.matches("class=\"digit\"").count(), 4);
    }
}
