//! `cargo grader verify`: grade every exercise in parallel, show a summary, rebuild the
//! progress; or, with `--workbook PATH`, grade a learner's checkout for an instructor.

use std::path::Path;

use anyhow::{Context, Result, bail};
use colored::Colorize;

use crate::Exit;
use crate::class::{self, deadline::Deadline, files::Files, git};
use crate::grading::{Code, Grader, Request};
use crate::judge::{Cancel, Grade};
use crate::parallel;
use crate::progress::Progress;
use crate::report::autograder::Machine;
use crate::report::score::score;
use crate::report::{
    self, Detail, Entry, Format, classroom, exercism, gradescope, prairielearn, seed,
};
use crate::session::{self, Session};
use crate::text::output_width;
use crate::workbook::Workbook;
use xorlings_sandbox as sandbox;

const AS_ROOT: &str = "--container-boundary grades as an unprivileged user only: the learner's \
code must never run as root, even in a container. Run the grader as another user (the \
autograders in autograder/ drop to one with `setpriv`)";

/// Grades the learner's own workbook and rebuilds the progress from the verdicts.
pub fn own(mut session: Session, format: Format) -> Result<Exit> {
    if let Some(notice) = session.notice.take() {
        eprintln!("note: {notice}\nRebuilding it now.\n");
    }
    let grader = &session.grader;
    if format == Format::Human {
        println!("Grading {} exercises...\n", grader.workbook.exercises.len());
    }
    let cancel = Cancel::default();
    let grades = parallel::map(&grader.workbook.exercises, |exercise| {
        let submission = grader.own_file(exercise);
        let request = Request::new(exercise, Code::Source(&submission));
        Ok(grader.grade(request, &cancel)?.grade)
    });
    let grades = every_grade(grades)?;
    let workbook = &grader.workbook;
    let progress = Progress::update(workbook, |progress| {
        progress.done = grades
            .iter()
            .filter(|g| g.passed())
            .map(|g| g.exercise.clone())
            .collect();
        if progress
            .current
            .as_ref()
            .is_some_and(|c| progress.done.contains(c))
        {
            progress.current = None;
        }
    })?;
    session.progress = progress;
    summarise(&session.grader, &grades, format)
}

/// Grades the learner's files in `checkout` (as they are, or at `deadline` in its git
/// repository) with this workbook's hidden tests. Nothing else from the checkout is
/// read, so editing its manifest, Cargo files, grader or progress cannot change a
/// grade; nothing is written there either.
pub fn checkout(
    grader: &Grader,
    checkout: &Path,
    deadline: Option<&Deadline>,
    format: Format,
) -> Result<Exit> {
    let checkout = std::path::absolute(checkout)
        .with_context(|| format!("cannot find {}", checkout.display()))?;
    if !checkout.is_dir() {
        bail!(
            "{} is not a folder; pass the root of the learner's checkout",
            checkout.display()
        );
    }
    if deadline.is_some() {
        git::check_git()?;
    }
    let files = match Files::open(&checkout, deadline, &grader.workbook.exercises)? {
        Ok(files) => files,
        Err(why) => bail!("cannot grade {}: {why}", checkout.display()),
    };
    if format == Format::Human {
        match files.commit() {
            Some(commit) => println!(
                "Grading the checkout {} at commit {} ({})...\n",
                checkout.display(),
                commit.id,
                commit.date
            ),
            None => println!("Grading the checkout {}...\n", checkout.display()),
        }
    }
    let cancel = Cancel::default();
    let grades = parallel::map(&grader.workbook.exercises, |exercise| {
        class::grade_exercise(grader, &files, exercise, None, &cancel)
    });
    summarise(grader, &every_grade(grades)?, format)
}

pub fn every_grade(grades: Vec<Result<Grade>>) -> Result<Vec<Grade>> {
    grades
        .into_iter()
        .collect::<Result<_>>()
        .context("the grader could not grade every exercise")
}

/// Prints the grades as a table (or JSON, or Classroom's lines).
fn summarise(grader: &Grader, grades: &[Grade], format: Format) -> Result<Exit> {
    let outcome = Exit::of(grades.iter().all(Grade::passed));
    let graded = report::entries(&grader.workbook.exercises, grades);
    match format {
        Format::Human => print!(
            "{}",
            table(
                grader,
                &graded,
                grader.settings.color,
                output_width(),
                false
            )
        ),
        _ => print_report(&graded, format)?,
    }
    Ok(outcome)
}

/// Prints the grades in a format for tools (every format but [`Format::Human`]).
pub fn print_report(graded: &[Entry], format: Format) -> Result<()> {
    let missing_layers = sandbox::reported_protection().missing;
    let machine = Machine {
        missing_layers: &missing_layers,
    };
    match format {
        Format::Json => exercism::print(&exercism::report(graded))?,
        Format::Classroom => print!("{}", classroom::output_lines(graded)?),
        Format::Gradescope => println!("{}", gradescope::results(graded, machine)?),
        Format::Prairielearn => println!("{}", prairielearn::results(graded, machine)?),
        Format::Human => bail!("the human format is not a report for tools"),
    }
    Ok(())
}

/// The workbook with only the exercises `typed` names (all of them when it is empty).
pub fn only(mut workbook: Workbook, typed: &[String]) -> Result<Workbook> {
    if typed.is_empty() {
        return Ok(workbook);
    }
    let names: Vec<String> = typed
        .iter()
        .map(|typed| Ok(session::find(&workbook, typed.trim())?.name.clone()))
        .collect::<Result<_>>()?;
    workbook.exercises.retain(|e| names.contains(&e.name));
    Ok(workbook)
}

/// `--container-boundary`: the platform's container isolates the submission, so the
/// grader goes on with the layers it has (its report names those missing), as a user
/// that is not root.
pub fn in_container() -> Result<()> {
    if sandbox::running_as_root() {
        bail!("{AS_ROOT}.");
    }
    let missing = sandbox::reported_protection().missing;
    if !missing.is_empty() {
        eprintln!(
            "note: the container is the isolation boundary (--container-boundary); the \
             sandbox inside it is missing {}.\n",
            missing.join("; ")
        );
    }
    Ok(())
}

/// The grades as people read them: a table, the score, then the verdict of the first
/// exercise that does not pass (of each one, with `every_failure`).
pub fn table(
    grader: &Grader,
    graded: &[Entry],
    color: bool,
    width: usize,
    every_failure: bool,
) -> String {
    let mut text = format!(
        "  {:>3}  {:<22} {:<15} {:>9} {:>8}\n",
        "#", "exercise", "verdict", "score", "time"
    );
    let (mut earned, mut max) = (0, 0);
    for g in graded {
        let scored = score(g.grade, g.exercise.points);
        (earned, max) = (earned + scored.earned, max + scored.max);
        let label = format!(
            "{:<15}",
            g.grade.verdict.kind().map_or("cancelled", |k| k.label())
        );
        let label = match (color, g.grade.passed()) {
            (false, _) => label,
            (true, true) => label.green().to_string(),
            (true, false) => label.red().to_string(),
        };
        text.push_str(&format!(
            "  {:>3}  {:<22} {label} {:>9} {:>8}\n",
            g.exercise.number,
            g.grade.exercise,
            format!("{}/{}", scored.earned, scored.max),
            report::seconds(g.grade.run_time)
        ));
    }
    let passed = graded.iter().filter(|g| g.grade.passed()).count();
    text.push_str(&format!(
        "\n{passed} of {} exercises pass. Score: {earned}/{max} (partial credit per test \
         group; {}).\n",
        graded.len(),
        seed::named(grader.settings.seed)
    ));
    let failing = graded.iter().filter(|g| !g.grade.passed());
    for (i, g) in failing.enumerate() {
        if every_failure {
            text.push('\n');
        } else if i == 0 {
            let name = match color {
                true => g.grade.exercise.bold().to_string(),
                false => g.grade.exercise.clone(),
            };
            text.push_str(&format!(
                "\nThe first exercise that does not pass is {name}:\n\n"
            ));
        } else {
            break;
        }
        let verdict = report::describe(g.grade, g.exercise, &g.shown_file(), Detail::BRIEF);
        text.push_str(&verdict.to_string(width, color));
    }
    text
}
