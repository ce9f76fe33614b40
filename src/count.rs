//! `backref count` (and `solve --all`, `solve --unique`): count every solution, inside the
//! engine where it can (PCRE2) or by re-solving with each solution found excluded, and print the
//! count, the method, the native solver's count and the kept solutions.

use backref_engine::Engine;
use backref_pipeline::{Instance, Request, Uniqueness};
use serde_json::json;

use crate::cli::{CountArgs, Format, PuzzleArgs, Seconds, SolveArgs};
use crate::exit::{Exit, Failure};
use crate::solve::{engine, settings, Run};

/// The loaded instance, the engine, the run under way and its request.
type Prepared = (Box<dyn Instance>, Box<dyn Engine>, Run, Request);

/// Loads the instance and the engine, tells how it counts, and starts the run: what `count`
/// and `solve --unique` share.
fn prepare(
    verb: &str,
    puzzle: &PuzzleArgs,
    engine_name: &str,
    timeout: Option<Seconds>,
    format: Format,
) -> Result<Prepared, Failure> {
    let settings = settings(puzzle)?;
    let instance = backref_puzzles::load(&puzzle.puzzle, &puzzle.input)?;
    let engine = engine(engine_name)?;
    // Inside the engine or by re-solving; only an engine not installed here is refused.
    backref_pipeline::counting_method(&*engine)?;
    let run = Run::start(verb, timeout, format, puzzle, &*instance, &*engine);
    let request = run.request(settings, puzzle, &*engine);
    Ok((instance, engine, run, request))
}

/// Runs `backref count` (and `solve --all`).
pub fn run(args: &CountArgs) -> Result<Exit, Failure> {
    let (instance, engine, run, request) = prepare(
        "count",
        &args.puzzle,
        &args.engine,
        args.timeout,
        args.format,
    )?;
    let keep = if args.list { args.max_list } else { 0 };
    let result = instance.count(&*engine, &request, keep, args.max);
    drop(run);
    let c = result?;
    let match_ms = c.match_time.as_secs_f64() * 1e3;
    // Why the count is only a lower bound: a limit, or the cap on solutions.
    let gave_up = match c.gave_up {
        Some(limit) => Some(limit.to_string()),
        None if c.reached_max => Some(format!("max {} solutions", c.count)),
        None => None,
    };
    match args.format {
        Format::Json => {
            let v = json!({
                "puzzle": instance.name(),
                "engine": engine.name(),
                "outcome": if gave_up.is_some() { "gave_up" } else { "counted" },
                "count": c.count,
                "complete": gave_up.is_none(),
                "gave_up": gave_up,
                "method": c.method.as_str(),
                "runs": c.runs,
                "native_count": c.native_count,
                "solutions": c.solutions.iter().map(|s| &s.grid).collect::<Vec<_>>(),
                "match_ms": match_ms,
                "problems": c.problems,
            });
            println!("{v}");
        }
        // `--format svg` and `--format html` are refused before these commands run
        // (`Command::svg_refused`).
        Format::Text | Format::Svg | Format::Html => {
            for (i, s) in c.solutions.iter().enumerate() {
                println!("solution {}:", i + 1);
                print!("{}", s.text);
            }
            match &gave_up {
                None => println!(
                    "{} {}: {} solution(s), counted by {} {} in {match_ms:.3} ms{}",
                    instance.name(),
                    args.puzzle.input,
                    c.count,
                    engine.name(),
                    c.method.describe(),
                    c.native_count
                        .map(|n| format!(" (native solver: {n})"))
                        .unwrap_or_default()
                ),
                Some(why) => println!(
                    "{} {}: gave up ({why}) after {} solution(s), counted by {} {}: the count is only a lower bound",
                    instance.name(),
                    args.puzzle.input,
                    c.count,
                    engine.name(),
                    c.method.describe(),
                ),
            }
            for p in &c.problems {
                eprintln!("error: {p}");
            }
        }
    }
    Ok(if !c.problems.is_empty() {
        Exit::Disagreement
    } else if gave_up.is_some() {
        Exit::GaveUp
    } else {
        Exit::Ok
    })
}

/// Runs `backref solve --unique`: stop at the second solution inside the engine, or solve a
/// second time with the first solution excluded.
pub fn unique(args: &SolveArgs) -> Result<Exit, Failure> {
    let (instance, engine, run, request) = prepare(
        "solve --unique",
        &args.puzzle,
        &args.engine,
        args.timeout,
        args.format,
    )?;
    let result = instance.unique(&*engine, &request);
    drop(run);
    let c = result?;
    let verdict = c.uniqueness();
    let outcome = match verdict {
        Uniqueness::GaveUp(_) => "gave_up",
        _ if c.count > 0 => "solved",
        _ => "no_solution",
    };
    let verified = c.problems.is_empty() && !matches!(verdict, Uniqueness::GaveUp(_));
    match args.format {
        Format::Json => {
            let mut v = json!({
                "puzzle": instance.name(),
                "engine": engine.name(),
                "outcome": outcome,
                "uniqueness": verdict.as_str(),
                "verified": verified,
                "solutions": c.solutions.iter().map(|s| &s.grid).collect::<Vec<_>>(),
                "native_count": c.native_count,
                "method": c.method.as_str(),
                "runs": c.runs,
                "match_ms": c.match_time.as_secs_f64() * 1e3,
                "problems": c.problems,
            });
            if let Some(first) = c.solutions.first() {
                v["grid"] = json!(first.grid);
            }
            if let Uniqueness::GaveUp(limit) = verdict {
                v["gave_up"] = json!({"limit": limit.to_string()});
            }
            println!("{v}");
        }
        // `--format svg` and `--format html` are refused before these commands run
        // (`Command::svg_refused`).
        Format::Text | Format::Svg | Format::Html => {
            let what = match verdict {
                Uniqueness::Unique => "unique: exactly one solution".to_string(),
                Uniqueness::NotUnique => {
                    "NOT unique: at least two solutions (two shown)".to_string()
                }
                Uniqueness::NoSolution => {
                    "no solution (the engine exhausted the search)".to_string()
                }
                Uniqueness::GaveUp(limit) => format!(
                    "gave up ({limit}) after {} solution(s): uniqueness unknown",
                    c.count
                ),
            };
            println!(
                "{} {}: {what}, by {} {}",
                instance.name(),
                args.puzzle.input,
                engine.name(),
                c.method.describe()
            );
            for (i, s) in c.solutions.iter().enumerate() {
                if c.solutions.len() > 1 {
                    println!("solution {}:", i + 1);
                }
                print!("{}", s.text);
            }
            for p in &c.problems {
                eprintln!("error: {p}");
            }
        }
    }
    Ok(if !c.problems.is_empty() {
        Exit::Disagreement
    } else if matches!(verdict, Uniqueness::GaveUp(_)) {
        Exit::GaveUp
    } else {
        Exit::Ok
    })
}
