//! Helpers for the lowering unit tests: lower a tiny program for one feature set and print its
//! segments in one dialect, with no engine involved.

use super::{GroupInfo, Lowered, Lowerer, Source};
use crate::dialect::{Dialect, Features};
use crate::order::order;
use crate::print::{Naming, Printer};
use crate::program::{PackItem, PackOption, Program, VarId};

/// A program lowered step by step: the segments, the groups and the decoding sources.
pub(super) struct Lowering {
    /// Every step's segment, in order.
    pub(super) segments: Vec<Lowered>,
    /// Every group allocated.
    pub(super) groups: Vec<GroupInfo>,
    /// The sources recorded for variables not read from their own group.
    pub(super) sources: Vec<(VarId, Source)>,
}

/// Orders `program` on `vars` and lowers every step with `features` (no callouts) and the
/// program's own propagation.
pub(super) fn lower(program: &Program, vars: &[VarId], features: Features) -> Lowering {
    let steps = order(program, vars).expect("a well-formed test program");
    let mut lowerer = Lowerer::new(program, features, false).with_propagation(program.propagation);
    let segments = steps.iter().map(|s| lowerer.lower(s)).collect();
    Lowering {
        segments,
        groups: lowerer.groups,
        sources: lowerer.sources,
    }
}

impl Lowering {
    /// Segment `i`'s pattern printed in `dialect` with numbered groups.
    pub(super) fn pattern(&self, i: usize, dialect: &Dialect) -> String {
        let names: Vec<String> = self.groups.iter().map(|g| g.name.clone()).collect();
        let printer = Printer::new(dialect, Naming::Compact, &names);
        let mut out = String::new();
        printer.print(&self.segments[i].pattern, &mut out);
        out
    }

    /// Segment `i`'s subject.
    pub(super) fn subject(&self, i: usize) -> &str {
        &self.segments[i].subject
    }

    /// The groups' names, in number order.
    pub(super) fn names(&self) -> Vec<&str> {
        self.groups.iter().map(|g| g.name.as_str()).collect()
    }
}

/// States a packing whose item `i` has the options `options[i]` (each a list of resources,
/// labelled `o0`, `o1`, ..), with symmetry classes and a waste budget.
pub(super) fn packing(
    program: &mut Program,
    options: &[&[&[u32]]],
    resources: u32,
    must_cover: u32,
    symmetry: &[Option<u32>],
    waste: Option<u32>,
) -> Vec<VarId> {
    let items = options
        .iter()
        .enumerate()
        .map(|(i, opts)| PackItem {
            name: format!("P{i}"),
            symmetry: symmetry.get(i).copied().flatten(),
            options: opts
                .iter()
                .enumerate()
                .map(|(j, rs)| PackOption {
                    label: format!("o{j}"),
                    resources: rs.to_vec(),
                    requires: Vec::new(),
                })
                .collect(),
        })
        .collect();
    program
        .packing_with_waste(items, resources, must_cover, waste)
        .expect("a well-formed test packing")
}
