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

use std::io::IsTerminal;

use anyhow::{Context, Result, bail};

use crate::Exit;
use crate::class::deadline::Deadline;
use crate::cli::{Cli, Command, DevCommand, OutputArgs};
use crate::grading::Grader;
use crate::model::Seed;
use crate::report::Format;
use crate::session::Session;
use crate::workbook::Workbook;
use crate::{dev, watch};

/// The environment variable an instructor can put a grading seed in.
pub const SEED_VARIABLE: &str = "XORLINGS_SEED";

/// Runs the command the learner typed.
pub fn run(cli: Cli) -> Result<Exit> {
    let command = cli.command.unwrap_or(Command::Watch);
    let color = command.format() == Format::Human
        && std::io::stdout().is_terminal()
        && std::env::var_os("NO_COLOR").is_none();
    colored::control::set_override(color);
    if matches!(command, Command::Doctor) {
        return doctor::run();
    }
    let cwd = std::env::current_dir().context("cannot read the current folder")?;
    let workbook = Workbook::discover(&cwd)?;
    match command {
        Command::Verify {
            workbook: checkout,
            allow_weak_sandbox,
            class,
            out,
            as_of,
            output,
        } => {
            let deadline = as_of.as_deref().map(Deadline::parse).transpose()?;
            let seed = seed(&output)?;
            // Other people's code: only in the full sandbox, unless allowed.
            if checkout.is_some() || class.is_some() {
                doctor::require_full_sandbox(allow_weak_sandbox)?;
            }
            match (checkout, class.zip(out)) {
                // The reports go to files: no color in them.
                (_, Some((dir, out))) => {
                    let grader = Grader::new(workbook, false, seed);
                    class::run(&grader, &dir, &out, deadline.as_ref(), output.format)
                }
                (Some(checkout), None) => {
                    let grader = Grader::new(workbook, color, seed);
                    verify::checkout(&grader, &checkout, deadline.as_ref(), output.format)
                }
                (None, None) if deadline.is_some() => {
                    bail!("--as-of grades a checkout: add --workbook or --class")
                }
                (None, None) => {
                    if let Some(note) = doctor::weak_sandbox_note() {
                        eprintln!("note: {note}\n");
                    }
                    verify::own(
                        Session::load(Grader::new(workbook, color, seed))?,
                        output.format,
                    )
                }
            }
        }
        Command::Dev { command } => match command {
            DevCommand::Check { exercises, format } => dev::check::run(
                &Grader::new(workbook, color, Seed::DEFAULT),
                &exercises,
                format,
            ),
            DevCommand::New { name, after } => dev::new::run(&workbook, &name, after.as_deref()),
            DevCommand::Release { out } => dev::release::run(&workbook, &out),
        },
        Command::Run { exercise, output } => {
            let mut session = Session::load(Grader::new(workbook, color, seed(&output)?))?;
            add_sandbox_note(&mut session);
            run::run(session, exercise.as_deref(), output.format)
        }
        command => {
            let mut session = Session::load(Grader::new(workbook, color, Seed::DEFAULT))?;
            match command {
                Command::Watch => {
                    add_sandbox_note(&mut session);
                    return watch::run(session);
                }
                _ => {
                    if let Some(notice) = session.notice.take() {
                        eprintln!("note: {notice}\n");
                    }
                }
            }
            match command {
                Command::List => list::run(&session),
                Command::Hint { exercise } => hint::run(&session, exercise.as_deref()),
                Command::Lesson { exercise } => lesson::run(&session, exercise.as_deref()),
                Command::Reset { exercise, yes } => reset::run(&mut session, &exercise, yes),
                Command::Play(options) => play::run(&mut session, &options),
                Command::Try { exercise, input } => try_::run(&session, &exercise, &input),
                _ => unreachable!("every other command is handled above"),
            }
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
        .map(|path| {
            std::fs::read_to_string(path)
                .with_context(|| format!("cannot read the seed file {}", path.display()))
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
    match typed.as_deref().map(str::trim) {
        None => Ok(Seed::DEFAULT),
        Some("random") => Ok(Seed(random_number())),
        Some(number) => match number.parse() {
            Ok(n) => Ok(Seed(n)),
            Err(_) => bail!(
                "the seed must be a whole number or `random`, not `{number}` (from --seed, \
                 --seed-file or ${SEED_VARIABLE})"
            ),
        },
    }
}

/// A number no one can guess: the standard library seeds each `RandomState` from the
/// operating system.
fn random_number() -> u64 {
    use std::hash::BuildHasher;
    std::collections::hash_map::RandomState::new().hash_one(std::time::SystemTime::now())
}
