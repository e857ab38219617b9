//! `cargo grader hint`: the exercise's hint, and where its lesson is.

use anyhow::Result;
use colored::Colorize;

use crate::Exit;
use crate::session::Session;
use crate::text::hanging;

pub(super) fn run(session: &Session, typed: Option<&str>) -> Result<Exit> {
    let exercise = session.exercise(typed)?;
    println!("{} {}\n", "Hint for".bold(), exercise.name.bold());
    for line in exercise.hint.trim().lines() {
        println!("{}", hanging("", line));
    }
    let lesson = format!(
        "The lesson explains it in full: `cargo grader lesson {}` ({}).",
        exercise.name, exercise.lesson
    );
    println!("\n{}", hanging("", &lesson));
    Ok(Exit::Passed)
}
