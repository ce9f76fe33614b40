//! Printing a solution as MiniZinc's solution printer expects FlatZinc solvers to: one
//! `name = value;` line per output item, arrays as `arrayNd(ranges, [values])`.

use crate::model::{Arg, Model, Output};

fn scalar(a: &Arg, boolean: bool, values: &[i64]) -> String {
    let x = match a {
        Arg::Var(v) => values[*v],
        Arg::Int(x) => *x,
        Arg::Bool(b) => i64::from(*b),
        _ => 0,
    };
    if boolean {
        (if x != 0 { "true" } else { "false" }).to_string()
    } else {
        x.to_string()
    }
}

fn line(o: &Output, values: &[i64]) -> String {
    let items: Vec<String> = o
        .items
        .iter()
        .map(|a| scalar(a, o.boolean, values))
        .collect();
    match &o.dims {
        None => format!("{} = {};", o.name, items.join("")),
        Some(dims) => {
            let ranges: Vec<String> = dims.iter().map(|(lo, hi)| format!("{lo}..{hi}")).collect();
            format!(
                "{} = array{}d({}, [{}]);",
                o.name,
                dims.len(),
                ranges.join(", "),
                items.join(", ")
            )
        }
    }
}

/// The output lines of a solution (`values[v]` the value of variable `v`), each ending in a
/// newline.
pub fn solution_text(model: &Model, values: &[i64]) -> String {
    model
        .outputs
        .iter()
        .map(|o| line(o, values) + "\n")
        .collect()
}
