//! `cargo grader lesson`: the exercise's lesson, rendered for the terminal (paged when
//! longer than the screen), or as plain wrapped text in a pipe.

use anyhow::Result;

use crate::Exit;
use crate::session::Session;

pub(super) fn run(session: &Session, typed: Option<&str>) -> Result<Exit> {
    let exercise = session.exercise(typed)?;
    let text = crate::lesson::read(&session.workbook().root, &exercise.lesson)?;
    let title = format!("{} · {}", exercise.name, exercise.lesson);
    crate::lesson::show(&text, &title)?;
    Ok(Exit::Passed)
}
