//! The engine registry.

use backref_engine::{all_engines, engine_by_name, ENGINES, ENGINE_NAMES};

#[test]
fn every_name_resolves_to_an_engine_of_that_name() {
    for name in ENGINE_NAMES {
        let engine = engine_by_name(name).unwrap();
        assert_eq!(engine.name(), *name);
        assert_eq!(engine.info().name, *name);
    }
    assert!(engine_by_name("nonesuch").is_none());
    let names: Vec<_> = all_engines().iter().map(|e| e.name()).collect();
    assert_eq!(names, ENGINE_NAMES);
}

#[test]
fn the_names_come_from_the_one_table_once_each() {
    let table: Vec<_> = ENGINES.iter().map(|e| e.name).collect();
    assert_eq!(table, ENGINE_NAMES);
    let mut unique = table.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), table.len(), "{table:?}");
    for entry in ENGINES {
        assert_eq!((entry.make)().name(), entry.name);
    }
}

/// The .NET engines (Mono and CoreCLR, interpreted and compiled) and Go's port of it.
const BALANCING: &[&str] = &[
    "dotnet",
    "dotnet-compiled",
    "dotnet-core",
    "dotnet-core-compiled",
    "regexp2",
];

#[test]
fn only_the_dotnet_family_runs_balancing_groups() {
    for engine in all_engines() {
        assert_eq!(
            engine.dialect().features.balancing_groups,
            BALANCING.contains(&engine.name()),
            "{}",
            engine.name()
        );
    }
}

#[test]
fn at_least_twelve_engines() {
    assert!(ENGINE_NAMES.len() >= 12, "{ENGINE_NAMES:?}");
}

#[test]
fn dialects_match_engines() {
    let dialect = |n: &str| engine_by_name(n).unwrap().dialect().name;
    assert_eq!(dialect("pcre2"), "pcre2");
    assert_eq!(dialect("pcre2-interp"), "pcre2");
    assert_eq!(dialect("fancy"), "fancy");
    assert_eq!(dialect("perl"), "perl");
    assert_eq!(dialect("python"), "python");
    assert_eq!(dialect("node"), "javascript");
    assert_eq!(dialect("dotnet"), "dotnet");
    assert_eq!(dialect("oniguruma"), "oniguruma");
    assert_eq!(dialect("ruby"), "oniguruma");
    assert_eq!(dialect("java"), "java");
    assert_eq!(dialect("python-regex"), "python-regex");
    for name in BALANCING {
        assert_eq!(dialect(name), "dotnet");
    }
}
