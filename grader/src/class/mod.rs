//! Grading learners' checkouts for an instructor: reading only their exercise files,
//! from the folder as it is or from a commit before a deadline ([`files`], [`git`],
//! [`deadline`]); each exercise's cases generated once for a whole class ([`plans`]);
//! and the class summary as CSV ([`csv`]).

pub mod csv;
pub mod deadline;
pub mod files;
pub mod git;
pub mod plans;

use anyhow::Result;

use crate::grading::{Cases, Code, Grader, Request};
use crate::judge::{Cancel, Grade, Submission};
use crate::workbook::Exercise;
use files::Files;
use plans::Plans;

/// Grades the learner's file of `exercise` in `files`, on the class's shared cases when
/// there are `plans`.
pub fn grade_exercise(
    grader: &Grader,
    files: &Files,
    exercise: &Exercise,
    plans: Option<&Plans>,
    cancel: &Cancel,
) -> Result<Grade> {
    let relative = files.file(exercise);
    let submission = Submission {
        source: files.read(&relative)?,
        shown_as: crate::grading::shown(&relative),
    };
    let cases = match plans.and_then(|plans| plans.get(exercise)) {
        Some(prepared) => Cases::Planned(prepared),
        None => Cases::Generated,
    };
    let request = Request::new(exercise, Code::Source(&submission)).on(cases);
    Ok(grader.grade(request, cancel)?.grade)
}
