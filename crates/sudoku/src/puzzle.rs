//! Sudoku on the pipeline: [`Sudoku`] implements [`Puzzle`], and [`ENTRY`] registers it.

use backref_pipeline::{
    choose, names, Choices, Contender, Encoded, Error, Input, InputKind, Instance, Puzzle,
    PuzzleEntry, Settings, Solution, Source, TreeWalk,
};
use backref_program::Propagation;

use crate::encode::encode;
use crate::grid::{parse, symbol, Sudoku};
use crate::model::Model;
use crate::native;
use crate::order::{order, OrderKind, DEFAULT_ORDER, ORDERS};
use crate::verify::{check, Violation};

const ORDER_NAMES: [&str; ORDERS.len()] = names(&ORDERS);

/// The static orders the default races (see [`Puzzle::portfolio`]), with the time in ms after
/// which each joins: the default `cover` from the start, `greedy-down` once the race has run
/// 20 ms without a winner, `greedy` once it has run 45 ms. The losers are stopped without
/// callouts (PCRE2 leaves their match to finish on a worker thread, bounded by
/// [`RESERVE_STEPS`]), and a reserve starts on about one puzzle in twenty. Under the light
/// checks (the default for a classic 9×9) the puzzles slow under cover are quick under one of
/// the two others: on the first 1,000 of Royle's 17-clue puzzles, 679 and 195 under
/// greedy-down (4 and 1 ms of match against 88 and 68 under cover), 390 only under greedy
/// (7 ms against 114; greedy-down 161), 427 and 399 under both. Greedy joins about when
/// greedy-down's [`RESERVE_STEPS`] run out, so that a puzzle slow under every order (983 and
/// 395: 30–60 ms each) is rarely slowed by three matches on two cores (docs/performance.md,
/// "Nested options").
pub const RACED_ORDERS: [(&str, u64); 3] = [("cover", 0), ("greedy-down", 20), ("greedy", 45)];

/// The match limit of the race's reserves: what a reserve costs at most when it loses (it is
/// left to finish in the background), about 20 ms of PCRE2's JIT on a 9×9 pattern (240
/// million steps a second on puzzle 427). The reserves win on searches they end well within
/// this: greedy-down needs about 3.4 million steps on puzzle 427, where cover needs 55.2
/// million. Halved from 10 million when greedy joined the race: with two reserves the longer
/// limit kept three matches on two cores for longer (five runs of the 17-clue set: at most one
/// puzzle over 100 ms, against one or two with 10 million and greedy from 40 ms).
pub const RESERVE_STEPS: u64 = 5_000_000;

/// Whether the default (no `--order`) races [`RACED_ORDERS`].
pub const RACE_BY_DEFAULT: bool = true;

/// Sudoku in the registry.
pub const ENTRY: PuzzleEntry = PuzzleEntry {
    name: "sudoku",
    about:
        "fill an N×N grid so that every row, column and box holds each symbol once (and variants)",
    input: InputKind::File,
    input_help: "a file: one line of N² symbols or N lines of N, . for blanks, then variant lines",
    choices: Choices {
        encodings: &["packing"],
        orders: &ORDER_NAMES,
        switches: &[],
    },
    parse: load,
};

fn load(input: &Input) -> Result<Box<dyn Instance>, Error> {
    let s = parse(input.text()?).map_err(|e| Error::input(e.in_file(&input.origin)))?;
    Ok(Box::new(s))
}

impl Sudoku {
    fn order_kind(settings: &Settings) -> Result<OrderKind, Error> {
        match settings.order.as_deref() {
            None => Ok(DEFAULT_ORDER),
            Some(name) => choose(&ORDERS, name, "order"),
        }
    }

    /// The model with candidates in the order `kind` tries them, and the cells in its order:
    /// what the pattern and the native search of that order are built from.
    pub fn ordered(&self, kind: OrderKind) -> (Model, Vec<usize>) {
        let m = Model::new(self);
        let cells = order(&m, kind);
        (if kind.descending() { m.descending() } else { m }, cells)
    }

    /// The native search on the order `settings` chose, up to `cap` solutions, on the tree of
    /// the pattern those settings compile: with the propagation checks mirrored where the pattern
    /// has them (its propagation, asked for or the puzzle's default, on a dialect with the
    /// subroutine calls, conditionals and atomic groups the checks are made of).
    pub fn native_search(&self, settings: &Settings, cap: u64) -> Result<native::Search, Error> {
        let (m, cells) = self.ordered(Self::order_kind(settings)?);
        let propagation = (settings.propagation)
            .unwrap_or_else(|| m.default_propagation())
            .within(settings.features);
        Ok(native::search_tree(&m, &cells, cap, u64::MAX, propagation))
    }

    fn rows_of(&self, values: &[u8]) -> Vec<String> {
        values
            .chunks(self.n)
            .map(|r| r.iter().map(|&v| symbol(v, self.lowercase)).collect())
            .collect()
    }
}

impl Puzzle for Sudoku {
    type Answer = Vec<String>;
    type Violation = Violation;

    fn name(&self) -> &'static str {
        "sudoku"
    }

    fn portfolio(&self, settings: &Settings) -> Vec<Contender> {
        if !RACE_BY_DEFAULT || settings.order.is_some() || settings.enumerating {
            return Vec::new();
        }
        Contender::orders(&RACED_ORDERS, settings)
            .into_iter()
            .enumerate()
            .map(|(i, c)| {
                if i == 0 {
                    c
                } else {
                    c.with_match_limit(RESERVE_STEPS)
                }
            })
            .collect()
    }

    fn ruled_out(&self, _stage: usize, _settings: &Settings) -> Option<String> {
        Model::new(self).contradiction
    }

    fn encode(&self, _stage: usize, settings: &Settings) -> Result<Source<'_, Vec<String>>, Error> {
        let (m, cells) = self.ordered(Self::order_kind(settings)?);
        let mut e = encode(&m, &cells, self.lowercase)?;
        let program = std::mem::replace(&mut e.program, backref_program::Program::new('X'));
        let vars = e.order.clone();
        let lowercase = self.lowercase;
        Ok(Source::Ir(Encoded::new(program, vars, move |values| {
            e.rows(&m, lowercase, values)
        })))
    }

    fn check(
        &self,
        _stage: usize,
        _settings: &Settings,
        answer: &Vec<String>,
    ) -> Result<(), Vec<Violation>> {
        check(self, answer)
    }

    fn native(&self, _stage: usize, settings: &Settings) -> Result<Option<Vec<String>>, Error> {
        Ok(self
            .native_search(settings, 1)?
            .first
            .map(|g| self.rows_of(&g)))
    }

    fn native_tree(&self, _stage: usize, settings: &Settings) -> TreeWalk<Vec<String>> {
        // The native search mirrors the houses' checks (`native/checks.rs`), not those that
        // follow relations' or conditions' resources, nor the packing lookahead. It runs at
        // the level the pattern carried, which may be weaker than the one asked (and searched
        // by the cross-check) where the pattern's form could not hold the checks.
        let kind = match Self::order_kind(settings) {
            Ok(kind) => kind,
            Err(e) => return TreeWalk::Walked(Err(e)),
        };
        let (m, cells) = self.ordered(kind);
        let level = settings.propagation.unwrap_or_default();
        let houses_only = m.relations.is_empty() && m.conditions.is_empty();
        match level {
            Propagation::None => {}
            Propagation::Light | Propagation::Forward if houses_only => {}
            _ => return TreeWalk::Unmirrored,
        }
        let start = std::time::Instant::now();
        native::search_tree(&m, &cells, 1, u64::MAX, level);
        TreeWalk::Timed(start.elapsed())
    }

    fn native_count(&self, _stage: usize, settings: &Settings, cap: u64) -> Option<u64> {
        Some(self.native_search(settings, cap).ok()?.solutions)
    }

    fn published(&self, _stage: usize) -> Option<Vec<String>> {
        self.published.clone()
    }

    fn render(&self, rows: &Vec<String>) -> Solution {
        let mut text = String::new();
        for (r, row) in rows.iter().enumerate() {
            if r > 0 && r % self.box_rows == 0 && self.regions.is_none() {
                let width = self.n + (self.n / self.box_cols - 1) * 3;
                text.push_str(&"-".repeat(width));
                text.push('\n');
            }
            for (c, ch) in row.chars().enumerate() {
                if c > 0 && c % self.box_cols == 0 && self.regions.is_none() {
                    text.push_str(" | ");
                }
                text.push(ch);
            }
            text.push('\n');
        }
        Solution::new(rows.clone(), text)
    }

    fn svg(&self, rows: &Vec<String>) -> Option<String> {
        Some(crate::svg::draw(self, rows))
    }
}
