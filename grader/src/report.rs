//! Turning a grade into the text a learner reads (shared by `run`, `verify` and watch).

use std::fmt::Write;
use std::time::Duration;

use colored::Colorize;

use crate::judge::{Failure, Grade, Problem, Verdict};
use crate::problems::show::thousands;
use crate::wrap::wrap;

/// The width of printed reports when stdout is not a terminal (pipes, files, lessons).
pub const DEFAULT_WIDTH: usize = 80;
/// Output the learner's code printed is shown up to this many lines.
const OUTPUT_LINES_SHOWN: usize = 10;

const TODO_ADVICE: &str = "This exercise still has its `todo!()`: replace it with your code.";

/// A short name for a verdict: "passed", "wrong answer", "time limit", ...
pub fn verdict_label(verdict: &Verdict) -> &'static str {
    match verdict {
        Verdict::Passed => "passed",
        Verdict::CompileError(_) => "compile error",
        Verdict::Cancelled => "cancelled",
        Verdict::Failed(failure) => problem_label(&failure.problem),
    }
}

pub fn problem_label(problem: &Problem) -> &'static str {
    match problem {
        Problem::WrongAnswer(_) => "wrong answer",
        Problem::Panicked { .. } => "panicked",
        Problem::TimeLimit { .. } => "time limit",
        Problem::StackOverflow => "stack overflow",
        Problem::MemoryLimit => "memory limit",
        Problem::EndedEarly { .. } => "ended early",
        Problem::NotRun => "not run",
    }
}

pub fn seconds(time: Duration) -> String {
    format!("{:.2} s", time.as_secs_f64())
}

/// The full verdict for one exercise: a headline, then what went wrong and why.
pub fn describe(grade: &Grade, file: &str) -> String {
    let mut out = String::new();
    let name = grade.exercise.bold();
    let cases: usize = grade.groups.iter().map(|g| g.cases).sum();
    match &grade.verdict {
        Verdict::Passed => {
            let _ = writeln!(
                out,
                "{} {name} passed all {} hidden cases in {} groups ({}).",
                "✓".green().bold(),
                thousands(cases as u64),
                grade.groups.len(),
                seconds(grade.run_time)
            );
        }
        Verdict::Cancelled => {
            let _ = writeln!(out, "{name}: grading was cancelled.");
        }
        Verdict::CompileError(messages) => {
            let _ = writeln!(
                out,
                "{} {name} does not compile. The compiler says:\n",
                "✗".red().bold()
            );
            out.push_str(messages.trim_end());
            let _ = writeln!(
                out,
                "\n\nFix {file} and save (or run the grader again). Keep the exercise's \
                 public items as the stub declares them: the hidden tests call them."
            );
        }
        Verdict::Failed(failure) => {
            describe_failure(&mut out, grade, failure);
        }
    }
    out
}

fn describe_failure(out: &mut String, grade: &Grade, failure: &Failure) {
    let passed = grade.groups.iter().filter(|g| g.is_pass()).count();
    let _ = writeln!(
        out,
        "{} {}: {} on hidden case {},\n  in the group \"{}\".\n",
        "✗".red().bold(),
        grade.exercise.bold(),
        problem_label(&failure.problem).red().bold(),
        thousands(failure.case_number as u64),
        failure.group
    );
    for line in failure_text(failure).lines() {
        match line.is_empty() {
            true => out.push('\n'),
            false => {
                let _ = writeln!(out, "  {line}");
            }
        }
    }
    let _ = writeln!(
        out,
        "\n  {passed} of {} test groups passed.",
        grade.groups.len()
    );
    if !grade.output.trim().is_empty() && !matches!(failure.problem, Problem::Panicked { .. }) {
        let _ = writeln!(out, "\n  Your code printed (this never changes a verdict):");
        for line in grade.output.lines().take(OUTPUT_LINES_SHOWN) {
            let _ = writeln!(out, "  | {line}");
        }
    }
}

/// A failing case: its input, the answer, what rule it broke, and advice.
pub fn failure_text(failure: &Failure) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{} {}", "input:".bold(), failure.input);
    if let Some(answer) = &failure.answer {
        let _ = writeln!(out, "{} {answer}", "yours:".bold());
    }
    out.push('\n');
    let (explanation, advice) = explain(&failure.problem);
    let _ = writeln!(out, "{}", explanation.trim_end());
    if let Some(advice) = advice {
        let _ = writeln!(out, "\n{} {advice}", "Hint:".yellow().bold());
    }
    out
}

/// `text` with every line wrapped to `width` columns, continuation lines indented like
/// the line they continue.
pub fn wrapped(text: &str, width: usize) -> String {
    text.lines()
        .flat_map(|line| wrap(line, width))
        .map(|line| line + "\n")
        .collect()
}

/// The width to wrap printed reports to: the terminal's, else [`DEFAULT_WIDTH`].
pub fn output_width() -> usize {
    use std::io::IsTerminal;
    match std::io::stdout().is_terminal() {
        true => crossterm::terminal::size().map_or(DEFAULT_WIDTH, |(columns, _)| columns as usize),
        false => DEFAULT_WIDTH,
    }
}

/// What went wrong, and advice when there is some.
fn explain(problem: &Problem) -> (String, Option<String>) {
    match problem {
        Problem::WrongAnswer(mistake) => (mistake.rule.clone(), mistake.advice.clone()),
        Problem::Panicked { message, advice } => {
            let advice = if message.starts_with("not yet implemented") {
                Some(TODO_ADVICE.to_string())
            } else {
                advice.clone()
            };
            (format!("Your code panicked:\n  {message}"), advice)
        }
        Problem::TimeLimit {
            limit,
            expected_cost,
        } => (
            format!(
                "The time limit is {} for all the cases together, and your code was still \
                 working on this one when it ran out.",
                seconds(*limit)
            ),
            Some(format!(
                "Look for work that grows too fast with the input, or a loop that never \
                 ends. Expected: {expected_cost}."
            )),
        ),
        Problem::StackOverflow => (
            "Your code overflowed its stack: a recursion that never stops, or one far deeper \
             than the input needs."
                .to_string(),
            Some(
                "Check the base case of your recursion. The grader's stack fits a memoised \
                 recursion 100,000 calls deep, not an endless one."
                    .to_string(),
            ),
        ),
        Problem::MemoryLimit => (
            "Your code ran out of memory (the grader allows a few GiB).".to_string(),
            Some("Look for a collection that grows without end, or a huge allocation.".to_string()),
        ),
        Problem::EndedEarly { exit } => (
            format!("Your program stopped before it answered this case ({exit})."),
            Some(
                "Return the answer from your function; do not call `std::process::exit`, \
                 `abort`, or end the program in any other way."
                    .to_string(),
            ),
        ),
        Problem::NotRun => ("The program stopped on an earlier case.".to_string(), None),
    }
}
