//! `cargo grader try NAME ARGS...`: calls the learner's own function on their own input,
//! shows what it returned, and judges it with the exercise's checker. Exit 0 when the
//! answer is right, 1 when not, 2 when the input is not one the exercise takes.

use anyhow::{Result, bail};

use crate::Exit;
use crate::grading::{Cases, Code, Request, TypedCase};
use crate::judge::Cancel;
use crate::report::tried::{describe_tried, invalid_input, usage};
use crate::session::Session;
use crate::text::output_width;

const NO_INPUT: &str = "type the input after the exercise's name";
const CANNOT_TRY: &str = "this input cannot be tried";

pub(super) fn run(session: &Session, typed: &str, words: &[String]) -> Result<Exit> {
    let exercise = session.exercise(Some(typed))?;
    let tests = exercise.tests;
    if words.is_empty() {
        bail!("{NO_INPUT}.\n{}", usage(tests));
    }
    let case = match TypedCase::new(tests, words) {
        Ok(case) => case,
        Err(problem) => bail!("{CANNOT_TRY}: {}", invalid_input(tests, &problem)),
    };
    let submission = session.grader.own_file(&exercise);
    let request = Request::new(&exercise, Code::Source(&submission)).on(Cases::Typed(case));
    let response = session.grader.grade(request, &Cancel::default())?;
    let tried = response
        .tried()
        .ok_or_else(|| anyhow::anyhow!("{CANNOT_TRY}: the grader did not run it"))?;
    let text = describe_tried(&tried, &exercise, &exercise.file().display().to_string());
    print!(
        "{}",
        text.to_string(output_width(), session.grader.settings.color)
    );
    Ok(Exit::of(tried.grade.passed()))
}
