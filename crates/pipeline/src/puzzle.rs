//! What the pipeline needs from a puzzle: stages, an encoding (through the IR or by hand), the
//! independent rule checker, the native solver, and a rendering of answers.
//!
//! A puzzle crate implements [`Puzzle`] for its instance type; the pipeline's functions
//! ([`crate::solve`], [`crate::count`], [`crate::emit`]) are generic over it, and
//! [`crate::Instance`] erases the types so a registry can hold every puzzle in one list.

use std::time::Duration;

use backref_engine::{Captures, Flags};
use backref_program::{Features, Program, Propagation, VarId};
use serde_json::Value;

use crate::error::Error;
use crate::settings::Settings;

/// One puzzle instance, possibly solved in stages (fillit tries growing squares).
pub trait Puzzle: Sync {
    /// A decoded answer in the puzzle's own terms (a board, placements, a water grid).
    type Answer: Clone + PartialEq + Send + Sync + 'static;
    /// A broken rule, as the puzzle's own rule checker reports it.
    type Violation: std::error::Error + Send + Sync + 'static;

    /// The puzzle's name, as in `backref solve NAME`.
    fn name(&self) -> &'static str;
    /// Labels of the stages, tried in order until one has a solution (one empty label for a
    /// single-stage puzzle).
    fn stages(&self) -> Vec<String> {
        vec![String::new()]
    }
    /// Why stage `stage` cannot have a solution, when the encoder proves it without any search
    /// (fillit's counting bounds); such a stage is reported as ruled out, not run.
    fn ruled_out(&self, _stage: usize, _settings: &Settings) -> Option<String> {
        None
    }
    /// States stage `stage`: through the IR, or as a hand-built pattern for one kind of engine.
    fn encode(&self, stage: usize, settings: &Settings) -> Result<Source<'_, Self::Answer>, Error>;
    /// A second program for stage `stage` that asks only whether the stage has a solution, in
    /// a search order suited to proving it has none (fillit: cell by cell). When the stage's own
    /// search outgrows a first budget this one is built and runs; if it exhausts its search the
    /// stage is ruled out, otherwise the stage's own search resumes. Most stages end within the
    /// budget, so the program is built only when called for.
    fn refutation(&self, _stage: usize, _settings: &Settings) -> Option<Refuter<'_>> {
        None
    }
    /// Whether stage `stage` most likely has no solution and its refutation
    /// ([`Puzzle::refutation`]) is cheap, so that the refutation should run before the stage's
    /// own search (fillit: a small square the pieces fill with no cell to spare). The pipeline
    /// follows it where the engine's own compile is the costly part (an engine with a form for
    /// short searches, [`backref_engine::Engine::for_short_searches`]): a stage the refutation
    /// exhausts is never compiled for its own search, and one it finds solvable runs that
    /// search without a first budget.
    fn refute_first(&self, _stage: usize, _settings: &Settings) -> bool {
        false
    }
    /// The independent rule checker (sharing no code with the encoder), under the rules the
    /// settings chose.
    fn check(
        &self,
        stage: usize,
        settings: &Settings,
        answer: &Self::Answer,
    ) -> Result<(), Vec<Self::Violation>>;
    /// The native solver, on the same static order as the encoding: its first answer, if any.
    fn native(&self, stage: usize, settings: &Settings) -> Result<Option<Self::Answer>, Error>;
    /// The native search on exactly the tree of the pattern `settings` compile, where
    /// [`Puzzle::native`] searches another (a stronger, independent solver). Only timed, for
    /// `bench`'s match/native ratio ([`crate::native_tree_ms`]); answers are cross-checked by
    /// `native`. `settings.propagation` is the level the pattern carried
    /// ([`crate::StageStats::propagation`]). The default: `native` walks that tree when the
    /// pattern carries no propagation, and the IR's walk when it does.
    fn native_tree(&self, _stage: usize, settings: &Settings) -> TreeWalk<Self::Answer> {
        match settings.propagation.unwrap_or_default() {
            Propagation::None => TreeWalk::ByNative,
            _ => TreeWalk::Unmirrored,
        }
    }
    /// Counts solutions natively, up to `cap`, when the puzzle can.
    fn native_count(&self, _stage: usize, _settings: &Settings, _cap: u64) -> Option<u64> {
        None
    }
    /// Alternative settings to race against each other when the user left the choice to the
    /// puzzle (static search orders); empty for a single run.
    fn portfolio(&self, _settings: &Settings) -> Vec<Contender> {
        Vec::new()
    }
    /// Static orders to run one after another under growing match limits when the user left
    /// the choice to the puzzle ([`crate::restart`]); tried before [`Puzzle::portfolio`].
    /// `None` (the default) for no restarts.
    fn restarts(&self, _settings: &Settings) -> Option<crate::restart::Restarts> {
        None
    }
    /// The answer the input itself gives for stage `stage`, if any (a corpus file's published
    /// solution: Abigail's `Solution` section, an Aquarium file's water grid). A solve
    /// compares its answer with it ([`crate::Published`]) and checks it by the rules: one
    /// that keeps them all while the engine exhausted its search is a disagreement.
    fn published(&self, _stage: usize) -> Option<Self::Answer> {
        None
    }
    /// The answer in the common shape: rows for JSON `grid`, text for a terminal, and any
    /// puzzle-specific JSON fields.
    fn render(&self, answer: &Self::Answer) -> Solution;
    /// A drawing of the answer as one self-contained SVG document, for `--format svg` (the
    /// pipeline stores it in [`Solution::svg`]); `None` when the puzzle draws nothing.
    fn svg(&self, _answer: &Self::Answer) -> Option<String> {
        None
    }
}

/// Where a stage's pattern comes from: the IR, or a pattern composed by hand.
pub enum Source<'a, A> {
    /// A program for the IR to order, lower and print in any dialect.
    Ir(Encoded<'a, A>),
    /// A pattern written for engines with one feature (the .NET balancing-group pattern).
    HandBuilt(HandBuilt<'a, A>),
}

/// A program ready to compile, its decision order, and how to read decoded values back into
/// an answer (through the encoder's own typed maps).
pub struct Encoded<'a, A> {
    /// The program.
    pub program: Program,
    /// Decision variables in search order.
    pub order: Vec<VarId>,
    /// Turns decoded variable values (indexed by variable) into an answer.
    pub decode: Decoder<'a, A>,
}

/// Reads decoded variable values (indexed by variable) back into an answer.
pub type Decoder<'a, A> = Box<dyn Fn(&[String]) -> A + 'a>;

/// Builds a stage's refutation program ([`Puzzle::refutation`]) when the stage's own search
/// calls for it.
pub type Refuter<'a> = Box<dyn FnOnce() -> Result<Encoded<'a, ()>, Error> + 'a>;

impl<'a, A> Encoded<'a, A> {
    /// A program with its order and its decoder.
    pub fn new(
        program: Program,
        order: Vec<VarId>,
        decode: impl Fn(&[String]) -> A + 'a,
    ) -> Encoded<'a, A> {
        Encoded {
            program,
            order,
            decode: Box::new(decode),
        }
    }
}

impl<'a> Encoded<'a, ()> {
    /// A program whose matches are not read back (a refutation asks only whether one exists).
    pub fn feasibility(program: Program, order: Vec<VarId>) -> Encoded<'a, ()> {
        Encoded::new(program, order, |_| ())
    }
}

/// What an engine must have to run a hand-built pattern, as a test on its dialect's features
/// (no engine names), and the words that name it in messages.
#[derive(Clone, Copy)]
pub struct Needs {
    /// Whether an engine whose dialect has these features can run the pattern.
    pub supported: fn(&Features) -> bool,
    /// The feature in words, e.g. ".NET balancing groups".
    pub what: &'static str,
}

/// A pattern composed by hand for engines with one feature instead of through the IR
/// (rectangles' .NET balancing-group encoding): the subject, the pattern, the engine options it
/// needs, and how to read a match back.
pub struct HandBuilt<'a, A> {
    /// The encoding's name, for messages.
    pub encoding: &'static str,
    /// What the engine must support.
    pub needs: Needs,
    /// The engine options the pattern needs (.NET's `RegexOptions`, in engine-neutral terms).
    pub flags: Flags,
    /// Their names, for `emit`.
    pub option_names: Vec<&'static str>,
    /// The subject.
    pub subject: String,
    /// The pattern.
    pub pattern: String,
    /// Capture groups (distinct names).
    pub groups: usize,
    /// Backreferences.
    pub backrefs: usize,
    /// Time to generate subject and pattern.
    pub generate: Duration,
    /// A debug pattern that matches partial answers: they are shown and checked, but not
    /// compared with the native solver.
    pub partial: bool,
    /// Reads a match (every capture of every group) back into an answer.
    #[allow(clippy::type_complexity)]
    pub decode: Box<dyn Fn(&Captures) -> Result<A, String> + 'a>,
}

/// A decoded answer in the common shape every puzzle shares.
#[derive(Clone, Debug, PartialEq)]
pub struct Solution {
    /// Rows for JSON `grid`.
    pub grid: Vec<String>,
    /// The answer drawn for a terminal.
    pub text: String,
    /// Puzzle-specific JSON fields (e.g. `placements`).
    pub extra: serde_json::Map<String, Value>,
    /// The answer drawn as an SVG document ([`Puzzle::svg`]), filled in by the pipeline.
    pub svg: Option<String>,
}

impl Solution {
    /// A solution with rows and text and no extra fields.
    pub fn new(grid: Vec<String>, text: String) -> Solution {
        Solution {
            grid,
            text,
            extra: Default::default(),
            svg: None,
        }
    }
}

impl Contender {
    /// One contender per static order of `orders` (name, ms after which it joins the race),
    /// each with `settings` and that order, labelled `order NAME`.
    pub fn orders(orders: &[(&str, u64)], settings: &Settings) -> Vec<Contender> {
        orders
            .iter()
            .map(|(o, ms)| Contender {
                label: format!("order {o}"),
                settings: Settings {
                    order: Some(o.to_string()),
                    ..settings.clone()
                },
                start_after: Duration::from_millis(*ms),
                match_limit: None,
            })
            .collect()
    }

    /// This contender with its runs bounded by `steps` (at most the user's own match limit):
    /// a reserve that loses is left to finish in the background (see [`crate::solve_raced`]),
    /// and this bounds what it costs then.
    pub fn with_match_limit(self, steps: u64) -> Contender {
        Contender {
            match_limit: Some(steps),
            ..self
        }
    }
}

/// One entry of a [`Puzzle::portfolio`]: settings to race, a label naming them, and how long
/// the race must have gone on before they join it (so that reserves do not slow down the
/// favourites on instances those finish quickly).
#[derive(Clone, Debug)]
pub struct Contender {
    /// How the output names this contender, e.g. `order classes`.
    pub label: String,
    /// The settings it runs with.
    pub settings: Settings,
    /// It starts once the race has run this long without a winner.
    pub start_after: Duration,
    /// A match limit of its own, under the user's (`None`: the user's alone). A contender
    /// that reaches it gives up and leaves the race to the others.
    pub match_limit: Option<u64>,
}

/// What [`Puzzle::native_tree`] did for a compile's settings.
#[derive(Debug)]
pub enum TreeWalk<A> {
    /// Nothing: [`Puzzle::native`] walks the pattern's tree already.
    ByNative,
    /// Walked the pattern's tree natively: its first answer, if any.
    Walked(Result<Option<A>, Error>),
    /// Walked the pattern's tree natively, the search alone taking this long (the setup, like
    /// the pattern's generation, left out).
    Timed(Duration),
    /// Nothing of the puzzle's own (its native search does not mirror the pattern's checks or
    /// order): the IR walks the pattern's tree where it can ([`backref_program::walk_program`]).
    Unmirrored,
}
