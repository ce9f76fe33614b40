//! Measures the start-up cost of the external engines (a runner process per run):
//! `cargo run --release -p backref-engine --example external_startup`. Set `XDG_CACHE_HOME` to
//! an empty directory to include the one-time `mcs` compilation of the .NET runner in the first
//! run. This is a measurement, not a test.

use std::time::{Duration, Instant};

use backref_engine::{Dotnet, Engine, External, Flags, Limits, Mode};

fn main() {
    let engines: Vec<(Box<dyn Engine>, &str)> = vec![
        (Box::new(External::perl()), r"\A(a)\z"),
        (Box::new(External::python()), r"\A(a)\Z"),
        (Box::new(External::node()), "^(a)$"),
        (Box::new(Dotnet::new()), r"\A(a)\z"),
    ];
    for (engine, pattern) in engines {
        let info = engine.info();
        if !info.available {
            println!("{}: unavailable: {}", info.name, info.version);
            continue;
        }
        let matcher = engine
            .compile(pattern, &Flags::NONE)
            .expect("the pattern compiles");
        let mut walls = Vec::new();
        let mut inner = Duration::MAX;
        for _ in 0..5 {
            let start = Instant::now();
            let run = matcher
                .run("a", Mode::First, &Limits::default())
                .expect("the run succeeds");
            walls.push(start.elapsed());
            inner = inner.min(run.timing.compile + run.timing.matching);
            for note in &run.notes {
                println!("{}: {note}", info.name);
            }
        }
        println!(
            "{}: first run {:?}, best of the rest {:?}; compile+match inside the runner {inner:?}",
            info.name,
            walls[0],
            walls[1..].iter().min().expect("four more runs")
        );
    }
}
