//! `--format prairielearn`: the `results.json` of PrairieLearn's external grading
//! (https://prairielearn.readthedocs.io/en/latest/externalGrading/).
//!
//! - `score` is the fraction of the points earned, in [0, 1]; each test is a group of
//!   hidden cases with the `points` and `max_points` the Exercism report gives it.
//! - `gradable` is `false` only when nothing could be graded: no exercise file could
//!   be read (missing, not UTF-8 text, too large, a link...). Then `format_errors` says
//!   why for each exercise, there are no tests, and the attempt does not count. Code
//!   that does not compile is graded: it scores 0.
//! - A test's `message` is its one-line verdict, its `output` the whole verdict in
//!   Markdown; the top-level `message` and `output` are the summary, with each layer
//!   the sandbox lacks in the container.
//! - The whole file stays under PrairieLearn's 1 MB, whatever the learner's code
//!   printed ([`autograder::fitted`]).

use serde::Serialize;

use super::Entry;
use super::autograder::{self, Machine, markdown_within};
use super::exercism;
use crate::judge::Verdict;
use crate::text::n_of;

#[derive(Debug, Serialize)]
pub(crate) struct Results {
    pub gradable: bool,
    pub score: f64,
    pub message: String,
    pub output: String,
    pub format_errors: Vec<String>,
    pub tests: Vec<Test>,
}

#[derive(Debug, Serialize)]
pub(crate) struct Test {
    pub name: String,
    pub description: String,
    pub points: u32,
    pub max_points: u32,
    pub message: String,
    pub output: String,
}

/// The results file's text.
pub(crate) fn results(graded: &[Entry], machine: Machine) -> anyhow::Result<String> {
    autograder::fitted(|budget| build(graded, machine, budget))
}

fn build(graded: &[Entry], machine: Machine, budget: usize) -> Results {
    let summary = autograder::summary(graded, machine, budget);
    let unreadable = |g: &&Entry| matches!(g.grade.verdict, Verdict::Unreadable(_));
    if !graded.is_empty() && graded.iter().all(|g| unreadable(&g)) {
        let format_errors: Vec<String> = graded
            .iter()
            .map(|g| {
                let why = match &g.grade.verdict {
                    Verdict::Unreadable(why) => why.as_str(),
                    _ => "",
                };
                markdown_within(&format!("{}: {why}", g.grade.exercise), budget)
            })
            .collect();
        return Results {
            gradable: false,
            score: 0.0,
            message: markdown_within(
                &format!("Nothing could be graded.\n\n{}", format_errors.join("\n")),
                budget,
            ),
            output: summary,
            format_errors,
            tests: Vec::new(),
        };
    }
    let exercism = exercism::report(graded);
    let score = match exercism.max_score {
        0 => 0.0,
        max => f64::from(exercism.score) / f64::from(max),
    };
    let passed = graded.iter().filter(|g| g.grade.passed()).count();
    Results {
        gradable: true,
        score,
        message: format!(
            "{}: {} of {} points.",
            n_of(passed, graded.len(), "exercise passes", "exercises pass"),
            exercism.score,
            exercism.max_score
        ),
        output: summary,
        format_errors: Vec::new(),
        tests: autograder::group_tests(graded, budget)
            .into_iter()
            .map(|group| Test {
                name: group.name,
                description: group.call,
                points: group.earned,
                max_points: group.max,
                message: group.headline,
                output: group.output,
            })
            .collect(),
    }
}
