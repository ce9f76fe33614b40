//! Command-line arguments.

use std::path::PathBuf;

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
    /// List the engines with version, availability, JIT and link size.
    Engines(FormatArg),
    /// Behave exactly like the classic `fillit` program: `backref fillit FILE`.
    Fillit {
        /// The arguments, as the classic program takes them (exactly one file).
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
    /// Count every solution inside the engine and compare with the native solver.
    Count(CountArgs),
    /// Time puzzles through an engine and the native solver, and print a Markdown table.
    Bench(BenchArgs),
    /// Run one instance on every engine, verify every answer and compare the engines.
    Check(CheckArgs),
}

/// `backref check`.
#[derive(Args, Debug)]
pub struct CheckArgs {
    /// The puzzle and its encoding (`--portable` restricts every engine to backreferences).
    #[command(flatten)]
    pub puzzle: PuzzleArgs,
    /// Per-engine timeout in seconds.
    #[arg(long, default_value_t = 60.0)]
    pub timeout: f64,
    /// The engines to run, comma-separated (default: all; unavailable ones are reported).
    #[arg(long, value_delimiter = ',')]
    pub engines: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
}

/// `backref count`.
#[derive(Args, Debug)]
pub struct CountArgs {
    /// The puzzle and its encoding.
    #[command(flatten)]
    pub puzzle: PuzzleArgs,
    /// The engine (one that counts inside the engine: pcre2, pcre2-interp).
    #[arg(long, default_value = "pcre2")]
    pub engine: String,
    /// Give up after this many seconds.
    #[arg(long)]
    pub timeout: Option<f64>,
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
    #[arg(long, default_value_t = 20.0)]
    pub timeout: f64,
    /// Runs per instance; each time column shows its fastest run (runs that take over a
    /// second are not repeated).
    #[arg(long, default_value_t = 3)]
    pub repeat: u32,
}

/// Output format.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Text for people.
    #[default]
    Text,
    /// One JSON object on stdout.
    Json,
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

/// The puzzle and how to encode it.
#[derive(Args, Debug, Clone)]
pub struct PuzzleArgs {
    /// The puzzle: queens.
    pub puzzle: String,
    /// The instance: a board size (queens), a file, `-` for stdin, or a task string (aquarium).
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
    /// Rectangles: do not rotate pieces.
    #[arg(long)]
    pub no_rotation: bool,
    /// Rectangles: allow a piece to be used more than once.
    #[arg(long)]
    pub reuse: bool,
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
    /// Give up after this many seconds.
    #[arg(long)]
    pub timeout: Option<f64>,
    /// PCRE2 match limit or fancy-regex backtrack limit.
    #[arg(long)]
    pub match_limit: Option<u64>,
    /// PCRE2 depth limit.
    #[arg(long)]
    pub depth_limit: Option<u64>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
    /// List every solution (counted inside the engine), like `backref count --list`.
    #[arg(long)]
    pub all: bool,
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
}
