//! The command line: parsing, and the small commands (list, run, hint, lesson, reset).

use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use clap::{Parser, Subcommand, ValueEnum};
use colored::Colorize;

use crate::app::App;
use crate::judge::Cancel;
use crate::workbook::Workbook;
use crate::{dev, verify, watch};
use crate::{json, report};

/// Exit codes: the exercise passed, did not pass, or the grader could not do its job.
pub const PASSED: u8 = 0;
pub const NOT_PASSED: u8 = 1;
pub const ERROR: u8 = 2;

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

/// How `run`, `verify` and `dev check` print their results.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum Format {
    /// For people: colored when printing to a terminal (and NO_COLOR is unset).
    #[default]
    Human,
    /// For tools: the JSON report described in the README (Exercism-style, with scores).
    Json,
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
        name: Option<String>,
        #[arg(long, value_enum, default_value_t)]
        format: Format,
    },
    /// Show the hint of an exercise (default: the current one).
    Hint { name: Option<String> },
    /// Show the lesson of an exercise (default: the current one).
    Lesson { name: Option<String> },
    /// Put an exercise's stub back, losing your changes to it.
    Reset {
        name: String,
        /// Do not ask for confirmation.
        #[arg(long)]
        yes: bool,
    },
    /// Grade every exercise (in parallel) and rebuild your progress.
    Verify {
        /// Grade the learner's checkout at PATH instead: only its exercises/*/src/lib.rs
        /// files are read; this workbook's manifest and hidden tests are used, and no
        /// progress file is written.
        #[arg(long, value_name = "PATH")]
        workbook: Option<PathBuf>,
        #[arg(long, value_enum, default_value_t)]
        format: Format,
    },
    /// Commands for instructors and maintainers.
    Dev {
        #[command(subcommand)]
        command: DevCommand,
    },
}

#[derive(Debug, Subcommand)]
pub enum DevCommand {
    /// Prove the workbook right: manifest, folders and lessons agree, every stub compiles
    /// and fails, every reference solution passes, every recorded solution gets its
    /// recorded verdict, and time limits have margins.
    Check {
        #[arg(long, value_enum, default_value_t)]
        format: Format,
    },
}

impl Command {
    /// The output format, for the commands that have one.
    fn format(&self) -> Option<Format> {
        match self {
            Command::Run { format, .. }
            | Command::Verify { format, .. }
            | Command::Dev {
                command: DevCommand::Check { format },
            } => Some(*format),
            _ => None,
        }
    }
}

/// Runs the command and turns any error into a message and exit code 2.
pub fn run(cli: Cli) -> ExitCode {
    let json = cli.command.as_ref().and_then(Command::format) == Some(Format::Json);
    let color = !json && std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    colored::control::set_override(color);
    match dispatch(cli, color) {
        Ok(code) => ExitCode::from(code),
        Err(error) => {
            eprintln!("{} {error:#}", "error:".red().bold());
            ExitCode::from(ERROR)
        }
    }
}

fn dispatch(cli: Cli, color: bool) -> Result<u8> {
    let cwd = std::env::current_dir().context("cannot read the current folder")?;
    let workbook = Workbook::discover(&cwd)?;
    match cli.command.unwrap_or(Command::Watch) {
        Command::Verify {
            workbook: None,
            format,
        } => verify::verify(workbook, color, format),
        Command::Verify {
            workbook: Some(checkout),
            format,
        } => verify::grade_checkout(&workbook, &checkout, color, format),
        Command::Dev {
            command: DevCommand::Check { format },
        } => dev::check(&workbook, color, format),
        command => {
            let mut app = App::load(workbook, color)?;
            match command {
                Command::Watch => watch::run(app),
                Command::List => list(&app),
                Command::Run { name, format } => run_one(&mut app, name.as_deref(), format),
                Command::Hint { name } => hint(&app, name.as_deref()),
                Command::Lesson { name } => lesson(&app, name.as_deref()),
                Command::Reset { name, yes } => reset(&mut app, &name, yes),
                Command::Verify { .. } | Command::Dev { .. } => unreachable!("handled above"),
            }
        }
    }
}

fn list(app: &App) -> Result<u8> {
    let current = app.current().name.clone();
    println!("  {:>2}  {:<20} {:<8} lesson", "#", "exercise", "status");
    for (i, exercise) in app.workbook.exercises.iter().enumerate() {
        let marker = if exercise.name == current { ">" } else { " " };
        let status = if app.progress.is_done(&exercise.name) {
            format!("{:<8}", "done").green()
        } else {
            format!("{:<8}", "pending").yellow()
        };
        println!(
            "{marker} {:>2}  {:<20} {status} {}",
            i + 1,
            exercise.name,
            exercise.lesson
        );
    }
    println!(
        "\n{} of {} done. Current: {current} (`cargo grader run` grades it).",
        app.done_count(),
        app.workbook.exercises.len()
    );
    Ok(PASSED)
}

fn run_one(app: &mut App, name: Option<&str>, format: Format) -> Result<u8> {
    let exercise = app.exercise(name)?;
    let file = app.workbook.exercise_file(&exercise);
    if format == Format::Json {
        let grade = app.grade(&exercise, &Cancel::default())?;
        app.record(&grade)?;
        json::print(&json::report(vec![json::exercise(&grade)]))?;
        return Ok(if grade.passed() { PASSED } else { NOT_PASSED });
    }
    println!("Grading {} ({})...", exercise.name.bold(), file.display());
    let grade = app.grade(&exercise, &Cancel::default())?;
    let text = report::describe(&grade, &file.display().to_string());
    print!("{}", report::wrapped(&text, report::output_width()));
    app.record(&grade)?;
    if !grade.passed() {
        println!(
            "\nStuck? `cargo grader hint {}` gives a hint; the lesson is {}.",
            exercise.name, exercise.lesson
        );
        return Ok(NOT_PASSED);
    }
    if app.current().name == exercise.name || app.progress.current.is_none() {
        match app.next_pending(&exercise.name).cloned() {
            Some(next) => {
                app.set_current(&next.name)?;
                println!(
                    "\nNext up: {} ({}). Read {} first.",
                    next.name.bold(),
                    app.workbook.exercise_file(&next).display(),
                    next.lesson
                );
            }
            None if app.done_count() == app.workbook.exercises.len() => {
                println!(
                    "\n{}",
                    "Every exercise is done. Well played!".green().bold()
                );
            }
            None => {}
        }
    }
    Ok(PASSED)
}

fn hint(app: &App, name: Option<&str>) -> Result<u8> {
    let exercise = app.exercise(name)?;
    println!("{} {}\n", "Hint for".bold(), exercise.name.bold());
    println!("{}", exercise.hint.trim());
    println!("\nThe lesson explains it in full: {}", exercise.lesson);
    Ok(PASSED)
}

fn lesson(app: &App, name: Option<&str>) -> Result<u8> {
    let exercise = app.exercise(name)?;
    let path = app.workbook.root.join(&exercise.lesson);
    let text = std::fs::read_to_string(&path).with_context(|| {
        format!(
            "cannot read the lesson {}; restore it with `git checkout -- {}`",
            path.display(),
            exercise.lesson
        )
    })?;
    print!("{text}");
    Ok(PASSED)
}

fn reset(app: &mut App, name: &str, yes: bool) -> Result<u8> {
    let exercise = app.workbook.find(name)?.clone();
    let file: PathBuf = app.workbook.exercise_file(&exercise);
    if !yes {
        if !std::io::stdin().is_terminal() {
            bail!(
                "resetting {} loses your changes; run `grader reset {name} --yes` to confirm",
                file.display()
            );
        }
        print!(
            "Reset {} to its stub? Your changes to it will be lost. [y/N] ",
            file.display()
        );
        std::io::stdout().flush()?;
        let mut answer = String::new();
        std::io::stdin().lock().read_line(&mut answer)?;
        if !matches!(answer.trim(), "y" | "Y" | "yes") {
            println!("Nothing changed.");
            return Ok(PASSED);
        }
    }
    app.reset(&exercise)?;
    println!("{} is back to its stub.", file.display());
    Ok(PASSED)
}
