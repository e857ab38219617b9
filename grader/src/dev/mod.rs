//! Commands for instructors and maintainers: `dev check` proves the workbook right,
//! `dev new` scaffolds an exercise, `dev release` writes the learner edition; `workflow` keeps the Classroom
//! workflow in step with the manifest.

pub(crate) mod advice;
pub(crate) mod check;
pub(crate) mod layout;
pub(crate) mod new;
pub(crate) mod recorded;
pub(crate) mod release;
pub(crate) mod timing;
pub(crate) mod workflow;

use std::path::Path;

use crate::grading::{self, Code, Grader, Request};
use crate::judge::Cancel;
use crate::report::{self, Detail};
use crate::text;
use crate::workbook::Workbook;
use xorlings_course::model::Seed;

/// Panics, with the grader's report, unless the reference solution in `solution_dir`
/// (`<root>/solutions/<name>`) passes its hidden tests. It is each reference solution's
/// own test, so that cargo-mutants can run the hidden tests on its mutants.
pub fn assert_solution_passes(solution_dir: &str) {
    let solution_dir = Path::new(solution_dir);
    let root = solution_dir
        .ancestors()
        .nth(2)
        .expect("solutions/<name> is in a workbook");
    let workbook = Workbook::load(root).expect("the workbook loads");
    let name = solution_dir
        .file_name()
        .and_then(|d| d.to_str())
        .unwrap_or_default();
    let grader = Grader::new(workbook, false, Seed::DEFAULT);
    let exercise = grader
        .workbook
        .exercises
        .iter()
        .find(|e| e.name == name)
        .expect("the solution's folder is in the manifest");
    let submission = grading::read(root, &exercise.solution());
    let request = Request::new(exercise, Code::Source(&submission));
    let grade = grader
        .grade(request, &Cancel::default())
        .expect("the solution can be graded")
        .grade;
    let shown = exercise.solution().display().to_string();
    assert!(
        grade.passed(),
        "{}",
        report::describe(&grade, exercise, &shown, Detail::FULL).plain()
    );
}

/// The grader's report on `file` (a recorded solution, relative to the workbook at
/// `root`), graded as the learner's file of its exercise and laid out `width` columns
/// wide without color: what a lesson quotes (`tests/lesson_quotes.rs` keeps each quote
/// true).
pub fn quote_report(root: &Path, file: &str, width: usize) -> anyhow::Result<String> {
    use anyhow::Context;
    let mut grader = Grader::new(Workbook::load(root)?, false, Seed::DEFAULT);
    // As `grader run` grades it for the learner.
    grader.settings.stop_at_time_limit = true;
    let name = file
        .split('/')
        .nth(1)
        .with_context(|| format!("{file} is not a path under solutions/<name>/"))?;
    let exercise = crate::session::find(&grader.workbook, name)?;
    let submission = grading::read(root, Path::new(file));
    let request = Request::new(exercise, Code::Source(&submission));
    let grade = grader.grade(request, &Cancel::default())?.grade;
    let shown = exercise.file().display().to_string();
    Ok(report::describe(&grade, exercise, &shown, Detail::FULL).to_string(width, false))
}

/// The most lines of a diff shown in a problem.
const DIFF_LINES: usize = 30;

/// A short unified diff from `old` to `new`, for a problem an instructor must fix.
pub(crate) fn short_diff(old_name: &str, old: &str, new_name: &str, new: &str) -> String {
    text::diff_of_at_most(DIFF_LINES, old_name, old, new_name, new)
}
