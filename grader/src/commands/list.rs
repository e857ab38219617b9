//! `cargo grader list`: every exercise in order, done or not, with a progress bar.

use anyhow::Result;
use colored::Colorize;

use crate::Exit;
use crate::session::Session;
use crate::text::hanging;

const BAR_WIDTH: usize = 30;

pub(super) fn run(session: &Session) -> Result<Exit> {
    let current = session.current().name.clone();
    println!("  {:>3}  {:<22} {:<9} lesson", "#", "exercise", "status");
    for (i, exercise) in session.workbook().exercises.iter().enumerate() {
        let marker = if exercise.name == current { ">" } else { " " };
        let status = if session.progress.is_done(&exercise.name) {
            format!("{:<9}", "✓ done").green()
        } else {
            format!("{:<9}", "· pending").yellow()
        };
        println!(
            "{marker} {:>3}  {:<22} {status} {}",
            i + 1,
            exercise.name,
            exercise.lesson
        );
    }
    let (done, total) = (session.done_count(), session.workbook().exercises.len());
    println!("\n{}", progress_bar(done, total));
    let current = format!(
        "Current: {current} (`cargo grader run` grades it; `cargo grader run 3` grades number 3)."
    );
    println!("{}", hanging("", &current));
    Ok(Exit::Passed)
}

/// `Progress: [#####---------] 3/12 done (25%)`.
pub(super) fn progress_bar(done: usize, total: usize) -> String {
    let filled = (done * BAR_WIDTH).checked_div(total).unwrap_or(0);
    let percent = (done * 100).checked_div(total).unwrap_or(0);
    format!(
        "Progress: [{}{}] {done}/{total} done ({percent}%)",
        "#".repeat(filled).green(),
        "-".repeat(BAR_WIDTH - filled).red()
    )
}
