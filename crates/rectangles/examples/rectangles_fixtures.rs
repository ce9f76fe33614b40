//! Regenerates the project's rectangle fixtures.
//!
//! `cargo run --release -p backref-rectangles --example rectangles_fixtures -- DIR`
//!
//! Writes the generated puzzles (random guillotine cuts of a canvas, shuffled, some pieces given
//! rotated, plus distractor pieces; all from fixed seeds), then, for every `NAME.txt` in `DIR`
//! (hand-written ones included), writes `NAME.expected`: `unsolvable`, or `solvable` followed by
//! the native solution's rendering (grid, empty line, placements). Every solution is checked
//! with the independent checker first.

use std::path::PathBuf;
use std::time::Instant;

use backref_rectangles::{check, parse, render, solve_with_stats, Options};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Cuts `w × h` into rectangles by random guillotine cuts until pieces are at most `max` cells.
fn cut(w: usize, h: usize, max: usize, rng: &mut Rng, out: &mut Vec<(usize, usize)>) {
    if w * h <= max || (w == 1 && h == 1) {
        out.push((w, h));
        return;
    }
    let vertical = if w == 1 {
        false
    } else if h == 1 {
        true
    } else {
        rng.below(w + h) < w
    };
    if vertical {
        let at = 1 + rng.below(w - 1);
        cut(at, h, max, rng, out);
        cut(w - at, h, max, rng, out);
    } else {
        let at = 1 + rng.below(h - 1);
        cut(w, at, max, rng, out);
        cut(w, h - at, max, rng, out);
    }
}

fn puzzle_text(pieces: &[(usize, usize)], canvas: (usize, usize)) -> String {
    const CHARS: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_";
    let mut out = String::new();
    for (i, &(w, h)) in pieces.iter().enumerate() {
        let ch = CHARS[i % CHARS.len()] as char;
        for _ in 0..h {
            out.extend(std::iter::repeat_n(ch, w));
            out.push('\n');
        }
        out.push('\n');
    }
    for _ in 0..canvas.1 {
        out.extend(std::iter::repeat_n('~', canvas.0));
        out.push('\n');
    }
    out
}

fn guillotine(w: usize, h: usize, max: usize, distractors: usize, seed: u64) -> String {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut pieces = Vec::new();
    cut(w, h, max, &mut rng, &mut pieces);
    for _ in 0..distractors {
        pieces.push((1 + rng.below(5), 1 + rng.below(4)));
    }
    for p in pieces.iter_mut() {
        if rng.below(2) == 1 {
            *p = (p.1, p.0);
        }
    }
    for i in (1..pieces.len()).rev() {
        let j = rng.below(i + 1);
        pieces.swap(i, j);
    }
    puzzle_text(&pieces, (w, h))
}

fn main() {
    let dir = PathBuf::from(
        std::env::args()
            .nth(1)
            .expect("usage: rectangles_fixtures DIR"),
    );
    let generated = [
        ("guillotine_12x8", guillotine(12, 8, 12, 3, 128)),
        ("guillotine_20x15", guillotine(20, 15, 30, 4, 2015)),
        ("guillotine_24x16", guillotine(24, 16, 40, 2, 2416)),
        ("bars_on_10x10", puzzle_text(&[(4, 1); 25], (10, 10))),
    ];
    for (name, text) in &generated {
        std::fs::write(dir.join(format!("{name}.txt")), text).unwrap();
    }
    let mut inputs: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    inputs.sort();
    let options = Options::default();
    for path in inputs {
        let text = std::fs::read_to_string(&path).unwrap();
        let puzzle = parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let t = Instant::now();
        let (solution, stats) = solve_with_stats(&puzzle, &options);
        let elapsed = t.elapsed();
        let expected = match &solution {
            Some(placements) => {
                check(&puzzle, &options, placements).expect("native solution passes the checker");
                format!("solvable\n{}", render(&puzzle, placements).to_text())
            }
            None => "unsolvable\n".to_string(),
        };
        std::fs::write(path.with_extension("expected"), expected).unwrap();
        println!(
            "{}: {} pieces, canvas {}x{}, {}, {} nodes ({} memo hits), {:?}",
            path.file_name().unwrap().to_string_lossy(),
            puzzle.pieces.len(),
            puzzle.canvas.width,
            puzzle.canvas.height,
            if solution.is_some() {
                "solvable"
            } else {
                "unsolvable"
            },
            stats.nodes,
            stats.memo_hits,
            elapsed
        );
    }
}
