//! `backref solve`: run the pipeline on one engine and print what it found.

use backref_engine::{Engine, Limits};
use std::time::Duration;

use backref_pipeline::{
    Instance, Outcome, Published, Request, Settings, SolveReport, StageOutcome, StageStats,
};
use backref_program::{Options, Propagation};
use serde_json::json;

use crate::cli::{Format, PuzzleArgs, Seconds, SolveArgs};
use crate::exit::{Exit, Failure};

/// Looks an engine up by name, failing with the list of names.
pub fn engine(name: &str) -> Result<Box<dyn Engine>, Failure> {
    backref_engine::engine_by_name(name).ok_or_else(|| {
        Failure::usage(format!(
            "unknown engine {name:?}; choose one of: {}",
            backref_engine::ENGINE_NAMES.join(", ")
        ))
    })
}

/// The encoding settings from the command line, checked against the puzzle's choices.
pub fn settings(p: &PuzzleArgs) -> Result<Settings, Failure> {
    let switches = [("no-rotation", p.no_rotation), ("reuse", p.reuse)];
    let mut settings = Settings {
        encoding: p.encoding.clone(),
        order: p.order.clone(),
        switches: switches
            .iter()
            .filter(|(_, on)| *on)
            .map(|(name, _)| name.to_string())
            .collect(),
        ..Settings::default()
    };
    // Valued switches reach the puzzle as `name=VALUE`.
    if let Some(k) = p.stars {
        settings.switches.push(format!("stars={k}"));
    }
    let entry = backref_puzzles::find(&p.puzzle)?;
    settings.validate(entry.name, &entry.choices)?;
    Ok(settings)
}

/// A run of `solve` or `count` under way: its time bound (a watchdog backstop), and its
/// progress line (dropped when the run ends).
pub struct Run {
    timeout: Option<Duration>,
    progress: crate::progress::Progress,
}

impl Run {
    /// Starts the progress line and arms the watchdog for the run's bound.
    pub fn start(
        verb: &str,
        timeout: Option<Seconds>,
        format: Format,
        puzzle: &PuzzleArgs,
        instance: &dyn Instance,
        engine: &dyn Engine,
    ) -> Run {
        let timeout = timeout.map(|t| t.0);
        crate::watchdog::arm(
            timeout.unwrap_or(crate::watchdog::DEFAULT_BOUND),
            format,
            instance.name(),
            &puzzle.input,
            engine.name(),
        );
        let progress = crate::progress::Progress::start(format!(
            "{verb} {} {} with {}",
            instance.name(),
            puzzle.input,
            engine.name()
        ));
        Run { timeout, progress }
    }

    /// The pipeline request for this run.
    pub fn request(&self, settings: Settings, puzzle: &PuzzleArgs, engine: &dyn Engine) -> Request {
        Request {
            settings,
            // Callouts let PCRE2 check the clock (and count steps for the progress line), but
            // under the JIT each callout copies every capture, which costs up to 50x on patterns
            // with hundreds of groups (docs/engines.md). So they are added only for timeouts
            // longer than PCRE2 keeps with a calibrated match limit, and never for the progress
            // line alone.
            options: Options {
                portable: puzzle.portable,
                propagation: puzzle.propagate,
                callouts: backref_engine::callouts_for_timeout(engine, self.timeout),
                ..Options::new(engine.dialect())
            },
            limits: Limits {
                timeout: self.timeout,
                progress: self.progress.steps(),
                ..Limits::default()
            },
            ..Request::new(engine)
        }
    }
}

/// The exit code a solve report calls for.
pub fn exit(r: &SolveReport) -> Exit {
    if !r.problems.is_empty() {
        Exit::Disagreement
    } else if !r.outcome.finished() {
        Exit::GaveUp
    } else {
        Exit::Ok
    }
}

/// Runs `backref solve`.
pub fn run(args: &SolveArgs) -> Result<Exit, Failure> {
    let settings = settings(&args.puzzle)?;
    let loaded = backref_puzzles::load_many(&args.puzzle.puzzle, &args.puzzle.input)?;
    let engine = engine(&args.engine)?;
    backref_pipeline::require_available(&*engine)?;
    if let Some((line, text)) = &loaded.skipped {
        eprintln!("note: line {line} is not an instance, skipped as a header: {text:?}");
    }
    let mut members = loaded.members;
    if members.len() > 1 {
        return crate::collection::run(args, settings, &members, &*engine);
    }
    let (_, instance) = members.pop().expect("one instance");
    let run = Run::start(
        "solve",
        args.timeout,
        args.format,
        &args.puzzle,
        &*instance,
        &*engine,
    );
    let mut request = run.request(settings, &args.puzzle, &*engine);
    request.limits.match_limit = args.match_limit;
    request.limits.depth_limit = args.depth_limit;
    let result = instance.solve(&*engine, &request);
    drop(run);
    let report = result?;
    print_report(args, instance.name(), engine.name(), &report);
    Ok(exit(&report))
}

/// The JSON object of a solve report, as `solve --format json` prints it.
pub fn report_json(puzzle: &str, engine: &str, r: &SolveReport) -> serde_json::Value {
    let last = r.stages.last().cloned().unwrap_or_default();
    let total = |f: fn(&StageStats) -> f64| r.total(f);
    let mut obj = json!({
        "puzzle": puzzle,
        "engine": engine,
        "outcome": r.outcome.as_str(),
        "verified": r.confirmed(),
        "stats": {
            "subject_bytes": last.subject_bytes,
            "pattern_bytes": last.pattern_bytes,
            "statements": last.statements,
            "groups": last.groups,
            "backrefs": last.backrefs,
            "generate_ms": total(|s| s.generate_ms),
            "compile_ms": total(|s| s.compile_ms),
            "match_ms": total(|s| s.match_ms),
            "native_ms": total(|s| s.native_ms),
            "jit": last.jit,
            "propagation": last.propagation,
        },
        "stages": r.stages,
    });
    let map = obj.as_object_mut().expect("object");
    if let Some(sol) = &r.solution {
        map.insert("grid".into(), json!(sol.grid));
        for (k, v) in &sol.extra {
            map.insert(k.clone(), v.clone());
        }
    }
    if let Outcome::GaveUp { limit, elapsed } = r.outcome {
        map.insert(
            "gave_up".into(),
            json!({"limit": limit.to_string(), "elapsed_ms": backref_pipeline::ms(elapsed)}),
        );
    }
    if let Some(raced) = &r.raced {
        map.insert("raced".into(), json!(raced));
    }
    if let Some(restarts) = &r.restarts {
        map.insert("restarts".into(), json!(restarts));
    }
    if let Some(p) = r.published {
        map.insert("published".into(), json!(p.as_str()));
        if let Published::BreaksRules(n) = p {
            map.insert("published_violations".into(), json!(n));
        }
    }
    if !r.problems.is_empty() {
        map.insert("problems".into(), json!(r.problems));
    }
    if !r.notes.is_empty() {
        map.insert("notes".into(), json!(r.notes));
    }
    obj
}

fn print_report(args: &SolveArgs, puzzle: &str, engine: &str, r: &SolveReport) {
    let last = r.stages.last().cloned().unwrap_or_default();
    match args.format {
        Format::Json => {
            let obj = report_json(puzzle, engine, r);
            println!("{obj}");
        }
        Format::Text | Format::Html => print_text(args, puzzle, engine, r, &last),
        Format::Svg => match r.solution.as_ref().and_then(|s| s.svg.as_ref()) {
            Some(svg) => print!("{svg}"),
            None => {
                let what = match r.outcome {
                    Outcome::Solved => "solved, but this puzzle has no drawing",
                    Outcome::NoSolution => "no solution",
                    Outcome::GaveUp { .. } => "gave up",
                };
                print!(
                    "{}",
                    message_svg(&format!("{puzzle} {}: {what}", args.puzzle.input))
                );
            }
        },
    }
    for p in r.problems.iter().filter(|_| args.format == Format::Svg) {
        eprintln!("error: {p}");
    }
}

/// A small SVG document that says `message` (for `--format svg` without a board to draw).
pub fn message_svg(message: &str) -> String {
    let width = (message.chars().count() as f64 * 9.0 + 40.0).max(200.0);
    let mut d = backref_svg::Document::new(width, 40.0);
    d.title(message);
    d.rect(
        0.0,
        0.0,
        width,
        40.0,
        &[("fill", "#fff"), ("stroke", "#999")],
    );
    d.centred_text(
        width / 2.0,
        20.0,
        16.0,
        message,
        &[("font-family", "sans-serif")],
    );
    d.finish()
}

fn print_text(args: &SolveArgs, puzzle: &str, engine: &str, r: &SolveReport, last: &StageStats) {
    let what = match r.outcome {
        Outcome::Solved if r.confirmed() => "solved (verified)".to_string(),
        Outcome::Solved => "solved (NOT verified)".to_string(),
        Outcome::NoSolution => "no solution (the engine exhausted the search)".to_string(),
        Outcome::GaveUp { limit, .. } => {
            format!("gave up ({limit}) — nothing is known about this instance")
        }
    };
    println!(
        "{puzzle} {}: {what} by {engine}{}",
        args.puzzle.input,
        if last.jit { " (JIT)" } else { "" }
    );
    if let Some(sol) = &r.solution {
        print!("{}", sol.text);
    }
    if let Some(p) = r.published {
        println!("the answer the input gives: {p}");
    }
    if let Some(raced) = &r.raced {
        let reserve = match raced.contenders.len() - raced.started.len().min(raced.contenders.len())
        {
            0 => String::new(),
            k => format!(" ({k} more in reserve, not started)"),
        };
        let winner = match &raced.winner {
            Some(w) => format!("{w} finished first"),
            None => "none finished the search".to_string(),
        };
        println!(
            "raced {}{reserve}; {winner}",
            raced.started.join(" against ")
        );
    }
    for s in r.stages.iter().filter(|s| !s.stage.is_empty()) {
        match &s.reason {
            Some(reason) if s.outcome == StageOutcome::RuledOut => println!(
                "  stage {}: ruled out without search: {reason}; {:.3} ms native",
                s.stage, s.native_ms
            ),
            _ => println!(
                "  stage {}: {}, {:.3} ms match, {:.3} ms native{}",
                s.stage,
                s.outcome,
                s.match_ms,
                s.native_ms,
                s.reason
                    .as_ref()
                    .map(|r| format!(" ({r})"))
                    .unwrap_or_default()
            ),
        }
    }
    println!(
        "subject {} B, pattern {} B, {} statements, {} groups, {} backrefs{}",
        last.subject_bytes,
        last.pattern_bytes,
        last.statements,
        last.groups,
        last.backrefs,
        match last.propagation {
            Propagation::None => String::new(),
            p => format!(", propagation {}", p.name()),
        }
    );
    println!(
        "generate {:.3} ms, compile {:.3} ms, match {:.3} ms, native {:.3} ms",
        r.total(|s| s.generate_ms),
        r.total(|s| s.compile_ms),
        r.total(|s| s.match_ms),
        r.total(|s| s.native_ms)
    );
    for n in &r.notes {
        eprintln!("note: {n}");
    }
    for p in &r.problems {
        eprintln!("error: {p}");
    }
}
