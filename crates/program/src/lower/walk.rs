//! The packing's search tree walked natively, as its branch-reset form searches it under a
//! propagation level: the other side of `bench`'s match/native ratio for puzzles whose own
//! native solver does not mirror the pattern's checks.
//!
//! The walk enters the items in their order and tries their options in theirs, as the loop
//! does: an option fits when its `requires` are used, it uses no resource twice, its resources
//! are free, and (in a symmetry class) it comes after the option of the class's item before
//! it. After a choice come the same checks as the pattern's: the forward or light checks of
//! [`super::forward::risks`] (a resource at risk is used, or some option using it has all its
//! resources free), the resources due after the item (used), and under the packing lookahead
//! a search for a completion of the items left (any order; the verdict is all that shapes the
//! tree). Only timed and counted: answers are cross-checked by the puzzles' own solvers.

use std::time::{Duration, Instant};

use super::complete::{classes, Class, MAX_WASTE};
use super::forward::{risks, with_item_resources, Checks, LIGHT_USERS};
use super::packing::{due_after, too_much_waste, uses_twice};
use crate::gadget::Gadget;
use crate::program::Program;
use crate::Propagation;

/// What a walk found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Walk {
    /// Nodes entered: a packing's items (the engine's per-item callouts count the same), or
    /// a program's statements in the step walk (as callouts before every statement count).
    pub nodes: u64,
    /// Solutions found, up to the cap.
    pub solutions: u64,
    /// The first solution: each variable's value (by variable index).
    pub first: Option<Vec<String>>,
    /// Time spent searching, past building the checks' lists (the pattern's compile builds
    /// those).
    pub search: Duration,
}

/// Walks the tree of `program` when it is a single packing lowered in its branch-reset form
/// with `propagation` carried (see [`crate::Stats::propagation`]), until `cap` solutions.
/// `None` when the program is something else (more statements, or a level whose checks the
/// packing could not carry: the budget of calls).
pub fn walk_packing(program: &Program, propagation: Propagation, cap: u64) -> Option<Walk> {
    let [Gadget::Packing {
        items,
        options,
        resources,
        must_cover,
        symmetry,
        requires,
        waste,
        ..
    }] = &program.statements[..]
    else {
        return None;
    };
    let (due, never) = due_after(options, *resources, *must_cover);
    let never = never || too_much_waste(options, *resources, *waste);
    let mut base = *resources;
    let mut extended = None;
    let checks = match propagation {
        Propagation::None | Propagation::Complete => None,
        Propagation::Light => Some(risks(options, base, &due, LIGHT_USERS)?),
        Propagation::Forward => {
            let with_items = with_item_resources(options, base);
            let checks = risks(&with_items, base, &due, usize::MAX)?;
            base += options.len() as u32;
            extended = Some(with_items);
            Some(checks)
        }
    };
    let options = extended.as_deref().unwrap_or(options);
    let mut must = vec![false; base as usize];
    for r in due.iter().flatten() {
        must[*r as usize] = true;
    }
    let fits: Vec<Vec<bool>> = options
        .iter()
        .map(|opts| opts.iter().map(|o| !uses_twice(o)).collect())
        .collect();
    let mut users: Vec<Vec<(usize, usize)>> = vec![Vec::new(); base as usize];
    for (i, opts) in options.iter().enumerate() {
        for (j, o) in opts.iter().enumerate() {
            if fits[i][j] {
                for r in o {
                    users[*r as usize].push((i, j));
                }
            }
        }
    }
    let previous: Vec<Option<usize>> = (0..options.len())
        .map(|i| {
            (0..i)
                .rev()
                .find(|&e| symmetry[e].is_some() && symmetry[e] == symmetry[i])
        })
        .collect();
    let lookahead = (propagation == Propagation::Complete).then(|| {
        Completion::new(
            options,
            *resources,
            &must,
            waste.filter(|w| *w <= MAX_WASTE),
        )
    });
    let mut w = Walker {
        options,
        requires,
        fits: &fits,
        users: &users,
        due: &due,
        previous: &previous,
        checks: checks.as_ref(),
        lookahead,
        used: vec![false; base as usize],
        chosen: vec![usize::MAX; options.len()],
        cap: cap.max(1),
        first: None,
        out: Walk::default(),
    };
    let start = Instant::now();
    if !never && w.complete() {
        w.item(0);
    }
    w.out.search = start.elapsed();
    w.out.first = w.first.map(|chosen| {
        let mut values = vec![String::new(); program.vars.len()];
        for (item, j) in items.iter().zip(chosen) {
            values[item.index()] = program.var(*item).domain[j].clone();
        }
        values
    });
    Some(w.out)
}

/// The walk's state.
struct Walker<'a> {
    options: &'a [Vec<Vec<u32>>],
    requires: &'a [Vec<Vec<u32>>],
    /// Whether each option can fit at all (uses no resource twice).
    fits: &'a [Vec<bool>],
    /// The options using each resource, those that can fit.
    users: &'a [Vec<(usize, usize)>],
    due: &'a [Vec<u32>],
    /// The class's item before each item, if any.
    previous: &'a [Option<usize>],
    checks: Option<&'a Checks>,
    lookahead: Option<Completion>,
    used: Vec<bool>,
    chosen: Vec<usize>,
    cap: u64,
    /// The first solution's option per item.
    first: Option<Vec<usize>>,
    out: Walk,
}

impl Walker<'_> {
    /// Enters item `i`; true once the cap is reached.
    fn item(&mut self, i: usize) -> bool {
        if i == self.options.len() {
            self.out.solutions += 1;
            if self.first.is_none() {
                self.first = Some(self.chosen.clone());
            }
            return self.out.solutions >= self.cap;
        }
        self.out.nodes += 1;
        for j in 0..self.options[i].len() {
            let o = &self.options[i][j];
            let fits = self.fits[i][j]
                && self.requires[i][j].iter().all(|r| self.used[*r as usize])
                && o.iter().all(|r| !self.used[*r as usize])
                && self.previous[i].is_none_or(|e| self.chosen[e] < j);
            if !fits {
                continue;
            }
            for r in o {
                self.used[*r as usize] = true;
            }
            self.chosen[i] = j;
            let holds = self.checks.is_none_or(|c| {
                c.at_risk(i, j).iter().all(|r| {
                    self.used[*r as usize]
                        || self.users[*r as usize].iter().any(|&(i2, j2)| {
                            self.options[i2][j2].iter().all(|s| !self.used[*s as usize])
                        })
                })
            }) && self.due[i].iter().all(|r| self.used[*r as usize])
                && self.complete();
            if holds && self.item(i + 1) {
                return true;
            }
            self.chosen[i] = usize::MAX;
            for r in o {
                self.used[*r as usize] = false;
            }
        }
        false
    }

    /// Whether the items not yet placed can all be placed (always, without the lookahead).
    fn complete(&mut self) -> bool {
        let Some(look) = &mut self.lookahead else {
            return true;
        };
        let placed: Vec<bool> = self.chosen.iter().map(|&j| j != usize::MAX).collect();
        look.exists(&self.used, &placed)
    }
}

/// The packing lookahead's question, asked natively: can the items left all be placed, the
/// resources that must be covered all covered, and at most the waste budget left unused (an
/// item with an option using nothing can always take it)? It scans the resources in number
/// order as the pattern's search does: the first free one is covered by an option whose lowest
/// resource it is (one item per class of interchangeable items), or left unused.
struct Completion {
    /// The classes of interchangeable items, as the pattern's search forms them.
    classes: Vec<Class>,
    /// The options of each class by their lowest resource.
    by_low: Vec<Vec<(usize, usize)>>,
    must: Vec<bool>,
    waste: Option<u32>,
    /// Scratch: resources taken, members left per class.
    used: Vec<bool>,
    left: Vec<usize>,
}

impl Completion {
    fn new(
        options: &[Vec<Vec<u32>>],
        resources: u32,
        must: &[bool],
        waste: Option<u32>,
    ) -> Completion {
        let classes = classes(options);
        let mut by_low = vec![Vec::new(); resources as usize];
        for (c, class) in classes.iter().enumerate() {
            for (k, (low, _)) in class.options.iter().enumerate() {
                by_low[*low as usize].push((c, k));
            }
        }
        Completion {
            left: vec![0; classes.len()],
            classes,
            by_low,
            must: must[..resources as usize].to_vec(),
            waste,
            used: Vec::new(),
        }
    }

    fn exists(&mut self, used: &[bool], placed: &[bool]) -> bool {
        self.used = used[..self.must.len()].to_vec();
        for (c, class) in self.classes.iter().enumerate() {
            self.left[c] = class.members.iter().filter(|&&i| !placed[i]).count();
        }
        self.scan(0, self.waste)
    }

    fn scan(&mut self, from: usize, waste: Option<u32>) -> bool {
        let Some(r) = (from..self.used.len()).find(|&r| !self.used[r]) else {
            return (self.left.iter().zip(&self.classes)).all(|(&k, c)| k == 0 || c.idle);
        };
        for k in 0..self.by_low[r].len() {
            let (c, o) = self.by_low[r][k];
            if self.left[c] == 0 {
                continue;
            }
            let rest = &self.classes[c].options[o].1;
            if rest.iter().any(|s| self.used[*s as usize]) {
                continue;
            }
            let rest = rest.clone();
            self.used[r] = true;
            for s in &rest {
                self.used[*s as usize] = true;
            }
            self.left[c] -= 1;
            let found = self.scan(r + 1, waste);
            self.left[c] += 1;
            for s in &rest {
                self.used[*s as usize] = false;
            }
            self.used[r] = false;
            if found {
                return true;
            }
        }
        if self.must[r] || waste == Some(0) {
            return false;
        }
        self.used[r] = true;
        let found = self.scan(r + 1, waste.map(|w| w - 1));
        self.used[r] = false;
        found
    }
}
