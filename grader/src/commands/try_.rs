//! `cargo grader try NAME ARGS...`: calls the learner's own function on their own input,
//! shows what it returned, and judges it with the exercise's checker. Exit 0 when the
//! answer is right, 1 when not, 2 when the input is not one the exercise takes.

use anyhow::{Result, bail};

use crate::Outcome;
use crate::judge::Cancel;
use crate::report::output_width;
use crate::report::tried::{describe_tried, invalid_input, usage};
use crate::session::Session;

const NO_INPUT: &str = "type the input after the exercise's name";
const CANNOT_TRY: &str = "this input cannot be tried";

pub fn run(session: &Session, typed: &str, words: &[String]) -> Result<Outcome> {
    let exercise = session.exercise(Some(typed))?;
    let judge = session.grader.judge(&exercise)?;
    if words.is_empty() {
        bail!("{NO_INPUT}.\n{}", usage(judge));
    }
    let tried = match session
        .grader
        .try_typed(&exercise, words, &Cancel::default())?
    {
        Ok(tried) => tried,
        Err(problem) => bail!("{CANNOT_TRY}: {}", invalid_input(judge, &problem)),
    };
    let text = describe_tried(&tried, &exercise, &exercise.file().display().to_string());
    print!(
        "{}",
        text.to_string(output_width(), session.grader.settings.color)
    );
    Ok(Outcome::of(tried.grade.passed()))
}
