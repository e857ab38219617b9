//! `cargo grader lesson`: the exercise's lesson, rendered for the terminal (paged when
//! longer than the screen), or as plain wrapped text in a pipe.

use anyhow::{Context, Result};

use crate::Exit;
use crate::session::Session;

pub fn run(session: &Session, typed: Option<&str>) -> Result<Exit> {
    let exercise = session.exercise(typed)?;
    let path = session.workbook().root.join(&exercise.lesson);
    let text = std::fs::read_to_string(&path).with_context(|| {
        format!(
            "cannot read the lesson {}; restore it with `git checkout -- {}`",
            path.display(),
            exercise.lesson
        )
    })?;
    let title = format!("{} · {}", exercise.name, exercise.lesson);
    crate::lesson::show(&text, &title)?;
    Ok(Exit::Passed)
}
