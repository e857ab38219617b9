//! Commands for instructors and maintainers: `dev check` proves the workbook right,
//! `dev new` scaffolds an exercise, `dev release` writes the learner edition; `workflow` keeps the Classroom
//! workflow in step with the manifest.

pub mod check;
pub mod layout;
pub mod new;
pub mod recorded;
pub mod release;
pub mod timing;
pub mod workflow;

use std::path::Path;

use crate::grading::Grader;
use crate::judge::Cancel;
use crate::model::Seed;
use crate::report::{self, Detail};
use crate::workbook::Workbook;

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
    let grade = grader
        .grade_file(exercise, root, &exercise.solution(), &Cancel::default())
        .expect("the solution can be graded");
    let shown = exercise.solution().display().to_string();
    assert!(
        grade.passed(),
        "{}",
        report::describe(&grade, exercise, &shown, Detail::FULL).plain()
    );
}

/// The most lines of a diff shown in a problem.
const DIFF_LINES: usize = 30;

/// A short unified diff from `old` to `new`, for a problem an instructor must fix.
pub fn short_diff(old_name: &str, old: &str, new_name: &str, new: &str) -> String {
    diff_of_at_most(DIFF_LINES, old_name, old, new_name, new)
}

/// A unified diff from `old` to `new`, cut after `max_lines` lines.
pub fn diff_of_at_most(
    max_lines: usize,
    old_name: &str,
    old: &str,
    new_name: &str,
    new: &str,
) -> String {
    let diff = similar::TextDiff::from_lines(old, new);
    let text = diff
        .unified_diff()
        .context_radius(2)
        .header(old_name, new_name)
        .to_string();
    let lines: Vec<&str> = text.lines().collect();
    let mut shown = lines[..lines.len().min(max_lines)].join("\n");
    if lines.len() > max_lines {
        shown.push_str(&format!(
            "\n... {} more lines of diff",
            lines.len() - max_lines
        ));
    }
    shown
}
