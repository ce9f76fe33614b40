//! `backref export`: a regression suite of generated cases for regex engine developers.
//!
//! Each case is one stage of one instance (the corpus's instances, and N-Queens boards): the
//! pattern printed in PCRE2's dialect, its subject, its flags (none: generated patterns anchor
//! themselves and need no option), and the expected result — match with every capture, or no
//! match. An instance is exported only when PCRE2 (JIT) solved it through the whole pipeline and
//! the answer was verified by the rule checker and the native solver (or both found no
//! solution); each case's expected result is then PCRE2's interpreter on that exact pattern
//! within `pcre2test`'s default limits, so `pcre2test` reproduces it. `--max-bytes` keeps the
//! suite small. JSON lines also carry the pattern in every other dialect.
//!
//! The `pcre2test` format writes `testinput` and `testoutput`, the latter being exactly what
//! `pcre2test -q testinput` prints (subjects are printable ASCII; anything else is escaped).

use std::fmt::Write as _;
use std::time::Duration;

use backref_engine::{Engine, Limits, Mode, Outcome, Pcre2};
use backref_pipeline::{Instance, Request, RowOutcome, Settings};
use backref_program::{dialect, Options};
use serde_json::json;

use crate::cli::{ExportArgs, ExportFormat, PuzzleArgs};
use crate::corpus::{collect, corpus_dir, Item};
use crate::exit::{Exit, Failure};
use crate::solve::settings;
use crate::write::write_all;

/// `pcre2test`'s default match limit (and depth limit): a case must finish within it.
const PCRE2TEST_MATCH_LIMIT: u64 = 10_000_000;

/// How long verifying one instance may take.
const VERIFY_TIMEOUT: Duration = Duration::from_secs(30);

/// One exported case.
struct Case {
    name: String,
    puzzle: &'static str,
    input: String,
    stage: String,
    pattern: String,
    subject: String,
    /// `None`: no match; otherwise every group up to the highest one set (`None` unset).
    captures: Option<Vec<Option<String>>>,
    /// The pattern in the other dialects, by dialect name.
    others: Vec<(&'static str, String)>,
}

fn settings_for(item: &Item) -> Result<Settings, String> {
    settings(&PuzzleArgs {
        puzzle: item.puzzle.to_string(),
        input: item.input.clone(),
        encoding: None,
        order: None,
        portable: false,
        no_rotation: false,
        reuse: false,
        propagate: None,
        stars: None,
    })
    .map_err(|f| format!("{:#}", f.error))
}

/// Whether PCRE2 solves `instance` through the pipeline with a verified answer.
fn verified(instance: &dyn Instance, settings: &Settings) -> Result<(), String> {
    let engine = Pcre2::jit();
    let request = Request {
        settings: settings.clone(),
        options: Options {
            callouts: true,
            ..Options::new(engine.dialect())
        },
        limits: Limits {
            timeout: Some(VERIFY_TIMEOUT),
            ..Limits::default()
        },
        ..Request::new(&engine)
    };
    let row = instance
        .check_engine(&engine, &request)
        .map_err(|e| e.to_string())?;
    match (row.outcome, row.verified) {
        (RowOutcome::Solved | RowOutcome::NoSolution, Some(true)) => Ok(()),
        _ => Err(format!(
            "not verified on pcre2 ({}{})",
            row.outcome.as_str(),
            row.note.map(|n| format!(": {n}")).unwrap_or_default()
        )),
    }
}

/// The cases of one instance (one per stage), or why there are none.
fn cases_of(item: &Item, max_bytes: usize) -> Result<Vec<Case>, String> {
    let instance = item.instance.as_ref().map_err(Clone::clone)?;
    let settings = settings_for(item)?;
    verified(&**instance, &settings)?;
    let interpreter = Pcre2::interpreter();
    let limits = Limits {
        match_limit: Some(PCRE2TEST_MATCH_LIMIT),
        depth_limit: Some(PCRE2TEST_MATCH_LIMIT),
        ..Limits::default()
    };
    let mut cases = Vec::new();
    for stage in 0..instance.stages().len() {
        let e = instance
            .emit(&settings, &Options::new(&dialect::PCRE2), stage)
            .map_err(|e| e.to_string())?;
        let ascii = e.pattern.is_ascii() && e.subject.is_ascii();
        if e.hand_built.is_some() || !ascii || e.pattern.len() + e.subject.len() > max_bytes {
            continue;
        }
        let run = interpreter
            .run(&e.pattern, &e.subject, Mode::First, &limits)
            .map_err(|e| e.to_string())?;
        let captures = match run.outcome {
            Outcome::Solved(c) => {
                let mut groups: Vec<Option<String>> =
                    (0..c.len()).map(|i| c.get(i).map(str::to_owned)).collect();
                while groups.len() > 1 && groups.last() == Some(&None) {
                    groups.pop();
                }
                Some(groups)
            }
            Outcome::NoSolution => None,
            // Beyond pcre2test's default limits: not a case it can check as written.
            Outcome::GaveUp { .. } => continue,
        };
        let mut others = Vec::new();
        for d in dialect::ALL
            .iter()
            .filter(|d| d.name != dialect::PCRE2.name)
        {
            if let Ok(other) = instance.emit(&settings, &Options::new(d), stage) {
                others.push((d.name, other.pattern));
            }
        }
        let stage_label = e.stage.clone();
        cases.push(Case {
            name: if stage_label.is_empty() {
                format!("{} {}", item.puzzle, item.input)
            } else {
                format!("{} {} stage {stage_label}", item.puzzle, item.input)
            },
            puzzle: item.puzzle,
            input: item.input.clone(),
            stage: stage_label,
            pattern: e.pattern,
            subject: e.subject,
            captures,
            others,
        });
    }
    Ok(cases)
}

/// Runs `backref export`.
pub fn run(args: &ExportArgs) -> Result<Exit, Failure> {
    let dir = corpus_dir(&args.corpus)?;
    let (mut items, _) = collect(&dir, false);
    for n in 1..=args.queens {
        items.insert(
            (n - 1) as usize,
            Item {
                puzzle: "queens",
                input: n.to_string(),
                instance: backref_puzzles::load("queens", &n.to_string())
                    .map_err(|e| format!("{e:#}")),
            },
        );
    }
    let mut cases = Vec::new();
    let mut left_out = 0;
    for item in &items {
        match cases_of(item, args.max_bytes) {
            Ok(c) => cases.extend(c),
            Err(why) => {
                left_out += 1;
                eprintln!("note: left out {} {}: {why}", item.puzzle, item.input);
            }
        }
    }
    if cases.is_empty() {
        return Err(Failure::usage(format!(
            "no case fits --max-bytes {} (of {} instances)",
            args.max_bytes,
            items.len()
        )));
    }
    let files = match args.format {
        ExportFormat::Jsonl => vec![("cases.jsonl", jsonl(&cases))],
        ExportFormat::Pcre2test => {
            let (input, output) = pcre2test(&cases, args.max_bytes);
            vec![("testinput", input), ("testoutput", output)]
        }
    };
    write_all(&args.out, &files).map_err(Failure::io)?;
    eprintln!(
        "wrote {} cases from {} instances into {} ({left_out} instances left out)",
        cases.len(),
        items.len() - left_out,
        args.out.display()
    );
    Ok(Exit::Ok)
}

fn jsonl(cases: &[Case]) -> String {
    let mut out = String::new();
    for c in cases {
        let patterns: serde_json::Map<String, serde_json::Value> = c
            .others
            .iter()
            .map(|(d, p)| (d.to_string(), json!(p)))
            .collect();
        let v = json!({
            "id": c.name,
            "puzzle": c.puzzle,
            "input": c.input,
            "stage": c.stage,
            "dialect": "pcre2",
            "pattern": c.pattern,
            "subject": c.subject,
            "flags": [],
            "expected": if c.captures.is_some() { "match" } else { "no_match" },
            "captures": c.captures,
            "patterns": patterns,
        });
        out.push_str(&v.to_string());
        out.push('\n');
    }
    out
}

/// A delimiter that does not occur in `pattern`.
fn delimiter(pattern: &str) -> char {
    ['/', '!', '"', '\'', '%', '&', '=', '@', '`', '~']
        .into_iter()
        .find(|d| !pattern.contains(*d))
        .unwrap_or('/')
}

/// `subject` as a pcre2test data line: backslashes doubled, anything but printable ASCII (and
/// a space at either end, which pcre2test trims) as `\x{..}`.
fn data_line(subject: &str) -> String {
    let mut out = String::from("    ");
    let last = subject.chars().count().saturating_sub(1);
    for (i, c) in subject.chars().enumerate() {
        match c {
            '\\' => out.push_str("\\\\"),
            ' ' if i == 0 || i == last => out.push_str("\\x{20}"),
            ' '..='~' => out.push(c),
            _ => {
                let _ = write!(out, "\\x{{{:x}}}", c as u32);
            }
        }
    }
    out
}

/// A capture as pcre2test prints it: printable ASCII as is, other bytes as `\xhh`.
fn shown(text: &str) -> String {
    let mut out = String::new();
    for b in text.bytes() {
        if (0x20..0x7f).contains(&b) {
            out.push(b as char);
        } else {
            let _ = write!(out, "\\x{b:02x}");
        }
    }
    out
}

/// `testinput` and the `testoutput` pcre2test prints for it.
fn pcre2test(cases: &[Case], max_bytes: usize) -> (String, String) {
    let mut input = String::new();
    let mut output = String::new();
    let header = format!(
        "# backref regression suite: {} cases generated by backref {} (pattern + subject at most\n\
         # {max_bytes} bytes each). Every expected result is PCRE2's, on instances whose answers were\n\
         # verified by backref's rule checker and native solver. Run: pcre2test -q testinput\n\n\
         #subject ovector=0\n",
        cases.len(),
        env!("CARGO_PKG_VERSION")
    );
    input.push_str(&header);
    output.push_str(&header);
    for c in cases {
        let d = delimiter(&c.pattern);
        let block = format!(
            "\n# {}\n{d}{}{d}\n{}\n",
            c.name.replace('\n', " "),
            c.pattern,
            data_line(&c.subject)
        );
        input.push_str(&block);
        output.push_str(&block);
        match &c.captures {
            None => output.push_str("No match\n"),
            Some(groups) => {
                for (i, g) in groups.iter().enumerate() {
                    match g {
                        Some(text) => {
                            let _ = writeln!(output, "{i:2}: {}", shown(text));
                        }
                        None => {
                            let _ = writeln!(output, "{i:2}: <unset>");
                        }
                    }
                }
            }
        }
    }
    (input, output)
}
