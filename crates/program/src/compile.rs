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
    /// Put callouts in the pattern (for timeouts and progress; PCRE2 only): one before every
    /// `callout_every`-th statement, and where a packing's form puts its own.
    pub callouts: bool,
    /// Statements between two callouts ([`CALLOUT_EVERY`] by default; 1 counts every
    /// statement entered, as the tests of the native tree walks do).
    pub callout_every: usize,
    /// Propagation inside the pattern; `None` takes the program's own choice.
    pub propagation: Option<crate::Propagation>,
    /// The trie form's dead-resource checks for a packing with a waste budget
    /// ([`crate::dead`]; on by default). They cut a long search short, but cost a build of
    /// about sets × options and a longer subject: a caller that expects short searches (the
    /// fillit drop-in's first form) may go without. Solutions are the same either way.
    pub dead_checks: bool,
}

impl Options {
    /// Default options for `dialect`: compact names, best features, no callouts.
    pub fn new(dialect: &'static Dialect) -> Options {
        Options {
            dialect,
            naming: Naming::Compact,
            portable: false,
            callouts: false,
            callout_every: CALLOUT_EVERY,
            propagation: None,
            dead_checks: true,
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
    /// The same in words ([`crate::Gadget::explain`]).
    pub explain: String,
    /// The gadget's kind ([`crate::Gadget::kind`]; a ladder step is `count`).
    pub kind: &'static str,
    /// The groups the segment captures into, by number, in order of appearance.
    pub captures: Vec<usize>,
    /// The groups the segment reads (backreferences, conditionals), by number, in order of
    /// appearance, repeated as often as they occur.
    pub references: Vec<usize>,
    /// Backreferences in the segment, counted as [`Stats::backrefs`] counts them.
    pub backrefs: usize,
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
    /// The propagation the pattern carries ([`crate::lower::Lowerer::carried`]): the asked
    /// level where a packing could hold its checks, else weaker.
    pub propagation: crate::Propagation,
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
    let mut lowerer = Lowerer::new(program, options.features(), callouts)
        .with_propagation(propagation)
        .with_dead_checks(options.dead_checks);
    let mut lowered = Vec::with_capacity(steps.len());
    for step in &steps {
        let mut l = lowerer.lower(step);
        // PCRE2's JIT copies every capture on each callout, so a callout at every statement can
        // cost 10x on patterns with many groups: one every CALLOUT_EVERY statements still lets
        // a timeout or a progress display see the search move.
        if callouts && lowered.len() % options.callout_every.max(1) == 0 {
            l.pattern = Node::Seq(vec![Node::Callout(1), l.pattern]);
        }
        lowered.push((step, l));
    }
    if let Some(what) = lowerer.unsupported.take() {
        return Err(ProgramError::Unsupported(format!(
            "{what}; dialect {}{} cannot",
            options.dialect.name,
            if options.portable {
                " with --portable"
            } else {
                ""
            }
        )));
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
        let segment_backrefs = l.pattern.backrefs();
        backrefs += segment_backrefs;
        subject.push_str(&l.subject);
        pattern.push_str(&p);
        let (what, explain, kind) = match step {
            crate::order::Step::Stmt(s) => {
                let g = &program.statements[s.0 as usize];
                (g.describe(program), g.explain(program), g.kind())
            }
            crate::order::Step::Ladder { stmt, terms, .. } => {
                let g = &program.statements[stmt.0 as usize];
                let names: Vec<&str> = terms
                    .iter()
                    .map(|(v, _)| program.var(*v).name.as_str())
                    .collect();
                let weighted: Vec<String> = terms
                    .iter()
                    .map(|(v, w)| {
                        let name = &program.var(*v).name;
                        if *w == 1 {
                            name.clone()
                        } else {
                            format!("{name} ×{w}")
                        }
                    })
                    .collect();
                (
                    format!(
                        "ladder step of {} adding {}",
                        g.describe(program),
                        crate::gadget::name_list(&names)
                    ),
                    format!(
                        "running count, adding {}, of: {}",
                        weighted.join(", "),
                        g.explain(program)
                    ),
                    g.kind(),
                )
            }
        };
        let numbers = |gs: Vec<crate::ast::GroupId>| gs.into_iter().map(|g| g.number()).collect();
        let (captures, references) = l.pattern.captures_and_references();
        segments.push(Segment {
            subject: l.subject.clone(),
            pattern: p,
            what,
            explain,
            kind,
            captures: numbers(captures),
            references: numbers(references),
            backrefs: segment_backrefs,
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
        propagation: lowerer.carried,
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

#[cfg(test)]
mod tests {
    use super::{compile, Options};
    use crate::dialect::{JAVASCRIPT, PCRE2};
    use crate::program::Program;

    /// Two rows of two squares, one queen per row, no two in a column: the statements say so
    /// in words, and each segment knows which groups it captures and which it reads.
    fn program() -> (Program, Vec<crate::VarId>) {
        let mut p = Program::new('Q');
        let names = |r: u32| (0..2).map(|c| format!("Q_{r}_{c}")).collect::<Vec<_>>();
        let a = p.one_of(&names(0), vec![vec![], vec![]]).unwrap();
        let b = p.one_of(&names(1), vec![vec![a[0]], vec![a[1]]]).unwrap();
        p.at_most_one(&[a[0], b[0]]).unwrap();
        (p, vec![a[0], a[1], b[0], b[1]])
    }

    #[test]
    fn segments_explain_their_statement_and_list_their_groups() {
        let (p, order) = program();
        let c = compile(&p, &order, &Options::new(&JAVASCRIPT)).unwrap();
        let s: Vec<_> = c.segments.iter().map(|s| s.explain.as_str()).collect();
        assert_eq!(
            s,
            [
                "exactly one of Q_0_0, Q_0_1",
                "exactly one of Q_1_0, Q_1_1, each false if an earlier one it excludes is true",
                "at most 1 of Q_0_0, Q_1_0 true",
            ]
        );
        assert_eq!(c.segments[0].kind, "one_of");
        assert_eq!(c.segments[0].captures, [1, 2]);
        assert!(c.segments[0].references.is_empty());
        assert_eq!(c.segments[1].captures, [3, 4]);
        assert_eq!(c.segments[1].references, [1, 2]);
        assert_eq!(c.segments[2].kind, "count");
        assert_eq!(c.segments[2].references, [1, 3]);
        let backrefs: usize = c.segments.iter().map(|s| s.backrefs).sum();
        assert_eq!(backrefs, c.stats.backrefs);
    }

    #[test]
    fn every_gadget_says_what_it_states() {
        let mut p = Program::new('T');
        let c = p.choice_var("colour", &["r", "g", "b"]).unwrap();
        let x = p.bool_var("x", false).unwrap();
        let y = p.bool_var("y", true).unwrap();
        let u = p.union_var("xy", &[x, y]).unwrap();
        let l = p
            .lookup_var(
                "dark",
                &[c],
                vec![vec!["r".into(), "T".into()], vec!["b".into(), "".into()]],
            )
            .unwrap();
        p.table(&[c, x], vec![vec!["r".into(), "".into()]]).unwrap();
        p.count(&[(x, 2), (y, 1)], crate::Cmp::Ge, 1, crate::Form::Flat)
            .unwrap();
        let said: Vec<String> = p.statements.iter().map(|g| g.explain(&p)).collect();
        assert_eq!(
            said,
            [
                "choose colour from 3 values: r, g, b",
                "decide x: false first",
                "decide y: true first",
                "xy: one of x, y is true (at most one is)",
                "dark follows from colour (2 allowed combinations)",
                "colour, x take one of 1 allowed combination",
                "weighted count of x, y is at least 1",
            ]
        );
        let _ = (u, l);
    }

    /// A 2×2 Latin square as a packing: cells choose a value, each row and column must hold
    /// both (resources 0..8, all to be covered).
    fn latin(propagation: crate::Propagation) -> (Program, Vec<crate::VarId>) {
        use crate::program::{PackItem, PackOption};
        let mut p = Program::new('L');
        p.propagation = propagation;
        let items = (0..4u32)
            .map(|cell| {
                let (r, c) = (cell / 2, cell % 2);
                PackItem {
                    name: format!("c{cell}"),
                    symmetry: None,
                    options: (0..2u32)
                        .map(|v| PackOption {
                            label: v.to_string(),
                            resources: vec![r * 2 + v, 4 + c * 2 + v],
                            requires: vec![],
                        })
                        .collect(),
                }
            })
            .collect();
        let vars = p.packing(items, 8, 8).unwrap();
        (p, vars)
    }

    #[test]
    fn stats_say_which_propagation_the_pattern_carries() {
        use crate::Propagation;
        for level in Propagation::ALL {
            let (p, order) = latin(level);
            // PCRE2 has the branch-reset form and what the checks are made of.
            let c = compile(&p, &order, &Options::new(&PCRE2)).unwrap();
            assert_eq!(c.stats.propagation, level, "{}", level.name());
            // JavaScript has neither: the level lowers to none.
            let c = compile(&p, &order, &Options::new(&JAVASCRIPT)).unwrap();
            assert_eq!(c.stats.propagation, Propagation::None, "{}", level.name());
        }
        // Light checks only must-cover resources: a packing without any carries none.
        let mut p = Program::new('L');
        p.propagation = Propagation::Light;
        let items = (0..2)
            .map(|i| crate::program::PackItem {
                name: format!("i{i}"),
                symmetry: None,
                options: (0..2u32)
                    .map(|r| crate::program::PackOption {
                        label: r.to_string(),
                        resources: vec![r],
                        requires: vec![],
                    })
                    .collect(),
            })
            .collect();
        let order = p.packing(items, 2, 0).unwrap();
        let c = compile(&p, &order, &Options::new(&PCRE2)).unwrap();
        assert_eq!(c.stats.propagation, Propagation::None);
        // An option given at compile time overrides the program's level.
        let (p, order) = latin(Propagation::None);
        let options = Options {
            propagation: Some(Propagation::Forward),
            ..Options::new(&PCRE2)
        };
        let c = compile(&p, &order, &options).unwrap();
        assert_eq!(c.stats.propagation, Propagation::Forward);
    }

    #[test]
    fn conditionals_count_as_references() {
        let (p, order) = program();
        let c = compile(&p, &order, &Options::new(&PCRE2)).unwrap();
        for s in &c.segments {
            for r in &s.references {
                assert!(
                    s.pattern.contains(&format!("{{{r}}}"))
                        || s.pattern.contains(&format!("({r})")),
                    "{s:?}"
                );
            }
        }
    }
}
