//! `--format classroom`: what GitHub Classroom's `autograding-grading-reporter` reads,
//! as lines for `$GITHUB_OUTPUT`, one runner per exercise: `<exercise>_result=<base64>`.
//!
//! The reporter sends the gradebook the sum of every runner's `tests[].score`, but its
//! console shows each runner's passed tests / tests x `max_score`. Each exercise is one
//! runner whose groups are equal shares of its points (`dev check` sees to that), so the
//! two agree. Every test has an integer `line_no` (0): the reporter prints
//! " - line undefined" without one.

use base64::Engine;
use serde::Serialize;

use super::Graded;
use super::exercism::{Status, cut};
use super::score::score;
use crate::judge::decide::GroupResult;

/// The reporter reads each runner's report from an environment variable, which Linux
/// limits to 128 KiB: messages are cut well below that.
const MESSAGE_CHARS: usize = 2_000;

/// One runner's report, as Classroom's own graders write it.
#[derive(Debug, Serialize)]
pub struct Runner {
    pub version: u32,
    pub status: Status,
    pub max_score: u32,
    pub tests: Vec<Test>,
}

#[derive(Debug, Serialize)]
pub struct Test {
    pub name: String,
    pub status: Status,
    pub score: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    pub test_code: String,
    pub filename: String,
    pub line_no: u32,
}

/// The runner for one exercise.
pub fn runner(graded: &Graded) -> Runner {
    let exercise = super::exercism::report(std::slice::from_ref(graded));
    let scored = score(graded.grade, graded.exercise.points);
    let tests = graded
        .grade
        .groups
        .iter()
        .zip(exercise.tests)
        .zip(&scored.per_group)
        .map(|((group, test), &points): ((&GroupResult, _), _)| Test {
            name: group.name.clone(),
            status: test.status,
            score: if group.is_pass() { points } else { 0 },
            message: test.message.map(|m| cut(&m, MESSAGE_CHARS, "\n[cut]")),
            test_code: cut(&test.test_code, MESSAGE_CHARS, "\n[cut]"),
            filename: graded.shown_file.clone(),
            line_no: 0,
        })
        .collect();
    Runner {
        version: 1,
        status: exercise.status,
        max_score: scored.max,
        tests,
    }
}

/// The step id of an exercise's runner (the reporter reads `<ID>_RESULTS`).
pub fn runner_id(exercise: &str) -> String {
    exercise.to_string()
}

/// The `$GITHUB_OUTPUT` lines: `<exercise>_result=<base64 of its runner's JSON>`.
pub fn output_lines(graded: &[Graded]) -> anyhow::Result<String> {
    let mut lines = String::new();
    for g in graded {
        let json = serde_json::to_string(&runner(g))?;
        let encoded = base64::engine::general_purpose::STANDARD.encode(json);
        lines.push_str(&format!(
            "{}_result={encoded}\n",
            runner_id(&g.grade.exercise)
        ));
    }
    Ok(lines)
}
