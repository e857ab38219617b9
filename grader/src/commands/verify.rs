//! `cargo grader verify`: grade every exercise in parallel, show a summary, rebuild the
//! progress; or, with `--workbook PATH`, grade a learner's checkout for an instructor.

use std::path::Path;

use anyhow::{Context, Result, bail};
use colored::Colorize;

use crate::Outcome;
use crate::grading::Grader;
use crate::judge::{Cancel, Grade};
use crate::parallel;
use crate::progress::Progress;
use crate::report::score::score;
use crate::report::{self, Detail, Format, Graded, classroom, exercism, output_width};
use crate::session::Session;

/// Grades the learner's own workbook and rebuilds the progress from the verdicts.
pub fn own(mut session: Session, format: Format) -> Result<Outcome> {
    if let Some(notice) = session.notice.take() {
        eprintln!("note: {notice}\nRebuilding it now.\n");
    }
    let grader = &session.grader;
    if format == Format::Human {
        println!("Grading {} exercises...\n", grader.workbook.exercises.len());
    }
    let cancel = Cancel::default();
    let grades = parallel::map(&grader.workbook.exercises, |exercise| {
        grader.grade(exercise, &cancel)
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

/// Grades the learner's files in `checkout` with this workbook's hidden tests. Nothing
/// else from the checkout is read, so editing its manifest, Cargo files, grader or
/// progress cannot change a grade; nothing is written there either.
pub fn checkout(grader: &Grader, checkout: &Path, format: Format) -> Result<Outcome> {
    let checkout = std::path::absolute(checkout)
        .with_context(|| format!("cannot find {}", checkout.display()))?;
    if !checkout.is_dir() {
        bail!(
            "{} is not a folder; pass the root of the learner's checkout",
            checkout.display()
        );
    }
    if format == Format::Human {
        println!("Grading the checkout {}...\n", checkout.display());
    }
    let cancel = Cancel::default();
    let grades = parallel::map(&grader.workbook.exercises, |exercise| {
        grader.grade_file(exercise, &checkout, &exercise.file_in(&checkout), &cancel)
    });
    summarise(grader, &every_grade(grades)?, format)
}

fn every_grade(grades: Vec<Result<Grade>>) -> Result<Vec<Grade>> {
    grades
        .into_iter()
        .collect::<Result<_>>()
        .context("the grader could not grade every exercise")
}

/// Prints the grades as a table (or JSON, or Classroom's lines).
fn summarise(grader: &Grader, grades: &[Grade], format: Format) -> Result<Outcome> {
    let outcome = Outcome::of(grades.iter().all(Grade::passed));
    let graded: Vec<Graded> = grader
        .workbook
        .exercises
        .iter()
        .zip(grades)
        .map(|(exercise, grade)| grader.graded(exercise, grade))
        .collect();
    match format {
        Format::Json => exercism::print(&exercism::report(&graded))?,
        Format::Classroom => print!("{}", classroom::output_lines(&graded)?),
        Format::Human => print_table(grader, &graded),
    }
    Ok(outcome)
}

fn print_table(grader: &Grader, graded: &[Graded]) {
    println!(
        "  {:>3}  {:<22} {:<15} {:>9} {:>8}",
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
        let label = if g.grade.passed() {
            label.green()
        } else {
            label.red()
        };
        println!(
            "  {:>3}  {:<22} {label} {:>9} {:>8}",
            g.number,
            g.grade.exercise,
            format!("{}/{}", scored.earned, scored.max),
            report::seconds(g.grade.run_time)
        );
    }
    let passed = graded.iter().filter(|g| g.grade.passed()).count();
    println!(
        "\n{passed} of {} exercises pass. Score: {earned}/{max} (partial credit per test \
         group; seed {}).",
        graded.len(),
        grader.settings.seed
    );
    if let Some(g) = graded.iter().find(|g| !g.grade.passed()) {
        println!(
            "\nThe first exercise that does not pass is {}:\n",
            g.grade.exercise.bold()
        );
        let text = report::describe(g.grade, g.exercise, &g.shown_file, Detail::BRIEF);
        print!("{}", text.to_string(output_width(), grader.settings.color));
    }
}
