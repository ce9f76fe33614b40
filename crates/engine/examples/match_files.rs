//! Runs a pattern file against a subject file on one engine and prints the outcome and timings:
//! `cargo run --release -p backref-engine --example match_files -- ENGINE PATTERN SUBJECT`.

use backref_engine::{engine_by_name, Limits, Mode, Outcome};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [engine, pattern, subject] = args.as_slice() else {
        eprintln!("usage: match_files ENGINE PATTERN_FILE SUBJECT_FILE");
        std::process::exit(2);
    };
    let engine = engine_by_name(engine).expect("a known engine");
    let pattern = std::fs::read_to_string(pattern).expect("pattern file");
    let subject = std::fs::read_to_string(subject).expect("subject file");
    let run = engine
        .run(
            pattern.trim_end_matches('\n'),
            subject.trim_end_matches('\n'),
            Mode::First,
            &Limits::default(),
        )
        .expect("the engine runs");
    let what = match run.outcome {
        Outcome::Solved(_) => "solved".to_string(),
        Outcome::NoSolution => "no solution".to_string(),
        Outcome::GaveUp { limit, .. } => format!("gave up ({limit})"),
    };
    println!(
        "{what}: compile {:.3} ms, match {:.3} ms, jit {}",
        run.timing.compile.as_secs_f64() * 1e3,
        run.timing.matching.as_secs_f64() * 1e3,
        run.timing.jit
    );
}
