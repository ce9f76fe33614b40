//! Engines by name, for `--engine` and `backref engines`: one table, from which the name list,
//! the lookup and the list of engines all derive. Adding an engine is its module plus one line
//! in [`ENGINES`].

use crate::{Built, Dotnet, DotnetRuntime, Engine, External, Fancy, Onig, Pcre2};

/// One registered engine: its `--engine` name and how to build it with default settings.
#[derive(Clone, Copy, Debug)]
pub struct EngineEntry {
    /// The name users pass to `--engine`; the engine's [`Engine::name`].
    pub name: &'static str,
    /// Builds the engine with its default settings.
    pub make: fn() -> Box<dyn Engine>,
}

/// Every engine, in the order `backref engines` lists them.
pub const ENGINES: &[EngineEntry] = &[
    entry("pcre2", || Box::new(Pcre2::jit())),
    entry("pcre2-interp", || Box::new(Pcre2::interpreter())),
    entry("pcre2-lazy", || Box::new(Pcre2::lazy_jit())),
    entry("fancy", || Box::new(Fancy::new())),
    entry("oniguruma", || Box::new(Onig::new())),
    entry("perl", || Box::new(External::perl())),
    entry("python", || Box::new(External::python())),
    entry("node", || Box::new(External::node())),
    entry("ruby", || Box::new(External::ruby())),
    entry("python-regex", || Box::new(External::python_regex())),
    entry("java", || Box::new(Built::java())),
    entry("dotnet", || Box::new(Dotnet::new())),
    entry("dotnet-compiled", || {
        Box::new(Dotnet::on("dotnet-compiled", DotnetRuntime::Mono, true))
    }),
    entry("dotnet-core", || {
        Box::new(Dotnet::on("dotnet-core", DotnetRuntime::CoreClr, false))
    }),
    entry("dotnet-core-compiled", || {
        Box::new(Dotnet::on(
            "dotnet-core-compiled",
            DotnetRuntime::CoreClr,
            true,
        ))
    }),
    entry("regexp2", || Box::new(Built::regexp2())),
];

const fn entry(name: &'static str, make: fn() -> Box<dyn Engine>) -> EngineEntry {
    EngineEntry { name, make }
}

const COUNT: usize = ENGINES.len();

const fn names() -> [&'static str; COUNT] {
    let mut names = [""; COUNT];
    let mut i = 0;
    while i < COUNT {
        names[i] = ENGINES[i].name;
        i += 1;
    }
    names
}

/// Every engine name `--engine` accepts, in the order `backref engines` lists them (the names
/// of [`ENGINES`]).
pub const ENGINE_NAMES: &[&str] = &names();

/// The engine called `name` with its default settings, or `None` for an unknown name.
/// Unavailable engines are still returned; their [`Engine::info`] says why they cannot run.
pub fn engine_by_name(name: &str) -> Option<Box<dyn Engine>> {
    ENGINES.iter().find(|e| e.name == name).map(|e| (e.make)())
}

/// Every engine in [`ENGINES`] order, with default settings.
pub fn all_engines() -> Vec<Box<dyn Engine>> {
    ENGINES.iter().map(|e| (e.make)()).collect()
}
