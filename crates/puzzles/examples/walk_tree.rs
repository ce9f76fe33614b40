//! The IR's native walk of one instance's pattern tree (`backref_program::walk_program`),
//! timed on its own: nodes (statements entered, or packing items entered), solutions found
//! up to the first, the fastest search of several runs and the cost per node, beside the
//! statement kinds of the program. The other side of `bench`'s match/native ratio where the
//! puzzle's own solver searches another tree.
//!
//!     cargo run --release -p backref-puzzles --example walk_tree -- PUZZLE FILE [RUNS]

use std::collections::BTreeMap;
use std::process::ExitCode;

use backref_pipeline::Settings;
use backref_program::{dialect::PCRE2, Options};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(puzzle), Some(file)) = (args.first(), args.get(1)) else {
        eprintln!("usage: walk_tree PUZZLE FILE [RUNS]");
        return ExitCode::from(2);
    };
    let runs: usize = match args.get(2).map(|r| r.parse()) {
        None => 3,
        Some(Ok(r)) if r > 0 => r,
        Some(_) => {
            eprintln!("RUNS must be a positive number");
            return ExitCode::from(2);
        }
    };
    let instance = match backref_puzzles::load(puzzle, file) {
        Ok(i) => i,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let options = Options::new(&PCRE2);
    let settings = Settings::default().for_options(&options);
    for stage in 0..instance.stages().len() {
        let Some((program, order)) = instance
            .program(&settings, &options, stage)
            .expect("the instance encodes")
        else {
            println!("stage {stage}: a hand-built pattern, no program to walk");
            continue;
        };
        let level = settings.propagation.unwrap_or(program.propagation);
        let mut best = None;
        for _ in 0..runs {
            let Some(walk) =
                backref_program::walk_program(&program, &order, PCRE2.features, level, 1)
            else {
                println!("stage {stage}: a packing among other statements, not walked");
                break;
            };
            if best
                .as_ref()
                .is_none_or(|b: &backref_program::Walk| walk.search < b.search)
            {
                best = Some(walk);
            }
        }
        let Some(walk) = best else { continue };
        let mut kinds: BTreeMap<&str, usize> = BTreeMap::new();
        for g in &program.statements {
            *kinds.entry(g.kind()).or_default() += 1;
        }
        let ms = walk.search.as_secs_f64() * 1e3;
        println!(
            "stage {stage}: {} nodes, {} solution(s), {ms:.3} ms, {:.1} ns/node; {kinds:?}",
            walk.nodes,
            walk.solutions,
            ms * 1e6 / walk.nodes.max(1) as f64,
        );
    }
    ExitCode::SUCCESS
}
