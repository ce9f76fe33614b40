//! `backref bench`: measured figures as a table, the place where speed targets live.

use backref_engine::Limits;
use backref_pipeline::{NativeTree, Request, Settings};
use backref_program::{Options, Propagation};

use crate::cli::BenchArgs;
use crate::exit::{Exit, Failure};
use crate::solve::engine;

/// One benchmark case: a puzzle instance and how to encode it.
struct Case {
    puzzle: &'static str,
    input: String,
    settings: Settings,
    portable: bool,
}

fn queens_cases(quick: bool) -> Vec<Case> {
    let mut sizes: Vec<usize> = if quick {
        vec![8, 16, 20, 24]
    } else {
        (4..=40).collect()
    };
    if !quick {
        sizes.extend([48, 64, 100]);
    }
    let mut cases = Vec::new();
    for n in sizes {
        cases.push(Case {
            puzzle: "queens",
            input: n.to_string(),
            settings: Settings::default(),
            portable: false,
        });
    }
    // The portable (backreference-only) form of the default encoding.
    let portable: Vec<usize> = if quick {
        vec![16, 24]
    } else {
        (4..=24).collect()
    };
    for n in portable {
        cases.push(Case {
            puzzle: "queens",
            input: n.to_string(),
            settings: Settings::default(),
            portable: true,
        });
    }
    // The same search tree on both sides, big enough to time: natural order.
    for n in [16usize, 20, 24, 28] {
        for (encoding, portable) in [
            ("packing", false),
            ("rowguard", false),
            ("rowguard", true),
            ("pairwise", false),
        ] {
            if encoding == "pairwise" && n > 20 {
                continue;
            }
            cases.push(Case {
                puzzle: "queens",
                input: n.to_string(),
                settings: Settings {
                    encoding: Some(encoding.into()),
                    order: Some("natural".into()),
                    ..Settings::default()
                },
                portable,
            });
        }
    }
    cases
}

fn fixture_cases(puzzle: &'static str) -> Vec<Case> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures")
        .join(puzzle);
    // `slow/` holds the fixtures the tests skip: the bench times them too.
    let mut files: Vec<std::path::PathBuf> = [dir.clone(), dir.join("slow")]
        .iter()
        .filter_map(|d| std::fs::read_dir(d).ok())
        .flat_map(|d| d.filter_map(|e| e.ok()).map(|e| e.path()))
        .collect();
    files.retain(|p| p.extension().is_some_and(|e| e == "txt" || e == "cnf"));
    files.sort();
    files
        .into_iter()
        .map(|p| Case {
            puzzle,
            input: p.display().to_string(),
            settings: Settings::default(),
            portable: false,
        })
        .collect()
}

/// Runs `backref bench`.
pub fn run(args: &BenchArgs) -> Result<Exit, Failure> {
    let engine = engine(&args.engine)?;
    let mut cases = Vec::new();
    for puzzle in &args.puzzles {
        let entry = backref_puzzles::find(puzzle)?;
        match entry.name {
            "queens" => cases.extend(queens_cases(args.quick)),
            name => cases.extend(fixture_cases(name)),
        }
    }
    // No callouts (they slow PCRE2's JIT down) for timeouts PCRE2 keeps by a calibrated match
    // limit; longer ones need them.
    let timeout = args.timeout.0;
    let limits = Limits {
        timeout: Some(timeout),
        ..Limits::default()
    };
    let callouts = backref_engine::callouts_for_timeout(&*engine, Some(timeout));
    if let Some(p) = args.propagate {
        println!("propagation: {}", p.name());
        println!();
    }
    // With --steps, the steps of each search, and with --propagate those without it too.
    let step_columns: Vec<(String, Option<Propagation>)> = match (args.steps, args.propagate) {
        (false, _) => Vec::new(),
        (true, None | Some(Propagation::None)) => vec![("steps".into(), args.propagate)],
        (true, Some(p)) => vec![
            ("steps (none)".into(), Some(Propagation::None)),
            (format!("steps ({})", p.name()), Some(p)),
        ],
    };
    let extra: String = step_columns
        .iter()
        .map(|(h, _)| format!(" {h} |"))
        .collect();
    println!(
        "native ms: a native search of the pattern's own tree: the puzzle's native solver, or its mirror of the checks the pattern carries (fillit, Sudoku), or the IR's walk of the pattern's tree (walk_packing for a packing, walk_steps for a program without one); - where a refutation took part or nothing walks that tree"
    );
    println!();
    println!(
        "| puzzle | instance | encoding | order | portable | outcome | pattern B | groups | generate ms | compile ms | match ms | native ms | match/native | total ms |{extra}"
    );
    println!(
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|{}",
        "---|".repeat(step_columns.len())
    );
    let total = cases.len();
    for (k, case) in cases.into_iter().enumerate() {
        let name = std::path::Path::new(&case.input)
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let progress = crate::progress::Progress::start(format!(
            "bench {} {name} ({}/{total})",
            case.puzzle,
            k + 1
        ));
        let instance = match backref_puzzles::load(case.puzzle, &case.input) {
            Ok(i) => i,
            Err(e) => {
                eprintln!("skipping {}: {e:#}", case.input);
                continue;
            }
        };
        let request = Request {
            settings: case.settings.clone(),
            options: Options {
                portable: case.portable,
                callouts,
                propagation: args.propagate,
                ..Options::new(engine.dialect())
            },
            limits: limits.clone(),
            // A benchmark times the solve, not the drawing.
            svg: false,
            ..Request::new(&*engine)
        };
        let r = instance.solve(&*engine, &request)?;
        let last = r.stages.last().cloned().unwrap_or_default();
        let mut times = [
            r.total(|s| s.generate_ms),
            r.total(|s| s.compile_ms),
            r.total(|s| s.match_ms),
            r.total(|s| s.native_ms),
        ];
        // Best of several runs: the machine is shared, and the fastest run is the one least
        // disturbed by other work.
        if r.outcome.finished() && times.iter().sum::<f64>() < 1000.0 {
            for _ in 1..args.repeat.max(1) {
                let again = instance.solve(&*engine, &request)?;
                let more = [
                    again.total(|s| s.generate_ms),
                    again.total(|s| s.compile_ms),
                    again.total(|s| s.match_ms),
                    again.total(|s| s.native_ms),
                ];
                for (t, m) in times.iter_mut().zip(more) {
                    *t = t.min(m);
                }
            }
        }
        let [gen, comp, mat, nat] = times;
        // Where the puzzle's native solver searches a smaller tree than the pattern's (fillit's
        // memoised one), the ratio is taken against a native search of the pattern's own tree,
        // best of as many runs; none when a refutation searched part of a stage or the walk
        // does not mirror the pattern's checks.
        let nat = match instance.native_tree_ms(&request, &r)? {
            NativeTree::Native => Some(nat),
            NativeTree::Untimed => None,
            NativeTree::Ms(first) => {
                let mut best = first;
                if first < 1000.0 {
                    for _ in 1..args.repeat.max(1) {
                        if let NativeTree::Ms(t) = instance.native_tree_ms(&request, &r)? {
                            best = best.min(t);
                        }
                    }
                }
                Some(best)
            }
        };
        let mut steps = String::new();
        for (_, propagation) in &step_columns {
            let request = Request {
                options: Options {
                    propagation: *propagation,
                    ..request.options
                },
                ..request.clone()
            };
            let found =
                backref_pipeline::search_steps(&*instance, &*engine, &request, &r, timeout)?;
            steps.push_str(&match found {
                Some(n) => format!(" {n} |"),
                None => " - |".into(),
            });
        }
        drop(progress);
        println!(
            "| {} | {} | {} | {} | {} | {}{} | {} | {} | {:.2} | {:.2} | {:.2} | {} | {} | {:.1} |{steps}",
            case.puzzle,
            name,
            case.settings.encoding.as_deref().unwrap_or("default"),
            case.settings.order.as_deref().unwrap_or("default"),
            if case.portable { "yes" } else { "no" },
            r.outcome.as_str(),
            if r.problems.is_empty() { "" } else { " (DISAGREEMENT)" },
            last.pattern_bytes,
            last.groups,
            gen,
            comp,
            mat,
            nat.map_or("-".into(), |n| format!("{n:.3}")),
            match nat {
                Some(n) if n > 0.05 => format!("{:.1}x", mat / n),
                _ => "-".into(),
            },
            gen + comp + mat
        );
    }
    Ok(Exit::Ok)
}
