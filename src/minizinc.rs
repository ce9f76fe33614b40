//! `backref minizinc install [--dir DIR]`: makes backref a MiniZinc solver. Writes
//! `DIR/backref.msc` (the solver configuration, naming this binary by its absolute path) and
//! the solver library `DIR/backref-mznlib/` (the `fzn_*` predicates backref handles natively,
//! from `share/minizinc/backref/` in the repository, built into the binary).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::cli::MinizincArgs;

/// The solver library: file name and text.
pub const MZNLIB: &[(&str, &str)] = &[
    (
        "fzn_regular.mzn",
        include_str!("../share/minizinc/backref/fzn_regular.mzn"),
    ),
    (
        "fzn_all_different_int.mzn",
        include_str!("../share/minizinc/backref/fzn_all_different_int.mzn"),
    ),
    (
        "fzn_table_int.mzn",
        include_str!("../share/minizinc/backref/fzn_table_int.mzn"),
    ),
    (
        "fzn_table_bool.mzn",
        include_str!("../share/minizinc/backref/fzn_table_bool.mzn"),
    ),
    (
        "fzn_inverse.mzn",
        include_str!("../share/minizinc/backref/fzn_inverse.mzn"),
    ),
    (
        "redefinitions.mzn",
        include_str!("../share/minizinc/backref/redefinitions.mzn"),
    ),
    (
        "fzn_count_eq.mzn",
        include_str!("../share/minizinc/backref/fzn_count_eq.mzn"),
    ),
];

/// The solver configuration for a binary at `exe` and a library at `mznlib`.
pub fn msc(exe: &Path, mznlib: &Path) -> String {
    let config = serde_json::json!({
        "id": "org.backref.backref",
        "name": "backref",
        "description": "backref: FlatZinc solved through backtracking regex engines, every answer checked",
        "version": env!("CARGO_PKG_VERSION"),
        "mznlib": mznlib.to_string_lossy(),
        "executable": [exe.to_string_lossy(), "fzn"],
        "tags": ["cp", "int"],
        "stdFlags": ["-a", "-n", "-s", "-t", "-f"],
        "supportsMzn": false,
        "supportsFzn": true,
        "needsSolns2Out": true,
        "needsMznExecutable": false,
        "needsStdlibDir": false,
        "isGUIApplication": false
    });
    serde_json::to_string_pretty(&config).expect("JSON") + "\n"
}

fn default_dir() -> Option<PathBuf> {
    std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".minizinc").join("solvers"))
}

fn install(dir: &Path) -> anyhow::Result<()> {
    let exe = std::env::current_exe()?.canonicalize()?;
    let lib = dir.join("backref-mznlib");
    std::fs::create_dir_all(&lib)?;
    for (name, text) in MZNLIB {
        std::fs::write(lib.join(name), text)?;
    }
    let lib = lib.canonicalize()?;
    // The configuration last, through a temporary file: a failed run leaves no half-written
    // solver behind.
    let tmp = dir.join(".backref.msc.tmp");
    std::fs::write(&tmp, msc(&exe, &lib))?;
    std::fs::rename(&tmp, dir.join("backref.msc"))?;
    Ok(())
}

/// Runs `backref minizinc`.
pub fn run(args: &MinizincArgs) -> ExitCode {
    let crate::cli::MinizincCommand::Install { dir } = &args.command;
    let Some(dir) = dir.clone().or_else(default_dir) else {
        eprintln!("error: no --dir given and HOME is not set");
        return ExitCode::from(2);
    };
    match install(&dir) {
        Ok(()) => {
            println!(
                "installed backref as a MiniZinc solver in {}\n  list it:  MZN_SOLVER_PATH={} minizinc --solvers\n  use it:   minizinc --solver backref model.mzn",
                dir.display(),
                dir.display()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: cannot install into {}: {e:#}", dir.display());
            ExitCode::from(2)
        }
    }
}
