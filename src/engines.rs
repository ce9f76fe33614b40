//! `backref engines`: what each engine is and whether it runs here.

use serde_json::json;

use crate::cli::{Format, FormatArg};
use crate::exit::{Exit, Failure};

/// Runs `backref engines`.
pub fn run(args: &FormatArg) -> Result<Exit, Failure> {
    let infos: Vec<_> = backref_engine::all_engines()
        .iter()
        .map(|e| (e.info(), e.dialect().name))
        .collect();
    match args.format {
        Format::Json => {
            let list: Vec<_> = infos
                .iter()
                .map(|(i, d)| {
                    let mut v = serde_json::to_value(i).expect("serializable");
                    v["dialect"] = json!(d);
                    v
                })
                .collect();
            println!("{}", json!(list));
        }
        // `--format svg` and `--format html` are refused before these commands run
        // (`Command::svg_refused`).
        Format::Text | Format::Svg | Format::Html => {
            println!(
                "{:<21} {:<12} {:<9} {:<4} {:<5} {:<8} version",
                "engine", "dialect", "available", "jit", "link", "count"
            );
            for (i, d) in &infos {
                let version = if i.available {
                    i.version.clone()
                } else {
                    format!("{} (install: {})", i.version, i.install_hint.unwrap_or("-"))
                };
                println!(
                    "{:<21} {:<12} {:<9} {:<4} {:<5} {:<8} {}",
                    i.name,
                    d,
                    if i.available { "yes" } else { "no" },
                    if i.jit { "yes" } else { "no" },
                    i.link_size
                        .map(|l| l.to_string())
                        .unwrap_or_else(|| "-".into()),
                    // How `count` and `solve --unique` run: inside one match, or by re-solving.
                    if i.can_count { "in-match" } else { "re-solve" },
                    version
                );
            }
        }
    }
    Ok(Exit::Ok)
}
