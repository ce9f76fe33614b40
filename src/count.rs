//! `backref count`: count every solution inside the engine (PCRE2 callouts force it to
//! backtrack after each match), and compare with the native solver's count.

use std::time::Duration;

use backref_engine::{Limits, Mode};
use backref_program::{compile, Options};
use serde_json::json;

use crate::cli::{CountArgs, Format};
use crate::exit::{Exit, Failure};
use crate::solve::{engine, settings};

/// Runs `backref count` (and `solve --all`).
pub fn run(args: &CountArgs) -> Result<Exit, Failure> {
    let instance =
        crate::puzzles::load(&args.puzzle.puzzle, &args.puzzle.input).map_err(Failure::input)?;
    let engine = engine(&args.engine)?;
    let info = engine.info();
    if !info.can_count || !info.available {
        return Err(Failure::usage(format!(
            "counting runs inside the engine through PCRE2 callouts; engine {} cannot count (use --engine pcre2 or pcre2-interp)",
            info.name
        )));
    }
    if instance.stages().len() > 1 {
        return Err(Failure::usage(format!(
            "counting is not available for {}: its answer is searched over several sizes",
            instance.puzzle()
        )));
    }
    let settings = settings(&args.puzzle);
    let options = Options {
        portable: args.puzzle.portable,
        callouts: args.timeout.is_some(),
        ..Options::new(engine.dialect())
    };
    let settings = settings.for_options(&options);
    let encoded = instance.encode(0, &settings).map_err(Failure::input)?;
    let compiled = compile(&encoded.program, &encoded.order, &options)
        .map_err(|e| Failure::internal(e.into()))?;
    let progress = crate::progress::Progress::start(format!(
        "count {} {}",
        instance.puzzle(),
        args.puzzle.input
    ));
    let limits = Limits {
        timeout: args.timeout.map(Duration::from_secs_f64),
        progress: progress.steps(),
        ..Limits::default()
    };
    let keep = if args.list { args.max_list } else { 0 };
    let run = engine
        .run(
            &compiled.pattern,
            &compiled.subject,
            Mode::Count { keep },
            &limits,
        )
        .map_err(|e| Failure::internal(e.into()))?;
    let count = run
        .count
        .ok_or_else(|| Failure::internal(anyhow::anyhow!("the engine returned no count")))?;
    let mut problems = Vec::new();
    let mut solutions = Vec::new();
    for caps in &count.kept {
        match compiled.decode(&encoded.program, |n| caps.get(n)) {
            Ok(values) => {
                let sol = instance.decode(0, &encoded, &values);
                let ir = backref_program::check(&encoded.program, &values);
                if !ir.is_empty() {
                    problems.push(format!("a match breaks {} IR statement(s)", ir.len()));
                }
                if let Err(e) = instance.check(0, &settings, &sol) {
                    problems.push(format!("a match fails the rule check: {}", e.join("; ")));
                }
                solutions.push(sol);
            }
            Err(e) => problems.push(format!("decoding a match failed: {e}")),
        }
    }
    let native = if count.gave_up.is_none() {
        instance.native_count(0, &settings, count.matches + 1)
    } else {
        None
    };
    if let Some(n) = native {
        if n != count.matches {
            problems.push(format!(
                "{} counted {} solutions, the native solver {n}",
                engine.name(),
                count.matches
            ));
        }
    }
    let outcome = if count.gave_up.is_some() {
        "gave_up"
    } else {
        "counted"
    };
    match args.format {
        Format::Json => {
            let v = json!({
                "puzzle": instance.puzzle(),
                "engine": engine.name(),
                "outcome": outcome,
                "count": count.matches,
                "complete": count.gave_up.is_none(),
                "gave_up": count.gave_up.map(|l| l.to_string()),
                "native_count": native,
                "solutions": solutions.iter().map(|s| &s.grid).collect::<Vec<_>>(),
                "match_ms": run.timing.matching.as_secs_f64() * 1e3,
                "problems": problems,
            });
            println!("{v}");
        }
        Format::Text => {
            for (i, s) in solutions.iter().enumerate() {
                println!("solution {}:", i + 1);
                print!("{}", s.text);
            }
            match count.gave_up {
                None => println!(
                    "{} {}: {} solution(s), counted by {} in {:.3} ms{}",
                    instance.puzzle(),
                    args.puzzle.input,
                    count.matches,
                    engine.name(),
                    run.timing.matching.as_secs_f64() * 1e3,
                    native.map(|n| format!(" (native solver: {n})")).unwrap_or_default()
                ),
                Some(limit) => println!(
                    "{} {}: gave up ({limit}) after {} solution(s): the count is only a lower bound",
                    instance.puzzle(),
                    args.puzzle.input,
                    count.matches
                ),
            }
            for p in &problems {
                eprintln!("error: {p}");
            }
        }
    }
    Ok(if !problems.is_empty() {
        Exit::Disagreement
    } else if count.gave_up.is_some() {
        Exit::GaveUp
    } else {
        Exit::Ok
    })
}
