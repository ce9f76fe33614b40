//! Engines that run as subprocesses: Perl, Python's `re`, JavaScript (node) and .NET (Mono).
//!
//! Each run writes the pattern and the subject to files in a fresh temporary directory (never
//! through a shell), runs a small runner program from `engines/` (embedded here with
//! `include_str!`), and parses its output, whose line format is shared by every runner and
//! described in `engines/README.md`. A run that outlives its timeout
//! ([`DEFAULT_EXTERNAL_TIMEOUT`] when none is given) is killed and reported as
//! [`Limit::Timeout`](crate::Limit::Timeout). PCRE2-style match, depth and heap limits do not apply here.

mod built;
mod cache;
mod dotnet;
mod process;
mod protocol;
mod script;

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

pub use built::{Built, BuiltKind};
pub use dotnet::{Dotnet, DotnetOptions, DotnetRuntime};
pub use script::{External, ExternalKind};

/// Timeout of an external run when [`crate::Limits::timeout`] is `None`.
pub const DEFAULT_EXTERNAL_TIMEOUT: Duration = Duration::from_secs(300);

/// How long `--version`-style probes may take.
const VERSION_TIMEOUT: Duration = Duration::from_secs(20);

/// Versions reported by external programs, by resolved path; `Err` holds why there is none.
fn version_cache() -> &'static Mutex<HashMap<String, Result<String, String>>> {
    static CACHE: OnceLock<Mutex<HashMap<String, Result<String, String>>>> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(HashMap::new()))
}

/// Runs `program args` once per process and caches the first line of its output (stdout, else
/// stderr), mapped through `format`.
fn cached_version(
    program: &std::path::Path,
    args: &[&str],
    format: fn(&str) -> String,
) -> Result<String, String> {
    let key = format!("{} {}", program.display(), args.join(" "));
    if let Some(v) = version_cache()
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get(&key)
    {
        return v.clone();
    }
    let result = process::probe(program, args, VERSION_TIMEOUT).map(|text| format(text.trim()));
    version_cache()
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(key, result.clone());
    result
}
