//! The command line, as `clap` parses it. Each command's work is in `commands`.

use std::path::PathBuf;

use clap::{Parser, Subcommand};

use crate::report::Format;

#[derive(Debug, Parser)]
#[command(
    name = "grader",
    version,
    about = "Grades the xorlings exercises with hidden tests and keeps your progress.",
    after_help = "Start with `cargo grader watch`; it shows the current exercise and grades it on every save."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Work through the exercises: grade the current one on every save (the default)
    ///
    /// Shows the current exercise and its verdict, and grades it again each time you save
    /// its file. Keys: n next exercise (once this one passes), h show/hide the hint,
    /// t try your function on an input you type, o all your code printed on the failing
    /// case, L the lesson (q there comes back), l list the exercises (type a number or use
    /// the arrows, then Enter), c check all exercises, r reset this exercise to its stub
    /// (asks first), ? every key. A verdict taller than the terminal scrolls: ↑/↓ or j/k
    /// a line, space/b a page, g/G top/bottom. Esc or q goes back from every other
    /// screen; on the verdict, q quits (asking first while a grading runs), and Ctrl-C
    /// quits at once from anywhere.
    ///
    /// When stdin is not a terminal (a pipe, an IDE console), type each key then Enter
    /// (after t, the next line is the input; + and - scroll a page). If stdin ends, watch
    /// keeps grading on every save without keys, a save of another exercise's file makes
    /// it the current one, and Ctrl-C quits.
    Watch,
    /// Every exercise in order, with its status and lesson.
    List,
    /// Grade one exercise (default: the current one).
    Run {
        /// The exercise's name or number.
        exercise: Option<String>,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Show the hint of an exercise (default: the current one).
    Hint {
        /// The exercise's name or number.
        exercise: Option<String>,
    },
    /// Show the lesson of an exercise (default: the current one).
    Lesson {
        /// The exercise's name or number.
        exercise: Option<String>,
    },
    /// Call your function on your own input: see what it returns, and whether the
    /// exercise's checker accepts it.
    ///
    /// Type the arguments after the name: a one-parameter function takes all the words
    /// (`try xor_all 3 4 5`); otherwise one word per parameter, lists as 3,4,5 or
    /// "[3, 4, 5]" (`try apply_move 3,4,5 0 1`). Exit 0 when the answer is right, 1 when
    /// not, 2 when the input is not one the exercise takes.
    Try {
        /// The exercise's name or number.
        exercise: String,
        /// The function's arguments.
        #[arg(
            allow_hyphen_values = true,
            trailing_var_arg = true,
            value_name = "ARGS"
        )]
        input: Vec<String>,
    },
    /// Put an exercise's stub back, losing your changes to it.
    Reset {
        /// The exercise's name or number.
        exercise: String,
        /// Do not ask for confirmation.
        #[arg(long)]
        yes: bool,
    },
    /// Grade every exercise (in parallel) and rebuild your progress; or grade a
    /// learner's checkout, or a whole class, for an instructor.
    Verify {
        /// Grade the learner's checkout at PATH instead: only its exercise files are
        /// read; this workbook's manifest and hidden tests are used, and nothing is
        /// written there.
        #[arg(long, value_name = "PATH", conflicts_with = "class")]
        workbook: Option<PathBuf>,
        /// With --workbook or --class: grade even when this machine's sandbox is not complete (see
        /// `cargo grader doctor`); what is missing is said once, on stderr.
        #[arg(long)]
        allow_weak_sandbox: bool,
        /// With --workbook, in a grading container that holds this one submission and no
        /// network (Gradescope, PrairieLearn: see autograder/): the container is the
        /// isolation boundary, so grade even where it blocks layers of the sandbox, and
        /// name each missing layer in the report. Refuses to run as root.
        #[arg(long, requires = "workbook", conflicts_with = "allow_weak_sandbox")]
        container_boundary: bool,
        /// With --workbook: grade only these exercises (names or numbers, comma-separated
        /// or repeated), as an assignment of a few exercises does.
        #[arg(
            long,
            value_name = "NAME",
            value_delimiter = ',',
            requires = "workbook"
        )]
        exercise: Vec<String>,
        /// Grade a class: every checkout in DIR (each subfolder), several at once.
        /// Writes OUT/<learner>.json (Exercism's format), OUT/<learner>.txt and
        /// OUT/summary.csv; exit 0 when every learner was graded, 1 when some could
        /// not be (their row says why), 2 when the class could not be graded.
        #[arg(long, value_name = "DIR", requires = "out")]
        class: Option<PathBuf>,
        /// Where --class writes its reports (outside DIR).
        #[arg(long, value_name = "OUT", requires = "class")]
        out: Option<PathBuf>,
        /// Grade each checkout as its git repository was at a deadline: the last commit
        /// at or before DATE (2025-01-31, "2025-01-31 23:59", 2025-01-31T23:59:59+01:00,
        /// @UNIX-SECONDS; committer dates, which the learner's machine writes), or the
        /// commit a git REF names in each repository. Nothing of the learner's
        /// repository is run.
        #[arg(long, value_name = "DATE|REF")]
        as_of: Option<String>,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Play Nim against your own nim_winning_move, once it passes.
    ///
    /// Your function is the engine: it is built from your exercise file and every move
    /// it makes is judged by the exercise's checker, so a wrong move is explained instead
    /// of played. Type a move as HEAP COUNT (`2 3` takes 3 stones from heap 2, heaps
    /// numbered from 1), h for help, q to quit. When stdin is not a terminal, moves are
    /// read one per line until q or the end of input.
    Play(PlayArgs),
    /// The course in your browser: the lesson, the verdict on every save, try and play.
    ///
    /// Serves a page on 127.0.0.1 only (its address is the first line printed): every
    /// exercise with its status, the current one's lesson, its verdict updated on each
    /// save of its file, pictures of the failing position, a box to try your function,
    /// and Nim against your engine. Ctrl-C stops it.
    Serve(ServeArgs),
    /// What the sandbox enforces on this machine, layer by layer, and what is missing.
    Doctor,
    /// Commands for instructors and maintainers.
    Dev {
        #[command(subcommand)]
        command: DevCommand,
    },
}

/// How results are printed, and which cases are graded.
#[derive(Debug, Clone, clap::Args)]
pub struct OutputArgs {
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
    /// The seed of the random cases: a number, or `random` (printed on stderr; reports
    /// name a seed other than 0 by its fingerprint only).
    /// Default: the learners' fixed seed, or $XORLINGS_SEED, or the file of --seed-file.
    #[arg(long, value_name = "N|random")]
    pub seed: Option<String>,
    /// Read the seed from this file (keep it outside the learners' checkouts); `-` reads
    /// it from stdin.
    #[arg(long, value_name = "FILE", conflicts_with = "seed")]
    pub seed_file: Option<PathBuf>,
}

/// How a game of `play` starts.
#[derive(Debug, Clone, clap::Args)]
pub struct PlayArgs {
    /// The starting heaps: at most 8, each from 1 to 65535 [default: 3 4 5].
    #[arg(value_parser = clap::value_parser!(u64).range(1..=65_535))]
    pub heaps: Vec<u64>,
    /// Start from 3 to 5 random heaps of 1 to 15 stones.
    #[arg(long, conflicts_with = "heaps")]
    pub random: bool,
    /// Who moves first.
    #[arg(long, value_enum, default_value_t)]
    pub first: First,
    /// Misère play: whoever takes the last stone loses. The engine is then your
    /// misere_winning_move.
    #[arg(long)]
    pub misere: bool,
}

/// Where `serve` listens.
#[derive(Debug, Clone, clap::Args)]
pub struct ServeArgs {
    /// The port on 127.0.0.1 [default: any free port].
    #[arg(long, default_value_t = 0)]
    pub port: u16,
    /// Open the page in your browser.
    #[arg(long)]
    pub open: bool,
}

/// Who moves first in `play`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum First {
    #[default]
    You,
    Engine,
}

#[derive(Debug, Subcommand)]
pub enum DevCommand {
    /// Prove the workbook right: manifest, folders and lessons agree, every stub compiles
    /// and fails, every reference solution passes, every recorded solution gets its
    /// recorded verdict, every case keeps its exercise's promises, and time limits have
    /// margins.
    Check {
        /// Check only these exercises (names or numbers); all by default.
        exercises: Vec<String>,
        #[arg(long, value_enum, default_value_t)]
        format: Format,
    },
    /// Scaffold a new exercise: manifest entry, stub, solution, recorded solutions,
    /// lesson and hidden tests to fill in.
    New {
        /// The new exercise's name (lowercase letters, digits and `_`).
        name: String,
        /// Place it after this exercise in the course (default: last).
        #[arg(long, value_name = "EXERCISE")]
        after: Option<String>,
    },
    /// Write a learner edition of the workbook to OUT: no solutions in plain sight.
    Release {
        /// The folder to create (it must not exist, or be empty).
        out: PathBuf,
    },
}

impl Command {
    /// The output format, for the commands that have one.
    pub fn format(&self) -> Format {
        match self {
            Command::Run { output, .. } | Command::Verify { output, .. } => output.format,
            Command::Dev {
                command: DevCommand::Check { format, .. },
            } => *format,
            _ => Format::Human,
        }
    }
}
