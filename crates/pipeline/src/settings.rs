//! What the user chose about an encoding: checked once against the puzzle's own lists, then
//! handed to the puzzle, which reads them into its own typed choices.

use backref_program::Features;

use crate::error::Error;

/// Encoding choices for one run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    /// The encoding's name, one of [`Choices::encodings`] (`None`: the puzzle's default).
    pub encoding: Option<String>,
    /// The static search order's name, one of [`Choices::orders`] (`None`: the default).
    pub order: Option<String>,
    /// Puzzle-specific switches that are on, each one of [`Choices::switches`]
    /// (e.g. rectangles' `no-rotation`).
    pub switches: Vec<String>,
    /// What the target engine runs (nothing beyond backreferences under `--portable`); a
    /// puzzle may pick its default encoding from it. Filled in by the pipeline.
    pub features: Features,
    /// The run enumerates solutions (counting, uniqueness): the encoding must keep every
    /// solution, so hints that skip equivalent ones (symmetry breaking between interchangeable
    /// pieces) stay out. Set by the pipeline.
    pub enumerating: bool,
    /// The propagation the compile was asked for (`--propagate`; `None`: the program's own
    /// choice), so that a native search mirroring the pattern's tree can follow it. Set by the
    /// pipeline with the features.
    pub propagation: Option<backref_program::Propagation>,
}

impl Settings {
    /// Whether the switch `name` is on.
    pub fn switch(&self, name: &str) -> bool {
        self.switches.iter().any(|s| s == name)
    }

    /// The value of the valued switch `name` (given as `name=VALUE`, e.g. Star Battle's
    /// `stars=2` from `--stars 2`), if it is on.
    pub fn value(&self, name: &str) -> Option<&str> {
        self.switches
            .iter()
            .find_map(|s| s.strip_prefix(name)?.strip_prefix('='))
    }

    /// These settings with the features and the propagation of a compile for `options` (the
    /// settings' own propagation, a race contender's, where the options name none).
    pub fn for_options(&self, options: &backref_program::Options) -> Settings {
        Settings {
            features: options.features(),
            propagation: options.propagation.or(self.propagation),
            ..self.clone()
        }
    }

    /// Checks every choice against `choices`, naming the puzzle and the valid names when one
    /// does not fit (so `--no-rotation` on queens is an error, not silently ignored).
    pub fn validate(&self, puzzle: &str, choices: &Choices) -> Result<(), Error> {
        let one_of = |what: &str, name: &str, table: &[&str]| -> Result<(), Error> {
            if table.iter().any(|t| fits(t, name)) {
                return Ok(());
            }
            Err(Error::usage(if table.is_empty() {
                format!("{puzzle} takes no --{what}; got {name:?}")
            } else {
                format!(
                    "unknown {what} {name:?}; choose one of: {}",
                    table.join(", ")
                )
            }))
        };
        if let Some(e) = &self.encoding {
            one_of("encoding", e, choices.encodings)?;
        }
        if let Some(o) = &self.order {
            one_of("order", o, choices.orders)?;
        }
        // A valued switch (`stars=2`) fits a choice of the same name (`stars=K`).
        let key = |s: &str| s.split('=').next().unwrap_or_default().to_string();
        for s in &self.switches {
            if !choices.switches.iter().any(|(n, _)| key(n) == key(s)) {
                return Err(Error::usage(format!(
                    "--{s} does not apply to {puzzle}{}",
                    if choices.switches.is_empty() {
                        String::new()
                    } else {
                        format!(
                            " (its switches: {})",
                            choices
                                .switches
                                .iter()
                                .map(|(n, _)| format!("--{n}"))
                                .collect::<Vec<_>>()
                                .join(", ")
                        )
                    }
                )));
            }
        }
        Ok(())
    }
}

/// Whether `name` is the choice `entry`: the same name, or, for an entry ending in `-K` (a
/// family such as queens' `random-K`), its prefix followed by a whole number from 1.
fn fits(entry: &str, name: &str) -> bool {
    if entry == name {
        return true;
    }
    let Some(prefix) = entry.strip_suffix("-K") else {
        return false;
    };
    name.strip_prefix(prefix)
        .and_then(|rest| rest.strip_prefix('-'))
        .is_some_and(|k| {
            !k.is_empty() && !k.starts_with('0') && k.bytes().all(|b| b.is_ascii_digit())
        })
}

/// The choices a puzzle offers: encodings, orders and switches, by name.
#[derive(Clone, Copy, Debug, Default)]
pub struct Choices {
    /// Encoding names (`--encoding`).
    pub encodings: &'static [&'static str],
    /// Static order names (`--order`); a name ending in `-K` stands for a family (`random-K`:
    /// `random-1`, `random-2`, ..).
    pub orders: &'static [&'static str],
    /// Switches with a line of help each (e.g. `("no-rotation", "do not rotate pieces")`).
    pub switches: &'static [(&'static str, &'static str)],
}

/// The names of a table of named choices, in a constant (for [`Choices`]).
pub const fn names<T: Copy, const N: usize>(table: &[(&'static str, T); N]) -> [&'static str; N] {
    let mut out = [""; N];
    let mut i = 0;
    while i < N {
        out[i] = table[i].0;
        i += 1;
    }
    out
}

/// Looks `name` up in a table of named choices, with a message listing them when it is not
/// there.
pub fn choose<T: Copy>(table: &[(&str, T)], name: &str, what: &str) -> Result<T, Error> {
    table
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, t)| *t)
        .ok_or_else(|| {
            let names: Vec<&str> = table.iter().map(|(n, _)| *n).collect();
            Error::usage(format!(
                "unknown {what} {name:?}; choose one of: {}",
                names.join(", ")
            ))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    const CHOICES: Choices = Choices {
        encodings: &["a", "b"],
        orders: &[],
        switches: &[("reuse", "use a piece twice")],
    };

    #[test]
    fn a_switch_the_puzzle_lacks_is_an_error() {
        let s = Settings {
            switches: vec!["no-rotation".into()],
            ..Settings::default()
        };
        let e = s.validate("queens", &CHOICES).unwrap_err().to_string();
        assert_eq!(
            e,
            "--no-rotation does not apply to queens (its switches: --reuse)"
        );
    }

    #[test]
    fn a_valued_switch_fits_its_name_and_gives_its_value() {
        let choices = Choices {
            switches: &[("stars=K", "stars per line")],
            ..Choices::default()
        };
        let s = Settings {
            switches: vec!["stars=2".into()],
            ..Settings::default()
        };
        assert!(s.validate("starbattle", &choices).is_ok());
        assert_eq!(s.value("stars"), Some("2"));
        assert_eq!(s.value("star"), None);
        let e = s.validate("queens", &CHOICES).unwrap_err().to_string();
        assert!(e.starts_with("--stars=2 does not apply to queens"), "{e}");
    }

    #[test]
    fn unknown_names_list_the_valid_ones() {
        let s = Settings {
            encoding: Some("c".into()),
            ..Settings::default()
        };
        let e = s.validate("p", &CHOICES).unwrap_err().to_string();
        assert_eq!(e, "unknown encoding \"c\"; choose one of: a, b");
        let s = Settings {
            order: Some("x".into()),
            ..Settings::default()
        };
        let e = s.validate("p", &CHOICES).unwrap_err().to_string();
        assert_eq!(e, "p takes no --order; got \"x\"");
        assert!(Settings::default().validate("p", &CHOICES).is_ok());
    }

    #[test]
    fn a_family_of_orders_takes_whole_numbers_from_one() {
        let choices = Choices {
            orders: &["natural", "random-K"],
            ..Choices::default()
        };
        let with = |o: &str| Settings {
            order: Some(o.into()),
            ..Settings::default()
        };
        for ok in ["natural", "random-1", "random-17"] {
            assert!(with(ok).validate("queens", &choices).is_ok(), "{ok}");
        }
        for bad in [
            "random-",
            "random-0",
            "random-01",
            "random-x",
            "random-K1",
            "randomK",
        ] {
            assert!(with(bad).validate("queens", &choices).is_err(), "{bad}");
        }
    }
}
