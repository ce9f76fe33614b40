//! `backref emit`: print or write the subject, the pattern and the group map.

use std::io::Write;

use backref_pipeline::Emitted;
use backref_program::{dialect, Naming, Options};
use serde_json::json;

use crate::cli::{EmitArgs, Format, Names, View};
use crate::exit::{Exit, Failure};
use crate::write::write_all;

/// Runs `backref emit`.
pub fn run(args: &EmitArgs) -> Result<Exit, Failure> {
    let settings = crate::solve::settings(&args.puzzle)?;
    let instance = backref_puzzles::load(&args.puzzle.puzzle, &args.puzzle.input)?;
    if args.format == Format::Html {
        return html(args, settings, &*instance);
    }
    if args.solve {
        return Err(Failure::usage(
            "--solve embeds an engine's answer in the page of --format html".into(),
        ));
    }
    let dialect = match dialect::by_name(&args.engine) {
        Some(d) => d,
        None => crate::solve::engine(&args.engine)?.dialect(),
    };
    let options = Options {
        naming: match (args.names, args.view) {
            (Names::Readable, _) | (_, Some(View::Columns)) => Naming::Readable,
            (Names::Compact, None) => Naming::Compact,
        },
        portable: args.puzzle.portable,
        propagation: args.puzzle.propagate,
        ..Options::new(dialect)
    };
    let e = instance.emit(&settings, &options, args.stage)?;
    let stages = instance.stages().len();
    let files: Vec<(&str, String)> = match (&e.hand_built, args.format) {
        (_, Format::Json) => vec![("emit.json", format!("{:#}\n", doc(instance.name(), &e)))],
        (None, Format::Text | Format::Svg | Format::Html) => vec![
            ("subject.txt", e.subject.clone() + "\n"),
            ("pattern.txt", e.pattern.clone() + "\n"),
            ("groups.tsv", groups_tsv(&e)),
        ],
        // The subject exactly, no line end added: the pattern matches it as it is.
        (Some(hand), Format::Text | Format::Svg | Format::Html) => vec![
            ("subject.txt", e.subject.clone()),
            ("pattern.txt", e.pattern.clone()),
            ("options.txt", format!("{}\n", hand.options.join(" | "))),
        ],
    };
    if args.view.is_some() || args.stats {
        print_views(args, instance.name(), &e);
        return Ok(Exit::Ok);
    }
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
        (None, Format::Text | Format::Svg | Format::Html) => writeln!(
            out,
            "{stage}# subject\n{}\n# pattern\n{}\n# groups (number, name)\n{}",
            e.subject,
            e.pattern,
            groups_tsv(&e)
        ),
        (Some(hand), Format::Text | Format::Svg | Format::Html) => write!(
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

/// `--view columns` and `--stats`, as text or as one JSON object.
fn print_views(args: &EmitArgs, puzzle: &str, e: &Emitted) {
    if args.format == Format::Json {
        let mut v = json!({"puzzle": puzzle, "dialect": e.dialect, "stats": e.stats});
        if args.stats {
            v["by_kind"] = json!(crate::view::by_kind(&e.segments));
        }
        if args.view.is_some() {
            v["segments"] = json!(e.segments);
            v["groups"] = json!(e.groups);
        }
        println!("{v}");
        return;
    }
    let mut out = String::new();
    if args.view == Some(View::Columns) {
        out.push_str(&crate::view::columns(e, args.width));
    }
    if args.stats {
        out.push_str(&crate::view::stats_text(e));
    }
    print!("{out}");
}

/// `--format html`: the inspection page on stdout, or `page.html` in `--out`.
fn html(
    args: &EmitArgs,
    settings: backref_pipeline::Settings,
    instance: &dyn backref_pipeline::Instance,
) -> Result<Exit, Failure> {
    if args.view.is_some() || args.stats {
        return Err(Failure::usage(
            "--view and --stats print text; the page of --format html has both".into(),
        ));
    }
    let options = Options {
        naming: Naming::Readable,
        portable: args.puzzle.portable,
        ..Options::new(&dialect::JAVASCRIPT)
    };
    let solved = if args.solve {
        let engine = crate::solve::engine(&args.engine)?;
        backref_pipeline::require_available(&*engine)?;
        let run = crate::solve::Run::start(
            "solve",
            Some(args.timeout),
            args.format,
            &args.puzzle,
            instance,
            &*engine,
        );
        let request = run.request(settings.clone(), &args.puzzle, &*engine);
        let result = instance.solve(&*engine, &request);
        drop(run);
        Some((engine.name(), result?))
    } else {
        None
    };
    let inspection = instance.inspect(&settings, &options, args.stage)?;
    if let Some(hand) = &inspection.emitted.hand_built {
        return Err(Failure::usage(format!(
            "--format html runs the pattern with a browser's JavaScript RegExp; the {} encoding \
             is a hand-built pattern that needs {}: choose another encoding",
            hand.encoding, hand.needs
        )));
    }
    let input = std::path::Path::new(&args.puzzle.input)
        .file_name()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_else(|| args.puzzle.input.clone());
    let title = match inspection.emitted.stage.as_str() {
        "" => format!("{} {input}", instance.name()),
        stage => format!("{} {input}, stage {stage}", instance.name()),
    };
    let page = crate::html::page(
        &title,
        &inspection,
        solved
            .as_ref()
            .map(|(engine, report)| crate::html::Embedded { engine, report }),
        args.timeout.0.as_millis() as u64,
    );
    match &args.out {
        Some(dir) => write_all(dir, &[("page.html", page)]).map_err(Failure::io)?,
        None => print!("{page}"),
    }
    Ok(match &solved {
        Some((_, report)) => crate::solve::exit(report),
        None => Exit::Ok,
    })
}
