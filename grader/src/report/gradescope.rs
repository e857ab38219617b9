//! `--format gradescope`: the `results.json` of Gradescope's autograder specification
//! (https://gradescope-autograders.readthedocs.io/en/latest/specs/).
//!
//! - One test per group of hidden cases, in course order, worth the points the
//!   Exercism report gives it: `score` and `max_score`, `status` `passed` or `failed`,
//!   `number` `exercise.group` (`3.2`), the exercise's name as its tag.
//! - A failing test's `output` is its verdict in Markdown (the smallest failing case,
//!   the rule it broke, the advice, what the code printed), `output_format` `md`.
//! - The top-level `score` is the sum of the tests' scores (Gradescope takes it over
//!   theirs when both are there); `output` is the summary, with each layer the sandbox
//!   lacks in the container; `extra_data` holds the points there are and the seed (by
//!   its fingerprint only, when it is the instructor's).
//! - `stdout_visibility` is `hidden`: the autograder's own log is for the instructor.
//! - The file stays under 1 MB whatever the learner's code printed
//!   ([`autograder::fitted`]).

use serde::Serialize;

use super::Entry;
use super::autograder::{self, GroupTest, Machine};
use super::exercism::{self, ExerciseSummary};

/// Markdown, in Gradescope's names of formats.
const MARKDOWN: &str = "md";
const VISIBLE: &str = "visible";

#[derive(Debug, Serialize)]
pub(crate) struct Results {
    pub score: u32,
    /// Seconds the hidden cases took to run, every exercise's slowest group together.
    pub execution_time: u64,
    pub output: String,
    pub output_format: &'static str,
    pub test_output_format: &'static str,
    pub test_name_format: &'static str,
    pub visibility: &'static str,
    pub stdout_visibility: &'static str,
    pub extra_data: Extra,
    pub tests: Vec<Test>,
}

/// What Gradescope stores beside the score, for the instructor.
#[derive(Debug, Serialize)]
pub(crate) struct Extra {
    pub max_score: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed_fingerprint: Option<String>,
    pub missing_sandbox_layers: Vec<String>,
    pub exercises: Vec<ExerciseSummary>,
}

#[derive(Debug, Serialize)]
pub(crate) struct Test {
    pub score: u32,
    pub max_score: u32,
    pub status: &'static str,
    pub name: String,
    pub name_format: &'static str,
    pub number: String,
    pub output: String,
    pub output_format: &'static str,
    pub tags: Vec<String>,
    pub visibility: &'static str,
}

/// The results file's text.
pub(crate) fn results(graded: &[Entry], machine: Machine) -> anyhow::Result<String> {
    autograder::fitted(|budget| build(graded, machine, budget))
}

fn build(graded: &[Entry], machine: Machine, budget: usize) -> Results {
    let exercism = exercism::report(graded);
    let tests: Vec<Test> = autograder::group_tests(graded, budget)
        .into_iter()
        .map(test)
        .collect();
    let run_time: std::time::Duration = graded.iter().map(|g| g.grade.run_time).sum();
    Results {
        score: tests.iter().map(|t| t.score).sum(),
        execution_time: run_time.as_secs_f64().ceil() as u64,
        output: autograder::summary(graded, machine, budget),
        output_format: MARKDOWN,
        test_output_format: MARKDOWN,
        test_name_format: "text",
        visibility: VISIBLE,
        stdout_visibility: "hidden",
        extra_data: Extra {
            max_score: exercism.max_score,
            seed: exercism.seed,
            seed_fingerprint: exercism.seed_fingerprint,
            missing_sandbox_layers: machine.missing_layers.to_vec(),
            exercises: exercism.exercises,
        },
        tests,
    }
}

fn test(group: GroupTest) -> Test {
    Test {
        score: group.earned,
        max_score: group.max,
        status: if group.passed { "passed" } else { "failed" },
        name: group.name,
        name_format: "text",
        number: group.number,
        output: group.output,
        output_format: MARKDOWN,
        tags: vec![group.exercise],
        visibility: VISIBLE,
    }
}
