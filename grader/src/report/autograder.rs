//! What Gradescope's and PrairieLearn's results share: one test per group of hidden
//! cases, worth the points the Exercism report gives it ([`super::score`]), with the
//! verdict in Markdown; a summary for the whole submission that names each layer the
//! sandbox lacks in the platform's container; and a bound on the whole file.

use serde::Serialize;

use super::exercism::{self, cut};
use super::score::score;
use super::{Detail, Entry, describe, failure_text, printed_text};
use crate::judge::Verdict;
use crate::text::{Style, Text, n_of};
use xorlings_core::verdict::{GroupResult, Kind};

/// The most a results file may take: PrairieLearn's limit (1 MB), which Gradescope's
/// files keep to as well.
pub(crate) const RESULTS_BYTES: usize = 1_000_000;
/// Characters of Markdown a test's output starts with; halved until the file fits.
const FIRST_BUDGET: usize = 16_000;
/// Lines of printed output a failing test shows.
const PRINTED_LINES: usize = 40;
const CUT_NOTE: &str = "\n\n[cut: the rest is too long for the results file]";

/// What the platform's adapter knows besides the grades.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Machine<'a> {
    /// The sandbox's layers this machine lacks (`cargo grader doctor`'s words): in a
    /// grading container, the ones the container blocks.
    pub missing_layers: &'a [String],
}

/// One group of hidden cases as a platform's test.
#[derive(Debug, Clone)]
pub(crate) struct GroupTest {
    /// `exercise: group`, as in the Exercism report.
    pub name: String,
    pub exercise: String,
    /// `exercise number.group number`, from 1.
    pub number: String,
    /// What the group calls.
    pub call: String,
    pub earned: u32,
    pub max: u32,
    pub passed: bool,
    /// One line: "passed", "wrong answer on case 3 of 120", "not run: compile error".
    pub headline: String,
    /// The verdict in Markdown, at most the budget's characters.
    pub output: String,
}

/// Why a group after one that ran out of time was not run.
const NOT_RUN_AFTER_TIME_LIMIT: &str = "Not run: a group before it ran out of time, and a time \
limit ends the grading, so that a verdict comes within seconds.";

/// Every group of every graded exercise, in course order, each output within `budget`
/// characters.
pub(crate) fn group_tests(graded: &[Entry], budget: usize) -> Vec<GroupTest> {
    let mut tests = Vec::new();
    for entry in graded {
        let scored = score(entry.grade, entry.exercise.points);
        let mut first_not_run: Option<String> = None;
        for (index, (group, &points)) in
            entry.grade.groups.iter().zip(&scored.per_group).enumerate()
        {
            let number = format!("{}.{}", entry.exercise.number, index + 1);
            let (headline, text) = verdict_of(entry, group, &number, &mut first_not_run);
            tests.push(GroupTest {
                name: format!("{}: {}", entry.grade.exercise, group.name),
                exercise: entry.grade.exercise.clone(),
                number,
                call: format!("{} on {}", entry.exercise.tests.call(), group.name),
                earned: if group.is_pass() { points } else { 0 },
                max: points,
                passed: group.is_pass(),
                headline,
                output: markdown_within(&text.markdown(), budget),
            });
        }
    }
    tests
}

/// A group's one-line verdict and its full text. The exercise's verdict (a compile
/// error, a file that cannot be read) goes in its first group not run; the others
/// point to it.
fn verdict_of(
    entry: &Entry,
    group: &GroupResult,
    number: &str,
    first_not_run: &mut Option<String>,
) -> (String, Text) {
    let mut text = Text::new();
    if group.is_pass() {
        text.prose(0, &format!("All {} cases of this group pass.", group.cases));
        return ("passed".to_string(), text);
    }
    if let Some(failure) = &group.failure {
        let label = failure.problem.kind().label();
        let headline = format!("{label} on case {} of {}", failure.case_number, group.cases);
        text.line(0, &[(Style::Bold, &headline), (Style::Plain, ".")])
            .blank();
        text.append(failure_text(failure, entry.exercise));
        let detail = Detail {
            printed_lines: Some(PRINTED_LINES),
            see_all: Some("left out here"),
        };
        text.append(printed_text(
            &failure.printed,
            &entry.grade.exercise,
            detail,
        ));
        return (headline, text);
    }
    let label = entry.grade.verdict.label();
    let headline = format!("not run: {label}");
    match first_not_run {
        Some(first) => {
            text.prose(0, &format!("Not run: test {first} says why."));
        }
        None => {
            *first_not_run = Some(number.to_string());
            text = match &entry.grade.verdict {
                Verdict::Failed(failure) if failure.problem.kind() == Kind::TimeLimit => {
                    let mut not_run = Text::new();
                    not_run.prose(0, NOT_RUN_AFTER_TIME_LIMIT);
                    not_run
                }
                Verdict::Passed | Verdict::Failed(_) => {
                    let mut not_run = Text::new();
                    not_run.prose(0, "Not run.");
                    not_run
                }
                _ => describe(
                    entry.grade,
                    entry.exercise,
                    &entry.shown_file(),
                    Detail::BRIEF,
                ),
            };
        }
    }
    (headline, text)
}

/// The submission as a whole, in Markdown: the score, each exercise's verdict, the seed
/// (by its fingerprint when it is the instructor's), and what the sandbox lacks here.
pub(crate) fn summary(graded: &[Entry], machine: Machine, budget: usize) -> String {
    let report = exercism::report(graded);
    let passed = graded.iter().filter(|g| g.grade.passed()).count();
    let seed = match (&report.seed, &report.seed_fingerprint) {
        (_, Some(fingerprint)) => format!("seed fingerprint {fingerprint}"),
        (Some(seed), None) => format!("seed {seed}"),
        (None, None) => String::new(),
    };
    let mut text = format!(
        "**{}: {} of {} points** (each exercise's points are shared \
         equally among its groups of hidden cases; {seed}).\n\n| # | exercise | verdict | points |\n|---|---|---|---|\n",
        n_of(passed, graded.len(), "exercise passes", "exercises pass"),
        report.score,
        report.max_score,
    );
    for (entry, exercise) in graded.iter().zip(&report.exercises) {
        text.push_str(&format!(
            "| {} | {} | {} | {}/{} |\n",
            entry.exercise.number,
            exercise.name,
            exercise.verdict,
            exercise.score,
            exercise.max_score
        ));
    }
    if !machine.missing_layers.is_empty() {
        text.push_str(&format!(
            "\nThis container blocks part of the grader's sandbox, so the container is the \
             isolation boundary (it holds this submission alone, without network). Missing \
             layers:\n\n{}",
            machine
                .missing_layers
                .iter()
                .map(|layer| format!("- {layer}\n"))
                .collect::<String>()
        ));
    }
    markdown_within(&text, budget)
}

/// Markdown cut to `budget` characters; a code block left open by the cut is closed,
/// so the rest of the page does not read as code.
pub(crate) fn markdown_within(markdown: &str, budget: usize) -> String {
    if markdown.chars().count() <= budget {
        return markdown.to_string();
    }
    let room = budget.saturating_sub(CUT_NOTE.len());
    let kept = cut(markdown, room, "");
    let kept = match open_fence(&kept) {
        None => kept,
        Some(fence) => {
            let kept = cut(markdown, room.saturating_sub(fence.len() + 1), "");
            match open_fence(&kept) {
                Some(fence) => format!("{kept}\n{fence}"),
                None => kept,
            }
        }
    };
    kept + CUT_NOTE
}

/// The fence of the code block still open at the end of `markdown`.
fn open_fence(markdown: &str) -> Option<String> {
    let mut open: Option<String> = None;
    for line in markdown.lines() {
        let fence: String = line.chars().take_while(|&c| c == '`').collect();
        match &open {
            Some(opened) if line == opened => open = None,
            None if fence.len() >= 3 => open = Some(fence),
            _ => {}
        }
    }
    open
}

/// The results built with the largest budget (per text) that keeps the whole JSON file
/// within [`RESULTS_BYTES`], whatever the learner's code printed.
pub(crate) fn fitted<T: Serialize>(build: impl Fn(usize) -> T) -> anyhow::Result<String> {
    let mut budget = FIRST_BUDGET;
    loop {
        let json = serde_json::to_string_pretty(&build(budget))?;
        if json.len() < RESULTS_BYTES || budget == 0 {
            return Ok(json);
        }
        budget /= 2;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cut_closes_the_code_block_it_falls_in() {
        let markdown = format!(
            "**wrong answer**  \n```text\n{}\n```\n",
            "x\n".repeat(5_000)
        );
        let cut = markdown_within(&markdown, 500);
        assert!(cut.chars().count() <= 500, "{}", cut.len());
        let fences = cut.lines().filter(|line| line.starts_with("```")).count();
        assert_eq!(fences, 2, "{cut}");
        assert!(cut.ends_with(CUT_NOTE));
        assert_eq!(markdown_within("short", 500), "short");
    }

    #[test]
    fn a_file_is_fitted_within_the_limit_by_halving_every_text() {
        let json = fitted(|budget| vec!["é\"".repeat(budget); 200]).unwrap();
        assert!(json.len() < RESULTS_BYTES, "{}", json.len());
        assert!(
            json.len() > RESULTS_BYTES / 4,
            "the budget is halved, not emptied"
        );
    }
}
