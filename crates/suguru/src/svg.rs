//! The answer drawn as SVG (`--format svg`): thick region borders, one digit (a `text` in a
//! titled group of class `digit`) per cell, givens bold.

use backref_svg::Document;

use crate::{Digits, Suguru};

/// Draws `answer` on `puzzle`.
pub fn draw(puzzle: &Suguru, answer: &Digits) -> String {
    let (h, w) = (puzzle.rows(), puzzle.cols());
    let s = (800.0 / h.max(w).max(1) as f64).clamp(8.0, 40.0);
    let (gw, gh) = (w as f64 * s, h as f64 * s);
    let mut d = Document::new(gw, gh);
    d.title(&format!("suguru {h}×{w}"));
    d.rect(0.0, 0.0, gw, gh, &[("fill", "#fff"), ("stroke", "none")]);
    d.group(&[("stroke", "#bbb"), ("stroke-width", "1")], |d| {
        for x in 1..w {
            d.line(x as f64 * s, 0.0, x as f64 * s, gh, &[]);
        }
        for y in 1..h {
            d.line(0.0, y as f64 * s, gw, y as f64 * s, &[]);
        }
    });
    d.region_borders(
        (0.0, 0.0),
        s,
        h,
        w,
        |r, c| puzzle.regions[r][c],
        &[("stroke", "#222"), ("stroke-width", "3")],
    );
    d.group(&[("font-family", "sans-serif"), ("stroke", "none")], |d| {
        for (r, row) in answer.digits.iter().enumerate().take(h) {
            for (c, &digit) in row.iter().enumerate().take(w) {
                let given = puzzle.givens[r][c].is_some();
                let title = format!("row {}, column {}: {digit}", r + 1, c + 1);
                let (fill, weight) = if given {
                    ("#000", "bold")
                } else {
                    ("#1f5fc4", "normal")
                };
                d.titled_group(&title, &[("class", "digit")], |d| {
                    let (x, y) = ((c as f64 + 0.5) * s, (r as f64 + 0.5) * s);
                    d.centred_text(
                        x,
                        y,
                        s * 0.6,
                        &digit.to_string(),
                        &[("fill", fill), ("font-weight", weight)],
                    );
                });
            }
        }
    });
    d.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_digit_per_cell() {
        let p = crate::parse("1 1 2 2\n\n. . . .\n", "t").unwrap();
        let out = draw(&p, &Digits::from_rows(&["1212"]));
        backref_svg::well_formed(&out).unwrap();
        assert_eq!(out.matches("class=\"digit\"").count(), 4);
    }
}
