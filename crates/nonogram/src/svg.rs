//! The picture drawn as SVG (`--format svg`): filled cells black (one `rect` of class `filled`
//! each), a light grid, row clues on the right and column clues below.

use backref_svg::Document;

use crate::{Nonogram, Picture};

/// Draws `picture` with `puzzle`'s clues.
pub fn draw(puzzle: &Nonogram, picture: &Picture) -> String {
    let (h, w) = (puzzle.rows.len(), puzzle.cols.len());
    let s = (600.0 / h.max(w).max(1) as f64).clamp(8.0, 30.0);
    let deepest =
        |clues: &[Vec<usize>]| clues.iter().map(Vec::len).max().unwrap_or(1).max(1) as f64;
    let (gw, gh) = (w as f64 * s, h as f64 * s);
    let width = gw + 10.0 + deepest(&puzzle.rows) * s;
    let height = gh + 10.0 + deepest(&puzzle.cols) * s;
    let mut d = Document::new(width, height);
    d.title(&format!("nonogram {h}×{w}"));
    d.group(&[("fill", "#111"), ("stroke", "none")], |d| {
        for (r, row) in picture.cells.iter().enumerate().take(h) {
            for (c, _) in row.iter().enumerate().take(w).filter(|(_, &f)| f) {
                d.rect(c as f64 * s, r as f64 * s, s, s, &[("class", "filled")]);
            }
        }
    });
    d.group(&[("stroke", "#999"), ("stroke-width", "0.5")], |d| {
        for x in 0..=w {
            d.line(x as f64 * s, 0.0, x as f64 * s, gh, &[]);
        }
        for y in 0..=h {
            d.line(0.0, y as f64 * s, gw, y as f64 * s, &[]);
        }
    });
    d.group(&[("font-family", "sans-serif"), ("fill", "#333")], |d| {
        for (r, clue) in puzzle.rows.iter().enumerate() {
            for (i, a) in clue.iter().enumerate() {
                let x = gw + 10.0 + (i as f64 + 0.5) * s;
                d.centred_text(x, (r as f64 + 0.5) * s, s * 0.55, &a.to_string(), &[]);
            }
        }
        for (c, clue) in puzzle.cols.iter().enumerate() {
            for (i, a) in clue.iter().enumerate() {
                let y = gh + 10.0 + (i as f64 + 0.5) * s;
                d.centred_text((c as f64 + 0.5) * s, y, s * 0.55, &a.to_string(), &[]);
            }
        }
    });
    d.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_rect_per_filled_cell() {
        let p = crate::parse("1\n3\n1\n\n1\n3\n1\n", "t").unwrap();
        let out = draw(&p, &Picture::from_rows(&[".#.", "###", ".#."]));
        backref_svg::well_formed(&out).unwrap();
        assert_eq!(out.matches("class=\"filled\"").count(), 5);
    }
}
