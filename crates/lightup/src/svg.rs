//! The answer drawn as SVG (`--format svg`): walls black with their numbers, lit cells pale
//! yellow, one bulb (a titled group of class `bulb`) per bulb.

use backref_svg::Document;

use crate::{Bulbs, Cell, LightUp};

/// Draws `answer` on `puzzle`.
pub fn draw(puzzle: &LightUp, answer: &Bulbs) -> String {
    let (h, w) = (puzzle.rows(), puzzle.cols());
    let s = (800.0 / h.max(w).max(1) as f64).clamp(8.0, 40.0);
    let (gw, gh) = (w as f64 * s, h as f64 * s);
    let mut d = Document::new(gw, gh);
    d.title(&format!("light up {h}×{w}"));
    d.group(&[("stroke", "#999"), ("stroke-width", "0.5")], |d| {
        for (r, row) in puzzle.cells.iter().enumerate() {
            for (c, cell) in row.iter().enumerate() {
                let fill = if *cell == Cell::White {
                    "#fff6c8"
                } else {
                    "#111"
                };
                d.rect(c as f64 * s, r as f64 * s, s, s, &[("fill", fill)]);
                if let Cell::Black(Some(n)) = cell {
                    let (x, y) = ((c as f64 + 0.5) * s, (r as f64 + 0.5) * s);
                    d.centred_text(
                        x,
                        y,
                        s * 0.6,
                        &n.to_string(),
                        &[("fill", "#fff"), ("stroke", "none")],
                    );
                }
            }
        }
    });
    d.group(&[("fill", "#f5c400"), ("stroke", "#7a6000")], |d| {
        for (r, row) in answer.bulbs.iter().enumerate().take(h) {
            for (c, _) in row.iter().enumerate().take(w).filter(|(_, &b)| b) {
                let title = format!("bulb at row {}, column {}", r + 1, c + 1);
                d.titled_group(&title, &[("class", "bulb")], |d| {
                    d.circle((c as f64 + 0.5) * s, (r as f64 + 0.5) * s, s * 0.3, &[]);
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
    fn one_bulb_group_per_bulb() {
        let p = crate::parse("..\n.*\n", "t").unwrap();
        let out = draw(&p, &Bulbs::from_rows(&[".L", "L."]));
        backref_svg::well_formed(&out).unwrap();
        assert_eq!(out.matches("class=\"bulb\"").count(), 2);
    }
}
