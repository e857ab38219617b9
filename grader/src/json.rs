//! `--format json`: one machine-readable report for `run`, `verify` and `dev check`.
//!
//! It follows the Exercism test-runner results format (version, status, message, tests in
//! order with name, status and message) and adds `score` and `max_score` per exercise and
//! for the total, as GitHub Classroom's reporters read them. The schema is in
//! `grader/report.schema.json`; a test validates real output against it.

use serde::Serialize;

use crate::judge::{Grade, GroupResult, Problem, Verdict};
use crate::report;

/// The schema's version; it changes only when a field changes meaning or goes away.
pub const VERSION: u32 = 3;
/// Points for an exercise that passes every test group.
pub const POINTS_PER_EXERCISE: u32 = 100;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Pass,
    Fail,
    Error,
}

/// The whole report.
#[derive(Debug, Serialize)]
pub struct Report {
    pub version: u32,
    pub status: Status,
    pub message: Option<String>,
    pub score: u32,
    pub max_score: u32,
    /// Every test of every exercise, in order, named `exercise: group`.
    pub tests: Vec<Test>,
    pub exercises: Vec<Exercise>,
}

/// One exercise's result.
#[derive(Debug, Serialize)]
pub struct Exercise {
    pub name: String,
    pub status: Status,
    pub message: Option<String>,
    /// "passed", "compile error", "wrong answer", "time limit", ...
    pub verdict: String,
    /// Partial credit: the share of test groups passed, in points.
    pub score: u32,
    pub max_score: u32,
    pub run_time_ms: u64,
    pub tests: Vec<Test>,
    /// `dev check` only: the exercise's time limit.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_limit_ms: Option<u64>,
    /// `dev check` only: the slowest accepted solution's run time.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub slowest_accepted_ms: Option<u64>,
}

/// One test: a group of hidden cases (or, for `dev check`, one checked file).
#[derive(Debug, Clone, Serialize)]
pub struct Test {
    pub name: String,
    pub status: Status,
    pub message: Option<String>,
}

/// The report of one graded exercise.
pub fn exercise(grade: &Grade) -> Exercise {
    let passed = grade.groups.iter().filter(|g| g.is_pass()).count() as u32;
    let groups = grade.groups.len() as u32;
    let (status, message) = match &grade.verdict {
        Verdict::Passed => (Status::Pass, None),
        Verdict::CompileError(messages) => (Status::Error, Some(messages.clone())),
        Verdict::Cancelled => (Status::Error, Some("grading was cancelled".to_string())),
        Verdict::Failed(failure) => (
            Status::Fail,
            Some(format!(
                "{} on hidden case {}:\n{}",
                report::problem_label(&failure.problem),
                failure.case_number,
                report::failure_text(failure)
            )),
        ),
    };
    Exercise {
        name: grade.exercise.clone(),
        status,
        message,
        verdict: report::verdict_label(&grade.verdict).to_string(),
        score: (POINTS_PER_EXERCISE * passed)
            .checked_div(groups)
            .unwrap_or(0),
        max_score: POINTS_PER_EXERCISE,
        run_time_ms: grade.run_time.as_millis() as u64,
        tests: grade.groups.iter().map(group_test).collect(),
        time_limit_ms: None,
        slowest_accepted_ms: None,
    }
}

fn group_test(group: &GroupResult) -> Test {
    let (status, message) = match &group.failure {
        None => (Status::Pass, None),
        Some(failure) => {
            let status = match failure.problem {
                Problem::WrongAnswer(_) => Status::Fail,
                _ => Status::Error,
            };
            let message = format!(
                "{} ({} of {} cases passed)\n{}",
                report::problem_label(&failure.problem),
                group.passed,
                group.cases,
                report::failure_text(failure)
            );
            (status, Some(message))
        }
    };
    Test {
        name: group.name.to_string(),
        status,
        message,
    }
}

/// The report of several exercises: it passes when each of them does.
pub fn report(exercises: Vec<Exercise>) -> Report {
    let status = if exercises.iter().all(|e| e.status == Status::Pass) {
        Status::Pass
    } else if exercises.iter().any(|e| e.status == Status::Fail) {
        Status::Fail
    } else {
        Status::Error
    };
    let tests = exercises
        .iter()
        .flat_map(|e| {
            e.tests.iter().map(|t| Test {
                name: format!("{}: {}", e.name, t.name),
                ..t.clone()
            })
        })
        .collect();
    Report {
        version: VERSION,
        status,
        message: None,
        score: exercises.iter().map(|e| e.score).sum(),
        max_score: exercises.iter().map(|e| e.max_score).sum(),
        tests,
        exercises,
    }
}

/// Prints a report as pretty JSON on stdout.
pub fn print(report: &Report) -> anyhow::Result<()> {
    println!("{}", serde_json::to_string_pretty(report)?);
    Ok(())
}
