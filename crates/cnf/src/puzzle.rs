//! SAT on the pipeline: [`Sat`] implements [`Puzzle`], and [`ENTRY`] registers it as `cnf`.

use backref_pipeline::{
    choose, names, Choices, Contender, Encoded, Error, Input, InputKind, Instance, Puzzle,
    PuzzleEntry, Settings, Solution, Source, TreeWalk,
};

use crate::dimacs::{parse, Cnf};
use crate::encode::{encode, Encoding, ENCODINGS};
use crate::order::{Order, OrderKind, ORDERS};
use crate::simplify::normalise;
use crate::verify::{check, Violation};
use crate::{dpll, tree};

/// A formula read from DIMACS CNF, and its clauses as the encoder states them.
#[derive(Clone, Debug)]
pub struct Sat {
    cnf: Cnf,
    clauses: Vec<Vec<i32>>,
}

impl Sat {
    /// The instance for a formula.
    pub fn new(cnf: Cnf) -> Sat {
        let clauses = normalise(&cnf);
        Sat { cnf, clauses }
    }

    /// The formula as read.
    pub fn cnf(&self) -> &Cnf {
        &self.cnf
    }

    /// The clauses without duplicate literals and tautologies.
    pub fn clauses(&self) -> &[Vec<i32>] {
        &self.clauses
    }

    /// The static order the settings choose; by default [`Sat::default_order`].
    pub fn order(&self, settings: &Settings) -> Result<Order, Error> {
        let kind = match settings.order.as_deref() {
            None => self.default_order(),
            Some(name) => choose(&ORDERS, name, "order")?,
        };
        Ok(Order::new(kind, self.cnf.vars, &self.clauses))
    }

    /// The default order, a static rule on the formula's density: occurrence-greedy from
    /// [`DENSE_RATIO`] clauses per variable up (the hard random region, where it has the smaller
    /// trees), greedy below it (where constraints are loose, checking each clause as soon as
    /// possible finds models at once: on the fixture random3_v150_c450, ratio 3, greedy needs
    /// 276 nodes and occurrence-greedy over 10^8).
    pub fn default_order(&self) -> OrderKind {
        if self.clauses.len() as f64 >= DENSE_RATIO * self.cnf.vars as f64 {
            OrderKind::OccurrenceGreedy
        } else {
            OrderKind::Greedy
        }
    }

    /// The encoding the settings choose (lookahead by default).
    pub fn encoding(&self, settings: &Settings) -> Result<Encoding, Error> {
        match settings.encoding.as_deref() {
            None => Ok(Encoding::Lookahead),
            Some(name) => choose(&ENCODINGS, name, "encoding"),
        }
    }

    /// The same-tree search of the settings' order and encoding, giving up after `limit`
    /// nodes.
    pub fn same_tree(&self, settings: &Settings, limit: u64) -> Result<tree::Search, Error> {
        let (order, lookahead) = self.tree_of(settings)?;
        Ok(tree::solve(&self.clauses, &order, lookahead, limit))
    }

    /// The order and whether the clauses' patterns look ahead under `settings`: the encoding
    /// asks for it and the target has lookahead (`settings.features`).
    fn tree_of(&self, settings: &Settings) -> Result<(Order, bool), Error> {
        let lookahead =
            self.encoding(settings)? == Encoding::Lookahead && settings.features.lookahead;
        Ok((self.order(settings)?, lookahead))
    }
}

/// Clauses per variable from which the default order is occurrence-greedy (see
/// [`Sat::default_order`]); uniform random 3-SAT is hardest about 4.26.
pub const DENSE_RATIO: f64 = 4.0;

/// Whether the default races [`RACED_ORDERS`]. Off: measured slower. With callouts to cancel
/// the loser, uf75-325 went from at most 352 ms (one order) to 1,100 ms raced, uuf75-325 from
/// 413 to 754 ms. Without them (the loser left to finish on its worker thread) the maxima
/// stay (uf75 + uuf75: 220 → 224 ms) but the median rises (58 → 89 ms): the second order
/// rarely wins on these sets and the two share the machine's two cores (docs/performance.md).
/// It does rescue formulas where the density rule picks the wrong order.
pub const RACE_BY_DEFAULT: bool = false;

/// The static orders a race runs (see [`Puzzle::portfolio`]), both from the start: the first
/// to finish (a model or an exhausted search) answers.
pub const RACED_ORDERS: [(&str, u64); 2] = [("occurrence-greedy", 0), ("greedy", 0)];

const ENCODING_NAMES: [&str; ENCODINGS.len()] = names(&ENCODINGS);
const ORDER_NAMES: [&str; ORDERS.len()] = names(&ORDERS);

/// SAT in the registry.
pub const ENTRY: PuzzleEntry = PuzzleEntry {
    name: "cnf",
    about: "satisfy a propositional formula in DIMACS CNF (SAT)",
    input: InputKind::File,
    input_help: "a DIMACS CNF file",
    choices: Choices {
        encodings: &ENCODING_NAMES,
        orders: &ORDER_NAMES,
        switches: &[],
    },
    parse: load,
};

fn load(input: &Input) -> Result<Box<dyn Instance>, Error> {
    let cnf = parse(input.text()?, &input.origin).map_err(Error::input)?;
    Ok(Box::new(Sat::new(cnf)))
}

/// The model as DIMACS literals: `1 -2 3 ...`.
pub fn literals(model: &[bool]) -> Vec<i64> {
    model
        .iter()
        .enumerate()
        .map(|(i, &b)| if b { i as i64 + 1 } else { -(i as i64 + 1) })
        .collect()
}

impl Puzzle for Sat {
    type Answer = Vec<bool>;
    type Violation = Violation;

    fn name(&self) -> &'static str {
        "cnf"
    }

    fn portfolio(&self, settings: &Settings) -> Vec<Contender> {
        if !RACE_BY_DEFAULT || settings.order.is_some() || settings.enumerating {
            return Vec::new();
        }
        Contender::orders(&RACED_ORDERS, settings)
    }

    fn encode(&self, _stage: usize, settings: &Settings) -> Result<Source<'_, Vec<bool>>, Error> {
        let e = encode(
            self.cnf.vars,
            &self.clauses,
            &self.order(settings)?,
            self.encoding(settings)?,
        )?;
        let program = e.program.clone();
        let order = e.order.clone();
        Ok(Source::Ir(Encoded::new(program, order, move |values| {
            e.model(values)
        })))
    }

    fn check(
        &self,
        _stage: usize,
        _settings: &Settings,
        model: &Vec<bool>,
    ) -> Result<(), Vec<Violation>> {
        check(&self.cnf, model)
    }

    fn native(&self, _stage: usize, _settings: &Settings) -> Result<Option<Vec<bool>>, Error> {
        Ok(dpll::solve(&self.cnf).model)
    }

    fn native_tree(&self, _stage: usize, settings: &Settings) -> TreeWalk<Vec<bool>> {
        // The cross-check runs DPLL; the pattern's own tree is the same-tree search's, timed
        // without computing the order (the pattern's generation does that).
        let (order, lookahead) = match self.tree_of(settings) {
            Ok(tree) => tree,
            Err(e) => return TreeWalk::Walked(Err(e)),
        };
        let start = std::time::Instant::now();
        tree::solve(&self.clauses, &order, lookahead, u64::MAX);
        TreeWalk::Timed(start.elapsed())
    }

    fn native_count(&self, _stage: usize, _settings: &Settings, cap: u64) -> Option<u64> {
        Some(dpll::count(&self.cnf, cap))
    }

    fn render(&self, model: &Vec<bool>) -> Solution {
        let lits: Vec<String> = literals(model).iter().map(i64::to_string).collect();
        let line = lits.join(" ");
        let mut s = Solution::new(vec![line.clone()], format!("{line}\n"));
        s.extra
            .insert("model".into(), serde_json::Value::from(literals(model)));
        s
    }
}
