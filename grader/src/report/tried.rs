//! What `cargo grader try` and watch's `t` show: the learner's function called on their
//! own input, what it returned, and the checker's verdict on that one input.

use super::{
    Detail, describe, failure_headline, lesson_link, pass_headline, printed_text, problem_text,
};
use crate::grading::Tried;
use crate::judge::Verdict;
use crate::text::{Style, Text};
use crate::workbook::Exercise;
use xorlings_core::verdict::{Failure, Problem};
use xorlings_course::model::HiddenTests;

const ONE_ARGUMENT: &str = "The words after the name make the one argument: a number as 7, a \
list as 3 4 5, 3,4,5 or [3, 4, 5] ([] is an empty list).";
const ARGUMENTS: &str = "One word per argument: a number as 7, a list as 3,4,5 or [3,4,5] \
([] is an empty list; quote a list with spaces in it).";
const RIGHT: &str = ": right on your input, the checker accepts this answer.";

/// The arguments as the learner types them: `<heaps> <heap_index> <new_size>`.
pub(crate) fn arguments(tests: &dyn HiddenTests) -> String {
    let names: Vec<String> = tests
        .parameters()
        .iter()
        .map(|name| format!("<{name}>"))
        .collect();
    names.join(" ")
}

/// How to type an input for `tests`' exercise, derived from its parameters.
pub(crate) fn usage(tests: &dyn HiddenTests) -> String {
    let how = match tests.parameters() {
        [_] => ONE_ARGUMENT,
        _ => ARGUMENTS,
    };
    format!(
        "usage: cargo grader try {} {}\n{how}",
        tests.name(),
        arguments(tests)
    )
}

/// Why typed words are no input for `tests`' exercise, and how to type one.
pub(crate) fn invalid_input(tests: &dyn HiddenTests, problem: &str) -> String {
    format!("{problem}.\n{}", usage(tests))
}

/// The learner's function on their input: what it returned, then the verdict.
pub(crate) fn describe_tried(tried: &Tried, exercise: &Exercise, shown_file: &str) -> Text {
    let mut text = Text::new();
    let grade = &tried.grade;
    text.line(
        0,
        &[
            (Style::Plain, "Trying "),
            (Style::Bold, &grade.exercise),
            (Style::Plain, &format!(" on {}:", tried.typed.input)),
        ],
    );
    text.blank();
    if let Some(explanation) = &tried.typed.explanation {
        let shown = match &grade.verdict {
            Verdict::Failed(Failure {
                problem: Problem::WrongAnswer(mistake),
                ..
            }) => without_repeats(explanation, &mistake.rule),
            _ => explanation.clone(),
        };
        text.prose(2, &shown).blank();
    }
    match &grade.verdict {
        Verdict::Passed => pass_headline(&mut text, &grade.exercise, RIGHT),
        Verdict::Failed(failure) => {
            let label = failure.problem.kind().label();
            failure_headline(&mut text, &grade.exercise, label, " on your input.");
            text.blank()
                .append(problem_text(&failure.problem))
                .append(lesson_link(&failure.problem, exercise));
        }
        // It does not compile, cannot be read, or the checker failed: the usual report.
        _ => {
            text.append(describe(grade, exercise, shown_file, Detail::FULL));
            return text;
        }
    }
    text.append(printed_text(
        &tried.typed.printed,
        &grade.exercise,
        Detail::FULL,
    ));
    if !grade.warnings.is_empty() {
        let see = format!(
            "The compiler has warnings about your file: `cargo check --package {}` shows \
             them.",
            grade.exercise
        );
        text.blank().styled(0, Style::Dim, &see);
    }
    text
}

/// The explanation without the indented blocks (binary columns) that the checker's
/// rule already shows, so a wrong answer does not show the same columns twice.
fn without_repeats(explanation: &str, rule: &str) -> String {
    let mut kept: Vec<&str> = Vec::new();
    let mut lines = explanation.lines().peekable();
    while let Some(line) = lines.next() {
        kept.push(line);
        let mut block = Vec::new();
        while let Some(indented) = lines.next_if(|l| l.starts_with(' ')) {
            block.push(indented);
        }
        if !block.is_empty() && !rule.contains(&block.join("\n")) {
            kept.extend(block);
        }
    }
    kept.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use xorlings_course::hidden::tests_for;

    #[test]
    fn usage_names_the_parameters() {
        let apply = tests_for("apply_move").unwrap();
        assert_eq!(arguments(apply), "<heaps> <heap_index> <new_size>");
        assert!(usage(apply).starts_with("usage: cargo grader try apply_move <heaps> <heap_index> <new_size>\nOne word per argument"));
        let xor = tests_for("xor_all").unwrap();
        assert!(usage(xor).contains("the one argument"), "{}", usage(xor));
        let invalid = invalid_input(xor, "heaps: `x` is not a whole number");
        assert!(
            invalid.starts_with("heaps: `x` is not a whole number.\nusage: cargo grader try"),
            "{invalid}"
        );
    }

    #[test]
    fn columns_the_rule_shows_are_not_repeated() {
        let columns = "    3 = 011\n    2 = 010";
        let explanation = format!("Your function returned 1.\nxor_all([3]) = 1\n{columns}");
        let rule = format!("The nim-sum of [3] is 3.\n{columns}");
        assert_eq!(
            without_repeats(&explanation, &rule),
            "Your function returned 1.\nxor_all([3]) = 1"
        );
        let other = "The nim-sum of [3] is 3.\n    3 = 011";
        assert_eq!(without_repeats(&explanation, other), explanation);
    }
}
