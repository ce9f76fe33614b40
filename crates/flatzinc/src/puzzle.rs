//! FlatZinc on the pipeline: [`Fzn`] implements [`Puzzle`], and [`ENTRY`] registers it as
//! `flatzinc` (`backref solve flatzinc FILE.fzn`). An optimisation is solved by repeated
//! satisfaction: [`Fzn::better_than`] asks for a solution whose objective beats a bound.

use backref_pipeline::{
    choose, names, Choices, Encoded, Error, Input, InputKind, Instance, Puzzle, PuzzleEntry,
    Settings, Solution, Source,
};

use crate::encode::encode;
use crate::eval::{check, objective, Violation};
use crate::model::Model;
use crate::native::search;
use crate::order::{OrderKind, ORDERS};
use crate::output::solution_text;

/// The order used unless the settings choose one.
pub const DEFAULT_ORDER: OrderKind = OrderKind::Greedy;

const ORDER_NAMES: [&str; ORDERS.len()] = names(&ORDERS);

/// A FlatZinc model, and the bound its objective must beat (none at first).
#[derive(Clone, Debug)]
pub struct Fzn {
    model: Model,
    bound: Option<i64>,
}

impl Fzn {
    /// The instance for a model.
    pub fn new(model: Model) -> Fzn {
        Fzn { model, bound: None }
    }

    /// The model.
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// The same model asking for an objective strictly better than `bound`.
    pub fn better_than(&self, bound: i64) -> Fzn {
        Fzn {
            model: self.model.clone(),
            bound: Some(bound),
        }
    }

    /// The objective's value in an answer, when the model has one.
    pub fn objective(&self, values: &[i64]) -> Option<i64> {
        objective(&self.model, values).map(|o| o.0)
    }
}

/// FlatZinc in the registry.
pub const ENTRY: PuzzleEntry = PuzzleEntry {
    name: "flatzinc",
    about: "solve a FlatZinc model (MiniZinc compiled with backref's solver library)",
    input: InputKind::File,
    input_help: "a FlatZinc file",
    choices: Choices {
        encodings: &[],
        orders: &ORDER_NAMES,
        switches: &[],
    },
    parse: load,
};

fn load(input: &Input) -> Result<Box<dyn Instance>, Error> {
    let model = crate::parse(input.text()?, &input.origin).map_err(Error::input)?;
    Ok(Box::new(Fzn::new(model)))
}

impl Puzzle for Fzn {
    type Answer = Vec<i64>;
    type Violation = Violation;

    fn name(&self) -> &'static str {
        "flatzinc"
    }

    fn ruled_out(&self, _stage: usize, _settings: &Settings) -> Option<String> {
        self.model
            .vars
            .iter()
            .find(|v| v.domain.is_empty())
            .map(|v| format!("variable {} (line {}) has no value left", v.name, v.line))
    }

    fn encode(&self, _stage: usize, settings: &Settings) -> Result<Source<'_, Vec<i64>>, Error> {
        let kind = match settings.order.as_deref() {
            None => DEFAULT_ORDER,
            Some(name) => choose(&ORDERS, name, "order")?,
        };
        let e = encode(&self.model, self.bound, kind).map_err(Error::input)?;
        let program = e.program.clone();
        let order = e.order.clone();
        Ok(Source::Ir(Encoded::new(program, order, move |values| {
            e.values(values)
        })))
    }

    fn check(
        &self,
        _stage: usize,
        _settings: &Settings,
        answer: &Vec<i64>,
    ) -> Result<(), Vec<Violation>> {
        check(&self.model, answer, self.bound)
    }

    fn native(&self, _stage: usize, _settings: &Settings) -> Result<Option<Vec<i64>>, Error> {
        Ok(search(&self.model, self.bound, 1).first)
    }

    fn native_count(&self, _stage: usize, _settings: &Settings, cap: u64) -> Option<u64> {
        Some(search(&self.model, self.bound, cap).count)
    }

    fn render(&self, answer: &Vec<i64>) -> Solution {
        let text = solution_text(&self.model, answer);
        let grid = text.lines().map(str::to_string).collect();
        let mut s = Solution::new(grid, text);
        s.extra
            .insert("values".into(), serde_json::Value::from(answer.clone()));
        if let Some(o) = self.objective(answer) {
            s.extra
                .insert("objective".into(), serde_json::Value::from(o));
        }
        s
    }
}
