//! The solved grid drawn as SVG (`--format svg`): one disc per cell, white for 0 and black for
//! 1, givens marked by a thicker ring.

use backref_svg::Document;

use crate::{Binairo, Grid};

/// Draws `grid` for `puzzle`: one group of class `cell` per cell, titled with its place and
/// value.
pub fn draw(puzzle: &Binairo, grid: &Grid) -> String {
    let (h, w) = (puzzle.rows(), puzzle.cols());
    let s = (800.0 / h.max(w).max(1) as f64).clamp(8.0, 40.0);
    let (width, height) = (w as f64 * s, h as f64 * s);
    let mut d = Document::new(width, height);
    d.title(&format!("binairo {h}×{w}"));
    d.rect(
        0.0,
        0.0,
        width,
        height,
        &[("fill", "#e8e8e8"), ("stroke", "none")],
    );
    d.group(&[("stroke", "#bbb"), ("stroke-width", "1")], |d| {
        for x in 1..w {
            d.line(x as f64 * s, 0.0, x as f64 * s, height, &[]);
        }
        for y in 1..h {
            d.line(0.0, y as f64 * s, width, y as f64 * s, &[]);
        }
    });
    d.group(&[("stroke", "#111")], |d| {
        for (r, row) in grid.cells.iter().enumerate().take(h) {
            for (c, &v) in row.iter().enumerate().take(w) {
                let given = puzzle.givens[r][c].is_some();
                let title = format!(
                    "row {}, column {}: {v}{}",
                    r + 1,
                    c + 1,
                    if given { " (given)" } else { "" }
                );
                let fill = if v == 1 { "#111" } else { "#fff" };
                let ring = backref_svg::num(if given { s / 8.0 } else { s / 30.0 });
                d.titled_group(&title, &[("class", "cell")], |d| {
                    let (cx, cy) = ((c as f64 + 0.5) * s, (r as f64 + 0.5) * s);
                    d.circle(cx, cy, s * 0.36, &[("fill", fill), ("stroke-width", &ring)]);
                });
            }
        }
    });
    d.group(
        &[("fill", "none"), ("stroke", "#333"), ("stroke-width", "2")],
        |d| {
            d.rect(0.0, 0.0, width, height, &[]);
        },
    );
    d.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_disc_per_cell() {
        let p = crate::parse("1 .\n. .\n", "t").unwrap();
        let out = draw(&p, &Grid::from_rows(&["10", "01"]));
        backref_svg::well_formed(&out).unwrap();
        assert_eq!(out.matches("class=\"cell\"").count(), 4);
        assert!(out.contains("row 1, column 1: 1 (given)"));
    }
}
