//! `backref emit`: print or write the subject, the pattern and the group map.

use std::io::Write;

use backref_pipeline::Emitted;
use backref_program::{dialect, Naming, Options};
use serde_json::json;

use crate::cli::{EmitArgs, Format, Names};
use crate::exit::{Exit, Failure};
use crate::write::write_all;

/// Runs `backref emit`.
pub fn run(args: &EmitArgs) -> Result<Exit, Failure> {
    let settings = crate::solve::settings(&args.puzzle)?;
    let instance = backref_puzzles::load(&args.puzzle.puzzle, &args.puzzle.input)?;
    let dialect = match dialect::by_name(&args.engine) {
        Some(d) => d,
        None => crate::solve::engine(&args.engine)?.dialect(),
    };
    let options = Options {
        naming: match args.names {
            Names::Compact => Naming::Compact,
            Names::Readable => Naming::Readable,
        },
        portable: args.puzzle.portable,
        propagation: args.puzzle.propagate,
        ..Options::new(dialect)
    };
    let e = instance.emit(&settings, &options, args.stage)?;
    let stages = instance.stages().len();
    let files: Vec<(&str, String)> = match (&e.hand_built, args.format) {
        (_, Format::Json) => vec![("emit.json", format!("{:#}\n", doc(instance.name(), &e)))],
        (None, Format::Text | Format::Svg) => vec![
            ("subject.txt", e.subject.clone() + "\n"),
            ("pattern.txt", e.pattern.clone() + "\n"),
            ("groups.tsv", groups_tsv(&e)),
        ],
        // The subject exactly, no line end added: the pattern matches it as it is.
        (Some(hand), Format::Text | Format::Svg) => vec![
            ("subject.txt", e.subject.clone()),
            ("pattern.txt", e.pattern.clone()),
            ("options.txt", format!("{}\n", hand.options.join(" | "))),
        ],
    };
    if let Some(dir) = &args.out {
        write_all(dir, &files).map_err(Failure::io)?;
        return Ok(Exit::Ok);
    }
    let mut out = std::io::stdout().lock();
    let stage = if stages > 1 {
        format!("# stage {} ({} of {stages})\n", e.stage, args.stage + 1)
    } else {
        String::new()
    };
    let _ = match (&e.hand_built, args.format) {
        (_, Format::Json) => writeln!(out, "{}", doc(instance.name(), &e)),
        (None, Format::Text | Format::Svg) => writeln!(
            out,
            "{stage}# subject\n{}\n# pattern\n{}\n# groups (number, name)\n{}",
            e.subject,
            e.pattern,
            groups_tsv(&e)
        ),
        (Some(hand), Format::Text | Format::Svg) => write!(
            out,
            "# subject\n{}\n# pattern (.NET; RegexOptions {})\n{}",
            e.subject,
            hand.options.join(" | "),
            e.pattern
        ),
    };
    Ok(Exit::Ok)
}

/// The JSON document of an emitted stage.
fn doc(puzzle: &str, e: &Emitted) -> serde_json::Value {
    let mut v = match &e.hand_built {
        None => json!({
            "puzzle": puzzle,
            "dialect": e.dialect,
            "subject": e.subject,
            "pattern": e.pattern,
            "groups": e.groups,
            "stats": e.stats,
        }),
        Some(hand) => json!({
            "puzzle": puzzle,
            "dialect": e.dialect,
            "encoding": hand.encoding,
            "options": hand.options,
            "subject": e.subject,
            "pattern": e.pattern,
            "stats": {
                "subject_bytes": e.stats.subject_bytes,
                "pattern_bytes": e.stats.pattern_bytes,
                "groups": e.stats.groups,
                "backrefs": e.stats.backrefs,
            },
        }),
    };
    if !e.stage.is_empty() {
        v["stage"] = json!(e.stage);
    }
    v
}

fn groups_tsv(e: &Emitted) -> String {
    e.groups
        .iter()
        .map(|g| format!("{}\t{}\n", g.number, g.name))
        .collect()
}
