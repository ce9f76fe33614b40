//! Engines by name, for `--engine` and `backref engines`.

use crate::{Dotnet, Engine, External, Fancy, Pcre2};

/// Every engine name `--engine` accepts, in the order `backref engines` lists them.
pub const ENGINE_NAMES: &[&str] = &[
    "pcre2",
    "pcre2-interp",
    "fancy",
    "perl",
    "python",
    "node",
    "dotnet",
];

/// The engine called `name` with its default settings, or `None` for an unknown name.
/// Unavailable engines are still returned; their [`Engine::info`] says why they cannot run.
pub fn engine_by_name(name: &str) -> Option<Box<dyn Engine>> {
    Some(match name {
        "pcre2" => Box::new(Pcre2::jit()),
        "pcre2-interp" => Box::new(Pcre2::interpreter()),
        "fancy" => Box::new(Fancy::new()),
        "perl" => Box::new(External::perl()),
        "python" => Box::new(External::python()),
        "node" => Box::new(External::node()),
        "dotnet" => Box::new(Dotnet::new()),
        _ => return None,
    })
}

/// Every engine in [`ENGINE_NAMES`] order, with default settings.
pub fn all_engines() -> Vec<Box<dyn Engine>> {
    ENGINE_NAMES
        .iter()
        .filter_map(|n| engine_by_name(n))
        .collect()
}
