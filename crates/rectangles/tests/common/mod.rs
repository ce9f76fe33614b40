//! What the rectangles tests share: generated puzzle texts, and a puzzle solved and counted
//! inside PCRE2.

use backref_engine::{engine_by_name, Limits, Mode, Outcome};
use backref_program::dialect::Dialect;
use backref_program::{compile, Options as Compile};
use backref_rectangles::encode::encode;
use backref_rectangles::{parse, Options, Placement};

/// The number of matches inside PCRE2 in `dialect`, the first match's placements, and the
/// subject.
pub fn through_pcre2(
    text: &str,
    options: &Options,
    dialect: &'static Dialect,
) -> (u64, Option<Vec<Placement>>, String) {
    let puzzle = parse(text).unwrap();
    let encoded = encode(&puzzle, options).unwrap();
    let compiled = compile(&encoded.program, &encoded.order, &Compile::new(dialect)).unwrap();
    let engine = engine_by_name("pcre2").unwrap();
    let run = |mode| {
        engine
            .run(
                &compiled.pattern,
                &compiled.subject,
                mode,
                &Limits::default(),
            )
            .unwrap()
    };
    let first = match run(Mode::First).outcome {
        Outcome::Solved(caps) => {
            let values = compiled.decode(&encoded.program, |g| caps.get(g)).unwrap();
            Some(encoded.placements(&values))
        }
        Outcome::NoSolution => None,
        other => panic!("{other:?}"),
    };
    let counted = run(Mode::Count { keep: 0 }).count.expect("PCRE2 counts");
    assert_eq!(counted.gave_up, None);
    (counted.matches, first, compiled.subject.clone())
}

/// A puzzle text: pieces of the given sizes (width × height), then a `width` × `height` canvas.
#[allow(dead_code)]
pub fn puzzle_text(pieces: &[(usize, usize)], width: usize, height: usize) -> String {
    let mut text = String::new();
    for (k, (w, h)) in pieces.iter().enumerate() {
        let c = (b'a' + k as u8) as char;
        for _ in 0..*h {
            text.push_str(&c.to_string().repeat(*w));
            text.push('\n');
        }
        text.push('\n');
    }
    for _ in 0..height {
        text.push_str(&"~".repeat(width));
        text.push('\n');
    }
    text
}
