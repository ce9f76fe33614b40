//! Command-line arguments.

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Parser, Subcommand, ValueEnum};

/// Compile logic puzzles into regular expressions, solve them with backtracking regex engines,
/// and verify every answer with an independent checker and native solver.
#[derive(Parser, Debug)]
#[command(name = "backref", version, about)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Solve a puzzle through a regex engine, verify the answer and cross-check it natively.
    Solve(SolveArgs),
    /// Print the subject, the pattern and the group map of a puzzle.
    Emit(EmitArgs),
    /// List the engines with version, availability, JIT, link size and how each counts.
    Engines(FormatArg),
    /// Behave exactly like the classic `fillit` program: `backref fillit FILE`.
    Fillit {
        /// The arguments, as the classic program takes them (exactly one file).
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
    /// Count every solution (inside the engine on PCRE2, by re-solving with each solution
    /// excluded elsewhere) and compare with the native solver.
    Count(CountArgs),
    /// Time puzzles through an engine and the native solver, and print a Markdown table.
    Bench(BenchArgs),
    /// Run one instance on every engine, verify every answer and compare the engines.
    Check(CheckArgs),
    /// A drop-in SAT solver: `backref sat FILE.cnf` answers in the SAT-competition format
    /// (`s SATISFIABLE` + `v` lines, exit 10; `s UNSATISFIABLE`, exit 20; `s UNKNOWN`, exit 0).
    Sat(SatArgs),
    /// Write a regression suite of generated cases for regex engine developers.
    Export(ExportArgs),
    /// A FlatZinc solver for MiniZinc: `backref fzn FILE.fzn` answers in MiniZinc's format
    /// (`x = ...;`, `----------`, `==========`, `=====UNSATISFIABLE=====`).
    Fzn(FznArgs),
    /// Make backref a MiniZinc solver: `backref minizinc install [--dir DIR]`.
    Minizinc(MinizincArgs),
}

/// `backref sat`.
#[derive(Args, Debug)]
pub struct SatArgs {
    /// The formula, in DIMACS CNF (`-` for stdin).
    #[arg(allow_hyphen_values = true)]
    pub file: String,
    /// Give up after this many seconds and answer `s UNKNOWN` (default: 300).
    #[arg(long, value_parser = seconds, allow_hyphen_values = true)]
    pub timeout: Option<Seconds>,
    /// The engine to run.
    #[arg(long, default_value = "pcre2")]
    pub engine: String,
    /// The static search order (by default occurrence-greedy on dense formulas, from 4
    /// clauses per variable, and greedy below).
    #[arg(long)]
    pub order: Option<String>,
}

/// `backref export`.
#[derive(Args, Debug)]
pub struct ExportArgs {
    /// `jsonl`: one case a line (`cases.jsonl`); `pcre2test`: `testinput` and the `testoutput`
    /// that `pcre2test -q testinput` prints.
    #[arg(long, value_enum)]
    pub format: ExportFormat,
    /// The directory to write into (created if needed; files replaced all or nothing).
    #[arg(long)]
    pub out: PathBuf,
    /// The instances: every puzzle's instances in this folder (`DIR/<puzzle>/*.txt`), or
    /// `fixtures` for the project's own.
    #[arg(long, default_value = "fixtures", value_name = "DIR|fixtures")]
    pub corpus: String,
    /// Also N-Queens boards 1 to N.
    #[arg(long, default_value_t = 8)]
    pub queens: u32,
    /// Keep only cases whose pattern and subject together have at most this many bytes.
    #[arg(long, default_value_t = 20_000)]
    pub max_bytes: usize,
}

/// What `backref export` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ExportFormat {
    /// JSON lines: pattern, subject, flags, expected outcome and captures.
    Jsonl,
    /// PCRE2's own test format: `testinput` and `testoutput`.
    Pcre2test,
}

/// `backref check`.
#[derive(Args, Debug)]
pub struct CheckArgs {
    /// The puzzle (not with `--corpus`).
    #[arg(help = puzzle_help(), required_unless_present = "corpus")]
    pub puzzle: Option<String>,
    /// The instance: a board size (queens), a file, `-` for stdin, or a task string (aquarium).
    #[arg(allow_hyphen_values = true, required_unless_present = "corpus")]
    pub input: Option<String>,
    /// The encoding (puzzle-specific; the fastest is the default).
    #[arg(long)]
    pub encoding: Option<String>,
    /// The static search order (puzzle-specific).
    #[arg(long)]
    pub order: Option<String>,
    /// Use only captures and backreferences, the published scheme's restriction.
    #[arg(long)]
    pub portable: bool,
    /// Rectangles: do not rotate pieces (an error for other puzzles).
    #[arg(long)]
    pub no_rotation: bool,
    /// Rectangles: allow a piece to be used more than once (an error for other puzzles).
    #[arg(long)]
    pub reuse: bool,
    /// Star Battle: stars in every row, column and region (default 1, or the file's own
    /// `stars: K` line; an error for other puzzles).
    #[arg(long, value_name = "K")]
    pub stars: Option<u32>,
    /// Propagation inside the pattern, as for `solve` (also with `--corpus`).
    #[arg(long, value_name = "none|light|forward|complete", value_parser = parse_propagation)]
    pub propagate: Option<backref_program::Propagation>,
    /// Check every instance of every puzzle in a folder instead (`DIR/<puzzle>/**`, files
    /// ending `.txt`), or `fixtures` for the project's own: one matrix, instance × engine.
    #[arg(long, value_name = "DIR|fixtures", conflicts_with_all = ["puzzle", "input", "encoding", "order", "no_rotation", "reuse", "stars"])]
    pub corpus: Option<String>,
    /// With `--corpus`: also the instances in folders called `slow`.
    #[arg(long, requires = "corpus")]
    pub slow: bool,
    /// With `--corpus`: how many instances to check at once (default: the number of cores).
    #[arg(long, requires = "corpus")]
    pub jobs: Option<usize>,
    /// Per-engine timeout in seconds (default 60; 3 with `--corpus`).
    #[arg(long, value_parser = seconds, allow_hyphen_values = true)]
    pub timeout: Option<Seconds>,
    /// The engines to run, comma-separated (default: all; unavailable ones are reported).
    #[arg(long, value_delimiter = ',')]
    pub engines: Vec<String>,
    /// Output format (with `--corpus`, text is a Markdown matrix).
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
}

impl CheckArgs {
    /// The puzzle arguments of a single-instance check (`None` with `--corpus`).
    pub fn puzzle_args(&self) -> Option<PuzzleArgs> {
        Some(PuzzleArgs {
            puzzle: self.puzzle.clone()?,
            input: self.input.clone()?,
            encoding: self.encoding.clone(),
            order: self.order.clone(),
            portable: self.portable,
            no_rotation: self.no_rotation,
            reuse: self.reuse,
            propagate: self.propagate,
            stars: self.stars,
        })
    }
}

/// `backref count`.
#[derive(Args, Debug)]
pub struct CountArgs {
    /// The puzzle and its encoding.
    #[command(flatten)]
    pub puzzle: PuzzleArgs,
    /// The engine. pcre2 and pcre2-interp count inside one match; every other engine
    /// re-solves with each solution found excluded (one run per solution).
    #[arg(long, default_value = "pcre2")]
    pub engine: String,
    /// Give up after this many seconds, for the whole run: generation, compiling and every
    /// match. Without it, a run gives up after 300 s (exit 3).
    #[arg(long, value_parser = seconds, allow_hyphen_values = true)]
    pub timeout: Option<Seconds>,
    /// Stop after this many solutions: the count is then a lower bound (gave up, exit 3).
    /// Default: no cap inside the engine, 1000 when re-solving.
    #[arg(long, value_name = "N")]
    pub max: Option<u64>,
    /// Also list the solutions (at most --max-list of them).
    #[arg(long)]
    pub list: bool,
    /// How many solutions `--list` prints at most.
    #[arg(long, default_value_t = 100)]
    pub max_list: usize,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
}

/// `backref bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Puzzles to time: queens (a range of sizes) or a puzzle name (its fixtures).
    #[arg(default_values_t = vec!["queens".to_string()])]
    pub puzzles: Vec<String>,
    /// The engine to time.
    #[arg(long, default_value = "pcre2")]
    pub engine: String,
    /// Fewer instances.
    #[arg(long)]
    pub quick: bool,
    /// Per-instance timeout in seconds.
    #[arg(long, default_value = "20", value_parser = seconds, allow_hyphen_values = true)]
    pub timeout: Seconds,
    /// Runs per instance; each time column shows its fastest run (runs that take over a
    /// second are not repeated).
    #[arg(long, default_value_t = 3)]
    pub repeat: u32,
    /// Propagation inside the pattern, as for `solve` (the title line says which).
    #[arg(long, value_name = "none|light|forward|complete", value_parser = parse_propagation)]
    pub propagate: Option<backref_program::Propagation>,
    /// Add the size of each search: the engine's steps (PCRE2: the least match limit under
    /// which the search ends, found by re-running it, within the timeout), and with
    /// `--propagate` the steps of the same search without propagation.
    #[arg(long)]
    pub steps: bool,
}

/// Output format.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Text for people.
    #[default]
    Text,
    /// One JSON object on stdout.
    Json,
    /// An SVG drawing of the answer (`solve` only).
    Svg,
    /// One self-contained HTML page to inspect the pattern and solve it in a browser (`emit`
    /// only).
    Html,
}

/// A statement-aligned view of `emit`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum View {
    /// One line per statement: subject segment, pattern segment, what it states.
    Columns,
}

/// Group naming on the command line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Names {
    /// Numbered groups.
    #[default]
    Compact,
    /// Named groups such as `Q_3_5`.
    Readable,
}

/// `--format`.
#[derive(Args, Debug)]
pub struct FormatArg {
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
}

/// A `--propagate` level by name.
fn parse_propagation(s: &str) -> Result<backref_program::Propagation, String> {
    backref_program::Propagation::from_name(s).ok_or_else(|| {
        let names: Vec<&str> = backref_program::Propagation::ALL
            .iter()
            .map(|p| p.name())
            .collect();
        format!("expected one of {}", names.join(", "))
    })
}

/// The puzzle and how to encode it.
#[derive(Args, Debug, Clone)]
pub struct PuzzleArgs {
    /// The puzzle.
    #[arg(help = puzzle_help())]
    pub puzzle: String,
    /// The instance: a board size (queens), a file, `-` for stdin, or a task string (aquarium).
    #[arg(allow_hyphen_values = true)]
    pub input: String,
    /// The encoding (puzzle-specific; the fastest is the default).
    #[arg(long)]
    pub encoding: Option<String>,
    /// The static search order (puzzle-specific).
    #[arg(long)]
    pub order: Option<String>,
    /// Use only captures and backreferences, the published scheme's restriction.
    #[arg(long)]
    pub portable: bool,
    /// Propagation inside the pattern: `none`, `light` (must-cover pairs in packings),
    /// `forward` (forward checking in packings) or `complete` (after each item of a packing, an
    /// order-free search that the rest can still be placed), on PCRE2. The default is what
    /// measured fastest for the puzzle (fillit races none against complete).
    #[arg(long, value_name = "none|light|forward|complete", value_parser = parse_propagation)]
    pub propagate: Option<backref_program::Propagation>,
    /// Rectangles: do not rotate pieces (an error for other puzzles).
    #[arg(long)]
    pub no_rotation: bool,
    /// Rectangles: allow a piece to be used more than once (an error for other puzzles).
    #[arg(long)]
    pub reuse: bool,
    /// Star Battle: stars in every row, column and region (default 1; an error for other
    /// puzzles). Passed to the puzzle as the valued switch `stars=K`.
    #[arg(long, value_name = "K")]
    pub stars: Option<u32>,
}

/// `backref solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    /// The puzzle and its encoding.
    #[command(flatten)]
    pub puzzle: PuzzleArgs,
    /// The engine to run.
    #[arg(long, default_value = "pcre2")]
    pub engine: String,
    /// Give up after this many seconds, for the whole run: generation, compiling and every
    /// match. Without it, a run gives up after 300 s (exit 3).
    #[arg(long, value_parser = seconds, allow_hyphen_values = true)]
    pub timeout: Option<Seconds>,
    /// PCRE2 match limit or fancy-regex backtrack limit.
    #[arg(long)]
    pub match_limit: Option<u64>,
    /// PCRE2 depth limit.
    #[arg(long)]
    pub depth_limit: Option<u64>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
    /// List every solution, like `backref count --list` (inside the engine on pcre2, by
    /// re-solving elsewhere).
    #[arg(long, conflicts_with = "unique")]
    pub all: bool,
    /// For a file of several instances (one per line): how many to solve at once (default:
    /// the number of cores).
    #[arg(long)]
    pub jobs: Option<usize>,
    /// Check that the solution is unique: the engine stops at a second solution (pcre2), or
    /// solves again with the first excluded (other engines); the answer is unique, not unique
    /// (both solutions shown), or no solution.
    #[arg(long)]
    pub unique: bool,
}

/// `backref emit`.
#[derive(Args, Debug)]
pub struct EmitArgs {
    /// The puzzle and its encoding.
    #[command(flatten)]
    pub puzzle: PuzzleArgs,
    /// The engine whose dialect to print (or a dialect name: perl, python, javascript, dotnet).
    #[arg(long, default_value = "pcre2")]
    pub engine: String,
    /// Group names.
    #[arg(long, value_enum, default_value_t)]
    pub names: Names,
    /// Write subject.txt, pattern.txt and groups.tsv into this directory instead of stdout.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
    /// Which stage to print (fillit: 0 is the smallest square).
    #[arg(long, default_value_t = 0)]
    pub stage: usize,
    /// Print a statement-aligned view instead of the whole pattern (readable group names).
    #[arg(long, value_enum, conflicts_with = "out")]
    pub view: Option<View>,
    /// Print size figures: bytes, statements, groups, backreferences per gadget kind.
    #[arg(long, conflicts_with = "out")]
    pub stats: bool,
    /// The width `--view columns` fits its lines into (at least 40).
    #[arg(long, default_value_t = 120)]
    pub width: usize,
    /// `--format html`: solve with `--engine` first and show its answer and timing in the page.
    #[arg(long)]
    pub solve: bool,
    /// `--format html`: the time limit of "solve in this browser", in seconds; with `--solve`
    /// also the engine's.
    #[arg(long, default_value = "10", value_parser = seconds, allow_hyphen_values = true)]
    pub timeout: Seconds,
}

/// The longest time limit taken, in seconds (about 116 days): beyond it a limit means nothing.
pub const MAX_SECONDS: f64 = 1e7;

/// A time limit given in seconds: a positive, finite number up to [`MAX_SECONDS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seconds(pub Duration);

/// Parses a time limit in seconds; one rule for every subcommand.
fn seconds(text: &str) -> Result<Seconds, String> {
    let s: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("a number of seconds, e.g. 10 or 0.5; got {text:?}"))?;
    if !(s.is_finite() && s > 0.0 && s <= MAX_SECONDS) {
        return Err(format!(
            "a positive number of seconds up to {MAX_SECONDS:e}; got {text}"
        ));
    }
    Ok(Seconds(Duration::from_secs_f64(s)))
}

/// The puzzle argument's help: every registered puzzle with what its input is.
fn puzzle_help() -> String {
    let list: Vec<String> = backref_puzzles::PUZZLES
        .iter()
        .map(|p| format!("{} ({})", p.name, p.input_help))
        .collect();
    format!("The puzzle: {}", list.join("; "))
}

impl Command {
    /// Whether the command was asked for JSON output (its errors are JSON too).
    pub fn json(&self) -> bool {
        let format = match self {
            Command::Solve(a) => a.format,
            Command::Emit(a) => a.format,
            Command::Engines(a) => a.format,
            Command::Count(a) => a.format,
            Command::Check(a) => a.format,
            Command::Fillit { .. }
            | Command::Bench(_)
            | Command::Sat(_)
            | Command::Export(_)
            | Command::Fzn(_)
            | Command::Minizinc(_) => Format::Text,
        };
        format == Format::Json
    }

    /// Why the command cannot write `--format svg` or `--format html`, when it was asked to:
    /// only `solve` of one answer draws SVG, only `emit` writes a page.
    pub fn svg_refused(&self) -> Option<String> {
        let html = match self {
            Command::Solve(a) => a.format,
            Command::Engines(a) => a.format,
            Command::Count(a) => a.format,
            Command::Check(a) => a.format,
            Command::Emit(_)
            | Command::Fillit { .. }
            | Command::Bench(_)
            | Command::Sat(_)
            | Command::Export(_)
            | Command::Fzn(_)
            | Command::Minizinc(_) => Format::Text,
        } == Format::Html;
        if html {
            return Some(
                "--format html writes an inspection page: only `backref emit` takes it".into(),
            );
        }
        let (command, format) = match self {
            Command::Solve(a) if a.all => ("solve --all", a.format),
            Command::Solve(a) if a.unique => ("solve --unique", a.format),
            Command::Solve(_)
            | Command::Fillit { .. }
            | Command::Bench(_)
            | Command::Sat(_)
            | Command::Export(_)
            | Command::Fzn(_)
            | Command::Minizinc(_) => return None,
            Command::Emit(a) => ("emit", a.format),
            Command::Engines(a) => ("engines", a.format),
            Command::Count(a) => ("count", a.format),
            Command::Check(a) => ("check", a.format),
        };
        (format == Format::Svg).then(|| {
            format!("--format svg draws one solved board: only `backref solve` takes it, not `backref {command}` (use text or json)")
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_are_positive_and_finite() {
        assert_eq!(seconds("0.5").unwrap().0, Duration::from_millis(500));
        for bad in ["0", "-1", "nan", "inf", "1e300", "x", ""] {
            assert!(seconds(bad).is_err(), "{bad}");
        }
    }
}

/// `backref fzn`: the flags MiniZinc passes to a FlatZinc solver.
#[derive(Args, Debug)]
pub struct FznArgs {
    /// The FlatZinc file.
    pub file: String,
    /// Print every solution (satisfaction) or every improving one (optimisation).
    #[arg(short = 'a', long = "all-solutions")]
    pub all_solutions: bool,
    /// Stop after this many solutions (at least 1).
    #[arg(short = 'n', long = "num-solutions", value_parser = clap::value_parser!(u64).range(1..))]
    pub num_solutions: Option<u64>,
    /// Print statistics as `%%%mzn-stat:` lines.
    #[arg(short = 's', long = "statistics")]
    pub statistics: bool,
    /// Time limit in milliseconds (default: 300 s).
    #[arg(short = 't', long = "time-limit")]
    pub time_limit: Option<u64>,
    /// Free search: backref always searches in its own static order, so this changes nothing.
    #[arg(short = 'f', long = "free-search")]
    pub free_search: bool,
    /// The engine to run.
    #[arg(long, default_value = "pcre2")]
    pub engine: String,
    /// The static decision order: greedy (the default: most constraints completed first) or
    /// declaration (file order).
    #[arg(long)]
    pub order: Option<String>,
}

/// `backref minizinc`.
#[derive(Args, Debug)]
pub struct MinizincArgs {
    /// What to do.
    #[command(subcommand)]
    pub command: MinizincCommand,
}

/// `backref minizinc` subcommands.
#[derive(Subcommand, Debug)]
pub enum MinizincCommand {
    /// Write backref.msc and the solver library (mznlib) into DIR, so that
    /// `MZN_SOLVER_PATH=DIR minizinc --solvers` lists backref.
    Install {
        /// Where (default: ~/.minizinc/solvers, where MiniZinc looks by itself).
        #[arg(long)]
        dir: Option<PathBuf>,
    },
}
