//! `backref fillit FILE`: a drop-in replacement for the classic `fillit` program, so public
//! fillit test suites run against backref unchanged. The square is found through PCRE2 and
//! verified; stdout and the exit status are exactly the classic program's.
//!
//! Two forms of the same program run in turn: first the small trie form, which compiles in a
//! few milliseconds and ends most inputs at once, with a short bound that grows with the size
//! of the big pattern ([`FIRST_BOUND_PER_PIECE_CELL`]); then, if it has not answered, the
//! branch-reset form, faster per search node but slow to build, until the whole bound
//! ([`DEFAULT_BOUND`]) is spent. Both give the classic answer (the checker compares every answer
//! with the native solver's). Up to [`LAZY_JIT_MOST_PIECES`] pieces the trie form starts on
//! PCRE2's interpreter and JIT-compiles only a search that outlasts that compile
//! ([`Pcre2::lazy_jit`]). In the trie form a square size whose classic search passes a short
//! budget ([`REFUTE_AFTER_LAZY`], [`REFUTE_AFTER_JIT`]) is handed to the cell-by-cell
//! refutation, which settles a size without an arrangement in a fraction of the classic
//! search's time; a size it finds an arrangement for goes back to the classic search.
//! `BACKREF_FILLIT_FORM` (`reset`, `trie`, `guards`) runs one form alone, for measurements;
//! `BACKREF_FILLIT_STATS` writes the statistics of every size tried to stderr.

use std::ffi::OsStr;
use std::io::Write;
use std::path::Path;
use std::time::{Duration, Instant};

use backref_engine::{Engine, Pcre2};
use backref_fillit::{EXIT_ERROR, EXIT_OK, EXIT_USAGE, USAGE};
use backref_pipeline::{Input, Request, StageStats};
use backref_program::dialect::{Dialect, PCRE2};
use backref_program::{Features, Options};

/// The packing forms the drop-in can compile fillit to (docs/fillit.md, "Forms"). All three
/// find the same first arrangement; they differ in pattern size (compile time) against speed per
/// search node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Form {
    /// Branch reset: O(1) per cell test, the biggest pattern.
    Reset,
    /// The trie loop (PCRE2 without branch reset): a smaller pattern, slower per node.
    Trie,
    /// Backreference guards (`--portable`): the smallest pattern, the slowest per node.
    Guards,
}

/// PCRE2 with branch reset switched off, so that packings take the trie form.
static PCRE2_TRIE: Dialect = Dialect {
    features: Features {
        branch_reset: false,
        ..PCRE2.features
    },
    ..PCRE2
};

impl Form {
    /// Every form with the name `BACKREF_FILLIT_FORM` and `BACKREF_FILLIT_STATS` give it.
    const NAMED: [(Form, &'static str); 3] = [
        (Form::Reset, "reset"),
        (Form::Trie, "trie"),
        (Form::Guards, "guards"),
    ];

    /// The form named by `BACKREF_FILLIT_FORM` (`reset`, `trie`, `guards`), for measurements.
    fn from_env() -> Option<Form> {
        let name = std::env::var("BACKREF_FILLIT_FORM").ok()?;
        Self::NAMED
            .iter()
            .find(|(_, n)| *n == name)
            .map(|(form, _)| *form)
    }

    /// The form's name in `BACKREF_FILLIT_FORM`.
    fn name(self) -> &'static str {
        Self::NAMED
            .iter()
            .find(|(form, _)| *form == self)
            .map_or("", |(_, n)| n)
    }

    /// The engine this form runs on for `pieces` pieces. Up to [`LAZY_JIT_MOST_PIECES`] the
    /// trie form's search nearly always ends at once, so its JIT compiles only a search that
    /// outlasts that compile ([`Pcre2::lazy_jit`]); past that, and for the other forms, the JIT
    /// compiles at once. `BACKREF_FILLIT_ENGINE` names an engine of the registry for every form
    /// instead (`pcre2`, `pcre2-interp`, `pcre2-lazy`), for measurements.
    fn engine(self, pieces: usize) -> Box<dyn Engine> {
        let named = std::env::var("BACKREF_FILLIT_ENGINE")
            .ok()
            .and_then(|name| backref_engine::engine_by_name(&name));
        named.unwrap_or_else(|| {
            if self.lazy(pieces) {
                Box::new(Pcre2::lazy_jit())
            } else {
                Box::new(Pcre2::jit())
            }
        })
    }

    /// Whether this form runs on the lazy JIT for `pieces` pieces (unless
    /// `BACKREF_FILLIT_ENGINE` names another engine).
    fn lazy(self, pieces: usize) -> bool {
        self == Form::Trie && pieces <= LAZY_JIT_MOST_PIECES
    }

    /// The compile options of this form.
    fn options(self) -> Options {
        match self {
            Form::Reset => Options::new(&PCRE2),
            // The first form is for short searches: building the dead-cell checks of an exact
            // fit costs more than they save there (docs/performance.md, "A short first try
            // before the refutation"), and the refutation settles sizes without an arrangement.
            Form::Trie => Options {
                dead_checks: false,
                ..Options::new(&PCRE2_TRIE)
            },
            Form::Guards => Options {
                portable: true,
                ..Options::new(&PCRE2)
            },
        }
    }
}

/// The most pieces for which the trie form starts on the interpreter ([`Form::engine`]).
/// Measured on the public inputs and the fixtures (docs/performance.md, "The C solvers beside
/// the drop-in"): with 1–6 pieces the JIT's compile was most of the drop-in's time (4 pieces:
/// 5.2–6.0 ms with it, 3.6–3.8 ms without); from 7 pieces on, searches longer than the
/// interpreter's budget made some inputs slower (9 pieces: 25 → 62 ms). Measured again with the
/// refutation's short first try and without dead-cell checks ("A short first try before the
/// refutation"): up to 8 or 10 pieces was slower in sum over the 7–10-piece inputs.
pub const LAZY_JIT_MOST_PIECES: usize = 6;

/// How long the regex engine may search before the drop-in answers natively, unless
/// `BACKREF_FILLIT_TIMEOUT` (seconds) says otherwise: the classic program takes no options,
/// and a test suite must not wait forever on an input the regex search cannot finish.
pub const DEFAULT_BOUND: Duration = Duration::from_secs(10);

/// Time the small (trie) form gets per piece and cell of the first square tried, compile
/// included, before the drop-in builds the big branch-reset form (docs/fillit.md, "Forms").
/// The branch-reset pattern grows with pieces × cells, and so does the time to build it: giving
/// the small form about as long as the big one would spend before its search even starts keeps
/// the worst case near twice the big form's time (the rent-or-buy argument), while most inputs
/// end within the small form's share.
pub const FIRST_BOUND_PER_PIECE_CELL: Duration = Duration::from_micros(60);

/// Steps of the trie form's classic search at one square size on the lazy JIT before the
/// cell-by-cell refutation (`backref_fillit::cover`) gets its turn: about 0.7 ms of the
/// interpreter, about twice what refuting anisg_valid_19's 6×6 takes there (compile included).
/// The first try is a `Limits::first_look`, so where the lazy JIT's own budget is larger (6,000
/// steps plus 3 a pattern byte: patterns from 4.7 KB on) a size the refutation settles is never
/// JIT-compiled. Measured in docs/performance.md ("A short first try before the refutation").
pub const REFUTE_AFTER_LAZY: u64 = 20_000;

/// The same on the JIT (from seven pieces on): about 0.2 ms of the JIT's matching. The
/// refutation runs on the lazy JIT (`Engine::for_short_searches`), so it costs a third of what
/// it did on the JIT (anisg_valid_19's 6×6: 0.3 ms against 0.9), and a short first try pays:
/// of 100,000, 50,000, 30,000 and 20,000 steps, 20,000 had the least sum over the public
/// inputs and slowed none of the fixtures (10,000, on five inputs, gained nothing beyond the
/// noise); docs/performance.md, "The refutation on the interpreter".
pub const REFUTE_AFTER_JIT: u64 = 20_000;

/// The small form's share is never below this.
pub const FIRST_BOUND_MIN: Duration = Duration::from_millis(10);

/// The small form's bound for `pieces` pieces whose first square has side `side`:
/// `BACKREF_FILLIT_FIRST_MS` when it is a number of milliseconds, else the rule above.
fn first_bound(pieces: usize, side: usize) -> Duration {
    std::env::var("BACKREF_FILLIT_FIRST_MS")
        .ok()
        .and_then(|s| s.trim().parse::<u64>().ok())
        .map_or_else(
            || (FIRST_BOUND_PER_PIECE_CELL * (pieces * side * side) as u32).max(FIRST_BOUND_MIN),
            Duration::from_millis,
        )
}

/// How many steps the classic search of a square size may take in `form` for `pieces` pieces
/// before the cell-by-cell refutation runs (`Request::refute_after`; `None`: the pipeline's
/// budget, for the branch-reset form). For the trie form, `BACKREF_FILLIT_REFUTE_AFTER` when it
/// is a number, else [`REFUTE_AFTER_LAZY`] on the lazy JIT and [`REFUTE_AFTER_JIT`] on the JIT.
fn refute_after(form: Form, pieces: usize) -> Option<u64> {
    if form != Form::Trie {
        return None;
    }
    let steps = std::env::var("BACKREF_FILLIT_REFUTE_AFTER")
        .ok()
        .and_then(|s| s.trim().parse::<u64>().ok());
    Some(steps.unwrap_or(if form.lazy(pieces) {
        REFUTE_AFTER_LAZY
    } else {
        REFUTE_AFTER_JIT
    }))
}

/// The engine's time bound: `BACKREF_FILLIT_TIMEOUT` when it is a positive number of seconds,
/// else [`DEFAULT_BOUND`].
fn bound() -> Duration {
    std::env::var("BACKREF_FILLIT_TIMEOUT")
        .ok()
        .and_then(|s| s.trim().parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s > 0.0)
        .map_or(DEFAULT_BOUND, Duration::from_secs_f64)
}

/// With `BACKREF_FILLIT_STATS` set, writes each stage a form ran as a JSON line on stderr (which
/// test suites do not compare), for measurements: what a size cost in generating, compiling,
/// matching and the native cross-check.
fn show_stages(form: Form, stages: &[StageStats]) {
    if std::env::var_os("BACKREF_FILLIT_STATS").is_none() {
        return;
    }
    for stage in stages {
        let mut line = serde_json::json!({ "form": form.name() });
        if let (Some(line), Ok(serde_json::Value::Object(fields))) =
            (line.as_object_mut(), serde_json::to_value(stage))
        {
            line.extend(fields);
        }
        eprintln!("{line}");
    }
}

/// Runs the drop-in mode on the arguments after `fillit` and returns the exit status; stdout
/// is flushed before it returns.
pub fn run<S: AsRef<OsStr>>(args: &[S]) -> u8 {
    let status = answer(args);
    let _ = std::io::stdout().flush();
    status
}

/// [`run`]'s work: prints the answer (or `error`, or the usage line) and returns the status.
fn answer<S: AsRef<OsStr>>(args: &[S]) -> u8 {
    crate::heap::keep_freed_memory();
    let mut out = std::io::stdout().lock();
    let [path] = args else {
        let _ = out.write_all(USAGE.as_bytes());
        return EXIT_USAGE as u8;
    };
    let path = Path::new(path.as_ref());
    // The classic program opens its argument as a file, even `-`.
    let entry = backref_fillit::puzzle::ENTRY;
    let input = std::fs::read(path).map(|bytes| Input {
        bytes,
        origin: path.display().to_string(),
    });
    // The piece count and first side, for the choice of form.
    let shape = input
        .as_ref()
        .ok()
        .and_then(|i| backref_fillit::parse(&i.bytes).ok())
        .map(|p| (p.len(), backref_fillit::lower_bound(&p)));
    let Ok(instance) = input
        .map_err(drop)
        .and_then(|i| (entry.parse)(&i).map_err(drop))
    else {
        let _ = out.write_all(b"error\n");
        return EXIT_ERROR as u8;
    };
    let start = Instant::now();
    let plan = match Form::from_env() {
        Some(form) => vec![(form, bound())],
        None => {
            let (pieces, side) = shape.unwrap_or((26, 11));
            let first = first_bound(pieces, side).min(bound());
            vec![(Form::Trie, first), (Form::Reset, bound())]
        }
    };
    let mut answer = None;
    for (form, until) in plan {
        let Some(left) = until.checked_sub(start.elapsed()) else {
            continue;
        };
        let pieces = shape.map_or(usize::MAX, |(pieces, _)| pieces);
        let engine = form.engine(pieces);
        let mut request = Request::new(&*engine);
        request.options = form.options();
        if let Some(steps) = refute_after(form, pieces) {
            request.refute_after = steps;
        }
        // The first form has refuted the small exact fits already (the second starts where
        // the first ran out of time, a size its refutation found solvable).
        request.refute_first = form == Form::Trie;
        request.limits.timeout = Some(left.max(Duration::from_millis(1)));
        // The classic program prints text only.
        request.svg = false;
        // The branch-reset form races the classic search against the packing lookahead
        // (fillit's portfolio); the trie form has no lookahead and runs once.
        if let Ok(r) = instance.solve(&*engine, &request) {
            show_stages(form, &r.stages);
            if r.trusted() {
                answer = Some(r);
                break;
            }
        }
    }
    match answer {
        Some(r) => {
            let text = r.solution.map(|s| s.text).unwrap_or_default();
            let _ = out.write_all(text.as_bytes());
            EXIT_OK as u8
        }
        _ => {
            // The engine gave up or disagreed: answer from the native solver (the same classic
            // order) and say so on stderr, which test suites do not compare.
            eprintln!(
                "backref: the regex engine did not produce a verified answer within {} s; \
                 printing the native solver's",
                bound().as_secs_f64()
            );
            let (text, code) = backref_fillit::drop_in(&[path.as_os_str().to_owned()]);
            let _ = out.write_all(text.as_bytes());
            code as u8
        }
    }
}
