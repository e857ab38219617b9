//! `cargo grader reset`: the stub back in place of the learner's file, after asking.

use std::io::{BufRead, IsTerminal, Write};

use anyhow::{Result, bail};

use crate::Exit;
use crate::session::Session;

pub(super) fn run(session: &mut Session, typed: &str, yes: bool) -> Result<Exit> {
    let exercise = session.exercise(Some(typed))?;
    let file = exercise.file();
    if !yes {
        if !std::io::stdin().is_terminal() {
            bail!(
                "resetting {} loses your changes; run `cargo grader reset {} --yes` to confirm",
                file.display(),
                exercise.name
            );
        }
        print!(
            "Reset {} to its stub? Your changes to it will be lost. [y/N] ",
            file.display()
        );
        std::io::stdout().flush()?;
        let mut answer = String::new();
        std::io::stdin().lock().read_line(&mut answer)?;
        if !matches!(answer.trim(), "y" | "Y" | "yes") {
            println!("Nothing changed.");
            return Ok(Exit::Passed);
        }
    }
    session.reset(&exercise)?;
    println!("{} is back to its stub.", file.display());
    Ok(Exit::Passed)
}
