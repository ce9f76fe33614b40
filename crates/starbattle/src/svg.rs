//! The answer drawn as SVG (`--format svg`): regions in pale colours with thick borders, one
//! star (a titled group of class `star`) per star.

use backref_svg::Document;

use crate::{StarBattle, Stars};

/// A five-pointed star's outline centred on (`cx`, `cy`), as line segments.
fn star_lines(d: &mut Document, cx: f64, cy: f64, radius: f64) {
    let point = |i: usize| {
        let angle = std::f64::consts::PI * (i as f64 * 0.8 - 0.5);
        (cx + radius * angle.cos(), cy + radius * angle.sin())
    };
    for i in 0..5 {
        let (a, b) = (point(i), point(i + 1));
        d.line(a.0, a.1, b.0, b.1, &[]);
    }
}

/// Draws `answer` on `puzzle`'s regions.
pub fn draw(puzzle: &StarBattle, answer: &Stars) -> String {
    let n = puzzle.size();
    let s = (800.0 / n.max(1) as f64).clamp(8.0, 40.0);
    let side = n as f64 * s;
    let mut d = Document::new(side, side);
    d.title(&format!("star battle {n}×{n}"));
    d.group(&[("stroke", "none"), ("fill-opacity", "0.35")], |d| {
        for (r, row) in puzzle.regions.iter().enumerate() {
            for (c, &g) in row.iter().enumerate() {
                let fill = backref_svg::palette(g);
                d.rect(c as f64 * s, r as f64 * s, s, s, &[("fill", fill)]);
            }
        }
    });
    d.group(&[("stroke", "#bbb"), ("stroke-width", "1")], |d| {
        for i in 1..n {
            let at = i as f64 * s;
            d.line(at, 0.0, at, side, &[]);
            d.line(0.0, at, side, at, &[]);
        }
    });
    d.region_borders(
        (0.0, 0.0),
        s,
        n,
        n,
        |r, c| puzzle.regions[r][c],
        &[("stroke", "#222"), ("stroke-width", "3")],
    );
    d.group(&[("stroke", "#111"), ("stroke-width", "2")], |d| {
        for (r, row) in answer.stars.iter().enumerate().take(n) {
            for (c, _) in row.iter().enumerate().take(n).filter(|(_, &x)| x) {
                let title = format!("star at row {}, column {}", r + 1, c + 1);
                d.titled_group(&title, &[("class", "star")], |d| {
                    star_lines(d, (c as f64 + 0.5) * s, (r as f64 + 0.5) * s, s * 0.38);
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
    fn one_star_group_per_star() {
        let p = crate::parse("1 1 2 2\n1 1 2 2\n3 3 4 4\n3 3 4 4\n", "t").unwrap();
        let out = draw(&p, &Stars::from_rows(&[".*..", "...*", "*...", "..*."]));
        backref_svg::well_formed(&out).unwrap();
        assert_eq!(out.matches("class=\"star\"").count(), 4);
        assert!(out.contains("star at row 1, column 2"));
    }
}
