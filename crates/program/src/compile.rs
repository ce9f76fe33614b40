//! Drives ordering, lowering and printing: a program plus an order becomes a subject, a pattern
//! in one dialect, and the group map needed to decode a match.

use std::time::{Duration, Instant};

use serde::Serialize;

use crate::ast::Node;
use crate::dialect::{Dialect, Features};
use crate::error::{DecodeError, ProgramError};
use crate::lower::{GroupInfo, Lowerer, Source};
use crate::order::order;
use crate::print::{Naming, Printer};
use crate::program::{Program, VarId};

/// Statements between two callouts when callouts are asked for.
pub const CALLOUT_EVERY: usize = 16;

/// How to compile a program.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// The dialect to print.
    pub dialect: &'static Dialect,
    /// Group names or numbers.
    pub naming: Naming,
    /// Use only captures and backreferences (the published scheme's restriction).
    pub portable: bool,
    /// Put a callout at the start of every statement (for timeouts and progress; PCRE2 only).
    pub callouts: bool,
    /// Propagation inside the pattern; `None` takes the program's own choice.
    pub propagation: Option<crate::Propagation>,
}

impl Options {
    /// Default options for `dialect`: compact names, best features, no callouts.
    pub fn new(dialect: &'static Dialect) -> Options {
        Options {
            dialect,
            naming: Naming::Compact,
            portable: false,
            callouts: false,
            propagation: None,
        }
    }

    /// The features gadgets may use.
    pub fn features(&self) -> Features {
        if self.portable {
            Features::PORTABLE
        } else {
            self.dialect.features
        }
    }
}

/// One statement as printed: its subject and pattern segments and what it states.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Segment {
    /// Subject segment (ends in `;`).
    pub subject: String,
    /// Pattern segment as printed (ends in `;`).
    pub pattern: String,
    /// What the statement states, for readers.
    pub what: String,
}

/// Size figures of a compiled program.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Stats {
    /// Subject length in bytes.
    pub subject_bytes: usize,
    /// Pattern length in bytes.
    pub pattern_bytes: usize,
    /// Number of segments (statements after ladder expansion).
    pub statements: usize,
    /// Number of capture groups.
    pub groups: usize,
    /// Number of backreferences.
    pub backrefs: usize,
}

/// A compiled program: what to hand an engine, and how to read its captures.
#[derive(Clone, Debug)]
pub struct Compiled {
    /// The subject.
    pub subject: String,
    /// The full pattern, anchored at both ends.
    pub pattern: String,
    /// Every statement, in order.
    pub segments: Vec<Segment>,
    /// Every capture group, by number minus one.
    pub groups: Vec<GroupInfo>,
    /// Where each variable's value is read from.
    pub sources: Vec<Source>,
    /// Size figures.
    pub stats: Stats,
    /// Time spent generating.
    pub elapsed: Duration,
}

/// Compiles `program` with decision variables defined in `var_order`.
pub fn compile(
    program: &Program,
    var_order: &[VarId],
    options: &Options,
) -> Result<Compiled, ProgramError> {
    let start = Instant::now();
    let steps = order(program, var_order)?;
    let callouts = options.callouts && options.dialect.features.callouts;
    let propagation = options.propagation.unwrap_or(program.propagation);
    let mut lowerer =
        Lowerer::new(program, options.features(), callouts).with_propagation(propagation);
    let mut lowered = Vec::with_capacity(steps.len());
    for step in &steps {
        let mut l = lowerer.lower(step);
        // PCRE2's JIT copies every capture on each callout, so a callout at every statement can
        // cost 10x on patterns with many groups: one every CALLOUT_EVERY statements still lets
        // a timeout or a progress display see the search move.
        if callouts && lowered.len() % CALLOUT_EVERY == 0 {
            l.pattern = Node::Seq(vec![Node::Callout(1), l.pattern]);
        }
        lowered.push((step, l));
    }
    let names: Vec<String> = lowerer.groups.iter().map(|g| g.name.clone()).collect();
    let printer = Printer::new(options.dialect, options.naming, &names);
    let mut subject = String::new();
    let mut pattern = String::from(options.dialect.start_anchor);
    let mut segments = Vec::with_capacity(lowered.len());
    let mut backrefs = 0;
    for (step, l) in &lowered {
        let mut p = String::new();
        printer.print(&l.pattern, &mut p);
        backrefs += l.pattern.backrefs();
        subject.push_str(&l.subject);
        pattern.push_str(&p);
        let what = match step {
            crate::order::Step::Stmt(s) => program.statements[s.0 as usize].describe(program),
            crate::order::Step::Ladder { stmt, var, .. } => format!(
                "ladder step of {} adding {}",
                program.statements[stmt.0 as usize].describe(program),
                program.var(*var).name
            ),
        };
        segments.push(Segment {
            subject: l.subject.clone(),
            pattern: p,
            what,
        });
    }
    pattern.push_str(options.dialect.end_anchor);
    let mut sources: Vec<Option<Source>> = lowerer
        .var_group
        .iter()
        .map(|g| g.map(Source::Group))
        .collect();
    for (v, s) in lowerer.sources.drain(..) {
        sources[v.index()] = Some(s);
    }
    let sources = sources
        .into_iter()
        .map(|s| s.expect("every variable is defined"))
        .collect();
    let stats = Stats {
        subject_bytes: subject.len(),
        pattern_bytes: pattern.len(),
        statements: segments.len(),
        groups: lowerer.groups.len(),
        backrefs,
    };
    Ok(Compiled {
        subject,
        pattern,
        segments,
        groups: lowerer.groups,
        sources,
        stats,
        elapsed: start.elapsed(),
    })
}

/// A statement that does not hold for an assignment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// The statement's index.
    pub statement: usize,
    /// What it states.
    pub what: String,
}

impl Compiled {
    /// Reads every variable's value from a match: `group(n)` gives group `n`'s capture.
    pub fn decode<'a>(
        &self,
        program: &Program,
        group: impl Fn(usize) -> Option<&'a str>,
    ) -> Result<Vec<String>, DecodeError> {
        let mut values = Vec::with_capacity(program.vars.len());
        for (i, var) in program.vars.iter().enumerate() {
            let unset = |g: &crate::ast::GroupId| DecodeError::Unset {
                var: var.name.clone(),
                group: g.number(),
            };
            let text: String = match &self.sources[i] {
                Source::Group(g) => group(g.number()).ok_or_else(|| unset(g))?.to_string(),
                Source::Flags(flags) => {
                    let mut value = None;
                    for (j, g) in flags.iter().enumerate() {
                        if !group(g.number()).ok_or_else(|| unset(g))?.is_empty() {
                            value = Some(var.domain[j].clone());
                        }
                    }
                    value.unwrap_or_default()
                }
                Source::Resources {
                    token,
                    groups,
                    options,
                } => {
                    let owned: Vec<u32> = (0..groups.len() as u32)
                        .filter(|r| group(groups[*r as usize].number()) == Some(token.as_str()))
                        .collect();
                    options
                        .iter()
                        .position(|o| {
                            let mut o = o.clone();
                            o.sort();
                            o == owned
                        })
                        .map(|j| var.domain[j].clone())
                        .unwrap_or_else(|| format!("<resources {owned:?}>"))
                }
            };
            let text = text.as_str();
            if !var.domain.iter().any(|d| d == text) {
                return Err(DecodeError::OutOfDomain {
                    var: var.name.clone(),
                    value: text.to_string(),
                });
            }
            values.push(text.to_string());
        }
        Ok(values)
    }
}

/// The IR-level checker: every statement of `program` that does not hold for `values`.
pub fn check(program: &Program, values: &[String]) -> Vec<Violation> {
    program
        .statements
        .iter()
        .enumerate()
        .filter(|(_, s)| !s.holds(program, values))
        .map(|(i, s)| Violation {
            statement: i,
            what: s.describe(program),
        })
        .collect()
}
