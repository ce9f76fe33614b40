//! The solved puzzle drawn as SVG (`--format svg`): water cells in blue, thin cell lines,
//! thick borders around every aquarium, the column counts on top and the row counts on the
//! right.

use backref_svg::Document;

use crate::{Puzzle, Solution};

/// The side of a cell in the drawing.
const CELL: f64 = 40.0;

/// Draws `puzzle` with `solution`'s water: one `rect` of class `water` per water cell.
pub fn draw(puzzle: &Puzzle, solution: &Solution) -> String {
    let n = puzzle.n();
    let side = n as f64 * CELL;
    // Room for the column counts above and the row counts to the right.
    let (x0, y0) = (CELL * 0.25, CELL * 0.75);
    let mut d = Document::new(x0 + side + CELL * 0.75, y0 + side + CELL * 0.25);
    d.title(&format!("aquarium {n}×{n}"));
    d.rect(x0, y0, side, side, &[("fill", "#fff")]);
    d.group(&[("fill", "#4a90d9")], |d| {
        for y in 0..n {
            for x in (0..n).filter(|&x| solution.is_water(y, x)) {
                let (cx, cy) = (x0 + x as f64 * CELL, y0 + y as f64 * CELL);
                d.rect(cx, cy, CELL, CELL, &[("class", "water")]);
            }
        }
    });
    d.group(&[("stroke", "#bbb"), ("stroke-width", "1")], |d| {
        for i in 1..n {
            let at = i as f64 * CELL;
            d.line(x0 + at, y0, x0 + at, y0 + side, &[]);
            d.line(x0, y0 + at, x0 + side, y0 + at, &[]);
        }
    });
    d.region_borders(
        (x0, y0),
        CELL,
        n,
        n,
        |y, x| puzzle.region(y, x),
        &[
            ("class", "regions"),
            ("stroke", "#000"),
            ("stroke-width", "3"),
            ("stroke-linecap", "square"),
        ],
    );
    d.group(&[("class", "counts"), ("font-family", "sans-serif")], |d| {
        let size = CELL * 0.45;
        for (x, count) in puzzle.col_counts().iter().enumerate() {
            let cx = x0 + (x as f64 + 0.5) * CELL;
            d.centred_text(cx, y0 - CELL * 0.4, size, &count.to_string(), &[]);
        }
        for (y, count) in puzzle.row_counts().iter().enumerate() {
            let cy = y0 + (y as f64 + 0.5) * CELL;
            d.centred_text(x0 + side + CELL * 0.4, cy, size, &count.to_string(), &[]);
        }
    });
    d.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_drawing() {
        let p = Puzzle::new(vec![1, 1], vec![2, 0], vec![vec![1, 1], vec![2, 3]]).unwrap();
        let s = Solution {
            water: vec![vec![true, true], vec![false, false]],
        };
        let out = draw(&p, &s);
        backref_svg::well_formed(&out).unwrap();
        assert_eq!(out.matches("class=\"water\"").count(), 2);
        // Region borders: the edge under the top region and the one between the bottom cells.
        let regions = out.split("class=\"regions\"").nth(1).unwrap();
        let regions = &regions[..regions.find("</g>").unwrap()];
        assert_eq!(regions.matches("<line").count(), 3, "{regions}");
        assert_eq!(out.matches("<text").count(), 4);
    }
}
