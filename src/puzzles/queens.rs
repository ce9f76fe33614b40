//! N-Queens behind the CLI's [`Instance`] trait.

use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Context, Result};
use backref_queens::{
    encode, native, verify, Board, Encoding, Order, OrderKind, ENCODINGS, ORDERS,
};

use crate::puzzle::{Contender, Encoded, Instance, Native, Settings, Solution};

/// The largest board the default encoding states as rowguard (N² = 1,936 groups, well inside
/// the JIT's frame); larger boards use packing.
pub const ROWGUARD_MAX_N: usize = 44;

/// An N-Queens instance: the board size.
pub struct Queens {
    n: usize,
}

impl Queens {
    /// Reads N from the command line.
    pub fn parse(input: &str) -> Result<Queens> {
        let n: usize = input.trim().parse().with_context(|| {
            format!("queens takes a board size, a whole number from 1 to 1000; got {input:?}")
        })?;
        if !(1..=1000).contains(&n) {
            bail!("queens takes a board size from 1 to 1000; got {n}");
        }
        Ok(Queens { n })
    }

    fn order(&self, settings: &Settings) -> Result<Order> {
        let kind = match settings.order.as_deref() {
            None => OrderKind::FewestAttacks,
            Some(name) => pick(&ORDERS, name, "order")?,
        };
        Ok(Order::new(kind, self.n))
    }

    fn solution(&self, rows: Vec<String>) -> Solution {
        let text = rows
            .iter()
            .map(|r| r.chars().map(String::from).collect::<Vec<_>>().join(" ") + "\n")
            .collect();
        Solution {
            grid: rows,
            text,
            extra: Default::default(),
        }
    }
}

/// Looks `name` up in a table of named choices, with a message listing them.
pub fn pick<T: Copy>(table: &[(&str, T)], name: &str, what: &str) -> Result<T> {
    table
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, t)| *t)
        .ok_or_else(|| {
            let names: Vec<&str> = table.iter().map(|(n, _)| *n).collect();
            anyhow!(
                "unknown {what} {name:?}; choose one of: {}",
                names.join(", ")
            )
        })
}

/// The static orders the default races (see [`Instance::portfolio`]), with the time after
/// which each joins the race. Each is a static rule, and which of them finds a first solution
/// sooner swings by orders of magnitude between neighbouring N (fewest-attacks: 10.3 million
/// nodes at N=64, 22,781 at N=100; classes: 204,451 and over 20 million). Fewest-attacks and
/// its class-grouped variant start at once; when neither has finished after half a second, four
/// variants of fewest-attacks with seeded tie-breaks join them (between N=41 and 100 the first
/// two find a solution within 2 million nodes for 41 sizes, all six for 56).
pub const RACED_ORDERS: [(&str, u64); 6] = [
    ("fewest-attacks", 0),
    ("classes", 0),
    ("shuffled-1", 500),
    ("shuffled-2", 500),
    ("shuffled-3", 500),
    ("shuffled-4", 500),
];

impl Instance for Queens {
    fn puzzle(&self) -> &'static str {
        "queens"
    }

    fn portfolio(&self, settings: &Settings) -> Vec<Contender> {
        if settings.order.is_some() || self.n < 8 {
            return Vec::new();
        }
        RACED_ORDERS
            .iter()
            .map(|(o, ms)| Contender {
                label: format!("order {o}"),
                settings: Settings {
                    order: Some(o.to_string()),
                    ..settings.clone()
                },
                start_after: Duration::from_millis(*ms),
            })
            .collect()
    }

    fn encode(&self, _stage: usize, settings: &Settings) -> Result<Encoded> {
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
            Some(name) => pick(&ENCODINGS, name, "encoding")?,
        };
        let e = encode::encode(self.n, encoding, &self.order(settings)?)?;
        Ok(Encoded {
            program: e.program,
            order: e.order,
        })
    }

    fn decode(&self, _stage: usize, encoded: &Encoded, values: &[String]) -> Solution {
        // Square variables are named Q_r_c (true: a queen); row variables C_r hold a column.
        let mut rows = vec![vec!['.'; self.n]; self.n];
        for (var, value) in encoded.program.vars.iter().zip(values) {
            let parts: Vec<&str> = var.name.split('_').collect();
            let cell: Option<(usize, usize)> = match parts.as_slice() {
                ["Q", r, c] if !value.is_empty() => r.parse().ok().zip(c.parse().ok()),
                ["C", r] => r.parse().ok().zip(value.parse().ok()),
                _ => None,
            };
            if let Some((r, c)) = cell {
                if r < self.n && c < self.n {
                    rows[r][c] = 'Q';
                }
            }
        }
        self.solution(rows.into_iter().map(|r| r.into_iter().collect()).collect())
    }

    fn check(
        &self,
        _stage: usize,
        _settings: &Settings,
        solution: &Solution,
    ) -> Result<(), Vec<String>> {
        verify::check(self.n, &solution.grid)
    }

    fn native(&self, _stage: usize, settings: &Settings) -> Result<Native> {
        let order = self.order(settings)?;
        let start = Instant::now();
        let found = native::solve(self.n, &order);
        let elapsed = start.elapsed();
        Ok(Native {
            solution: found.first.map(|b: Board| self.solution(b.rows())),
            elapsed,
        })
    }

    fn native_count(&self, _stage: usize, settings: &Settings, _cap: u64) -> Option<u64> {
        let order = self.order(settings).ok()?;
        Some(native::count(self.n, &order).solutions)
    }
}
