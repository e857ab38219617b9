//! `cargo grader lesson`: the exercise's lesson, in the terminal.

use anyhow::{Context, Result};

use crate::Outcome;
use crate::session::Session;

pub fn run(session: &Session, typed: Option<&str>) -> Result<Outcome> {
    let exercise = session.exercise(typed)?;
    let path = session.workbook().root.join(&exercise.lesson);
    let text = std::fs::read_to_string(&path).with_context(|| {
        format!(
            "cannot read the lesson {}; restore it with `git checkout -- {}`",
            path.display(),
            exercise.lesson
        )
    })?;
    print!("{text}");
    Ok(Outcome::Passed)
}
