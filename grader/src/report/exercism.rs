//! `--format json`: Exercism's test-runner results format, version 3, followed to the
//! letter (https://exercism.org/docs/building/tooling/test-runners/interface), with
//! extra top-level fields for scores, which Exercism's tooling ignores.
//!
//! - One test per group of hidden cases of each exercise, in course order, named
//!   `exercise: group`; `task_id` is the exercise's number in the course.
//! - A test `fail`s on a wrong answer and `error`s when the code did not return one
//!   (a panic, a time-out, a file that did not compile...).
//! - `status` is `pass` when every test passes, `error` only when every test errored
//!   (with a top-level `message` saying why), `fail` otherwise.
//! - `output` is what the learner's code printed in the failing case, at most 500
//!   characters; `test_code` says what the group calls, and its smallest failing case.

use serde::Serialize;

use super::score::score;
use super::seed::{self, Named};
use super::{Detail, Entry, describe, failure_text};
use crate::judge::Verdict;
use crate::text::visible;
use xorlings_core::verdict::GroupResult;
use xorlings_course::model::Seed;

/// The results format's version: 3, the one with `task_id`.
pub(crate) const VERSION: u32 = 3;
/// Exercism's limit on a test's `output`.
pub(crate) const OUTPUT_CHARS: usize = 500;
pub(crate) const OUTPUT_TRUNCATED: &str = " [Output was truncated. Please limit to 500 chars]";
/// Exercism's limit on the top-level `message`.
pub(crate) const MESSAGE_CHARS: usize = 65_535;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Status {
    Pass,
    Fail,
    Error,
}

/// The whole report.
#[derive(Debug, Serialize)]
pub(crate) struct Report {
    pub version: u32,
    pub status: Status,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    pub tests: Vec<Test>,
    /// Points earned, and the most there are (partial credit by group).
    pub score: u32,
    pub max_score: u32,
    /// The learners' seed (0), when the cases were theirs: `--seed 0` grades the same
    /// cases again.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// Otherwise the instructor's seed, by its fingerprint only ([`seed::fingerprint`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed_fingerprint: Option<String>,
    pub exercises: Vec<ExerciseSummary>,
}

/// One test: a group of hidden cases.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Test {
    pub name: String,
    pub status: Status,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub output: Option<String>,
    pub test_code: String,
    pub task_id: u32,
}

/// One exercise at a glance.
#[derive(Debug, Serialize)]
pub(crate) struct ExerciseSummary {
    pub name: String,
    /// "passed", "wrong answer", "compile error"...
    pub verdict: String,
    pub score: u32,
    pub max_score: u32,
    pub run_time_ms: u64,
}

pub(crate) fn report(graded: &[Entry]) -> Report {
    let tests: Vec<Test> = graded.iter().flat_map(tests_of).collect();
    let status = if tests.iter().all(|t| t.status == Status::Pass) {
        Status::Pass
    } else if tests.iter().all(|t| t.status == Status::Error) {
        Status::Error
    } else {
        Status::Fail
    };
    let message = (status == Status::Error).then(|| why_nothing_ran(graded));
    let named = graded.first().map_or(Named::Public(Seed::DEFAULT.0), |g| {
        seed::named(g.grade.seed)
    });
    let (seed, seed_fingerprint) = match named {
        Named::Public(seed) => (Some(seed), None),
        Named::Fingerprint(fingerprint) => (None, Some(fingerprint)),
    };
    let scores: Vec<_> = graded
        .iter()
        .map(|g| score(g.grade, g.exercise.points))
        .collect();
    Report {
        version: VERSION,
        status,
        message,
        tests,
        score: scores.iter().map(|s| s.earned).sum(),
        max_score: scores.iter().map(|s| s.max).sum(),
        seed,
        seed_fingerprint,
        exercises: graded
            .iter()
            .zip(&scores)
            .map(|(g, s)| ExerciseSummary {
                name: g.grade.exercise.clone(),
                verdict: g.grade.verdict.label().to_string(),
                score: s.earned,
                max_score: s.max,
                run_time_ms: g.grade.run_time.as_millis() as u64,
            })
            .collect(),
    }
}

/// The top-level message when no test ran to an answer.
fn why_nothing_ran(graded: &[Entry]) -> String {
    let mut message = String::from("No hidden test returned an answer.\n");
    for g in graded {
        let text = describe(g.grade, g.exercise, &g.shown_file(), Detail::BRIEF);
        message.push('\n');
        message.push_str(&text.plain());
    }
    cut(&message, MESSAGE_CHARS, "\n[cut]")
}

fn tests_of(graded: &Entry) -> Vec<Test> {
    graded
        .grade
        .groups
        .iter()
        .map(|group| test(graded, group))
        .collect()
}

fn test(graded: &Entry, group: &GroupResult) -> Test {
    let name = format!("{}: {}", graded.grade.exercise, group.name);
    let call = format!("{} on {}", graded.exercise.tests.call(), group.name);
    let task_id = graded.exercise.number as u32;
    if group.is_pass() {
        return Test {
            name,
            status: Status::Pass,
            message: None,
            output: None,
            test_code: call,
            task_id,
        };
    }
    let Some(failure) = &group.failure else {
        // The group did not run: the whole exercise failed before (it did not compile,
        // or its file could not be read).
        let reason = match &graded.grade.verdict {
            Verdict::Passed | Verdict::Failed(_) | Verdict::Cancelled => "Not run.".to_string(),
            _ => describe(
                graded.grade,
                graded.exercise,
                &graded.shown_file(),
                Detail::BRIEF,
            )
            .plain(),
        };
        return Test {
            name,
            status: Status::Error,
            message: Some(reason),
            output: None,
            test_code: call,
            task_id,
        };
    };
    let status = match failure.problem.kind().is_wrong_answer() {
        true => Status::Fail,
        false => Status::Error,
    };
    let message = format!(
        "{} on case {} of {}.\n{}",
        failure.problem.kind().label(),
        failure.case_number,
        group.cases,
        failure_text(failure, graded.exercise).plain()
    );
    let printed = visible(&failure.printed.text);
    Test {
        name,
        status,
        message: Some(message),
        output: (!printed.trim().is_empty())
            .then(|| cut(printed.trim_end(), OUTPUT_CHARS, OUTPUT_TRUNCATED)),
        test_code: format!("{call}\nsmallest failing case: {}", failure.input),
        task_id,
    }
}

/// `text` cut to at most `chars` characters, ending with `note` when cut.
pub(crate) fn cut(text: &str, chars: usize, note: &str) -> String {
    if text.chars().count() <= chars {
        return text.to_string();
    }
    let kept: String = text.chars().take(chars - note.chars().count()).collect();
    kept + note
}

/// Prints a report as pretty JSON on stdout.
pub(crate) fn print(report: &Report) -> anyhow::Result<()> {
    println!("{}", serde_json::to_string_pretty(report)?);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_is_cut_to_500_characters_with_exercisms_note() {
        let long = "é".repeat(600);
        let shown = cut(&long, OUTPUT_CHARS, OUTPUT_TRUNCATED);
        assert_eq!(shown.chars().count(), OUTPUT_CHARS);
        assert!(shown.ends_with(OUTPUT_TRUNCATED));
        assert_eq!(cut("short", OUTPUT_CHARS, OUTPUT_TRUNCATED), "short");
    }
}
