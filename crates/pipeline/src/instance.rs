//! [`Instance`]: any [`Puzzle`] with its types erased, so one registry can hold every puzzle
//! and the command line can drive them all the same way.

use backref_engine::Engine;
use backref_program::{Options, Program, VarId};

use crate::count::CountReport;
use crate::crosscheck::Row;
use crate::emit::Emitted;
use crate::error::Error;
use crate::inspect::{Checked, Inspection};
use crate::puzzle::Puzzle;
use crate::report::SolveReport;
use crate::settings::Settings;
use crate::solve::Request;

/// A loaded puzzle instance, whatever its puzzle: every pipeline operation, object-safe.
/// Every [`Puzzle`] is one.
pub trait Instance: Sync {
    /// The puzzle's name.
    fn name(&self) -> &'static str;
    /// The stage labels (one empty label for single-stage puzzles).
    fn stages(&self) -> Vec<String>;
    /// Solves the instance, racing the puzzle's portfolio where it has one
    /// ([`crate::solve_raced`]).
    fn solve(&self, engine: &dyn Engine, request: &Request) -> Result<SolveReport, Error>;
    /// Solves the instance once, with the settings as given ([`crate::solve()`]).
    fn solve_once(&self, engine: &dyn Engine, request: &Request) -> Result<SolveReport, Error>;
    /// Counts the solutions, inside the engine or by re-solving, keeping the first `keep` and
    /// stopping at `max` ([`crate::count_capped`]).
    fn count(
        &self,
        engine: &dyn Engine,
        request: &Request,
        keep: usize,
        max: Option<u64>,
    ) -> Result<CountReport, Error>;
    /// Whether the instance has exactly one solution, stopping at the second
    /// ([`crate::unique()`]).
    fn unique(&self, engine: &dyn Engine, request: &Request) -> Result<CountReport, Error>;
    /// The IR program of one stage and its decision order; `None` for a hand-built pattern
    /// ([`crate::emit::program`]).
    fn program(
        &self,
        settings: &Settings,
        options: &Options,
        stage: usize,
    ) -> Result<Option<(Program, Vec<VarId>)>, Error>;
    /// The subject and pattern of one stage ([`crate::emit()`]).
    fn emit(&self, settings: &Settings, options: &Options, stage: usize) -> Result<Emitted, Error>;
    /// The subject and pattern of one stage with how to decode and draw a match
    /// ([`crate::inspect()`]).
    fn inspect(
        &self,
        settings: &Settings,
        options: &Options,
        stage: usize,
    ) -> Result<Inspection, Error>;
    /// Decodes and checks one domain index per variable ([`crate::inspect::check_values`]).
    fn check_values(
        &self,
        settings: &Settings,
        options: &Options,
        stage: usize,
        values: &[usize],
    ) -> Result<Checked, Error>;
    /// One engine's row of a comparison of engines ([`crate::check_engine`]).
    fn check_engine(&self, engine: &dyn Engine, request: &Request) -> Result<Row, Error>;
    /// Milliseconds of native search on the trees of the stages `report` searched
    /// ([`crate::native_tree_ms`]).
    fn native_tree_ms(
        &self,
        request: &Request,
        report: &SolveReport,
    ) -> Result<crate::NativeTree, Error>;
}

impl<P: Puzzle> Instance for P {
    fn name(&self) -> &'static str {
        Puzzle::name(self)
    }

    fn stages(&self) -> Vec<String> {
        Puzzle::stages(self)
    }

    fn solve(&self, engine: &dyn Engine, request: &Request) -> Result<SolveReport, Error> {
        crate::race::solve_raced(self, engine, request)
    }

    fn solve_once(&self, engine: &dyn Engine, request: &Request) -> Result<SolveReport, Error> {
        crate::solve::solve(self, engine, request)
    }

    fn count(
        &self,
        engine: &dyn Engine,
        request: &Request,
        keep: usize,
        max: Option<u64>,
    ) -> Result<CountReport, Error> {
        crate::count::count_capped(self, engine, request, keep, max)
    }

    fn unique(&self, engine: &dyn Engine, request: &Request) -> Result<CountReport, Error> {
        crate::count::unique(self, engine, request)
    }

    fn program(
        &self,
        settings: &Settings,
        options: &Options,
        stage: usize,
    ) -> Result<Option<(Program, Vec<VarId>)>, Error> {
        crate::emit::program(self, settings, options, stage)
    }

    fn emit(&self, settings: &Settings, options: &Options, stage: usize) -> Result<Emitted, Error> {
        crate::emit::emit(self, settings, options, stage)
    }

    fn inspect(
        &self,
        settings: &Settings,
        options: &Options,
        stage: usize,
    ) -> Result<Inspection, Error> {
        crate::inspect::inspect(self, settings, options, stage)
    }

    fn check_values(
        &self,
        settings: &Settings,
        options: &Options,
        stage: usize,
        values: &[usize],
    ) -> Result<Checked, Error> {
        crate::inspect::check_values(self, settings, options, stage, values)
    }

    fn check_engine(&self, engine: &dyn Engine, request: &Request) -> Result<Row, Error> {
        crate::crosscheck::check_engine(self, engine, request)
    }

    fn native_tree_ms(
        &self,
        request: &Request,
        report: &SolveReport,
    ) -> Result<crate::NativeTree, Error> {
        crate::tree::native_tree_ms(self, request, report)
    }
}
