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
    /// l list the exercises (type a number or use the arrows, then Enter), c check all
    /// exercises, r reset this exercise to its stub (asks first), q or Ctrl-C quit.
    ///
    /// When stdin is not a terminal (a pipe, an IDE console), type each key then Enter.
    /// If stdin ends, watch keeps grading on every save without keys; Ctrl-C quits.
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
        /// Refuse to grade unless the sandbox can confine learner code (Landlock file
        /// rules, seccomp, no_new_privs): for CI, where learner code must not reach the
        /// grader's files or its output.
        #[arg(long)]
        require_sandbox: bool,
        #[command(flatten)]
        output: OutputArgs,
    },
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
    /// The seed of the random cases: a number, or `random` (printed in the report).
    /// Default: the learners' fixed seed, or $XORLINGS_SEED, or the file of --seed-file.
    #[arg(long, value_name = "N|random")]
    pub seed: Option<String>,
    /// Read the seed from this file (keep it outside the learners' checkouts).
    #[arg(long, value_name = "FILE", conflicts_with = "seed")]
    pub seed_file: Option<PathBuf>,
}

#[derive(Debug, Subcommand)]
pub enum DevCommand {
    /// Prove the workbook right: manifest, folders and lessons agree, every stub compiles
    /// and fails, every reference solution passes, every recorded solution gets its
    /// recorded verdict, every case keeps its exercise's promises, and time limits have
    /// margins.
    Check {
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
                command: DevCommand::Check { format },
            } => *format,
            _ => Format::Human,
        }
    }
}
