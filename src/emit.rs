//! `backref emit`: print or write the subject, the pattern and the group map.

use std::fs;
use std::io::Write;
use std::path::Path;

use anyhow::{Context, Result};
use backref_program::{compile, dialect, Compiled, Naming, Options};
use serde_json::json;

use crate::cli::{EmitArgs, Format, Names};
use crate::exit::{Exit, Failure};
use crate::puzzle::HandBuilt;

/// Runs `backref emit`.
pub fn run(args: &EmitArgs) -> Result<Exit, Failure> {
    let instance =
        crate::puzzles::load(&args.puzzle.puzzle, &args.puzzle.input).map_err(Failure::input)?;
    let dialect = match dialect::by_name(&args.engine) {
        Some(d) => d,
        None => crate::solve::engine(&args.engine)?.dialect(),
    };
    let stages = instance.stages();
    if args.stage >= stages.len() {
        return Err(Failure::usage(format!(
            "--stage {} is out of range: this instance has {} stage(s)",
            args.stage,
            stages.len()
        )));
    }
    let settings = crate::solve::settings(&args.puzzle);
    if let Some(hand) = instance
        .hand_built(args.stage, &settings)
        .map_err(Failure::input)?
    {
        return emit_hand_built(args, instance.puzzle(), &hand);
    }
    let options = Options {
        naming: match args.names {
            Names::Compact => Naming::Compact,
            Names::Readable => Naming::Readable,
        },
        portable: args.puzzle.portable,
        ..Options::new(dialect)
    };
    let settings = settings.for_options(&options);
    let encoded = instance
        .encode(args.stage, &settings)
        .map_err(Failure::input)?;
    let compiled = compile(&encoded.program, &encoded.order, &options)
        .context("the encoder built an invalid program")
        .map_err(Failure::internal)?;
    let groups = groups_tsv(&compiled);
    let doc = json!({
        "puzzle": instance.puzzle(),
        "dialect": dialect.name,
        "subject": compiled.subject,
        "pattern": compiled.pattern,
        "groups": compiled.groups,
        "stats": compiled.stats,
    });
    match &args.out {
        Some(dir) => {
            let files: Vec<(&str, String)> = match args.format {
                Format::Text => vec![
                    ("subject.txt", compiled.subject.clone() + "\n"),
                    ("pattern.txt", compiled.pattern.clone() + "\n"),
                    ("groups.tsv", groups),
                ],
                Format::Json => vec![("emit.json", format!("{doc:#}\n"))],
            };
            write_all(dir, &files).map_err(Failure::internal)?;
        }
        None => match args.format {
            Format::Json => println!("{doc}"),
            Format::Text => {
                let mut out = std::io::stdout().lock();
                let _ = writeln!(
                    out,
                    "# subject\n{}\n# pattern\n{}\n# groups (number, name)\n{groups}",
                    compiled.subject, compiled.pattern
                );
            }
        },
    }
    Ok(Exit::Ok)
}

/// `emit` for a hand-built pattern (rectangles' balancing encoding): the subject, the readable
/// pattern and the `RegexOptions` it needs. `--out` writes `subject.txt` (the subject exactly,
/// no line end added), `pattern.txt` and `options.txt`.
fn emit_hand_built(args: &EmitArgs, puzzle: &str, hand: &HandBuilt<'_>) -> Result<Exit, Failure> {
    let options = hand.option_names.join(" | ");
    let doc = json!({
        "puzzle": puzzle,
        "dialect": hand.engine,
        "encoding": hand.encoding,
        "options": hand.option_names,
        "subject": hand.subject,
        "pattern": hand.pattern,
        "stats": {
            "subject_bytes": hand.subject.len(),
            "pattern_bytes": hand.pattern.len(),
            "groups": hand.groups,
            "backrefs": hand.backrefs,
        },
    });
    match (&args.out, args.format) {
        (Some(dir), Format::Text) => write_all(
            dir,
            &[
                ("subject.txt", hand.subject.clone()),
                ("pattern.txt", hand.pattern.clone()),
                ("options.txt", format!("{options}\n")),
            ],
        )
        .map_err(Failure::internal)?,
        (Some(dir), Format::Json) => {
            write_all(dir, &[("emit.json", format!("{doc:#}\n"))]).map_err(Failure::internal)?
        }
        (None, Format::Json) => println!("{doc}"),
        (None, Format::Text) => {
            let mut out = std::io::stdout().lock();
            let _ = write!(
                out,
                "# subject\n{}\n# pattern (.NET; RegexOptions {options})\n{}",
                hand.subject, hand.pattern
            );
        }
    }
    Ok(Exit::Ok)
}

fn groups_tsv(c: &Compiled) -> String {
    c.groups
        .iter()
        .map(|g| format!("{}\t{}\n", g.number, g.name))
        .collect()
}

/// Writes every file or none: each goes to a temporary name first and is renamed at the end.
fn write_all(dir: &Path, files: &[(&str, String)]) -> Result<()> {
    fs::create_dir_all(dir)
        .with_context(|| format!("cannot create directory {}", dir.display()))?;
    let mut temps = Vec::new();
    let result = (|| -> Result<()> {
        for (name, text) in files {
            let tmp = dir.join(format!(".{name}.tmp"));
            temps.push(tmp.clone());
            fs::write(&tmp, text).with_context(|| format!("cannot write {}", tmp.display()))?;
        }
        for (name, _) in files {
            let tmp = dir.join(format!(".{name}.tmp"));
            fs::rename(&tmp, dir.join(name))
                .with_context(|| format!("cannot write {}", dir.join(name).display()))?;
        }
        Ok(())
    })();
    if result.is_err() {
        for t in temps {
            let _ = fs::remove_file(t);
        }
    }
    result
}
