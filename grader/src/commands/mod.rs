//! One module per command. Each returns an [`Exit`]; only `main` turns it into an
//! exit code.

mod class;
mod doctor;
mod hint;
mod lesson;
mod list;
mod play;
mod reset;
mod run;
mod try_;
mod verify;

use std::io::{IsTerminal, Read};
use std::path::PathBuf;
use std::time::Duration;

use anyhow::{Context, Result, bail};

use crate::Exit;
use crate::class::deadline::Deadline;
use crate::cli::{Cli, Command, DevCommand, OutputArgs};
use crate::grading::{Budget, Grader};
use crate::report::{self, Format};
use crate::session::Session;
use crate::workbook::Workbook;
use crate::{dev, serve, watch};
use xorlings_course::model::Seed;

/// The environment variable an instructor can put a grading seed in.
pub(crate) const SEED_VARIABLE: &str = "XORLINGS_SEED";
/// More than any seed takes (20 digits and blanks): what `--seed-file -` reads at most.
const SEED_BYTES: u64 = 256;
const GUESSABLE_SEED: &str = "a seed of fewer than 15 digits can be found from the \
fingerprint in the reports by trying every number up to it, and code then tuned to its \
cases: grade with `--seed random` once, and keep the seed it prints in your seed file";

/// Runs the command the learner typed.
pub fn run(cli: Cli) -> Result<Exit> {
    let command = cli.command.unwrap_or(Command::Watch);
    let color = command.format() == Format::Human
        && std::io::stdout().is_terminal()
        && std::env::var_os("NO_COLOR").is_none();
    colored::control::set_override(color);
    let workbook = || {
        let cwd = std::env::current_dir().context("cannot read the current folder")?;
        Workbook::discover(&cwd)
    };
    let session = |seed, notes: Notes| learner_session(workbook()?, color, seed, notes);
    match command {
        Command::Doctor => doctor::run(),
        Command::Verify {
            workbook: checkout,
            allow_weak_sandbox,
            container_boundary,
            exercise,
            class,
            out,
            as_of,
            time_budget,
            output,
        } => {
            // Counted from the start: the platform's timeout is too.
            let budget = Budget::new(time_budget.map(Duration::from_secs));
            let target = Target::of(checkout, class, out)?;
            let deadline = as_of.as_deref().map(Deadline::parse).transpose()?;
            let confinement = match (container_boundary, allow_weak_sandbox) {
                (true, _) => Confinement::Container,
                (false, true) => Confinement::AllowWeak,
                (false, false) => Confinement::Full,
            };
            verify(
                verify::only(workbook()?, &exercise)?,
                color,
                target,
                deadline,
                confinement,
                &budget,
                &output,
            )
        }
        Command::Dev { command } => match command {
            DevCommand::Check {
                format: Format::Gradescope | Format::Prairielearn,
                ..
            } => bail!("`dev check` reports as text or, with `--format json`, as JSON"),
            DevCommand::Check { exercises, format } => dev::check::run(
                &Grader::new(workbook()?, color, Seed::DEFAULT),
                &exercises,
                format,
            ),
            DevCommand::New { name, after } => dev::new::run(&workbook()?, &name, after.as_deref()),
            DevCommand::Release { out } => dev::release::run(&workbook()?, &out),
        },
        Command::Run { exercise, output } => run::run(
            session(seed(&output)?, Notes::Shown)?,
            exercise.as_deref(),
            output.format,
        ),
        Command::Watch => watch::run(session(Seed::DEFAULT, Notes::Shown)?),
        Command::List => list::run(&session(Seed::DEFAULT, Notes::Printed)?),
        Command::Hint { exercise } => hint::run(
            &session(Seed::DEFAULT, Notes::Printed)?,
            exercise.as_deref(),
        ),
        Command::Lesson { exercise } => lesson::run(
            &session(Seed::DEFAULT, Notes::Printed)?,
            exercise.as_deref(),
        ),
        Command::Reset { exercise, yes } => {
            reset::run(&mut session(Seed::DEFAULT, Notes::Printed)?, &exercise, yes)
        }
        Command::Play(options) => play::run(&mut session(Seed::DEFAULT, Notes::Printed)?, &options),
        Command::Serve(options) => serve::run(
            session(Seed::DEFAULT, Notes::Shown)?,
            &options,
            play::start_on_page,
        ),
        Command::Try { exercise, input } => {
            try_::run(&session(Seed::DEFAULT, Notes::Printed)?, &exercise, &input)
        }
    }
}

/// Grades what `verify` was asked to.
fn verify(
    workbook: Workbook,
    color: bool,
    target: Target,
    deadline: Option<Deadline>,
    confinement: Confinement,
    budget: &Budget,
    output: &OutputArgs,
) -> Result<Exit> {
    let seed = seed(output)?;
    if deadline.is_some() && target == Target::Own {
        bail!("--as-of grades a checkout: add --workbook or --class");
    }
    if target != Target::Own && report::seed::guessable(seed) {
        eprintln!("warning: {GUESSABLE_SEED}\n");
    }
    // Other people's code: only in the full sandbox, unless allowed.
    match (&target, confinement) {
        (Target::Own, _) => {}
        (_, Confinement::Container) => verify::in_container()?,
        (_, confinement) => {
            doctor::require_full_sandbox(confinement == Confinement::AllowWeak)?;
        }
    }
    match target {
        Target::Own => {
            if let Some(note) = doctor::weak_sandbox_note() {
                eprintln!("note: {note}\n");
            }
            verify::own(
                Session::load(Grader::new(workbook, color, seed))?,
                budget,
                output.format,
            )
        }
        Target::Checkout(checkout) => {
            let grader = Grader::new(workbook, color, seed);
            verify::checkout(&grader, &checkout, deadline.as_ref(), budget, output.format)
        }
        // The reports go to files: no color in them.
        Target::Class { dir, out } => {
            let grader = Grader::new(workbook, false, seed);
            class::run(
                &grader,
                &dir,
                &out,
                deadline.as_ref(),
                budget,
                output.format,
            )
        }
    }
}

/// What `verify` asks of the sandbox before it grades other people's code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Confinement {
    /// Every layer (the default).
    Full,
    /// What there is (`--allow-weak-sandbox`).
    AllowWeak,
    /// What there is, inside a grading container that isolates the submission
    /// (`--container-boundary`).
    Container,
}

/// Where a command shows the notes for the learner (a damaged progress file, a weak
/// sandbox).
enum Notes {
    /// The command shows the session's notice itself (watch, `run`); it also says what
    /// the sandbox lacks, since it runs the learner's code.
    Shown,
    /// Printed on stderr before the command starts.
    Printed,
}

/// The learner's session in `workbook`, graded with `seed`.
fn learner_session(workbook: Workbook, color: bool, seed: Seed, notes: Notes) -> Result<Session> {
    let mut grader = Grader::new(workbook, color, seed);
    // A learner's screen: a time limit ends the grading, for a verdict within seconds.
    grader.settings.stop_at_time_limit = true;
    let mut session = Session::load(grader)?;
    match notes {
        Notes::Shown => add_sandbox_note(&mut session),
        Notes::Printed => {
            if let Some(notice) = session.notice.take() {
                eprintln!("note: {notice}\n");
            }
        }
    }
    Ok(session)
}

/// What `verify` grades.
#[derive(Debug, PartialEq, Eq)]
enum Target {
    /// The learner's own workbook.
    Own,
    /// A learner's checkout (`--workbook PATH`).
    Checkout(PathBuf),
    /// A class of checkouts, each in a folder of `dir`, with the reports in `out`.
    Class { dir: PathBuf, out: PathBuf },
}

impl Target {
    /// The target `verify`'s flags name (clap already refuses `--workbook` with
    /// `--class`, and `--class` without `--out`).
    fn of(
        checkout: Option<PathBuf>,
        class: Option<PathBuf>,
        out: Option<PathBuf>,
    ) -> Result<Target> {
        match (checkout, class, out) {
            (None, None, None) => Ok(Target::Own),
            (Some(checkout), None, None) => Ok(Target::Checkout(checkout)),
            (None, Some(dir), Some(out)) => Ok(Target::Class { dir, out }),
            _ => bail!("grade one thing: --workbook PATH, or --class DIR --out OUT, or neither"),
        }
    }
}

/// A learner's own work runs with the protection there is: the session's note (shown
/// once, on stderr or in watch) says what is missing.
fn add_sandbox_note(session: &mut Session) {
    if let Some(note) = doctor::weak_sandbox_note() {
        session.notice = Some(match session.notice.take() {
            Some(notice) => format!("{notice}\n{note}"),
            None => note,
        });
    }
}

/// The seed of the random cases: `--seed`, else `--seed-file`, else $XORLINGS_SEED,
/// else the learners' fixed seed.
fn seed(output: &OutputArgs) -> Result<Seed> {
    let from_file = output
        .seed_file
        .as_ref()
        .map(|path| match path.as_os_str() == "-" {
            // From a pipe the grader inherits (the autograders' adapters): no file or
            // variable of the grader's user holds the seed.
            true => std::io::read_to_string(std::io::stdin().take(SEED_BYTES))
                .context("cannot read the seed from stdin (--seed-file -)"),
            false => std::fs::read_to_string(path)
                .with_context(|| format!("cannot read the seed file {}", path.display())),
        })
        .transpose()?;
    let typed = output
        .seed
        .clone()
        .or(from_file)
        // An empty variable is unset: CI passes an instructor's secret that may not exist.
        .or_else(|| {
            std::env::var(SEED_VARIABLE)
                .ok()
                .filter(|s| !s.trim().is_empty())
        });
    let seed = match typed.as_deref().map(str::trim) {
        None => Seed::DEFAULT,
        Some("random") => Seed(random_number()),
        Some(number) => match number.parse::<u64>() {
            Ok(n) => Seed(n),
            Err(error) => {
                let why = match error.kind() {
                    std::num::IntErrorKind::PosOverflow => format!(
                        "is too large: a seed goes from 0 to {} (20 digits at most)",
                        u64::MAX
                    ),
                    _ => format!("is not a whole number from 0 to {} or `random`", u64::MAX),
                };
                bail!(
                    "the seed `{number}` (from --seed, --seed-file or ${SEED_VARIABLE}) {why}; \
                     `random` picks one"
                )
            }
        },
    };
    // The reports name it only by its fingerprint: this is where the instructor reads it.
    if seed != Seed::DEFAULT {
        eprintln!(
            "note: grading with {}: keep the seed to grade the same cases again\n",
            report::seed::for_instructor(seed)
        );
    }
    Ok(seed)
}

/// A number no one can guess: the standard library seeds each `RandomState` from the
/// operating system.
fn random_number() -> u64 {
    use std::hash::BuildHasher;
    std::collections::hash_map::RandomState::new().hash_one(std::time::SystemTime::now())
}
