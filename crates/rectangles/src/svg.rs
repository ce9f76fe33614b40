//! The filled canvas drawn as SVG (`--format svg`): each placed piece as one coloured,
//! outlined rectangle labelled with its characters, canvas cells no piece covers in grey.

use backref_svg::{palette, Document};

use crate::render::render;
use crate::{Placement, Puzzle};

/// The side of a cell.
const CELL: f64 = 40.0;

/// Draws `placements` on `puzzle`'s canvas: one group of class `piece` per placement, titled
/// with the piece's number (from 0, input order) and where it is. A piece painted in one
/// character (or under a use-order label, see [`crate::render`]) carries that label once in
/// its middle; a piece of several characters shows each on its cell. Placements naming a
/// missing piece are skipped, and cells are clipped to the canvas, as in the text rendering.
pub fn draw(puzzle: &Puzzle, placements: &[Placement]) -> String {
    let painted = render(puzzle, placements);
    let (w, h) = (puzzle.canvas.width, puzzle.canvas.height);
    let m = 4.0;
    let (gw, gh) = (w as f64 * CELL, h as f64 * CELL);
    let mut d = Document::new(gw + 2.0 * m, gh + 2.0 * m);
    d.title(&format!(
        "rectangles: {} pieces on a {w}×{h} canvas",
        painted.placements.len()
    ));
    d.rect(m, m, gw, gh, &[("class", "canvas"), ("fill", "#e0e0e0")]);
    d.group(&[("stroke", "#ccc"), ("stroke-width", "1")], |d| {
        for x in 1..w {
            let at = m + x as f64 * CELL;
            d.line(at, m, at, m + gh, &[]);
        }
        for y in 1..h {
            let at = m + y as f64 * CELL;
            d.line(m, at, m + gw, at, &[]);
        }
    });
    d.group(
        &[
            ("font-family", "sans-serif"),
            ("font-weight", "bold"),
            ("stroke", "#000"),
            ("stroke-width", "3"),
        ],
        |d| {
            for (i, used) in painted.placements.iter().enumerate() {
                let piece = &puzzle.pieces[used.piece];
                let (pw, ph) = piece.dims(used.rotated);
                // Clipped to the canvas, as the text rendering does.
                let cw = pw.min(w.saturating_sub(used.col));
                let ch = ph.min(h.saturating_sub(used.row));
                if cw == 0 || ch == 0 {
                    continue;
                }
                let title = format!(
                    "piece {} at row {}, col {}{}",
                    used.piece,
                    used.row,
                    used.col,
                    if used.rotated { ", rotated" } else { "" }
                );
                d.titled_group(&title, &[("class", "piece")], |d| {
                    let (x, y) = (m + used.col as f64 * CELL, m + used.row as f64 * CELL);
                    let (rw, rh) = (cw as f64 * CELL, ch as f64 * CELL);
                    d.rect(x, y, rw, rh, &[("fill", palette(i))]);
                    let text = [("fill", "#000"), ("stroke", "none")];
                    let size = CELL * 0.45;
                    let one = used.label.or_else(|| {
                        let first = piece.cells.first().copied()?;
                        piece.cells.iter().all(|&c| c == first).then_some(first)
                    });
                    match one {
                        Some(label) => {
                            let (cx, cy) = (x + rw / 2.0, y + rh / 2.0);
                            d.centred_text(cx, cy, size, &label.to_string(), &text);
                        }
                        None => {
                            for r in 0..ch {
                                for c in 0..cw {
                                    let label = piece.char_at(r, c, used.rotated).to_string();
                                    let cx = x + (c as f64 + 0.5) * CELL;
                                    let cy = y + (r as f64 + 0.5) * CELL;
                                    d.centred_text(cx, cy, size, &label, &text);
                                }
                            }
                        }
                    }
                });
            }
        },
    );
    d.rect(
        m,
        m,
        gw,
        gh,
        &[("fill", "none"), ("stroke", "#000"), ("stroke-width", "3")],
    );
    d.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drawing() {
        let puzzle = crate::parse("aa\naa\n\nb\n\nxy\nzw\n\n~~~~\n~~~~\n~~~~\n").expect("a puzzle");
        let placements = [
            Placement {
                piece: 0,
                row: 0,
                col: 0,
                rotated: false,
            },
            Placement {
                piece: 2,
                row: 0,
                col: 2,
                rotated: true,
            },
            Placement {
                piece: 1,
                row: 2,
                col: 0,
                rotated: false,
            },
        ];
        let out = draw(&puzzle, &placements);
        backref_svg::well_formed(&out).unwrap();
        assert_eq!(out.matches("class=\"piece\"").count(), 3);
        assert_eq!(out.matches(">a</text>").count(), 1);
        assert_eq!(out.matches(">b</text>").count(), 1);
        for ch in ["x", "y", "z", "w"] {
            assert_eq!(out.matches(&format!(">{ch}</text>")).count(), 1, "{ch}");
        }
        assert!(out.contains("piece 2 at row 0, col 2, rotated"));
    }
}
