//! The square drawn as SVG (`--format svg`): each piece's cells in its own colour with its
//! letter, a thick outline around every piece, empty cells white.

use backref_svg::{palette, Document};

use crate::{paint, Piece, Solution};

/// The side of a cell.
const CELL: f64 = 40.0;

/// Draws `solution` (as [`paint`] paints it, so it panics where that does): one group of
/// class `piece` per piece, titled with its letter, holding its four cells.
pub fn draw(solution: &Solution, pieces: &[Piece]) -> String {
    let rows = paint(solution, pieces);
    let grid: Vec<Vec<u8>> = rows.iter().map(|r| r.bytes().collect()).collect();
    let n = solution.side;
    let m = 4.0;
    let side = n as f64 * CELL;
    let mut d = Document::new(side + 2.0 * m, side + 2.0 * m);
    d.title(&format!(
        "fillit: {} pieces in a {n}×{n} square",
        pieces.len()
    ));
    d.rect(m, m, side, side, &[("fill", "#fff")]);
    d.group(
        &[
            ("font-family", "sans-serif"),
            ("font-weight", "bold"),
            ("stroke", "none"),
        ],
        |d| {
            for k in 0..pieces.len() {
                let letter = crate::letter(k);
                let title = format!("piece {letter}");
                let colour = palette(k);
                d.titled_group(&title, &[("class", "piece"), ("fill", colour)], |d| {
                    for (r, row) in grid.iter().enumerate() {
                        for (c, _) in row.iter().enumerate().filter(|&(_, &b)| b == letter as u8) {
                            let (x, y) = (m + c as f64 * CELL, m + r as f64 * CELL);
                            d.rect(x, y, CELL, CELL, &[]);
                            let (cx, cy) = (x + CELL / 2.0, y + CELL / 2.0);
                            d.centred_text(
                                cx,
                                cy,
                                CELL * 0.45,
                                &letter.to_string(),
                                &[("fill", "#000")],
                            );
                        }
                    }
                });
            }
        },
    );
    d.group(&[("stroke", "#ccc"), ("stroke-width", "1")], |d| {
        for i in 1..n {
            let at = m + i as f64 * CELL;
            d.line(at, m, at, m + side, &[]);
            d.line(m, at, m + side, at, &[]);
        }
    });
    d.region_borders(
        (m, m),
        CELL,
        n,
        n,
        |r, c| grid[r][c],
        &[
            ("stroke", "#000"),
            ("stroke-width", "3"),
            ("stroke-linecap", "square"),
        ],
    );
    d.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_pieces() {
        let pieces = crate::parse(b"#...\n#...\n#...\n#...\n\n....\n....\n..##\n..##\n").unwrap();
        let solution = crate::solve(&pieces);
        let out = draw(&solution, &pieces);
        backref_svg::well_formed(&out).unwrap();
        assert_eq!(out.matches("class=\"piece\"").count(), 2);
        assert!(out.contains("<title>piece B</title>"));
        assert_eq!(out.matches(">A</text>").count(), 4);
        assert_eq!(out.matches(">B</text>").count(), 4);
    }
}
