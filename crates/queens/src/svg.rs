//! The board drawn as SVG (`--format svg`): a chessboard with a black disc on every queen.

use backref_svg::Document;

/// The side of a square in the drawing: 40 for small boards, smaller for large ones (the
/// board stays within about 800 units), never under 4.
pub fn square(n: usize) -> f64 {
    (800.0 / n.max(1) as f64).clamp(4.0, 40.0)
}

/// Draws a board given as rows of `Q` (a queen) and `.` (an empty square): light squares and
/// a tile of dark ones, then one group of class `queen` per queen, titled with its row and
/// column (counted from 1).
pub fn draw(rows: &[String]) -> String {
    let n = rows.len();
    let s = square(n);
    let side = n as f64 * s;
    let mut d = Document::new(side, side);
    d.title(&format!("{n} queens"));
    // The dark squares are one tile of two squares repeated, so the drawing stays small
    // whatever N (N=1000 has 500,000 dark squares).
    d.pattern("dark-squares", 2.0 * s, 2.0 * s, |d| {
        d.rect(s, 0.0, s, s, &[("fill", "#b58863")]);
        d.rect(0.0, s, s, s, &[("fill", "#b58863")]);
    });
    d.group(&[("class", "board"), ("stroke", "none")], |d| {
        d.rect(0.0, 0.0, side, side, &[("fill", "#f0d9b5")]);
        d.rect(0.0, 0.0, side, side, &[("fill", "url(#dark-squares)")]);
    });
    d.group(&[("fill", "#111"), ("stroke", "#fff")], |d| {
        for (r, row) in rows.iter().enumerate() {
            for (c, _) in row.chars().enumerate().filter(|&(_, ch)| ch == 'Q') {
                let title = format!("queen at row {}, column {}", r + 1, c + 1);
                d.titled_group(&title, &[("class", "queen")], |d| {
                    let (cx, cy) = ((c as f64 + 0.5) * s, (r as f64 + 0.5) * s);
                    let width = backref_svg::num(s / 20.0);
                    d.circle(cx, cy, s * 0.32, &[("stroke-width", &width)]);
                });
            }
        }
    });
    d.group(&[("fill", "none"), ("stroke", "#333")], |d| {
        d.rect(0.0, 0.0, side, side, &[]);
    });
    d.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_queens() {
        let rows: Vec<String> = [".Q..", "...Q", "Q...", "..Q."].map(String::from).to_vec();
        let out = draw(&rows);
        backref_svg::well_formed(&out).unwrap();
        assert_eq!(out.matches("class=\"queen\"").count(), 4);
        assert!(out.contains("queen at row 1, column 2"));
        assert!(out.contains("viewBox=\"0 0 160 160\""));
        assert_eq!(square(1000), 4.0);
    }

    #[test]
    fn a_large_board_stays_small() {
        let n = 1000;
        let rows: Vec<String> = (0..n)
            .map(|r| (0..n).map(|c| if c == r { 'Q' } else { '.' }).collect())
            .collect();
        let out = draw(&rows);
        backref_svg::well_formed(&out).unwrap();
        assert_eq!(out.matches("<rect").count(), 5);
        assert!(out.contains("fill=\"url(#dark-squares)\""));
        assert!(out.contains("<pattern id=\"dark-squares\" width=\"8\" height=\"8\""));
    }
}
