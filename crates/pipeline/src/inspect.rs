//! What an inspection page needs besides the emitted pattern: how to read each variable from a
//! match (the group map in data), and how each variable's value changes the drawn board (a
//! drawing description), so that a page can decode and draw a match without puzzle code.
//!
//! The drawing description is found by probing the puzzle's own decoder and renderers: the
//! *blank* assignment gives every variable the empty value (a boolean's false); each value of
//! each variable is then set alone, and what changes in the rendered grid and in the SVG
//! drawing against the blank one is that value's *mark*. Composing the marks of a full
//! assignment gives its grid exactly and its SVG up to the order of elements inserted at one
//! place, as long as the decoder reads each variable on its own (every puzzle so far does; the
//! tests check the composition against the real rendering of solved fixtures).

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::rc::Rc;

use backref_program::compile;
use backref_program::lower::Source as ValueSource;
use backref_program::Options;
use serde::Serialize;

use crate::emit::Emitted;
use crate::error::Error;
use crate::puzzle::{Puzzle, Source};
use crate::settings::Settings;

/// Probes (variable values) above which no drawing description is made.
pub const MAX_PROBES: usize = 20_000;
/// Probes × blank SVG bytes above which marks leave the SVG out (grid only).
pub const MAX_SVG_WORK: usize = 40_000_000;

/// An emitted stage with what a page needs to decode and draw a match.
#[derive(Clone, Debug, Serialize)]
pub struct Inspection {
    /// The stage as `emit` shows it.
    pub emitted: Emitted,
    /// Every variable: name, domain and where a match holds its value (IR patterns).
    pub variables: Vec<VarInfo>,
    /// Resource group lists that packing variables share (indexed by [`Read::Resources`]).
    pub resource_groups: Vec<Vec<usize>>,
    /// How each value changes the board, or why there is no such description.
    pub drawing: Result<Drawing, String>,
}

/// One variable of the program, for a page's decoder.
#[derive(Clone, Debug, Serialize)]
pub struct VarInfo {
    /// Its name.
    pub name: String,
    /// Its values, in try order.
    pub domain: Vec<String>,
    /// Where a match holds its value.
    pub read: Read,
}

/// Where a match holds a variable's value (the group map of [`backref_program::lower::Source`]
/// as data).
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Read {
    /// The text group `group` captured is the value.
    Group {
        /// The group's number.
        group: usize,
    },
    /// One group per domain value; the one that captured text gives the value.
    Flags {
        /// The groups, in domain order.
        groups: Vec<usize>,
    },
    /// A packing item: the resources whose groups captured `token` are the item's; the value
    /// is the option using exactly those.
    Resources {
        /// The item's token.
        token: String,
        /// Index into [`Inspection::resource_groups`].
        table: usize,
        /// The resources of each option, in domain order.
        options: Vec<Vec<u32>>,
    },
}

/// How values draw: the blank board and each value's mark.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Drawing {
    /// The rendered grid of the blank assignment, one string per row.
    pub grid: Vec<String>,
    /// The SVG drawing of the blank assignment, line by line (empty when the puzzle draws
    /// none, or when the SVG was left out for size).
    pub svg: Vec<String>,
    /// Why the SVG was left out, if it was.
    pub svg_left_out: Option<String>,
    /// Every value that changes the board.
    pub marks: Vec<Mark>,
}

/// What one value of one variable changes on the blank board.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Mark {
    /// The variable's index.
    pub var: usize,
    /// The value's index in the variable's domain.
    pub value: usize,
    /// Grid cells set: row, column (in characters), the character.
    pub cells: Vec<(usize, usize, char)>,
    /// SVG lines inserted before blank line `at` (after the last line when `at` is the
    /// number of lines).
    pub svg_insert: Vec<(usize, Vec<String>)>,
    /// Blank SVG lines removed.
    pub svg_remove: Vec<usize>,
}

/// Emits stage `stage` of `puzzle` and describes how to decode and draw its matches.
pub fn inspect<P: Puzzle + ?Sized>(
    puzzle: &P,
    settings: &Settings,
    options: &Options,
    stage: usize,
) -> Result<Inspection, Error> {
    let label = puzzle.stages().get(stage).cloned();
    let settings = settings.for_options(options);
    let (Some(label), Source::Ir(encoded)) = (label, puzzle.encode(stage, &settings)?) else {
        // Out of range stages and hand-built patterns: what emit says of them.
        let emitted = crate::emit::emit(puzzle, &settings, options, stage)?;
        return Ok(Inspection {
            emitted,
            variables: Vec::new(),
            resource_groups: Vec::new(),
            drawing: Err("a hand-built pattern has no group map to decode in a page".into()),
        });
    };
    let compiled = compile(&encoded.program, &encoded.order, options)?;
    let mut tables: Vec<Rc<Vec<backref_program::ast::GroupId>>> = Vec::new();
    let variables = encoded
        .program
        .vars
        .iter()
        .zip(&compiled.sources)
        .map(|(v, s)| VarInfo {
            name: v.name.clone(),
            domain: v.domain.clone(),
            read: match s {
                ValueSource::Group(g) => Read::Group { group: g.number() },
                ValueSource::Flags(gs) => Read::Flags {
                    groups: gs.iter().map(|g| g.number()).collect(),
                },
                ValueSource::Resources {
                    token,
                    groups,
                    options,
                } => {
                    let table = match tables.iter().position(|t| Rc::ptr_eq(t, groups)) {
                        Some(i) => i,
                        None => {
                            tables.push(groups.clone());
                            tables.len() - 1
                        }
                    };
                    Read::Resources {
                        token: token.clone(),
                        table,
                        options: options.clone(),
                    }
                }
            },
        })
        .collect();
    let resource_groups = tables
        .iter()
        .map(|t| t.iter().map(|g| g.number()).collect())
        .collect();
    let domains: Vec<&[String]> = encoded
        .program
        .vars
        .iter()
        .map(|v| v.domain.as_slice())
        .collect();
    let drawing = probe(&domains, |values| {
        let answer = (encoded.decode)(values);
        let solution = puzzle.render(&answer);
        (solution.grid, puzzle.svg(&answer))
    });
    Ok(Inspection {
        emitted: Emitted::ir(options, compiled, label),
        variables,
        resource_groups,
        drawing,
    })
}

/// A full assignment read back (from a page), decoded and checked.
#[derive(Clone, Debug)]
pub struct Checked {
    /// The answer as `solve` shows it.
    pub solution: crate::puzzle::Solution,
    /// Statements of the program that do not hold (the IR checker).
    pub ir_violations: Vec<String>,
    /// Rules the answer breaks (the puzzle's own rule checker).
    pub violations: Vec<String>,
}

impl Checked {
    /// Whether both checkers accept the answer.
    pub fn ok(&self) -> bool {
        self.ir_violations.is_empty() && self.violations.is_empty()
    }
}

/// Decodes `values` (one domain index per variable of stage `stage`'s program, as a page's
/// decoder reads them from a match) into an answer, and checks it with the IR checker and the
/// puzzle's rule checker: how a test verifies what a browser found.
pub fn check_values<P: Puzzle + ?Sized>(
    puzzle: &P,
    settings: &Settings,
    options: &Options,
    stage: usize,
    values: &[usize],
) -> Result<Checked, Error> {
    let settings = settings.for_options(options);
    let Source::Ir(encoded) = puzzle.encode(stage, &settings)? else {
        return Err(Error::usage(
            "a hand-built pattern has no variables to check".to_string(),
        ));
    };
    let vars = &encoded.program.vars;
    if values.len() != vars.len() {
        return Err(Error::usage(format!(
            "{} values for {} variables",
            values.len(),
            vars.len()
        )));
    }
    let mut text = Vec::with_capacity(values.len());
    for (v, &k) in vars.iter().zip(values) {
        let Some(x) = v.domain.get(k) else {
            return Err(Error::usage(format!(
                "{}: value {k} out of its {} values",
                v.name,
                v.domain.len()
            )));
        };
        text.push(x.clone());
    }
    let ir_violations = backref_program::check(&encoded.program, &text)
        .into_iter()
        .map(|v| v.what)
        .collect();
    let answer = (encoded.decode)(&text);
    let violations = match puzzle.check(stage, &settings, &answer) {
        Ok(()) => Vec::new(),
        Err(v) => v.iter().map(|v| v.to_string()).collect(),
    };
    let mut solution = puzzle.render(&answer);
    solution.svg = puzzle.svg(&answer);
    Ok(Checked {
        solution,
        ir_violations,
        violations,
    })
}

/// Finds each value's mark by drawing the blank assignment and each value set alone
/// (`draw(values)` → grid rows and SVG). A panic while drawing (a decoder that cannot read the
/// blank assignment) ends the probing with the reason, and is not printed (the process's panic
/// hook is wrapped once to stay silent on a probing thread).
pub fn probe(
    domains: &[&[String]],
    draw: impl Fn(&[String]) -> (Vec<String>, Option<String>),
) -> Result<Drawing, String> {
    let probes: usize = domains.iter().map(|d| d.len()).sum();
    if probes > MAX_PROBES {
        return Err(format!(
            "{probes} values to probe, over the {MAX_PROBES} a page's drawing description takes"
        ));
    }
    let mut values: Vec<String> = vec![String::new(); domains.len()];
    install_quiet_hook();
    QUIET.with(|q| q.set(true));
    let result = catch_unwind(AssertUnwindSafe(|| {
        let (grid, svg) = draw(&values);
        let svg_lines: Vec<String> = svg
            .as_deref()
            .map(|s| s.lines().map(str::to_string).collect())
            .unwrap_or_default();
        let work = probes * svg.as_ref().map_or(0, String::len);
        let keep_svg = work <= MAX_SVG_WORK;
        let blank: Vec<Vec<char>> = grid.iter().map(|r| r.chars().collect()).collect();
        let mut marks = Vec::new();
        for (var, domain) in domains.iter().enumerate() {
            for (value, x) in domain.iter().enumerate() {
                if x.is_empty() {
                    continue;
                }
                values[var] = x.clone();
                let (g, s) = draw(&values);
                values[var] = String::new();
                // Cell marks compose only on a board of fixed shape: a value that lengthens or
                // shortens a row (cnf's `-3` against `3`) moves every later cell.
                let same_shape = g.len() == blank.len()
                    && g.iter()
                        .zip(&blank)
                        .all(|(r, b)| r.chars().count() == b.len());
                if !same_shape {
                    return Err(format!(
                        "a value changes the board's shape (variable {var} = {x} draws it at \
                         another size)"
                    ));
                }
                let mut mark = Mark {
                    var,
                    value,
                    cells: grid_diff(&blank, &g),
                    ..Mark::default()
                };
                if keep_svg {
                    if let Some(s) = s {
                        let lines: Vec<&str> = s.lines().collect();
                        (mark.svg_insert, mark.svg_remove) = line_diff(&svg_lines, &lines);
                    }
                }
                if !(mark.cells.is_empty()
                    && mark.svg_insert.is_empty()
                    && mark.svg_remove.is_empty())
                {
                    marks.push(mark);
                }
            }
        }
        let mut drawing = Drawing {
            grid,
            svg: if keep_svg { svg_lines } else { Vec::new() },
            svg_left_out: (!keep_svg && svg.is_some()).then(|| {
                format!(
                    "{probes} values × a {} byte drawing: too much to probe",
                    svg.as_ref().map_or(0, String::len)
                )
            }),
            marks,
        };
        // Marks compose only when values draw independently: try pairs of them.
        let (grid_ok, svg_ok) = drawing.composes(domains, &draw);
        if !grid_ok {
            return Err("values do not draw independently of each other".to_string());
        }
        if !svg_ok && !drawing.svg.is_empty() {
            drawing.svg.clear();
            for m in &mut drawing.marks {
                m.svg_insert.clear();
                m.svg_remove.clear();
            }
            drawing.marks.retain(|m| !m.cells.is_empty());
            drawing.svg_left_out =
                Some("its SVG elements do not draw independently (the grid does)".into());
        }
        Ok(drawing)
    }));
    QUIET.with(|q| q.set(false));
    result.unwrap_or_else(|e| {
        let why = e
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default();
        Err(format!(
            "the puzzle cannot draw a board with values left out ({why})"
        ))
    })
}

thread_local! {
    /// Set while this thread probes: its panics are caught and reported as a reason, not printed.
    static QUIET: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Wraps the panic hook once, so that it stays silent on a thread while it probes (other
/// threads' panics print as before).
fn install_quiet_hook() {
    static INSTALL: std::sync::Once = std::sync::Once::new();
    INSTALL.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !QUIET.with(|q| q.get()) {
                previous(info)
            }
        }));
    });
}

/// The cells of `grid` that differ from `blank` (rows of different lengths: every cell past
/// the blank's end).
fn grid_diff(blank: &[Vec<char>], grid: &[String]) -> Vec<(usize, usize, char)> {
    let mut out = Vec::new();
    for (r, row) in grid.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            if blank.get(r).and_then(|b| b.get(c)) != Some(&ch) {
                out.push((r, c, ch));
            }
        }
    }
    out
}

/// A line diff from `old` to `new`: lines of `new` inserted before each line of `old`, and the
/// lines of `old` removed (a longest common subsequence of the part between the common prefix
/// and suffix).
#[allow(clippy::type_complexity)]
fn line_diff(old: &[String], new: &[&str]) -> (Vec<(usize, Vec<String>)>, Vec<usize>) {
    let prefix = old
        .iter()
        .zip(new)
        .take_while(|(a, b)| a.as_str() == **b)
        .count();
    let suffix = old[prefix..]
        .iter()
        .rev()
        .zip(new[prefix..].iter().rev())
        .take_while(|(a, b)| a.as_str() == **b)
        .count();
    let a = &old[prefix..old.len() - suffix];
    let b = &new[prefix..new.len() - suffix];
    // lcs[i][j]: the longest common subsequence of a[i..] and b[j..].
    let mut lcs = vec![vec![0u32; b.len() + 1]; a.len() + 1];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            lcs[i][j] = if a[i] == b[j] {
                lcs[i + 1][j + 1] + 1
            } else {
                lcs[i + 1][j].max(lcs[i][j + 1])
            };
        }
    }
    let (mut i, mut j) = (0, 0);
    let mut inserts: Vec<(usize, Vec<String>)> = Vec::new();
    let mut removed = Vec::new();
    let mut insert = |at: usize, line: &str| match inserts.last_mut() {
        Some((k, lines)) if *k == at => lines.push(line.to_string()),
        _ => inserts.push((at, vec![line.to_string()])),
    };
    while i < a.len() || j < b.len() {
        if i < a.len() && j < b.len() && a[i] == b[j] {
            i += 1;
            j += 1;
        } else if j < b.len() && (i == a.len() || lcs[i][j + 1] >= lcs[i + 1][j]) {
            insert(prefix + i, b[j]);
            j += 1;
        } else {
            removed.push(prefix + i);
            i += 1;
        }
    }
    (inserts, removed)
}

/// Whether two marks set no cell in common and no character in common (two marks drawing the
/// same piece are not two values an answer takes together).
fn disjoint(a: &Mark, b: &Mark) -> bool {
    a.cells.iter().all(|x| {
        b.cells
            .iter()
            .all(|y| (x.0, x.1) != (y.0, y.1) && x.2 != y.2)
    })
}

/// Pairs of marks checked for independence.
const PAIRS: usize = 12;

impl Drawing {
    /// Whether pairs of marks of different variables that draw different characters on
    /// different cells (values an answer may take together) compose into what drawing both values gives: `(grid,
    /// svg)`, the SVG compared as a set of lines (elements inserted at one place may come in
    /// another order).
    fn composes(
        &self,
        domains: &[&[String]],
        draw: &impl Fn(&[String]) -> (Vec<String>, Option<String>),
    ) -> (bool, bool) {
        let n = self.marks.len();
        let (mut grid_ok, mut svg_ok) = (true, !self.svg.is_empty());
        let pairs = PAIRS.min(n);
        for k in 0..pairs {
            let i = k * n / pairs;
            let a = &self.marks[i];
            let Some(b) = (1..n)
                .map(|d| &self.marks[(i + n / 2 + d) % n])
                .find(|b| b.var != a.var && disjoint(a, b))
            else {
                break;
            };
            let mut values = vec![String::new(); domains.len()];
            let mut indices = vec![None; domains.len()];
            for m in [a, b] {
                values[m.var] = domains[m.var][m.value].clone();
                indices[m.var] = Some(m.value);
            }
            let (grid, svg) = draw(&values);
            let (composed_grid, composed_svg) = self.compose(&indices);
            grid_ok &= grid == composed_grid;
            if svg_ok {
                let mut want: Vec<&str> = svg.as_deref().unwrap_or("").lines().collect();
                let mut got: Vec<&str> = composed_svg.iter().map(String::as_str).collect();
                want.sort_unstable();
                got.sort_unstable();
                svg_ok = want == got;
            }
        }
        (grid_ok, svg_ok)
    }

    /// The grid and SVG lines that composing the marks of `values` (one domain index per
    /// variable, `None` for the blank value) gives: what a page draws for a match.
    pub fn compose(&self, values: &[Option<usize>]) -> (Vec<String>, Vec<String>) {
        let mut grid: Vec<Vec<char>> = self.grid.iter().map(|r| r.chars().collect()).collect();
        let mut removed = vec![false; self.svg.len()];
        let mut inserts: Vec<Vec<&String>> = vec![Vec::new(); self.svg.len() + 1];
        for m in self.marks.iter().filter(|m| values[m.var] == Some(m.value)) {
            for &(r, c, ch) in &m.cells {
                if grid.len() <= r {
                    grid.resize(r + 1, Vec::new());
                }
                if grid[r].len() <= c {
                    grid[r].resize(c + 1, ' ');
                }
                grid[r][c] = ch;
            }
            for &k in &m.svg_remove {
                removed[k] = true;
            }
            for (at, lines) in &m.svg_insert {
                inserts[*at].extend(lines);
            }
        }
        let mut svg = Vec::new();
        for (k, ins) in inserts.iter().enumerate() {
            svg.extend(ins.iter().map(|s| s.to_string()));
            if k < self.svg.len() && !removed[k] {
                svg.push(self.svg[k].clone());
            }
        }
        (
            grid.into_iter().map(|r| r.into_iter().collect()).collect(),
            svg,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(s: &str) -> Vec<String> {
        s.split(' ').map(str::to_string).collect()
    }

    #[test]
    fn a_line_diff_inserts_and_removes_around_common_lines() {
        let old = lines("<a> <b> <c> </a>");
        let (ins, rem) = line_diff(&old, &["<a>", "<x>", "<b>", "</a>"]);
        assert_eq!(ins, [(1, vec!["<x>".to_string()])]);
        assert_eq!(rem, [2]);
    }

    #[test]
    fn marks_compose_into_the_drawing_of_a_full_assignment() {
        // Two cells, each a boolean that draws a queen: the marks of both give both queens.
        let t = ["".to_string(), "Q".to_string()];
        let domains: Vec<&[String]> = vec![&t, &t];
        let draw = |v: &[String]| {
            let grid = vec![v
                .iter()
                .map(|x| if x.is_empty() { '.' } else { 'Q' })
                .collect()];
            let mut svg = "<svg>\n<g>\n".to_string();
            for (i, x) in v.iter().enumerate() {
                if !x.is_empty() {
                    svg.push_str(&format!("<circle cx=\"{i}\"/>\n"));
                }
            }
            svg.push_str("</g>\n</svg>\n");
            (grid, Some(svg))
        };
        let d = probe(&domains, draw).unwrap();
        assert_eq!(d.marks.len(), 2);
        let (grid, svg) = d.compose(&[Some(1), Some(1)]);
        let (want_grid, want_svg) = draw(&["Q".into(), "Q".into()]);
        assert_eq!(grid, want_grid);
        assert_eq!(svg.join("\n") + "\n", want_svg.unwrap());
    }

    #[test]
    fn a_decoder_that_cannot_read_the_blank_assignment_gives_a_reason() {
        let t = ["a".to_string()];
        let domains: Vec<&[String]> = vec![&t];
        let e = probe(&domains, |v| {
            assert!(!v[0].is_empty(), "needs a value");
            (vec![], None)
        })
        .unwrap_err();
        assert!(e.contains("needs a value"), "{e}");
    }
}
