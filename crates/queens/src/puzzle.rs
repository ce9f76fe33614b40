//! N-Queens on the pipeline: [`Queens`] implements [`Puzzle`], and [`ENTRY`] registers it.

use backref_pipeline::{
    choose, names, Choices, Encoded, Error, Input, InputKind, Instance, Puzzle, PuzzleEntry,
    Restarts, Settings, Solution, Source,
};

use crate::encode::{encode_with, Encoding, ENCODINGS};
use crate::order::{self, Order, OrderKind, ORDERS};
use crate::verify::{check, Violation};
use crate::{native, Board};

/// The largest board the default encoding states as rowguard (N² = 1,936 groups, well inside
/// the JIT's frame); larger boards use packing.
pub const ROWGUARD_MAX_N: usize = 44;

/// The largest board the command line takes.
pub const MAX_N: usize = 1000;

/// How many `random-K` orders (K = 1, 2, ..) the default's restarts run ([`Puzzle::restarts`]);
/// the last runs without a match limit of its own. Only random orders: with match limits the
/// size of a run's setup, the structural orders (fewest-attacks, classes) first needed more runs
/// over N = 8..100 than random orders alone (docs/queens.md).
pub const RESTART_SEEDS: u64 = 1000;

/// Match steps of the shortest restart per square of the board: a search node of the packing
/// forms costs a few steps per column tried, and the survey behind the plan (docs/queens.md)
/// found runs of 4N nodes the best unit natively. The pipeline raises the first run's limit
/// to [`RESTART_STEPS_PER_BYTE`], and later units follow the measured cost of a run's
/// generation and compile.
pub const RESTART_STEPS_PER_SQUARE: u64 = 64;

/// The least match limit of the first restart per byte of its pattern and subject: PCRE2's JIT runs
/// about as many steps in the time the pattern and subject take to generate and compile
/// (measured on the branch-reset form at N=64 and the trie form at N=100..500).
pub const RESTART_STEPS_PER_BYTE: u64 = 2;

/// [`RESTART_STEPS_PER_SQUARE`] for boards whose diagonals share groups (past
/// [`crate::encode::MAX_UNSHARED_GROUPS`]), where the per-byte floor is off: at N=1000 a run's
/// generation and compile (1.3–1.4 s) are worth about 23 million steps of matching (the unit
/// the restarts measured after a first run cut by its limit), while two steps per byte of its
/// 58 MB subject made the first run a 117-million-step one (about 7 s).
pub const RESTART_STEPS_PER_SQUARE_SHARED: u64 = 24;

/// A bad board size.
#[derive(Debug, thiserror::Error)]
#[error("queens takes a board size, a whole number from 1 to {MAX_N}; got {0:?}")]
pub struct SizeError(pub String);

/// An N-Queens instance: the board size.
#[derive(Clone, Copy, Debug)]
pub struct Queens {
    n: usize,
    /// Whether the packing's diagonals share groups at any size (else only past
    /// [`crate::encode::MAX_UNSHARED_GROUPS`]).
    shared: bool,
}

impl Queens {
    /// The instance for an N×N board.
    pub fn new(n: usize) -> Queens {
        Queens { n, shared: false }
    }

    /// The instance for an N×N board whose packing shares the diagonals' groups whatever N
    /// (the form large boards take), to compare it with the plain one.
    pub fn with_shared_groups(n: usize) -> Queens {
        Queens { n, shared: true }
    }

    /// Reads N from text (surrounding white space allowed).
    pub fn parse(text: &str) -> Result<Queens, SizeError> {
        match text.trim().parse::<usize>() {
            Ok(n) if (1..=MAX_N).contains(&n) => Ok(Queens::new(n)),
            _ => Err(SizeError(text.trim().to_string())),
        }
    }

    /// The board size.
    pub fn n(&self) -> usize {
        self.n
    }

    /// Whether the packing's diagonals share groups (asked for, or past
    /// [`crate::encode::MAX_UNSHARED_GROUPS`]).
    pub fn shares_groups(&self) -> bool {
        self.shared || crate::encode::shares_groups(self.n)
    }

    fn order(&self, settings: &Settings) -> Result<Order, Error> {
        let kind = match settings.order.as_deref() {
            None => OrderKind::FewestAttacks,
            Some(name) => match order::parse(name) {
                Some(kind) => kind,
                None => choose(&ORDERS, name, "order")?,
            },
        };
        Ok(Order::new(kind, self.n))
    }
}

const ENCODING_NAMES: [&str; ENCODINGS.len()] = names(&ENCODINGS);
/// The order names for the command line: the table's, and the `random-K` and
/// `middle-random-K` families.
const ORDER_NAMES: [&str; ORDERS.len() + 2] = {
    let table = names(&ORDERS);
    let mut out = ["random-K"; ORDERS.len() + 2];
    out[ORDERS.len() + 1] = "middle-random-K";
    let mut i = 0;
    while i < table.len() {
        out[i] = table[i];
        i += 1;
    }
    out
};

/// N-Queens in the registry.
pub const ENTRY: PuzzleEntry = PuzzleEntry {
    name: "queens",
    about: "place N queens on an N×N board, no two attacking",
    input: InputKind::Word,
    input_help: "a board size from 1 to 1000",
    choices: Choices {
        encodings: &ENCODING_NAMES,
        orders: &ORDER_NAMES,
        switches: &[],
    },
    parse: load,
};

fn load(input: &Input) -> Result<Box<dyn Instance>, Error> {
    Ok(Box::new(
        Queens::parse(input.text()?).map_err(Error::input)?,
    ))
}

impl Puzzle for Queens {
    type Answer = Vec<String>;
    type Violation = Violation;

    fn name(&self) -> &'static str {
        "queens"
    }

    /// Without `--order`: `random-1`, `random-2`, .. (from [`order::LARGE_N`] on
    /// `middle-random-1`, ..), each cut short by a match limit growing along the Luby sequence
    /// (docs/queens.md).
    fn restarts(&self, settings: &Settings) -> Option<Restarts> {
        if settings.order.is_some() {
            return None;
        }
        let prefix = if self.n >= order::LARGE_N {
            order::MIDDLE_RANDOM_PREFIX
        } else {
            order::RANDOM_PREFIX
        };
        let names = (1..=RESTART_SEEDS).map(|k| format!("{prefix}{k}"));
        // Restarts are short searches, each on a new order: where the default would be the
        // branch-reset packing, they take its compact form, whose pattern (a few KB, the same
        // for every order) compiles once, while the branch-reset one (up to 4 MB at N=80)
        // would be compiled again for each order and cost far more than the search.
        let encoding = settings.encoding.clone().or_else(|| {
            let f = settings.features;
            (f.branch_reset && f.conditionals).then(|| "compact".to_string())
        });
        let runs = names
            .map(|o| {
                let s = Settings {
                    order: Some(o.clone()),
                    encoding: encoding.clone(),
                    ..settings.clone()
                };
                (format!("order {o}"), s)
            })
            .collect();
        let squares = (self.n * self.n) as u64;
        let (per_square, per_byte) = if self.shares_groups() {
            (RESTART_STEPS_PER_SQUARE_SHARED, 0)
        } else {
            (RESTART_STEPS_PER_SQUARE, RESTART_STEPS_PER_BYTE)
        };
        Some(Restarts {
            runs,
            unit: (per_square * squares).max(10_000),
            steps_per_byte: per_byte,
        })
    }

    fn encode(&self, _stage: usize, settings: &Settings) -> Result<Source<'_, Vec<String>>, Error> {
        let encoding = match settings.encoding.as_deref() {
            // Static rules from the engine's features and the board size. With branch reset the
            // packing gadget checks a square in O(1) and is the fastest; otherwise rowguard is
            // the fastest per search node, but its N² groups outgrow the JIT's frame (error -68)
            // past N≈50, and packing keeps O(N) groups.
            None if settings.features.branch_reset && settings.features.conditionals => {
                Encoding::Packing
            }
            None if self.n <= ROWGUARD_MAX_N => Encoding::RowGuard,
            None => Encoding::Packing,
            Some(name) => choose(&ENCODINGS, name, "encoding")?,
        };
        let order = self.order(settings)?;
        let mut e = encode_with(self.n, encoding, &order, self.shares_groups())?;
        // The program and order go to the compiler; the square map stays to decode.
        let program = std::mem::replace(&mut e.program, backref_program::Program::new('Q'));
        let order = std::mem::take(&mut e.order);
        Ok(Source::Ir(Encoded::new(program, order, move |values| {
            e.rows(values)
        })))
    }

    fn check(
        &self,
        _stage: usize,
        _settings: &Settings,
        answer: &Vec<String>,
    ) -> Result<(), Vec<Violation>> {
        check(self.n, answer)
    }

    fn native(&self, _stage: usize, settings: &Settings) -> Result<Option<Vec<String>>, Error> {
        let order = self.order(settings)?;
        Ok(native::solve(self.n, &order).first.map(|b: Board| b.rows()))
    }

    fn native_count(&self, _stage: usize, settings: &Settings, _cap: u64) -> Option<u64> {
        let order = self.order(settings).ok()?;
        Some(native::count(self.n, &order).solutions)
    }

    fn render(&self, rows: &Vec<String>) -> Solution {
        let text = rows
            .iter()
            .map(|r| r.chars().map(String::from).collect::<Vec<_>>().join(" ") + "\n")
            .collect();
        Solution::new(rows.clone(), text)
    }

    fn svg(&self, rows: &Vec<String>) -> Option<String> {
        Some(crate::svg::draw(rows))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::order::OrderKind;

    fn first_runs(n: usize) -> Vec<String> {
        let plan = Queens::new(n)
            .restarts(&Settings::default())
            .expect("the default restarts");
        plan.runs.iter().take(2).map(|(l, _)| l.clone()).collect()
    }

    #[test]
    fn large_boards_restart_over_middle_random_orders() {
        assert_eq!(
            first_runs(order::LARGE_N - 1),
            ["order random-1", "order random-2"]
        );
        assert_eq!(
            first_runs(order::LARGE_N),
            ["order middle-random-1", "order middle-random-2"]
        );
        // An explicit order runs alone.
        let settings = Settings {
            order: Some("middle-random-3".into()),
            ..Settings::default()
        };
        assert!(Queens::new(500).restarts(&settings).is_none());
    }

    /// Counts `q`'s solutions inside PCRE2 (JIT), every kept one checked by the rule checker.
    fn engine_count(q: &Queens, order: &str) -> u64 {
        engine_count_as(q, order, None)
    }

    /// [`engine_count`] with an encoding named.
    fn engine_count_as(q: &Queens, order: &str, encoding: Option<&str>) -> u64 {
        let engine = backref_engine::Pcre2::jit();
        let mut request = backref_pipeline::Request::new(&engine);
        request.settings.order = Some(order.into());
        request.settings.encoding = encoding.map(String::from);
        let report = backref_pipeline::count(q, &engine, &request, 3).expect("counts");
        assert!(report.problems.is_empty(), "{:?}", report.problems);
        assert_eq!(report.gave_up, None);
        report.count
    }

    #[test]
    fn shared_diagonal_groups_keep_every_solution() {
        // Shared groups (the large boards' form) against one group a resource (the
        // branch-reset form at these sizes): the same number of solutions, in-engine.
        let known = [1, 0, 0, 2, 10, 4, 40, 92];
        for (i, &want) in known.iter().enumerate() {
            let n = i + 1;
            for order in ["natural", "middle-random-2"] {
                let shared = engine_count(&Queens::with_shared_groups(n), order);
                let plain = engine_count(&Queens::new(n), order);
                assert_eq!((shared, plain), (want, want), "N={n} {order}");
            }
        }
    }

    #[test]
    fn the_compact_form_keeps_every_solution() {
        // The compact (trie) packing against the branch-reset one: the same counts, in-engine.
        let known = [1, 0, 0, 2, 10, 4, 40, 92];
        for (i, &want) in known.iter().enumerate() {
            let n = i + 1;
            for order in ["natural", "random-2"] {
                let compact = engine_count_as(&Queens::new(n), order, Some("compact"));
                let reset = engine_count_as(&Queens::new(n), order, Some("packing"));
                assert_eq!((compact, reset), (want, want), "N={n} {order}");
            }
        }
    }

    #[test]
    fn restarts_compile_one_compact_pattern_for_every_order() {
        let options = backref_program::Options::new(&backref_program::dialect::PCRE2);
        let plan = Queens::new(60)
            .restarts(&Settings::default().for_options(&options))
            .expect("the default restarts");
        let emit = |settings: &Settings| {
            backref_pipeline::emit(&Queens::new(60), settings, &options, 0).expect("emits")
        };
        let (a, b) = (emit(&plan.runs[0].1), emit(&plan.runs[1].1));
        assert_eq!(plan.runs[0].1.encoding.as_deref(), Some("compact"));
        assert_eq!(a.pattern, b.pattern, "one pattern for every order");
        assert_ne!(a.subject, b.subject, "the order is in the subject");
        assert!(a.pattern.len() < 40_000, "{} bytes", a.pattern.len());
        // An encoding the user chose is kept.
        let chosen = Settings {
            encoding: Some("packing".into()),
            ..Settings::default()
        };
        let plan = Queens::new(60).restarts(&chosen).expect("restarts");
        assert_eq!(plan.runs[0].1.encoding.as_deref(), Some("packing"));
    }

    #[test]
    fn shared_groups_take_the_native_solvers_first_solution() {
        let engine = backref_engine::Pcre2::jit();
        for n in [10, 23, 40] {
            let mut request = backref_pipeline::Request::new(&engine);
            request.settings.order = Some("random-3".into());
            let q = Queens::with_shared_groups(n);
            let report = backref_pipeline::solve(&q, &engine, &request).expect("solves");
            let board = native::solve(n, &Order::new(OrderKind::Random(3), n))
                .first
                .expect("a solution")
                .rows();
            let got = &report.solution.as_ref().expect("solved").grid;
            assert_eq!(got, &board, "N={n}");
            assert!(report.verified && report.problems.is_empty(), "{report:?}");
            // One group per column, one per three diagonals or anti-diagonals.
            assert_eq!(
                report.stages[0].groups,
                n + (4 * n - 2).div_ceil(3),
                "N={n}"
            );
        }
    }

    #[test]
    fn middle_random_orders_solve_and_check() {
        for n in [8, 30, 61] {
            for k in 1..=3 {
                let q = Queens::new(n);
                let settings = Settings {
                    order: Some(format!("middle-random-{k}")),
                    ..Settings::default()
                };
                let board = q
                    .native(0, &settings)
                    .expect("a valid order")
                    .expect("a solution");
                assert_eq!(q.check(0, &settings, &board), Ok(()), "N={n} seed {k}");
            }
        }
    }
}
