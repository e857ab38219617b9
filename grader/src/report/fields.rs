//! A verdict as fields, for the course page (`cargo grader serve`) to lay out as HTML:
//! the same parts the terminal's verdict and the JSON report are made of (the input,
//! the answer, the rule, the advice, what the code printed), each whole, none wrapped.

use serde::Serialize;

use super::{
    Detail, Explained, PrintedParts, Unjudged, explain, failure_place, groups_passed,
    lesson_section, passed_rest, printed_parts, shrunk_from, shrunk_sentence, unjudged,
    warnings_intro,
};
use crate::grading::Tried;
use crate::judge::{Grade, Verdict};
use crate::workbook::Exercise;
use xorlings_core::verdict::Problem;

/// What the page says after a right answer to a typed input.
const RIGHT_ON_INPUT: &str = " is right on your input: the checker accepts this answer.";
const WRONG_ON_INPUT: &str = " on your input.";
const WARNINGS_ELSEWHERE: &str =
    "The compiler has warnings about your file: the verdict above shows them.";

/// One verdict. Every text is whole: the page wraps it to its width.
#[derive(Debug, Default, Serialize)]
pub(crate) struct Fields {
    pub exercise: String,
    /// "passed", "failed" or "cancelled".
    pub status: &'static str,
    /// What went wrong in a word or two ("wrong answer"), shown in red.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<&'static str>,
    /// The rest of the headline, after the name and the label.
    pub summary: String,
    /// The failing case's group, by its name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub group: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub input: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub answer: Option<String>,
    /// "Your function returned ..." on a typed input, with the exercise's explanation.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub explanation: Option<String>,
    /// Where a simpler input came from.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shrunk: Option<String>,
    /// The rule broken, or what the run did; lines indented by two spaces or more are
    /// laid out as they are (binary columns).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    /// Code the rule quotes (a panic's message).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub advice: Option<String>,
    /// The lesson's section on common mistakes (`lessons/nim-sum.md#common-mistakes`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lesson: Option<String>,
    /// "1 of 5 test groups passed."
    #[serde(skip_serializing_if = "Option::is_none")]
    pub groups: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub printed: Option<Printed>,
    /// Why nothing was judged, the compiler's messages, and what to do.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub compiler: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub paragraphs: Vec<String>,
    /// The compiler's warnings: a sentence, then the messages as the compiler laid them
    /// out.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub warnings: Option<Warnings>,
}

#[derive(Debug, Serialize)]
pub(crate) struct Printed {
    pub intro: &'static str,
    pub lines: Vec<String>,
    pub notes: Vec<String>,
}

#[derive(Debug, Serialize)]
pub(crate) struct Warnings {
    pub intro: String,
    pub messages: String,
}

/// The fields of `grade`, the verdict of `exercise`, whose file is `shown_file`.
pub(crate) fn fields(grade: &Grade, exercise: &Exercise, shown_file: &str) -> Fields {
    let mut fields = Fields {
        exercise: grade.exercise.clone(),
        warnings: warnings_intro(grade).map(|intro| Warnings {
            intro,
            messages: laid_out(&grade.warnings.concat()),
        }),
        ..Fields::default()
    };
    match &grade.verdict {
        Verdict::Passed => {
            fields.status = "passed";
            fields.summary = passed_rest(grade);
        }
        Verdict::Cancelled => {
            fields.status = "cancelled";
            fields.summary = super::CANCELLED.to_string();
        }
        Verdict::Failed(failure) => {
            fields.status = "failed";
            fields.summary = failure_place(failure);
            fields.group = Some(failure.group.clone());
            fields.input = Some(failure.input.clone());
            fields.answer = failure.answer.clone();
            fields.shrunk = shrunk_from(grade, failure).map(shrunk_sentence);
            fields.groups = Some(groups_passed(grade, failure));
            fields.printed = printed(&failure.printed, &grade.exercise, Detail::BRIEF);
            add_problem(&mut fields, &failure.problem, exercise);
        }
        _ => {
            fields.status = "failed";
            fields.label = grade.verdict.kind().map(|kind| kind.label());
            if let Some(Unjudged {
                rest,
                reason,
                compiler,
                paragraphs,
            }) = unjudged(grade, exercise, shown_file)
            {
                fields.summary = rest;
                fields.reason = reason;
                fields.compiler = compiler.as_deref().map(laid_out);
                fields.paragraphs = paragraphs;
            }
        }
    }
    fields
}

/// The fields of a try: the learner's function on their own input.
pub(crate) fn tried(tried: &Tried, exercise: &Exercise, shown_file: &str) -> Fields {
    let grade = &tried.grade;
    let mut fields = match &grade.verdict {
        Verdict::Passed => Fields {
            exercise: grade.exercise.clone(),
            status: "passed",
            summary: RIGHT_ON_INPUT.to_string(),
            ..Fields::default()
        },
        Verdict::Failed(failure) => {
            let mut fields = Fields {
                exercise: grade.exercise.clone(),
                status: "failed",
                summary: WRONG_ON_INPUT.to_string(),
                ..Fields::default()
            };
            add_problem(&mut fields, &failure.problem, exercise);
            fields
        }
        // It does not compile, cannot be read, or the checker failed: the usual verdict.
        _ => return fields(grade, exercise, shown_file),
    };
    fields.printed = printed(&tried.typed.printed, &grade.exercise, Detail::FULL);
    fields.input = Some(tried.typed.input.clone());
    fields.explanation = tried.typed.explanation.clone();
    if !grade.warnings.is_empty() {
        fields.paragraphs.push(WARNINGS_ELSEWHERE.to_string());
    }
    fields
}

fn add_problem(fields: &mut Fields, problem: &Problem, exercise: &Exercise) {
    let Explained { rule, code, advice } = explain(problem);
    fields.label = Some(problem.kind().label());
    fields.rule = Some(rule);
    fields.code = code;
    fields.advice = advice;
    fields.lesson = lesson_section(problem, exercise);
}

fn printed(printed: &xorlings_core::run::Printed, name: &str, detail: Detail) -> Option<Printed> {
    printed_parts(printed, name, detail).map(Printed::from)
}

impl From<PrintedParts> for Printed {
    fn from(parts: PrintedParts) -> Printed {
        Printed {
            intro: parts.intro,
            lines: parts.lines,
            notes: parts.more.into_iter().chain(parts.cut).collect(),
        }
    }
}

/// The compiler's messages as they read without their colors, anything else that is no
/// text made visible.
fn laid_out(messages: &str) -> String {
    crate::text::visible(&crate::text::strip_ansi(messages))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::adding_the_heaps;
    use crate::text::words;

    /// The page says what the terminal says, each part whole: every field is in the
    /// terminal's verdict once its wrapping is undone.
    #[test]
    fn each_field_is_a_whole_part_of_the_terminals_verdict() {
        let exercise = Exercise::example("xor_all");
        let grade = adding_the_heaps("heap 0 is 1\nheap 1 is 1\n".to_string());
        let terminal =
            words(&super::super::describe(&grade, &exercise, "f.rs", Detail::BRIEF).plain());
        let fields = fields(&grade, &exercise, "f.rs");
        assert_eq!(
            (fields.status, fields.label),
            ("failed", Some("wrong answer"))
        );
        let rule = fields.rule.clone().unwrap();
        assert!(rule.starts_with("The nim-sum of [1, 1] is 0"), "{rule}");
        let parts = [
            fields.summary.clone(),
            fields.input.clone().unwrap(),
            fields.answer.clone().unwrap(),
            rule,
            fields.advice.clone().unwrap(),
            fields.lesson.clone().unwrap(),
            fields.groups.clone().unwrap(),
            fields.printed.as_ref().unwrap().intro.to_string(),
        ]
        .into_iter()
        .chain(
            fields
                .printed
                .as_ref()
                .unwrap()
                .lines
                .iter()
                .map(|line| format!("| {line}")),
        );
        for part in parts {
            assert!(
                terminal.contains(&words(&part)),
                "{part:?} is not in\n{terminal}"
            );
        }
        let json = serde_json::to_value(&fields).unwrap();
        assert!(json.get("compiler").is_none(), "no empty fields: {json}");
    }
}
