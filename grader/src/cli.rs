//! The command line: `clap`'s builder makes the parser (one function per command
//! below), and the matches become the typed [`Cli`]. Each command's work is in
//! `commands`. (No derive: clap's derive macros and the parser of Rust they need took
//! seconds of the first build.)

use std::path::PathBuf;

use clap::builder::{EnumValueParser, PossibleValue};
use clap::error::ErrorKind;
use clap::{Arg, ArgAction, ArgMatches, CommandFactory, FromArgMatches, Parser, ValueEnum};

use crate::report::Format;

const ABOUT: &str = "Grades the xorlings exercises with hidden tests and keeps your progress.";
const AFTER_HELP: &str =
    "Start with `cargo grader watch`; it shows the current exercise and grades it on every save.";

const WATCH: &str = "Work through the exercises: grade the current one on every save (the \
default)

Shows the current exercise and its verdict, and grades it again each time you save its file. \
Keys: n next exercise (once this one passes), h show/hide the hint, t try your function on an \
input you type, o all your code printed on the failing case, L the lesson (q there comes \
back), l list the exercises (type a number or use the arrows, then Enter), c check all \
exercises, r reset this exercise to its stub (asks first), ? every key. A verdict taller than \
the terminal scrolls: ↑/↓ or j/k a line, space/b a page, g/G top/bottom. Esc or q goes back \
from every other screen; on the verdict, q quits (asking first while a grading runs), and \
Ctrl-C quits at once from anywhere.

When stdin is not a terminal (a pipe, an IDE console), type each key then Enter (after t, the \
next line is the input; + and - scroll a page). If stdin ends, watch keeps grading on every \
save without keys, a save of another exercise's file makes it the current one, and Ctrl-C \
quits.";
const TRY: &str = "Call your function on your own input: see what it returns, and whether the \
exercise's checker accepts it.

Type the arguments after the name: a one-parameter function takes all the words (`try xor_all \
3 4 5`); otherwise one word per parameter, lists as 3,4,5 or \"[3, 4, 5]\" (`try apply_move \
3,4,5 0 1`). Exit 0 when the answer is right, 1 when not, 2 when the input is not one the \
exercise takes.";
const VERIFY: &str = "Grade every exercise (in parallel) and rebuild your progress; or grade a \
learner's checkout, or a whole class, for an instructor.";
const WORKBOOK: &str = "Grade the learner's checkout at PATH instead: only its exercise files \
are read; this workbook's manifest and hidden tests are used, and nothing is written there";
const ALLOW_WEAK_SANDBOX: &str = "With --workbook or --class: grade even when this machine's \
sandbox is not complete (see `cargo grader doctor`); what is missing is said once, on stderr";
const CONTAINER_BOUNDARY: &str = "With --workbook, in a grading container that holds this one \
submission and no network (Gradescope, PrairieLearn: see autograder/): the container is the \
isolation boundary, so grade even where it blocks layers of the sandbox, and name each missing \
layer in the report. Refuses to run as root";
const ONLY_EXERCISES: &str = "With --workbook: grade only these exercises (names or numbers, \
comma-separated or repeated), as an assignment of a few exercises does";
const CLASS: &str = "Grade a class: every checkout in DIR (each subfolder), several at once. \
Writes OUT/<learner>.json (Exercism's format), OUT/<learner>.txt and OUT/summary.csv; exit 0 \
when every learner was graded, 1 when some could not be (their row says why), 2 when the class \
could not be graded";
const TIME_BUDGET: &str = "Stop grading after this many seconds in all, and report what was \
not graded as such: set it below the grading platform's own timeout, so that a report is \
always written (autograder/ sets it)";
const AS_OF: &str = "Grade each checkout as its git repository was at a deadline: the last \
commit at or before DATE (2025-01-31, \"2025-01-31 23:59\", 2025-01-31T23:59:59+01:00, \
@UNIX-SECONDS; committer dates, which the learner's machine writes), or the commit a git REF \
names in each repository. Nothing of the learner's repository is run";
const SEED: &str = "The seed of the random cases: a number, or `random` (printed on stderr; \
reports name a seed other than 0 by its fingerprint only). Default: the learners' fixed seed, \
or $XORLINGS_SEED, or the file of --seed-file";
const SEED_FILE: &str = "Read the seed from this file (keep it outside the learners' \
checkouts); `-` reads it from stdin";
const PLAY: &str = "Play Nim against your own nim_winning_move (or Kayles against \
kayles_grundy), once it passes.

Your function is the engine: it is built from your exercise file and every move it makes is \
judged by the exercise's checker, so a wrong move is explained instead of played. Type a move \
as HEAP COUNT (`1 3` takes 3 stones from heap 1, heaps numbered from 0), h for help, q to \
quit. With --kayles, the engine knocks down pins by your kayles_grundy's Grundy numbers, each \
judged by the checker. When stdin is not a terminal, moves are read one per line until q or \
the end of input.";
const KAYLES: &str = "Play Kayles against your own kayles_grundy instead: HEAPS are then \
rows of pins (at most 20 pins in all; default: a row of 10). Type a move as ROW PIN, or ROW PIN \
2 for that pin and the next, rows and pins numbered from 0";
const MISERE: &str = "Misère play: whoever takes the last stone loses. The engine is then your \
misere_winning_move";
const SERVE: &str = "The course in your browser: the lesson, the verdict on every save, try and \
play.

Serves a page on 127.0.0.1 only (its address is the first line printed): every exercise with \
its status, the current one's lesson, its verdict updated on each save of its file, pictures \
of the failing position, a box to try your function, and Nim against your engine. Ctrl-C stops \
it.";
const CHECK: &str = "Prove the workbook right: manifest, folders and lessons agree, every stub \
compiles and fails, every reference solution passes, every recorded solution gets its recorded \
verdict, every case keeps its exercise's promises, and time limits have margins.";
const NEW: &str = "Scaffold a new exercise: manifest entry, stub, solution, recorded \
solutions, lesson and hidden tests to fill in.";

/// The command line: a command, or none (watch).
#[derive(Debug)]
pub struct Cli {
    pub command: Option<Command>,
}

#[derive(Debug)]
pub enum Command {
    Watch,
    List,
    Run {
        exercise: Option<String>,
        output: OutputArgs,
    },
    Hint {
        exercise: Option<String>,
    },
    Lesson {
        exercise: Option<String>,
    },
    Try {
        exercise: String,
        input: Vec<String>,
    },
    Reset {
        exercise: String,
        yes: bool,
    },
    Verify {
        workbook: Option<PathBuf>,
        allow_weak_sandbox: bool,
        container_boundary: bool,
        exercise: Vec<String>,
        class: Option<PathBuf>,
        out: Option<PathBuf>,
        as_of: Option<String>,
        /// The seconds the whole grading may take.
        time_budget: Option<u64>,
        output: OutputArgs,
    },
    Play(PlayArgs),
    Serve(ServeArgs),
    Doctor,
    Dev {
        command: DevCommand,
    },
}

/// How results are printed, and which cases are graded.
#[derive(Debug, Clone)]
pub struct OutputArgs {
    pub format: Format,
    pub seed: Option<String>,
    pub seed_file: Option<PathBuf>,
}

/// How a game of `play` starts.
#[derive(Debug, Clone)]
pub struct PlayArgs {
    /// Empty for the default heaps.
    pub heaps: Vec<u64>,
    pub random: bool,
    pub first: First,
    pub misere: bool,
    /// Kayles against kayles_grundy: the heaps are rows of pins.
    pub kayles: bool,
}

/// Where `serve` listens.
#[derive(Debug, Clone)]
pub struct ServeArgs {
    /// 0 for any free port.
    pub port: u16,
    pub open: bool,
}

/// Who moves first in `play`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum First {
    #[default]
    You,
    Engine,
}

#[derive(Debug)]
pub enum DevCommand {
    Check {
        exercises: Vec<String>,
        format: Format,
    },
    New {
        name: String,
        after: Option<String>,
    },
    Release {
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

impl CommandFactory for Cli {
    fn command() -> clap::Command {
        clap::Command::new("grader")
            .version(env!("CARGO_PKG_VERSION"))
            .about(ABOUT)
            .after_help(AFTER_HELP)
            .subcommands([
                described("watch", WATCH),
                described(
                    "list",
                    "Every exercise in order, with its status and lesson.",
                ),
                described("run", "Grade one exercise (default: the current one).")
                    .arg(exercise(false))
                    .args(output_args()),
                described(
                    "hint",
                    "Show the hint of an exercise (default: the current one).",
                )
                .arg(exercise(false)),
                described(
                    "lesson",
                    "Show the lesson of an exercise (default: the current one).",
                )
                .arg(exercise(false)),
                try_(),
                described(
                    "reset",
                    "Put an exercise's stub back, losing your changes to it.",
                )
                .arg(exercise(true))
                .arg(flag("yes", "Do not ask for confirmation")),
                verify(),
                play(),
                serve(),
                described(
                    "doctor",
                    "What the sandbox enforces on this machine, layer by layer, and what is \
                     missing.",
                ),
                dev(),
            ])
    }

    fn command_for_update() -> clap::Command {
        Cli::command()
    }
}

/// The command `name`, described by `text` as clap's derive would: its first paragraph
/// (without its final period) in the summary of `-h`, all of it in `--help` when there
/// is more.
fn described(name: &'static str, text: &'static str) -> clap::Command {
    let (summary, more) = text.split_once("\n\n").unwrap_or((text, ""));
    let summary = summary
        .strip_suffix('.')
        .filter(|short| !short.ends_with('.'))
        .unwrap_or(summary);
    let command = clap::Command::new(name).about(summary);
    match more.is_empty() {
        true => command,
        false => command.long_about(text),
    }
}

/// The exercise a command works on, by name or number.
fn exercise(required: bool) -> Arg {
    Arg::new("exercise")
        .value_name("EXERCISE")
        .help("The exercise's name or number")
        .required(required)
}

/// The arguments `VALUE...` after the others, none or more.
fn values(id: &'static str, value: &'static str, help: &'static str) -> Arg {
    Arg::new(id)
        .value_name(value)
        .help(help)
        .num_args(1..)
        .action(ArgAction::Append)
}

/// The flag `--long` (each option's id is its long name).
fn flag(long: &'static str, help: &'static str) -> Arg {
    Arg::new(long)
        .long(long)
        .action(ArgAction::SetTrue)
        .help(help)
}

/// The option `--long VALUE`, a string unless a value parser says otherwise.
fn option(long: &'static str, value: &'static str, help: &'static str) -> Arg {
    Arg::new(long).long(long).value_name(value).help(help)
}

/// The option `--long PATH`.
fn path(long: &'static str, value: &'static str, help: &'static str) -> Arg {
    option(long, value, help).value_parser(clap::value_parser!(PathBuf))
}

/// `--format`, for the commands that print results.
fn format_arg() -> Arg {
    Arg::new("format")
        .long("format")
        .value_name("FORMAT")
        .value_parser(EnumValueParser::<Format>::new())
        .default_value(format_value(Format::default()).0)
}

/// How results are printed, and which cases are graded ([`OutputArgs`]).
fn output_args() -> [Arg; 3] {
    [
        format_arg(),
        option("seed", "N|random", SEED),
        path("seed-file", "FILE", SEED_FILE).conflicts_with("seed"),
    ]
}

fn try_() -> clap::Command {
    described("try", TRY).arg(exercise(true)).arg(
        values("input", "ARGS", "The function's arguments")
            .allow_hyphen_values(true)
            .trailing_var_arg(true),
    )
}

fn verify() -> clap::Command {
    described("verify", VERIFY)
        .arg(path("workbook", "PATH", WORKBOOK).conflicts_with("class"))
        .arg(flag("allow-weak-sandbox", ALLOW_WEAK_SANDBOX))
        .arg(
            flag("container-boundary", CONTAINER_BOUNDARY)
                .requires("workbook")
                .conflicts_with("allow-weak-sandbox"),
        )
        .arg(
            option("exercise", "NAME", ONLY_EXERCISES)
                .action(ArgAction::Append)
                .value_delimiter(',')
                .requires("workbook"),
        )
        .arg(path("class", "DIR", CLASS).requires("out"))
        .arg(
            path(
                "out",
                "OUT",
                "Where --class writes its reports (outside DIR)",
            )
            .requires("class"),
        )
        .arg(option("as-of", "DATE|REF", AS_OF))
        .arg(
            option("time-budget", "SECONDS", TIME_BUDGET)
                .value_parser(clap::value_parser!(u64).range(1..)),
        )
        .args(output_args())
}

fn play() -> clap::Command {
    described("play", PLAY)
        .arg(
            values(
                "heaps",
                "HEAPS",
                "The starting heaps: at most 8, each from 1 to 65535 [default: 3 4 5]",
            )
            .value_parser(clap::value_parser!(u64).range(1..=65_535)),
        )
        .arg(
            flag("random", "Start from 3 to 5 random heaps of 1 to 15 stones")
                .conflicts_with("heaps"),
        )
        .arg(
            option("first", "FIRST", "Who moves first")
                .value_parser(EnumValueParser::<First>::new())
                .default_value(first_value(First::default())),
        )
        .arg(flag("misere", MISERE))
        .arg(flag("kayles", KAYLES).conflicts_with("misere"))
}

fn serve() -> clap::Command {
    described("serve", SERVE)
        .arg(
            option(
                "port",
                "PORT",
                "The port on 127.0.0.1 [default: any free port]",
            )
            .value_parser(clap::value_parser!(u16))
            .default_value("0"),
        )
        .arg(flag("open", "Open the page in your browser"))
}

fn dev() -> clap::Command {
    described("dev", "Commands for instructors and maintainers.")
        .subcommand_required(true)
        .arg_required_else_help(true)
        .subcommands([
            described("check", CHECK)
                .arg(values(
                    "exercises",
                    "EXERCISES",
                    "Check only these exercises (names or numbers); all by default",
                ))
                .arg(format_arg()),
            described("new", NEW)
                .arg(
                    Arg::new("name")
                        .value_name("NAME")
                        .help("The new exercise's name (lowercase letters, digits and `_`)")
                        .required(true),
                )
                .arg(option(
                    "after",
                    "EXERCISE",
                    "Place it after this exercise in the course (default: last)",
                )),
            described(
                "release",
                "Write a learner edition of the workbook to OUT: no solutions in plain sight.",
            )
            .arg(
                Arg::new("out")
                    .value_name("OUT")
                    .help("The folder to create (it must not exist, or be empty)")
                    .value_parser(clap::value_parser!(PathBuf))
                    .required(true),
            ),
        ])
}

impl Parser for Cli {}

impl FromArgMatches for Cli {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Cli, clap::Error> {
        let command = match matches.subcommand() {
            None => None,
            Some((name, matches)) => Some(Command::parsed(name, matches)?),
        };
        Ok(Cli { command })
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Cli::from_arg_matches(matches)?;
        Ok(())
    }
}

impl Command {
    /// The command `name`, from its matches.
    fn parsed(name: &str, matches: &ArgMatches) -> Result<Command, clap::Error> {
        let exercise = || matches.get_one::<String>("exercise").cloned();
        Ok(match name {
            "watch" => Command::Watch,
            "list" => Command::List,
            "run" => Command::Run {
                exercise: exercise(),
                output: OutputArgs::parsed(matches)?,
            },
            "hint" => Command::Hint {
                exercise: exercise(),
            },
            "lesson" => Command::Lesson {
                exercise: exercise(),
            },
            "try" => Command::Try {
                exercise: required(matches, "exercise")?,
                input: all(matches, "input"),
            },
            "reset" => Command::Reset {
                exercise: required(matches, "exercise")?,
                yes: matches.get_flag("yes"),
            },
            "verify" => Command::Verify {
                workbook: matches.get_one("workbook").cloned(),
                allow_weak_sandbox: matches.get_flag("allow-weak-sandbox"),
                container_boundary: matches.get_flag("container-boundary"),
                exercise: all(matches, "exercise"),
                class: matches.get_one("class").cloned(),
                out: matches.get_one("out").cloned(),
                as_of: matches.get_one("as-of").cloned(),
                time_budget: matches.get_one("time-budget").copied(),
                output: OutputArgs::parsed(matches)?,
            },
            "play" => Command::Play(PlayArgs {
                heaps: all(matches, "heaps"),
                random: matches.get_flag("random"),
                first: required(matches, "first")?,
                misere: matches.get_flag("misere"),
                kayles: matches.get_flag("kayles"),
            }),
            "serve" => Command::Serve(ServeArgs {
                port: required(matches, "port")?,
                open: matches.get_flag("open"),
            }),
            "doctor" => Command::Doctor,
            "dev" => Command::Dev {
                command: match matches.subcommand() {
                    Some(("check", matches)) => DevCommand::Check {
                        exercises: all(matches, "exercises"),
                        format: required(matches, "format")?,
                    },
                    Some(("new", matches)) => DevCommand::New {
                        name: required(matches, "name")?,
                        after: matches.get_one("after").cloned(),
                    },
                    Some(("release", matches)) => DevCommand::Release {
                        out: required(matches, "out")?,
                    },
                    _ => return Err(clap::Error::new(ErrorKind::MissingSubcommand)),
                },
            },
            _ => return Err(clap::Error::new(ErrorKind::InvalidSubcommand)),
        })
    }
}

impl OutputArgs {
    fn parsed(matches: &ArgMatches) -> Result<OutputArgs, clap::Error> {
        Ok(OutputArgs {
            format: required(matches, "format")?,
            seed: matches.get_one("seed").cloned(),
            seed_file: matches.get_one("seed-file").cloned(),
        })
    }
}

/// The value of `id`, which clap has made sure of (it is required, or has a default).
fn required<T: Clone + Send + Sync + 'static>(
    matches: &ArgMatches,
    id: &str,
) -> Result<T, clap::Error> {
    matches.get_one::<T>(id).cloned().ok_or_else(|| {
        clap::Error::raw(
            ErrorKind::MissingRequiredArgument,
            format!("the following required argument was not provided: {id}"),
        )
    })
}

/// Every value of `id`, in order (none when it was not given).
fn all<T: Clone + Send + Sync + 'static>(matches: &ArgMatches, id: &str) -> Vec<T> {
    matches
        .get_many::<T>(id)
        .map(|values| values.cloned().collect())
        .unwrap_or_default()
}

impl ValueEnum for Format {
    fn value_variants<'a>() -> &'a [Format] {
        &[
            Format::Human,
            Format::Json,
            Format::Classroom,
            Format::Gradescope,
            Format::Prairielearn,
        ]
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        let (name, help) = format_value(*self);
        Some(PossibleValue::new(name).help(help))
    }
}

/// A format's name on the command line, and what it is for.
fn format_value(format: Format) -> (&'static str, &'static str) {
    match format {
        Format::Human => (
            "human",
            "For people: colored when printing to a terminal (and NO_COLOR is unset)",
        ),
        Format::Json => (
            "json",
            "For tools: Exercism's test-runner results format, with scores",
        ),
        Format::Classroom => (
            "classroom",
            "For GitHub Classroom: lines for `$GITHUB_OUTPUT`, one runner per exercise",
        ),
        Format::Gradescope => (
            "gradescope",
            "For Gradescope: its autograder's `results.json`",
        ),
        Format::Prairielearn => (
            "prairielearn",
            "For PrairieLearn: its external grader's `results.json`",
        ),
    }
}

impl ValueEnum for First {
    fn value_variants<'a>() -> &'a [First] {
        &[First::You, First::Engine]
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(first_value(*self)))
    }
}

/// Who moves first, as `--first` names them.
fn first_value(first: First) -> &'static str {
    match first {
        First::You => "you",
        First::Engine => "engine",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(line: &str) -> Result<Option<Command>, clap::Error> {
        Cli::try_parse_from(std::iter::once("grader").chain(line.split_whitespace()))
            .map(|cli| cli.command)
    }

    #[test]
    fn the_parser_is_consistent() {
        // Every id a conflict or requirement names exists, no two arguments clash...
        Cli::command().debug_assert();
    }

    #[test]
    fn every_command_parses_into_its_typed_arguments() {
        assert!(matches!(parsed(""), Ok(None)));
        assert!(matches!(parsed("watch"), Ok(Some(Command::Watch))));
        let Ok(Some(Command::Run { exercise, output })) =
            parsed("run 3 --format json --seed-file s")
        else {
            panic!("run")
        };
        assert_eq!(exercise.as_deref(), Some("3"));
        assert_eq!(output.format, Format::Json);
        assert_eq!(output.seed, None);
        assert_eq!(output.seed_file, Some(PathBuf::from("s")));
        let Ok(Some(Command::Try { exercise, input })) = parsed("try xor_all 3 -4 --x") else {
            panic!("try")
        };
        assert_eq!(
            (exercise.as_str(), input),
            ("xor_all", vec!["3".into(), "-4".into(), "--x".into()])
        );
        let Ok(Some(Command::Verify {
            workbook,
            allow_weak_sandbox,
            container_boundary,
            exercise,
            class,
            out,
            as_of,
            time_budget,
            output,
        })) = parsed(
            "verify --workbook w --container-boundary --exercise a,b --exercise 3 --as-of HEAD \
             --seed 7 --time-budget 45",
        )
        else {
            panic!("verify")
        };
        assert_eq!(workbook, Some(PathBuf::from("w")));
        assert!(container_boundary && !allow_weak_sandbox);
        assert_eq!(exercise, ["a", "b", "3"]);
        assert_eq!((class, out, as_of.as_deref()), (None, None, Some("HEAD")));
        assert_eq!(time_budget, Some(45));
        assert_eq!(
            (output.format, output.seed.as_deref()),
            (Format::Human, Some("7"))
        );
        let Ok(Some(Command::Play(play))) = parsed("play 3 4 --first engine --misere") else {
            panic!("play")
        };
        assert_eq!(
            (play.heaps, play.random, play.first, play.misere),
            (vec![3, 4], false, First::Engine, true)
        );
        let Ok(Some(Command::Play(play))) = parsed("play --kayles 4 6") else {
            panic!("play --kayles")
        };
        assert_eq!(
            (play.heaps, play.kayles, play.misere),
            (vec![4, 6], true, false)
        );
        let Ok(Some(Command::Play(play))) = parsed("play --random") else {
            panic!("play --random")
        };
        assert_eq!(
            (play.heaps.len(), play.random, play.first),
            (0, true, First::default())
        );
        let Ok(Some(Command::Serve(serve))) = parsed("serve --open") else {
            panic!("serve")
        };
        assert_eq!((serve.port, serve.open), (0, true));
        let Ok(Some(Command::Reset { exercise, yes })) = parsed("reset --yes mex") else {
            panic!("reset")
        };
        assert_eq!((exercise.as_str(), yes), ("mex", true));
        let Ok(Some(Command::Dev {
            command: DevCommand::Check { exercises, format },
        })) = parsed("dev check a b --format classroom")
        else {
            panic!("dev check")
        };
        assert_eq!(
            (exercises, format),
            (vec!["a".to_string(), "b".into()], Format::Classroom)
        );
        let Ok(Some(Command::Dev {
            command: DevCommand::New { name, after },
        })) = parsed("dev new x --after y")
        else {
            panic!("dev new")
        };
        assert_eq!((name.as_str(), after.as_deref()), ("x", Some("y")));
        let Ok(Some(Command::Dev {
            command: DevCommand::Release { out },
        })) = parsed("dev release o")
        else {
            panic!("dev release")
        };
        assert_eq!(out, PathBuf::from("o"));
    }

    #[test]
    fn what_clap_refuses_it_says_with_its_usual_kinds() {
        let kind = |line| parsed(line).map(|_| ()).unwrap_err().kind();
        assert_eq!(kind("wach"), ErrorKind::InvalidSubcommand);
        assert_eq!(kind("run --format xml"), ErrorKind::InvalidValue);
        assert_eq!(kind("play 0"), ErrorKind::ValueValidation);
        assert_eq!(kind("play --random 3"), ErrorKind::ArgumentConflict);
        assert_eq!(kind("play --kayles --misere"), ErrorKind::ArgumentConflict);
        assert_eq!(kind("verify --class c"), ErrorKind::MissingRequiredArgument);
        assert_eq!(
            kind("verify --container-boundary --workbook w --allow-weak-sandbox"),
            ErrorKind::ArgumentConflict
        );
        assert_eq!(
            kind("dev"),
            ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
        );
    }
}
