//! Regenerates the project's own fillit fixtures (random pieces from a fixed seed).
//!
//! `cargo run --release -p backref-fillit --example fillit_fixtures -- OUT_DIR`
//!
//! Each generated valid input `NAME.txt` gets `NAME.expected`, the native solver's output. For
//! inputs small enough, the expected output is cross-checked against the plain (unpruned)
//! classic search. Hand-written fixtures in the same directory are left alone.

use std::path::PathBuf;
use std::time::Instant;

use backref_fillit::{
    check_output, parse, render, solve_size_with, solve_with, Piece, SearchOptions, Shape,
    MAX_PIECES,
};

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

/// The file text of `pieces`, each drawn at a random offset inside its 4×4 box.
fn input_text(pieces: &[Piece], rng: &mut Rng) -> String {
    let mut out = String::new();
    for (k, p) in pieces.iter().enumerate() {
        if k > 0 {
            out.push('\n');
        }
        let dr = rng.below(5 - p.height());
        let dc = rng.below(5 - p.width());
        let cells = p.cells();
        for r in 0..4 {
            for c in 0..4 {
                let hash = r >= dr && c >= dc && cells.contains(&(r - dr, c - dc));
                out.push(if hash { '#' } else { '.' });
            }
            out.push('\n');
        }
    }
    out
}

fn random_pieces(n: usize, rng: &mut Rng) -> Vec<Piece> {
    (0..n).map(|_| Shape::ALL[rng.below(19)].piece()).collect()
}

fn main() {
    let out_dir = PathBuf::from(
        std::env::args()
            .nth(1)
            .expect("usage: fillit_fixtures OUT_DIR"),
    );
    // (name, number of pieces, seed).
    let random: &[(&str, usize, u64)] = &[
        ("random_08a", 8, 801),
        ("random_08b", 8, 802),
        ("random_09", 9, 901),
        ("random_10", 10, 1001),
        ("random_11", 11, 1101),
        ("random_12", 12, 1201),
        ("random_16", 16, 1601),
        ("random_20", 20, 2001),
        ("random_26a", 26, 2601),
        ("random_26b", 26, 2602),
        ("random_26c", 26, 2603),
    ];
    let mut sets: Vec<(String, Vec<Piece>, u64)> = random
        .iter()
        .map(|&(name, n, seed)| {
            let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
            (name.to_string(), random_pieces(n, &mut rng), seed)
        })
        .collect();
    let all: Vec<Piece> = Shape::ALL.iter().map(|s| s.piece()).collect();
    sets.push(("all_19_shapes".into(), all, 19));
    sets.push(("squares_26".into(), vec![Shape::O.piece(); MAX_PIECES], 26));
    sets.push((
        "bars_and_squares_12".into(),
        [Shape::IVertical, Shape::O, Shape::IHorizontal]
            .iter()
            .cycle()
            .take(12)
            .map(|s| s.piece())
            .collect(),
        12,
    ));
    {
        // A hard case: 20 pieces, side 9 with a single spare cell.
        let seed: u64 = 82;
        let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        sets.push(("slow_20".into(), random_pieces(20, &mut rng), seed));
    }
    for (name, pieces, seed) in sets {
        let mut rng = Rng(seed.wrapping_mul(0xD1B5_4A32_D192_ED03) | 1);
        let text = input_text(&pieces, &mut rng);
        let parsed = parse(text.as_bytes()).expect("generated input parses");
        assert_eq!(parsed, pieces);
        let t = Instant::now();
        let report = solve_with(&pieces, &SearchOptions::default());
        let elapsed = t.elapsed();
        let solution = report.solution.clone().unwrap();
        let plain = solve_with(
            &pieces,
            &SearchOptions {
                node_limit: Some(200_000_000),
                ..SearchOptions::plain()
            },
        );
        let cross = match &plain.solution {
            Some(p) => {
                assert_eq!(p, &solution, "{name}: plain search disagrees");
                "plain search agrees"
            }
            None => {
                // Check at least the arrangement at the side found.
                let at_side = solve_size_with(
                    &pieces,
                    solution.side,
                    &SearchOptions {
                        node_limit: Some(200_000_000),
                        ..SearchOptions::plain()
                    },
                );
                match at_side.solution {
                    Some(p) => {
                        assert_eq!(
                            p, solution,
                            "{name}: plain search at side {} disagrees",
                            solution.side
                        );
                        "plain search over budget; its arrangement at that side agrees"
                    }
                    None => "plain search over budget",
                }
            }
        };
        let output = render(&solution, &pieces);
        check_output(&output, &pieces, Some(solution.side)).unwrap();
        std::fs::write(out_dir.join(format!("{name}.txt")), &text).unwrap();
        std::fs::write(out_dir.join(format!("{name}.expected")), &output).unwrap();
        println!(
            "{name}: {} pieces, side {}, {} nodes, {:?}, {cross}",
            pieces.len(),
            solution.side,
            report.nodes(),
            elapsed
        );
    }
}
