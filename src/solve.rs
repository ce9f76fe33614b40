//! `backref solve`: encode, compile, match, decode, check, and cross-check with the native solver.

use std::time::Duration;

use anyhow::{Context, Result};
use backref_engine::{Engine, Limits, Mode, Outcome};
use backref_program::{compile, Options};
use serde::Serialize;
use serde_json::{json, Value};

use crate::cli::{Format, SolveArgs};
use crate::exit::{Exit, Failure};
use crate::puzzle::{Instance, Settings, Solution};

/// The statistics of one stage's run.
#[derive(Clone, Debug, Default, Serialize)]
pub struct StageStats {
    /// Stage label (e.g. fillit's square size), empty for single-stage puzzles.
    pub stage: String,
    /// `solved`, `no_solution`, `gave_up`, or `ruled_out` (the encoder proved the stage has no
    /// solution without running any engine; see `reason`).
    pub outcome: &'static str,
    /// Why a `ruled_out` stage cannot have a solution, or how a refutation
    /// ([`crate::refute`]) settled or handed back the stage.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// Subject length.
    pub subject_bytes: usize,
    /// Pattern length.
    pub pattern_bytes: usize,
    /// Segments.
    pub statements: usize,
    /// Capture groups.
    pub groups: usize,
    /// Backreferences.
    pub backrefs: usize,
    /// Time to generate subject and pattern.
    pub generate_ms: f64,
    /// Engine compile time.
    pub compile_ms: f64,
    /// Engine match time.
    pub match_ms: f64,
    /// Native solver time on the same order.
    pub native_ms: f64,
    /// Whether PCRE2's JIT ran the match.
    pub jit: bool,
}

fn ms(d: Duration) -> f64 {
    (d.as_secs_f64() * 1e6).round() / 1e3
}

/// Looks an engine up by name, failing with the list of names.
pub fn engine(name: &str) -> Result<Box<dyn Engine>, Failure> {
    backref_engine::engine_by_name(name).ok_or_else(|| {
        Failure::usage(format!(
            "unknown engine {name:?}; choose one of: {}",
            backref_engine::ENGINE_NAMES.join(", ")
        ))
    })
}

/// The encoding settings from the command line.
pub fn settings(p: &crate::cli::PuzzleArgs) -> Settings {
    Settings {
        encoding: p.encoding.clone(),
        order: p.order.clone(),
        no_rotation: p.no_rotation,
        reuse: p.reuse,
        features: Default::default(),
    }
}

/// Runs `backref solve`.
pub fn run(args: &SolveArgs) -> Result<Exit, Failure> {
    let instance =
        crate::puzzles::load(&args.puzzle.puzzle, &args.puzzle.input).map_err(Failure::input)?;
    let engine = engine(&args.engine)?;
    let info = engine.info();
    if !info.available {
        return Err(Failure::usage(format!(
            "engine {} is unavailable here: {}{}",
            info.name,
            info.version,
            info.install_hint
                .map(|h| format!(" (install: {h})"))
                .unwrap_or_default()
        )));
    }
    let settings = settings(&args.puzzle);
    let timeout = args.timeout.map(Duration::from_secs_f64);
    let progress = crate::progress::Progress::start(format!(
        "solve {} {} with {}",
        instance.puzzle(),
        args.puzzle.input,
        engine.name()
    ));
    let limits = Limits {
        timeout,
        match_limit: args.match_limit,
        depth_limit: args.depth_limit,
        progress: progress.steps(),
        ..Default::default()
    };
    // Callouts let PCRE2 check the clock (and count steps for the progress line). They are not
    // added for the progress line alone: under the JIT each callout copies every capture, which
    // costs up to 50x on patterns with hundreds of groups (docs/engines.md).
    let options = Options {
        portable: args.puzzle.portable,
        callouts: timeout.is_some(),
        ..Options::new(engine.dialect())
    };
    let result = crate::race::execute_raced(&*instance, &*engine, &settings, &options, &limits);
    drop(progress);
    let result = result?;
    report(args, &*instance, engine.name(), &result);
    Ok(result.exit())
}

/// Everything one solve found out.
pub struct SolveResult {
    /// `solved`, `no_solution` or `gave_up`.
    pub outcome: &'static str,
    /// The decoded answer.
    pub solution: Option<Solution>,
    /// Whether the IR checker and the rule checker accepted it.
    pub verified: bool,
    /// Per-stage statistics.
    pub stages: Vec<StageStats>,
    /// Which limit ended the search, when one did.
    pub gave_up: Option<Value>,
    /// Disagreements and failed checks.
    pub problems: Vec<String>,
    /// When settings were raced ([`crate::race`]): the contenders and the winner.
    pub raced: Option<Value>,
}

impl SolveResult {
    /// The exit code this result calls for.
    pub fn exit(&self) -> Exit {
        if !self.problems.is_empty() {
            Exit::Disagreement
        } else if self.outcome == "gave_up" {
            Exit::GaveUp
        } else {
            Exit::Ok
        }
    }

    /// Sums a statistic over the stages.
    pub fn total(&self, f: fn(&StageStats) -> f64) -> f64 {
        (self.stages.iter().map(f).sum::<f64>() * 1e3).round() / 1e3
    }
}

/// Solves `instance` stage by stage on `engine`, decoding, checking and cross-checking.
pub fn execute(
    instance: &dyn Instance,
    engine: &dyn Engine,
    settings: &Settings,
    options: &Options,
    limits: &Limits,
) -> Result<SolveResult, Failure> {
    if let Some(result) = execute_hand_built(instance, engine, settings, limits)? {
        return Ok(result);
    }
    let settings = &settings.for_options(options);
    let mut stages = Vec::new();
    let mut outcome = "no_solution";
    let mut solution: Option<Solution> = None;
    let mut verified = false;
    let mut problems: Vec<String> = Vec::new();
    let mut gave_up: Option<Value> = None;
    for (stage, label) in instance.stages().into_iter().enumerate() {
        if let Some(reason) = instance.ruled_out(stage, settings) {
            // No engine runs; the native solver still cross-checks the proof.
            let native = instance
                .native(stage, settings)
                .map_err(Failure::internal)?;
            if native.solution.is_some() {
                problems.push(format!(
                    "disagreement at stage {label}: the encoder ruled it out ({reason}), the \
                     native solver says solvable"
                ));
            }
            stages.push(StageStats {
                stage: label,
                outcome: "ruled_out",
                reason: Some(reason),
                native_ms: ms(native.elapsed),
                ..Default::default()
            });
            continue;
        }
        let encoded = instance.encode(stage, settings).map_err(Failure::input)?;
        let compiled = compile(&encoded.program, &encoded.order, options)
            .context("the encoder built an invalid program")
            .map_err(Failure::internal)?;
        let refutation = instance
            .refutation(stage, settings)
            .map_err(Failure::input)?;
        // With another way to refute the stage, its own search first gets a budget.
        let first_limits = match &refutation {
            Some(_) if crate::refute::wanted_budget(limits.match_limit) => Limits {
                match_limit: Some(crate::refute::FIRST_TRY_MATCH_LIMIT),
                ..limits.clone()
            },
            _ => limits.clone(),
        };
        let mut run = engine
            .run(
                &compiled.pattern,
                &compiled.subject,
                Mode::First,
                &first_limits,
            )
            .map_err(|e| Failure::internal(e.into()))?;
        let mut refuted = None;
        if let Some(program) = refutation
            .as_ref()
            .filter(|_| crate::refute::wanted(&run.outcome, limits.match_limit))
        {
            let r = crate::refute::run(engine, program, options, limits)?;
            problems.extend(r.problems.iter().cloned());
            let first = run.timing;
            if !r.exhausted {
                // Not refuted: the stage's own search runs again, without the budget.
                run = engine
                    .run(&compiled.pattern, &compiled.subject, Mode::First, limits)
                    .map_err(|e| Failure::internal(e.into()))?;
            }
            run.timing.compile += first.compile + r.timing.compile;
            run.timing.matching += first.matching + r.timing.matching;
            refuted = Some(r);
        }
        let mut st = StageStats {
            stage: label.clone(),
            subject_bytes: compiled.stats.subject_bytes,
            pattern_bytes: compiled.stats.pattern_bytes,
            statements: compiled.stats.statements,
            groups: compiled.stats.groups,
            backrefs: compiled.stats.backrefs,
            generate_ms: ms(compiled.elapsed),
            compile_ms: ms(run.timing.compile),
            match_ms: ms(run.timing.matching),
            jit: run.timing.jit,
            ..Default::default()
        };
        if let Some(r) = refuted.as_ref().filter(|r| r.exhausted) {
            let native = instance
                .native(stage, settings)
                .map_err(Failure::internal)?;
            if native.solution.is_some() {
                problems.push(format!(
                    "disagreement at stage {label}: {} exhausted the refutation's search, the \
                     native solver says solvable",
                    engine.name()
                ));
            }
            st.outcome = "no_solution";
            st.reason = Some(format!(
                "the search in answer order passed {} steps; a feasibility-only search ({} B of \
                 pattern) exhausted instead",
                crate::refute::FIRST_TRY_MATCH_LIMIT,
                r.pattern_bytes
            ));
            st.native_ms = ms(native.elapsed);
            stages.push(st);
            continue;
        }
        if let Some(r) = &refuted {
            st.reason = Some(format!(
                "the search in answer order passed {} steps; a feasibility-only search {}, so it \
                 resumed",
                crate::refute::FIRST_TRY_MATCH_LIMIT,
                if r.feasible {
                    "found the stage solvable"
                } else {
                    "gave up too"
                }
            ));
        }
        let engine_found = match &run.outcome {
            Outcome::GaveUp { limit, elapsed } => {
                st.outcome = "gave_up";
                outcome = "gave_up";
                gave_up = Some(json!({"limit": limit.to_string(), "elapsed_ms": ms(*elapsed)}));
                stages.push(st);
                break;
            }
            Outcome::NoSolution => false,
            Outcome::Solved(caps) => {
                match compiled.decode(&encoded.program, |n| caps.get(n)) {
                    Ok(values) => {
                        let ir = backref_program::check(&encoded.program, &values);
                        for v in &ir {
                            problems.push(format!(
                                "IR check: statement {} ({}) does not hold",
                                v.statement, v.what
                            ));
                        }
                        let sol = instance.decode(stage, &encoded, &values);
                        match instance.check(stage, settings, &sol) {
                            Ok(()) => verified = ir.is_empty(),
                            Err(errs) => problems
                                .extend(errs.into_iter().map(|e| format!("rule check: {e}"))),
                        }
                        solution = Some(sol);
                    }
                    Err(e) => problems.push(format!("decoding the match failed: {e}")),
                }
                true
            }
        };
        let native = instance
            .native(stage, settings)
            .map_err(Failure::internal)?;
        st.native_ms = ms(native.elapsed);
        let native_found = native.solution.is_some();
        if native_found != engine_found {
            problems.push(format!(
                "disagreement{}: {} says {}, the native solver says {}",
                if label.is_empty() {
                    String::new()
                } else {
                    format!(" at stage {label}")
                },
                engine.name(),
                if engine_found {
                    "solvable"
                } else {
                    "no solution"
                },
                if native_found {
                    "solvable"
                } else {
                    "no solution"
                },
            ));
        }
        if refuted.as_ref().is_some_and(|r| r.feasible) && !native_found {
            problems.push(format!(
                "disagreement at stage {label}: the refutation's search found a solution, the \
                 native solver says none"
            ));
        }
        st.outcome = if engine_found {
            "solved"
        } else {
            "no_solution"
        };
        stages.push(st);
        if engine_found {
            outcome = "solved";
            break;
        }
    }
    Ok(SolveResult {
        outcome,
        solution,
        verified,
        stages,
        gave_up,
        problems,
        raced: None,
    })
}

/// Solves through the instance's hand-built patterns ([`Instance::hand_built`]) when the
/// settings ask for them, with the same checks and cross-check as the IR path; `None` when the
/// stages go through the IR.
fn execute_hand_built(
    instance: &dyn Instance,
    engine: &dyn Engine,
    settings: &Settings,
    limits: &Limits,
) -> Result<Option<SolveResult>, Failure> {
    let mut r = SolveResult {
        outcome: "no_solution",
        solution: None,
        verified: false,
        stages: Vec::new(),
        gave_up: None,
        problems: Vec::new(),
        raced: None,
    };
    for (stage, label) in instance.stages().into_iter().enumerate() {
        let Some(hand) = instance
            .hand_built(stage, settings)
            .map_err(Failure::input)?
        else {
            if stage == 0 {
                return Ok(None);
            }
            return Err(Failure::internal(anyhow::anyhow!(
                "stage {label} has no hand-built pattern"
            )));
        };
        if engine.name() != hand.engine {
            return Err(Failure::usage(format!(
                "the {} encoding needs --engine {} ({})",
                hand.encoding, hand.engine, hand.why
            )));
        }
        // The registry's engine has no RegexOptions; this pattern brings its own.
        let run = backref_engine::Dotnet::with_options(hand.options)
            .run(&hand.pattern, &hand.subject, Mode::First, limits)
            .map_err(|e| Failure::internal(e.into()))?;
        let mut st = StageStats {
            stage: label.clone(),
            subject_bytes: hand.subject.len(),
            pattern_bytes: hand.pattern.len(),
            groups: hand.groups,
            backrefs: hand.backrefs,
            generate_ms: ms(hand.generate),
            compile_ms: ms(run.timing.compile),
            match_ms: ms(run.timing.matching),
            jit: run.timing.jit,
            ..Default::default()
        };
        let found = match &run.outcome {
            Outcome::GaveUp { limit, elapsed } => {
                st.outcome = "gave_up";
                r.outcome = "gave_up";
                r.gave_up = Some(json!({"limit": limit.to_string(), "elapsed_ms": ms(*elapsed)}));
                r.stages.push(st);
                break;
            }
            Outcome::NoSolution => false,
            Outcome::Solved(caps) => {
                match (hand.decode)(caps) {
                    Ok(sol) => {
                        match instance.check(stage, settings, &sol) {
                            Ok(()) => r.verified = true,
                            Err(errs) => r
                                .problems
                                .extend(errs.into_iter().map(|e| format!("rule check: {e}"))),
                        }
                        r.solution = Some(sol);
                    }
                    Err(e) => r.problems.push(format!("decoding the match failed: {e:#}")),
                }
                true
            }
        };
        // A debug pattern matches partial answers: comparing with the native solver says nothing.
        if !hand.partial {
            let native = instance
                .native(stage, settings)
                .map_err(Failure::internal)?;
            st.native_ms = ms(native.elapsed);
            if native.solution.is_some() != found {
                let says = |yes: bool| if yes { "solvable" } else { "no solution" };
                r.problems.push(format!(
                    "disagreement{}: {} ({} encoding) says {}, the native solver says {}",
                    if label.is_empty() {
                        String::new()
                    } else {
                        format!(" at stage {label}")
                    },
                    engine.name(),
                    hand.encoding,
                    says(found),
                    says(native.solution.is_some()),
                ));
            }
        }
        st.outcome = if found { "solved" } else { "no_solution" };
        r.stages.push(st);
        if found {
            r.outcome = "solved";
            break;
        }
    }
    Ok(Some(r))
}

fn report(args: &SolveArgs, instance: &dyn Instance, engine: &str, r: &SolveResult) {
    let SolveResult {
        outcome,
        solution,
        verified,
        stages,
        gave_up,
        problems,
        raced,
    } = r;
    let (outcome, verified) = (*outcome, *verified);
    let solution = solution.as_ref();
    let last = stages.last().cloned().unwrap_or_default();
    let total = |f: fn(&StageStats) -> f64| r.total(f);
    match args.format {
        Format::Json => {
            let mut obj = json!({
                "puzzle": instance.puzzle(),
                "engine": engine,
                "outcome": outcome,
                "verified": verified,
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
                },
                "stages": stages,
            });
            let map = obj.as_object_mut().expect("object");
            if let Some(sol) = solution {
                map.insert("grid".into(), json!(sol.grid));
                for (k, v) in &sol.extra {
                    map.insert(k.clone(), v.clone());
                }
            }
            if let Some(g) = gave_up {
                map.insert("gave_up".into(), g.clone());
            }
            if let Some(raced) = raced {
                map.insert("raced".into(), raced.clone());
            }
            if !problems.is_empty() {
                map.insert("problems".into(), json!(problems));
            }
            println!("{obj}");
        }
        Format::Text => {
            let what = match outcome {
                "solved" if verified => "solved (verified)".to_string(),
                "solved" => "solved (NOT verified)".to_string(),
                "no_solution" => "no solution (the engine exhausted the search)".to_string(),
                _ => format!(
                    "gave up ({}) — nothing is known about this instance",
                    gave_up
                        .as_ref()
                        .and_then(|g| g["limit"].as_str().map(String::from))
                        .unwrap_or_default()
                ),
            };
            println!(
                "{} {}: {what} by {engine}{}",
                instance.puzzle(),
                args.puzzle.input,
                if last.jit { " (JIT)" } else { "" }
            );
            if let Some(sol) = solution {
                print!("{}", sol.text);
            }
            if let Some(raced) = raced {
                let names = |key: &str| -> Vec<&str> {
                    raced[key]
                        .as_array()
                        .map(|c| c.iter().filter_map(|x| x.as_str()).collect())
                        .unwrap_or_default()
                };
                let (all, started) = (names("contenders"), names("started"));
                let reserve = match all.len() - started.len().min(all.len()) {
                    0 => String::new(),
                    k => format!(" ({k} more in reserve, not started)"),
                };
                let winner = match raced["winner"].as_str() {
                    Some(w) => format!("{w} finished first"),
                    None => "none finished the search".to_string(),
                };
                println!("raced {}{reserve}; {winner}", started.join(" against "));
            }
            for s in stages.iter().filter(|s| !s.stage.is_empty()) {
                match &s.reason {
                    Some(reason) if s.outcome == "ruled_out" => println!(
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
                "subject {} B, pattern {} B, {} statements, {} groups, {} backrefs",
                last.subject_bytes, last.pattern_bytes, last.statements, last.groups, last.backrefs
            );
            println!(
                "generate {:.3} ms, compile {:.3} ms, match {:.3} ms, native {:.3} ms",
                total(|s| s.generate_ms),
                total(|s| s.compile_ms),
                total(|s| s.match_ms),
                total(|s| s.native_ms)
            );
            for p in problems {
                eprintln!("error: {p}");
            }
        }
    }
}
