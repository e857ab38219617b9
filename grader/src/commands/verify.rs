//! `cargo grader verify`: grade every exercise in parallel, show a summary, rebuild the
//! progress; or, with `--workbook PATH`, grade a learner's checkout for an instructor.

use std::path::Path;

use anyhow::{Context, Result, bail};

use crate::Exit;
use crate::class::{deadline::Deadline, files::Files, git};
use crate::grading::{BatchItem, Budget, Grader, every_grade};
use crate::judge::Grade;
use crate::progress::Progress;
use crate::report::{self, Format, summary};
use crate::session::{self, Session};
use crate::text::output_width;
use crate::workbook::Workbook;
use xorlings_sandbox as sandbox;

const AS_ROOT: &str = "--container-boundary grades as an unprivileged user only: the learner's \
code must never run as root, even in a container. Run the grader as another user (the \
autograders in autograder/ drop to one with `setpriv`)";

/// Grades the learner's own workbook and rebuilds the progress from the verdicts.
pub(super) fn own(mut session: Session, budget: &Budget, format: Format) -> Result<Exit> {
    if let Some(notice) = session.notice.take() {
        eprintln!("note: {notice}\nRebuilding it now.\n");
    }
    let grader = &session.grader;
    if format == Format::Human {
        println!("Grading {} exercises...\n", grader.workbook.exercises.len());
    }
    let exercises = &grader.workbook.exercises;
    let grades = grader.grade_all(exercises, None, budget.cancel(), |exercise| {
        Ok(BatchItem::new(exercise, grader.own_file(exercise)))
    });
    let grades = budget.marked(grades);
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
pub(super) fn checkout(
    grader: &Grader,
    checkout: &Path,
    deadline: Option<&Deadline>,
    budget: &Budget,
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
    let exercises = &grader.workbook.exercises;
    let grades = grader.grade_all(exercises, None, budget.cancel(), |exercise| {
        Ok(BatchItem::new(exercise, files.submission(exercise)?))
    });
    let grades = budget.marked(grades);
    summarise(grader, &every_grade(grades)?, format)
}

/// Prints the grades as a table (or JSON, or Classroom's lines).
fn summarise(grader: &Grader, grades: &[Grade], format: Format) -> Result<Exit> {
    let outcome = Exit::of(grades.iter().all(Grade::passed));
    let graded = report::entries(&grader.workbook.exercises, grades);
    match format {
        Format::Human => print!(
            "{}",
            summary::table(
                grader.settings.seed,
                &graded,
                grader.settings.color,
                output_width(),
                false
            )
        ),
        _ => summary::print_report(&graded, format)?,
    }
    Ok(outcome)
}

/// The workbook with only the exercises `typed` names (all of them when it is empty).
pub(super) fn only(mut workbook: Workbook, typed: &[String]) -> Result<Workbook> {
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
pub(super) fn in_container() -> Result<()> {
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
