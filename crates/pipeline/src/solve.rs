//! Solving one instance on one engine, stage by stage: encode, compile, match, decode, check
//! (IR checker and rule checker), and cross-check every outcome with the native solver.

use std::sync::Arc;
use std::time::{Duration, Instant};

use backref_engine::{Engine, Flags, Limits, Mode, Outcome as EngineOutcome, Run};
use backref_program::{compile, Options, Stats};

use crate::error::Error;
use crate::puzzle::{Encoded, HandBuilt, Puzzle, Source};
use crate::refute;
use crate::report::{ms, Outcome, Problem, Published, SolveReport, StageOutcome, StageStats};
use crate::reuse::Reuse;
use crate::settings::Settings;

/// What to run: the user's settings, how to compile, and the limits of every engine run.
#[derive(Clone, Debug)]
pub struct Request {
    /// Encoding choices.
    pub settings: Settings,
    /// Dialect, naming, portability and callouts of the compile.
    pub options: Options,
    /// Bounds on every engine run. `timeout` bounds the whole solve: generation, compiling and
    /// every stage's matching count against it (see [`Request::deadline`]).
    pub limits: Limits,
    /// When the whole solve must end; set from `limits.timeout` when the solve starts (a race's
    /// contenders share one).
    pub deadline: Option<Instant>,
    /// The match limit of a stage's first try when the puzzle can refute the stage another way
    /// ([`crate::Puzzle::refutation`]): past it the refutation runs. Defaults to
    /// [`refute::FIRST_TRY_MATCH_LIMIT`]; a caller that races the clock on small inputs (the
    /// fillit drop-in) sets a smaller one. The first try runs as a [`Limits::first_look`].
    pub refute_after: u64,
    /// Whether a stage the puzzle expects to have no solution runs its refutation before its
    /// own search ([`crate::Puzzle::refute_first`]); on by default. A caller whose earlier run
    /// has already refuted the same stages turns it off (the fillit drop-in's second form).
    pub refute_first: bool,
    /// Whether a solved run draws its answer as SVG (`Solution::svg`); on by default. A caller
    /// that prints only the text (the fillit drop-in) turns it off and saves the drawing.
    pub svg: bool,
}

impl Request {
    /// A request with default settings and limits for `engine`'s dialect.
    pub fn new(engine: &dyn Engine) -> Request {
        Request {
            settings: Settings::default(),
            options: Options::new(engine.dialect()),
            limits: Limits::default(),
            deadline: None,
            refute_after: refute::FIRST_TRY_MATCH_LIMIT,
            refute_first: true,
            svg: true,
        }
    }

    /// This request with its deadline fixed: now plus the timeout, unless already set.
    pub fn started(&self) -> Request {
        Request {
            deadline: self
                .deadline
                .or_else(|| self.limits.timeout.map(|t| Instant::now() + t)),
            ..self.clone()
        }
    }

    /// The limits of an engine run starting now: the timeout is what is left until the deadline
    /// (at least a millisecond, so that a run past the deadline gives up at once).
    pub fn limits_now(&self) -> Limits {
        Limits {
            timeout: self.deadline.map(|d| {
                d.saturating_duration_since(Instant::now())
                    .max(Duration::from_millis(1))
            }),
            ..self.limits.clone()
        }
    }
}

/// What one stage's engine run found, before the native cross-check.
struct Attempt<A> {
    stats: StageStats,
    run: Run,
    answer: Option<A>,
    /// The match could not be read back (the reason).
    undecodable: Option<String>,
    ir_problems: Vec<Problem>,
    /// A debug pattern that matches partial answers: not compared with the native solver.
    partial: bool,
    /// How a refutation settled the stage, when one ran.
    refuted: Option<refute::Refutation>,
    /// The hand-built encoding's name, for messages.
    encoding: Option<&'static str>,
}

impl<A> Attempt<A> {
    /// An attempt that has run: its statistics from the pattern's sizes, the generation time
    /// and the run's timings; nothing decoded yet.
    fn new(run: Run, sizes: &Stats, generate: Duration) -> Attempt<A> {
        Attempt {
            stats: StageStats {
                subject_bytes: sizes.subject_bytes,
                pattern_bytes: sizes.pattern_bytes,
                statements: sizes.statements,
                groups: sizes.groups,
                backrefs: sizes.backrefs,
                propagation: sizes.propagation,
                generate_ms: ms(generate),
                compile_ms: ms(run.timing.compile),
                match_ms: ms(run.timing.matching),
                jit: run.timing.jit,
                ..Default::default()
            },
            answer: None,
            undecodable: None,
            ir_problems: Vec::new(),
            partial: false,
            refuted: None,
            encoding: None,
            run,
        }
    }
}

/// Solves `puzzle` stage by stage on `engine`, decoding, checking and cross-checking.
pub fn solve<P: Puzzle + ?Sized>(
    puzzle: &P,
    engine: &dyn Engine,
    request: &Request,
) -> Result<SolveReport, Error> {
    solve_sized(puzzle, engine, request, Sequenced::default())
}

/// How a run of a restart sequence ([`crate::restart`]) differs from a lone [`solve`].
#[derive(Clone, Copy, Default)]
pub(crate) struct Sequenced<'a> {
    /// The match limit (when one is set) is raised to at least this many steps per byte of
    /// each stage's pattern and subject (0: unchanged), so that a run searches about as long
    /// as its generation and compile took.
    pub steps_per_byte: u64,
    /// The sequence's last compiled pattern, reused when this run's pattern is the same.
    pub reuse: Option<&'a Reuse>,
}

/// [`solve`] as one run of a restart sequence (see [`Sequenced`]).
pub(crate) fn solve_sized<P: Puzzle + ?Sized>(
    puzzle: &P,
    engine: &dyn Engine,
    request: &Request,
    sequenced: Sequenced<'_>,
) -> Result<SolveReport, Error> {
    let request = &request.started();
    let settings = &request.settings.for_options(&request.options);
    let mut report = SolveReport::new();
    let stages = puzzle.stages();
    let last_stage = stages.len().saturating_sub(1);
    for (stage, label) in stages.into_iter().enumerate() {
        let at = if label.is_empty() {
            String::new()
        } else {
            format!(" at stage {label}")
        };
        if let Some(reason) = puzzle.ruled_out(stage, settings) {
            // No engine runs; the native solver still cross-checks the proof.
            let (native, elapsed) = timed(|| puzzle.native(stage, settings));
            if native?.is_some() {
                report.problems.push(Problem::Disagreement(format!(
                    "disagreement{at}: the encoder ruled it out ({reason}), the native solver says solvable"
                )));
            }
            report.stages.push(StageStats {
                stage: label,
                outcome: StageOutcome::RuledOut,
                reason: Some(reason),
                native_ms: ms(elapsed),
                ..Default::default()
            });
            continue;
        }
        let (source, encoding) = timed(|| puzzle.encode(stage, settings));
        let mut attempt = match source? {
            Source::Ir(encoded) => {
                let mut attempt = run_ir(
                    puzzle, stage, settings, engine, request, &encoded, sequenced,
                )?;
                // Stating the puzzle in the IR is part of generating its pattern and subject
                // (N=1000 queens: a third of a second of a run's setup).
                // (Rounded again to microseconds: a sum of two rounded figures is not.)
                let generate_ms = attempt.stats.generate_ms + ms(encoding);
                attempt.stats.generate_ms = (generate_ms * 1e3).round() / 1e3;
                attempt
            }
            Source::HandBuilt(hand) => run_hand_built(engine, &request.limits_now(), &hand)?,
        };
        attempt.stats.stage = label.clone();
        report.notes.append(&mut attempt.run.notes);
        if let Some(r) = attempt.refuted.as_mut() {
            report.problems.append(&mut r.problems);
        }
        if let Some(r) = attempt.refuted.as_ref().filter(|r| r.exhausted) {
            let (native, elapsed) = timed(|| puzzle.native(stage, settings));
            if native?.is_some() {
                report.problems.push(Problem::Disagreement(format!(
                    "disagreement{at}: {} exhausted the refutation's search, the native solver says solvable",
                    engine.name()
                )));
            }
            attempt.stats.outcome = StageOutcome::NoSolution;
            attempt.stats.reason = Some(if r.first {
                format!(
                    "a stage likely without a solution: a feasibility-only search ({} B of pattern) ran first and exhausted",
                    r.pattern_bytes
                )
            } else {
                format!(
                    "the search in answer order passed {} steps; a feasibility-only search ({} B of pattern) exhausted instead",
                    request.refute_after, r.pattern_bytes
                )
            });
            attempt.stats.native_ms = ms(elapsed);
            report.stages.push(attempt.stats);
            continue;
        }
        if let Some(r) = &attempt.refuted {
            attempt.stats.reason = Some(if r.first {
                format!(
                    "a stage likely without a solution: a feasibility-only search ran first and {}, so the search in answer order ran",
                    if r.feasible {
                        "found it solvable"
                    } else {
                        "gave up"
                    }
                )
            } else {
                format!(
                    "the search in answer order passed {} steps; a feasibility-only search {}, so it resumed",
                    request.refute_after,
                    if r.feasible {
                        "found the stage solvable"
                    } else {
                        "gave up too"
                    }
                )
            });
        }
        let found = match &attempt.run.outcome {
            EngineOutcome::GaveUp { limit, elapsed } => {
                attempt.stats.outcome = StageOutcome::GaveUp;
                report.outcome = Outcome::GaveUp {
                    limit: *limit,
                    elapsed: *elapsed,
                };
                report.stages.push(attempt.stats);
                break;
            }
            EngineOutcome::NoSolution => false,
            EngineOutcome::Solved(_) => true,
        };
        if found || stage == last_stage {
            // This search settles the solve: in a race (the only user of the cancel flag) the
            // other contenders stop now, not after this one's checks and cross-check.
            if let Some(flag) = &request.limits.cancel {
                flag.raise();
            }
        }
        if let Some(e) = attempt.undecodable.take() {
            report.problems.push(Problem::Decode(e));
        }
        let ir_clean = attempt.ir_problems.is_empty();
        report.problems.append(&mut attempt.ir_problems);
        // The native cross-check runs before the rule check, which may ask the native solver
        // too (fillit's classic answer): a puzzle that keeps the answer then times it here.
        let native = (!attempt.partial).then(|| timed(|| puzzle.native(stage, settings)));
        let published = puzzle.published(stage);
        if let Some(answer) = &attempt.answer {
            if let Some(theirs) = &published {
                report.published = Some(if theirs == answer {
                    Published::Equal
                } else {
                    match puzzle.check(stage, settings, theirs) {
                        Ok(()) => Published::Different,
                        Err(v) => Published::BreaksRules(v.len()),
                    }
                });
            }
            match puzzle.check(stage, settings, answer) {
                Ok(()) => report.verified = ir_clean,
                Err(violations) => report.problems.extend(
                    violations
                        .into_iter()
                        .map(|v| Problem::RuleCheck(Box::new(v))),
                ),
            }
            let mut solution = puzzle.render(answer);
            if request.svg {
                solution.svg = puzzle.svg(answer);
            }
            report.solution = Some(solution);
        }
        if let Some((native, elapsed)) = native {
            let native_found = native?.is_some();
            attempt.stats.native_ms = ms(elapsed);
            if native_found != found {
                let says = |yes: bool| if yes { "solvable" } else { "no solution" };
                report.problems.push(Problem::Disagreement(format!(
                    "disagreement{at}: {}{} says {}, the native solver says {}",
                    engine.name(),
                    attempt
                        .encoding
                        .map(|e| format!(" ({e} encoding)"))
                        .unwrap_or_default(),
                    says(found),
                    says(native_found),
                )));
            }
            if attempt.refuted.as_ref().is_some_and(|r| r.feasible) && !native_found {
                report.problems.push(Problem::Disagreement(format!(
                    "disagreement{at}: the refutation's search found a solution, the native solver says none"
                )));
            }
        }
        // The input's own answer keeps every rule: the stage has a solution, whatever the
        // engine's exhausted search said.
        let exhausted = matches!(attempt.run.outcome, EngineOutcome::NoSolution);
        if exhausted && published.is_some_and(|p| puzzle.check(stage, settings, &p).is_ok()) {
            report.problems.push(Problem::Disagreement(format!(
                "disagreement{at}: {} exhausted its search, but the answer the input gives keeps every rule",
                engine.name()
            )));
        }
        attempt.stats.outcome = if found {
            StageOutcome::Solved
        } else {
            StageOutcome::NoSolution
        };
        report.stages.push(attempt.stats);
        if found {
            report.outcome = Outcome::Solved;
            break;
        }
    }
    Ok(report)
}

/// The tighter of two match limits, either of which may be unset (a run's own limit under
/// the user's: restarts, race reserves).
pub(crate) fn tighter(a: Option<u64>, b: Option<u64>) -> Option<u64> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// The least match limit for a pattern and subject of these sizes at `steps_per_byte`.
pub(crate) fn sized_limit(steps_per_byte: u64, pattern_bytes: usize, subject_bytes: usize) -> u64 {
    steps_per_byte.saturating_mul((pattern_bytes + subject_bytes) as u64)
}

/// Runs `f` and measures how long it took.
fn timed<T>(f: impl FnOnce() -> T) -> (T, std::time::Duration) {
    let start = std::time::Instant::now();
    let out = f();
    (out, start.elapsed())
}

/// One stage through the IR: compile, match (with a refutation when the puzzle has one and the
/// first try outgrows its budget), decode and check the match against the IR.
fn run_ir<P: Puzzle + ?Sized>(
    puzzle: &P,
    stage: usize,
    settings: &Settings,
    engine: &dyn Engine,
    request: &Request,
    encoded: &Encoded<'_, P::Answer>,
    sequenced: Sequenced<'_>,
) -> Result<Attempt<P::Answer>, Error> {
    let compiled = compile(&encoded.program, &encoded.order, &request.options)?;
    crate::size::within(&compiled)?;
    let mut refutation = puzzle.refutation(stage, settings);
    // A stage the puzzle expects to have no solution, on an engine whose own compile is the
    // costly part: the refutation runs first, and the stage's own pattern is compiled only
    // when the refutation finds the stage solvable or gives up.
    let mut refuted_first = None;
    if request.refute_first && puzzle.refute_first(stage, settings) && refute::first_pays(engine) {
        if let Some(build) = refutation.take() {
            let r = refute::run(engine, build, &request.options, &request.limits_now(), true)?;
            if r.exhausted {
                let run = Run {
                    outcome: EngineOutcome::NoSolution,
                    count: None,
                    timing: r.timing,
                    steps: None,
                    jit_fallback: None,
                    notes: Vec::new(),
                };
                let mut attempt = Attempt::new(run, &compiled.stats, compiled.elapsed);
                attempt.refuted = Some(r);
                return Ok(attempt);
            }
            refuted_first = Some(r);
        }
    }
    // A race another contender has settled (before or during the engine's compile): this
    // contender stops without waiting for its compile.
    let cancelled = || {
        let run = Run::gave_up_before_matching(
            Mode::First,
            backref_engine::Limit::Cancelled,
            Duration::ZERO,
            Default::default(),
        );
        Ok(Attempt::new(run, &compiled.stats, compiled.elapsed))
    };
    // Compiled once: a refuted first try and the resumed search share the matcher (and so do
    // the runs of a restart sequence, when their patterns are the same).
    let (matcher, compile_time) = match (sequenced.reuse, &request.limits.cancel) {
        (_, Some(cancel)) if cancel.is_raised() => return cancelled(),
        (Some(reuse), _) => reuse.matcher(engine, &compiled.pattern)?,
        (None, Some(cancel)) => {
            match engine.compile_unless_cancelled(&compiled.pattern, &Flags::NONE, cancel)? {
                Some(m) => {
                    let took = m.compile_time();
                    (Arc::from(m), took)
                }
                None => return cancelled(),
            }
        }
        (None, None) => {
            let m = engine.compile(&compiled.pattern, &Flags::NONE)?;
            let took = m.compile_time();
            (Arc::from(m), took)
        }
    };
    let mut limits = request.limits_now();
    limits.match_limit = limits.match_limit.map(|l| {
        l.max(sized_limit(
            sequenced.steps_per_byte,
            compiled.stats.pattern_bytes,
            compiled.stats.subject_bytes,
        ))
    });
    let limits = &limits;
    // With another way to refute the stage, its own search first gets a budget.
    let first_limits = match &refutation {
        Some(_) if refute::wanted_budget(limits.match_limit, request.refute_after) => Limits {
            match_limit: Some(request.refute_after),
            first_look: true,
            ..limits.clone()
        },
        _ => limits.clone(),
    };
    let mut run = matcher.run(&compiled.subject, Mode::First, &first_limits)?;
    run.timing.compile += compile_time;
    let mut refuted = None;
    if let Some(build) = refutation
        .filter(|_| refute::wanted(&run.outcome, limits.match_limit, request.refute_after))
    {
        let r = refute::run(
            engine,
            build,
            &request.options,
            &request.limits_now(),
            false,
        )?;
        let first = run.timing;
        if !r.exhausted {
            // Not refuted: the stage's own search runs again, without the budget.
            let again = Limits {
                timeout: request.limits_now().timeout,
                ..limits.clone()
            };
            run = matcher.run(&compiled.subject, Mode::First, &again)?;
        }
        run.timing.compile += first.compile + r.timing.compile;
        run.timing.matching += first.matching + r.timing.matching;
        refuted = Some(r);
    }
    if let Some(r) = refuted_first {
        run.timing.compile += r.timing.compile;
        run.timing.matching += r.timing.matching;
        refuted = Some(r);
    }
    let mut attempt = Attempt::new(run, &compiled.stats, compiled.elapsed);
    attempt.refuted = refuted;
    if let EngineOutcome::Solved(caps) = &attempt.run.outcome {
        match compiled.decode(&encoded.program, |n| caps.get(n)) {
            Ok(values) => {
                attempt.ir_problems = backref_program::check(&encoded.program, &values)
                    .into_iter()
                    .map(|v| Problem::IrCheck {
                        statement: v.statement,
                        what: v.what,
                    })
                    .collect();
                attempt.answer = Some((encoded.decode)(&values));
            }
            Err(e) => attempt.undecodable = Some(e.to_string()),
        }
    }
    Ok(attempt)
}

/// The engines of the registry that can run a hand-built pattern.
pub(crate) fn engines_that_run<A>(hand: &HandBuilt<'_, A>) -> Vec<Box<dyn Engine>> {
    backref_engine::all_engines()
        .into_iter()
        .filter(|e| (hand.needs.supported)(&e.dialect().features))
        .collect()
}

/// Checks that `engine` can run `hand`, with a message naming the engines that can.
pub(crate) fn require<A>(engine: &dyn Engine, hand: &HandBuilt<'_, A>) -> Result<(), Error> {
    if (hand.needs.supported)(&engine.dialect().features) {
        return Ok(());
    }
    Err(Error::usage(format!(
        "the {} encoding needs --engine {} ({})",
        hand.encoding,
        engines_that_run(hand)
            .iter()
            .map(|e| e.name())
            .collect::<Vec<_>>()
            .join(" or --engine "),
        hand.needs.what
    )))
}

/// One stage through a hand-built pattern, with the engine options it brings.
fn run_hand_built<A>(
    engine: &dyn Engine,
    limits: &Limits,
    hand: &HandBuilt<'_, A>,
) -> Result<Attempt<A>, Error> {
    require(engine, hand)?;
    // The pattern brings the engine options it needs.
    let matcher = engine.compile(&hand.pattern, &hand.flags)?;
    let mut run = matcher.run(&hand.subject, Mode::First, limits)?;
    run.timing.compile += matcher.compile_time();
    let sizes = Stats {
        subject_bytes: hand.subject.len(),
        pattern_bytes: hand.pattern.len(),
        statements: 0,
        groups: hand.groups,
        backrefs: hand.backrefs,
        ..Stats::default()
    };
    let mut attempt = Attempt::new(run, &sizes, hand.generate);
    attempt.partial = hand.partial;
    attempt.encoding = Some(hand.encoding);
    if let EngineOutcome::Solved(caps) = &attempt.run.outcome {
        match (hand.decode)(caps) {
            Ok(a) => attempt.answer = Some(a),
            Err(e) => attempt.undecodable = Some(e),
        }
    }
    Ok(attempt)
}
