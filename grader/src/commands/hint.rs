//! `cargo grader hint`: the exercise's hint, and where its lesson is.

use anyhow::Result;
use colored::Colorize;

use crate::Exit;
use crate::session::Session;

pub(super) fn run(session: &Session, typed: Option<&str>) -> Result<Exit> {
    let exercise = session.exercise(typed)?;
    println!("{} {}\n", "Hint for".bold(), exercise.name.bold());
    println!("{}", exercise.hint.trim());
    println!(
        "\nThe lesson explains it in full: `cargo grader lesson {}` ({}).",
        exercise.name, exercise.lesson
    );
    Ok(Exit::Passed)
}
