//! What `cargo grader try` and watch's `t` show: the learner's function called on their
//! own input, what it returned, and the checker's verdict on that one input.

use super::{Detail, describe, lesson_link, printed_text, problem_text};
use crate::judge::{Tried, Verdict};
use crate::model::Judge;
use crate::text::{Style, Text};
use crate::workbook::ExerciseInfo;

const ONE_ARGUMENT: &str = "The words after the name make the one argument: a number as 7, a \
list as 3 4 5, 3,4,5 or [3, 4, 5] ([] is an empty list).";
const ARGUMENTS: &str = "One word per argument: a number as 7, a list as 3,4,5 or [3,4,5] \
([] is an empty list; quote a list with spaces in it).";
const RIGHT: &str = "That is right: the checker accepts this answer.";

/// The arguments as the learner types them: `<heaps> <heap_index> <new_size>`.
pub fn arguments(judge: &dyn Judge) -> String {
    let names: Vec<String> = judge
        .parameters()
        .iter()
        .map(|name| format!("<{name}>"))
        .collect();
    names.join(" ")
}

/// How to type an input for `judge`'s exercise, derived from its parameters.
pub fn usage(judge: &dyn Judge) -> String {
    let how = match judge.parameters() {
        [_] => ONE_ARGUMENT,
        _ => ARGUMENTS,
    };
    format!(
        "usage: cargo grader try {} {}\n{how}",
        judge.name(),
        arguments(judge)
    )
}

/// Why typed words are no input for `judge`'s exercise, and how to type one.
pub fn invalid_input(judge: &dyn Judge, problem: &str) -> String {
    format!("This input cannot be tried: {problem}.\n{}", usage(judge))
}

/// The learner's function on their input: what it returned, then the verdict.
pub fn describe_tried(tried: &Tried, exercise: &ExerciseInfo, shown_file: &str) -> Text {
    let mut text = Text::new();
    let grade = &tried.grade;
    text.line(
        0,
        &[
            (Style::Plain, "Trying "),
            (Style::Bold, &grade.exercise),
            (Style::Plain, &format!(" on {}:", tried.input)),
        ],
    );
    text.blank();
    if let Some(explanation) = &tried.explanation {
        text.prose(2, explanation).blank();
    }
    match &grade.verdict {
        Verdict::Passed => {
            text.line(
                0,
                &[
                    (Style::Good, "✓"),
                    (Style::Plain, " "),
                    (Style::Plain, RIGHT),
                ],
            );
        }
        Verdict::Failed(failure) => {
            text.line(
                0,
                &[
                    (Style::Bad, "✗"),
                    (Style::Plain, " "),
                    (Style::Bold, &grade.exercise),
                    (Style::Plain, ": "),
                    (Style::Bad, failure.problem.kind().label()),
                    (Style::Plain, " on your input."),
                ],
            );
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
    text.append(printed_text(&tried.printed, &grade.exercise, Detail::FULL));
    if !grade.warnings.is_empty() {
        text.blank().styled(
            0,
            Style::Dim,
            "The compiler has warnings about your file: `cargo grader run` shows them.",
        );
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hidden::judge_for;

    #[test]
    fn usage_names_the_parameters() {
        let apply = judge_for("apply_move").unwrap();
        assert_eq!(arguments(apply), "<heaps> <heap_index> <new_size>");
        assert!(usage(apply).starts_with("usage: cargo grader try apply_move <heaps> <heap_index> <new_size>\nOne word per argument"));
        let xor = judge_for("xor_all").unwrap();
        assert!(usage(xor).contains("the one argument"), "{}", usage(xor));
        let invalid = invalid_input(xor, "heaps: `x` is not a whole number");
        assert!(
            invalid.starts_with("This input cannot be tried: heaps: `x`"),
            "{invalid}"
        );
    }
}
