//! A batch's grades as people read them (a table, the score, the first failure) and as
//! tools read them (every format but the human one).

use anyhow::{Result, bail};
use colored::Colorize;
use xorlings_course::model::Seed;
use xorlings_sandbox as sandbox;

use super::autograder::Machine;
use super::score::score;
use super::{Detail, Entry, Format, classroom, exercism, gradescope, prairielearn, seed};
use crate::text::n_of;

/// Prints the grades in a format for tools (every format but [`Format::Human`]).
pub(crate) fn print_report(graded: &[Entry], format: Format) -> Result<()> {
    let missing_layers = sandbox::reported_protection().missing;
    let machine = Machine {
        missing_layers: &missing_layers,
    };
    match format {
        Format::Json => exercism::print(&exercism::report(graded))?,
        Format::Classroom => print!("{}", classroom::output_lines(graded)?),
        Format::Gradescope => println!("{}", gradescope::results(graded, machine)?),
        Format::Prairielearn => println!("{}", prairielearn::results(graded, machine)?),
        Format::Human => bail!("the human format is not a report for tools"),
    }
    Ok(())
}

/// The grades as people read them: a table, the score, then the verdict of the first
/// exercise that does not pass (of each one, with `every_failure`).
pub(crate) fn table(
    seed: Seed,
    graded: &[Entry],
    color: bool,
    width: usize,
    every_failure: bool,
) -> String {
    let mut text = format!(
        "  {:>3}  {:<22} {:<15} {:>9} {:>8}\n",
        "#", "exercise", "verdict", "score", "time"
    );
    let (mut earned, mut max) = (0, 0);
    for g in graded {
        let scored = score(g.grade, g.exercise.points);
        (earned, max) = (earned + scored.earned, max + scored.max);
        let label = format!("{:<15}", g.grade.verdict.label());
        let label = match (color, g.grade.passed()) {
            (false, _) => label,
            (true, true) => label.green().to_string(),
            (true, false) => label.red().to_string(),
        };
        text.push_str(&format!(
            "  {:>3}  {:<22} {label} {:>9} {:>8}\n",
            g.exercise.number,
            g.grade.exercise,
            format!("{}/{}", scored.earned, scored.max),
            super::seconds(g.grade.run_time)
        ));
    }
    let passed = graded.iter().filter(|g| g.grade.passed()).count();
    text.push_str(&format!(
        "\n{}. Score: {earned}/{max} (partial credit per test group; {}).\n",
        n_of(passed, graded.len(), "exercise passes", "exercises pass"),
        seed::named(seed)
    ));
    let failing = graded.iter().filter(|g| !g.grade.passed());
    for (i, g) in failing.enumerate() {
        if every_failure {
            text.push('\n');
        } else if i == 0 {
            let name = match color {
                true => g.grade.exercise.bold().to_string(),
                false => g.grade.exercise.clone(),
            };
            text.push_str(&format!(
                "\nThe first exercise that does not pass is {name}:\n\n"
            ));
        } else {
            break;
        }
        let verdict = super::describe(g.grade, g.exercise, &g.shown_file(), Detail::BRIEF);
        text.push_str(&verdict.to_string(width, color));
    }
    text
}
