//! Emitting a stage's subject, pattern and group map without running anything.

use backref_program::{compile, Compiled, GroupInfo, Options, Program, Segment, Stats, VarId};
use serde::Serialize;

use crate::error::Error;
use crate::puzzle::{Puzzle, Source};
use crate::settings::Settings;

/// A stage's subject and pattern, ready to print or write.
#[derive(Clone, Debug, Serialize)]
pub struct Emitted {
    /// The dialect the pattern is printed in (a dialect name, or the engine the hand-built
    /// pattern needs).
    pub dialect: &'static str,
    /// The subject.
    pub subject: String,
    /// The pattern.
    pub pattern: String,
    /// The group map (IR patterns).
    pub groups: Vec<GroupInfo>,
    /// Size figures.
    pub stats: Stats,
    /// Every statement as printed, with what it states (IR patterns; empty for hand-built ones).
    pub segments: Vec<Segment>,
    /// The stage's label (fillit: the square size), empty for single-stage puzzles.
    pub stage: String,
    /// For a hand-built pattern: its encoding and the engine options it needs.
    pub hand_built: Option<HandBuiltInfo>,
}

/// What `emit` says about a hand-built pattern.
#[derive(Clone, Debug, Serialize)]
pub struct HandBuiltInfo {
    /// The encoding's name.
    pub encoding: &'static str,
    /// The engine options the pattern needs, by name.
    pub options: Vec<&'static str>,
    /// The feature an engine needs to run it, in words.
    pub needs: &'static str,
}

/// The IR program of stage `stage` of `puzzle` and its decision order, as [`emit`] compiles
/// them for `options`; `None` when the stage is a hand-built pattern.
pub fn program<P: Puzzle + ?Sized>(
    puzzle: &P,
    settings: &Settings,
    options: &Options,
    stage: usize,
) -> Result<Option<(Program, Vec<VarId>)>, Error> {
    Ok(
        match puzzle.encode(stage, &settings.for_options(options))? {
            Source::Ir(encoded) => Some((encoded.program, encoded.order)),
            Source::HandBuilt(_) => None,
        },
    )
}

/// Emits stage `stage` of `puzzle` in the dialect of `options`.
pub fn emit<P: Puzzle + ?Sized>(
    puzzle: &P,
    settings: &Settings,
    options: &Options,
    stage: usize,
) -> Result<Emitted, Error> {
    let stages = puzzle.stages();
    let Some(label) = stages.get(stage) else {
        return Err(Error::usage(format!(
            "--stage {stage} is out of range: this instance has {} stage(s)",
            stages.len()
        )));
    };
    let settings = settings.for_options(options);
    Ok(match puzzle.encode(stage, &settings)? {
        Source::Ir(encoded) => {
            let compiled = compile(&encoded.program, &encoded.order, options)?;
            Emitted::ir(options, compiled, label.clone())
        }
        Source::HandBuilt(hand) => Emitted {
            dialect: crate::solve::engines_that_run(&hand)
                .first()
                .map(|e| e.dialect().name)
                .unwrap_or("none"),
            stats: Stats {
                subject_bytes: hand.subject.len(),
                pattern_bytes: hand.pattern.len(),
                statements: 0,
                groups: hand.groups,
                backrefs: hand.backrefs,
                ..Stats::default()
            },
            subject: hand.subject,
            pattern: hand.pattern,
            groups: Vec::new(),
            segments: Vec::new(),
            stage: label.clone(),
            hand_built: Some(HandBuiltInfo {
                encoding: hand.encoding,
                options: hand.option_names,
                needs: hand.needs.what,
            }),
        },
    })
}

impl Emitted {
    /// What `emit` shows of a compiled IR program.
    pub(crate) fn ir(options: &Options, compiled: Compiled, stage: String) -> Emitted {
        Emitted {
            dialect: options.dialect.name,
            subject: compiled.subject,
            pattern: compiled.pattern,
            groups: compiled.groups,
            stats: compiled.stats,
            segments: compiled.segments,
            stage,
            hand_built: None,
        }
    }
}
