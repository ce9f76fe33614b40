//! The solved grid drawn as SVG (`--format svg`): every cell in its colour with its letter,
//! each row's clue to its right and each column's clue under it, as small swatches in the
//! clue's colours, read left to right and top to bottom.

use backref_svg::Document;

use crate::{Puzzle, Solution};

/// The side of a cell.
const CELL: f64 = 40.0;
/// The side of a clue swatch, and the step from one to the next.
const SWATCH: f64 = 20.0;
const STEP: f64 = 23.0;

/// The fill colour of colour letter `letter`: `k r g y b m c w` and `o p n a v` get their
/// conventional colours (as in the ANSI drawing), upper-case letters a lighter shade of the
/// same, any other letter a colour of the shared palette.
pub fn fill(letter: u8) -> String {
    let base = match letter.to_ascii_lowercase() {
        b'k' => (0x22, 0x22, 0x22),
        b'r' => (0xd6, 0x27, 0x28),
        b'g' => (0x2c, 0xa0, 0x2c),
        b'y' => (0xff, 0xdd, 0x33),
        b'b' => (0x1f, 0x5f, 0xc4),
        b'm' => (0xc0, 0x3d, 0xc0),
        b'c' => (0x17, 0xbe, 0xcf),
        b'w' => (0xff, 0xff, 0xff),
        b'o' => (0xff, 0x8c, 0x1a),
        b'p' => (0xf7, 0xa1, 0xc4),
        b'n' => (0x8c, 0x56, 0x4b),
        b'a' => (0x99, 0x99, 0x99),
        b'v' => (0x7b, 0x3f, 0xd0),
        _ => return backref_svg::palette(letter as usize).to_string(),
    };
    let (r, g, b) = match letter.is_ascii_uppercase() {
        // Halfway to white.
        true => ((base.0 + 255) / 2, (base.1 + 255) / 2, (base.2 + 255) / 2),
        false => base,
    };
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// Black or white, whichever reads better on `fill` (a `#rrggbb` colour).
fn ink(fill: &str) -> &'static str {
    let channel = |i: usize| u32::from_str_radix(&fill[i..i + 2], 16).unwrap_or(255);
    let luma = 299 * channel(1) + 587 * channel(3) + 114 * channel(5);
    if luma > 140_000 {
        "#000"
    } else {
        "#fff"
    }
}

fn shown(letter: u8) -> String {
    if letter.is_ascii_graphic() {
        (letter as char).to_string()
    } else {
        "?".to_string()
    }
}

/// One coloured square of side `side` at (`x`, `y`) with its letter on it.
fn swatch(d: &mut Document, x: f64, y: f64, side: f64, letter: u8, class: &str) {
    let colour = fill(letter);
    d.rect(x, y, side, side, &[("class", class), ("fill", &colour)]);
    d.centred_text(
        x + side / 2.0,
        y + side / 2.0,
        side * 0.5,
        &shown(letter),
        &[("fill", ink(&colour)), ("stroke", "none")],
    );
}

/// Draws `solution` on `puzzle`'s grid with its clues: one `rect` of class `cell` per cell.
pub fn draw(puzzle: &Puzzle, solution: &Solution) -> String {
    let (h, w) = (puzzle.height(), puzzle.width());
    let deepest = |clues: &[String]| clues.iter().map(String::len).max().unwrap_or(0) as f64;
    let (x0, y0) = (10.0, 10.0);
    let (gw, gh) = (w as f64 * CELL, h as f64 * CELL);
    let width = x0 + gw + 10.0 + deepest(puzzle.rows()) * STEP + 10.0;
    let height = y0 + gh + 10.0 + deepest(puzzle.cols()) * STEP + 10.0;
    let mut d = Document::new(width, height);
    d.title(&format!("colour grid {h}×{w}"));
    d.group(
        &[
            ("font-family", "sans-serif"),
            ("stroke", "none"),
            ("font-weight", "bold"),
        ],
        |d| {
            for (y, row) in solution.cells.iter().enumerate().take(h) {
                for (x, &letter) in row.iter().enumerate().take(w) {
                    let (cx, cy) = (x0 + x as f64 * CELL, y0 + y as f64 * CELL);
                    swatch(d, cx, cy, CELL, letter, "cell");
                }
            }
        },
    );
    d.group(&[("stroke", "#444"), ("stroke-width", "1")], |d| {
        for x in 1..w {
            let at = x0 + x as f64 * CELL;
            d.line(at, y0, at, y0 + gh, &[]);
        }
        for y in 1..h {
            let at = y0 + y as f64 * CELL;
            d.line(x0, at, x0 + gw, at, &[]);
        }
        d.rect(x0, y0, gw, gh, &[("fill", "none"), ("stroke-width", "2")]);
    });
    d.group(
        &[
            ("class", "clues"),
            ("font-family", "sans-serif"),
            ("font-weight", "bold"),
            ("stroke", "#444"),
            ("stroke-width", "0.5"),
        ],
        |d| {
            let inset = (CELL - SWATCH) / 2.0;
            for (y, clue) in puzzle.rows().iter().enumerate() {
                for (i, letter) in clue.bytes().enumerate() {
                    let x = x0 + gw + 10.0 + i as f64 * STEP;
                    swatch(d, x, y0 + y as f64 * CELL + inset, SWATCH, letter, "clue");
                }
            }
            for (x, clue) in puzzle.cols().iter().enumerate() {
                for (i, letter) in clue.bytes().enumerate() {
                    let y = y0 + gh + 10.0 + i as f64 * STEP;
                    swatch(d, x0 + x as f64 * CELL + inset, y, SWATCH, letter, "clue");
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
    fn drawing() {
        let p = Puzzle::new(
            ["rgb", "brg", "b", "grbg"].map(String::from).to_vec(),
            ["rbg", "rbr", "grb", "bgbg"].map(String::from).to_vec(),
            None,
        )
        .unwrap();
        let s = Solution::from_rows(&["rrgb", "bbrg", "bbbb", "grbg"]);
        let out = draw(&p, &s);
        backref_svg::well_formed(&out).unwrap();
        assert_eq!(out.matches("class=\"cell\"").count(), 16);
        assert_eq!(
            out.matches("class=\"clue\"").count(),
            3 + 3 + 1 + 4 + 3 * 3 + 4
        );
        assert_eq!(fill(b'r'), "#d62728");
        assert_eq!(fill(b'W'), "#ffffff");
        assert_eq!(ink(&fill(b'y')), "#000");
        assert_eq!(ink(&fill(b'b')), "#fff");
    }
}
