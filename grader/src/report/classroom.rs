//! `--format classroom`: what GitHub Classroom's `autograding-grading-reporter` reads,
//! as lines for `$GITHUB_OUTPUT`, one runner per exercise: `<runner id>_result=<base64>`,
//! where the runner id is the exercise's name in camel case ([`runner_id`]).
//!
//! The reporter sends the gradebook the sum of every runner's `tests[].score`, but its
//! console shows each runner's passed tests / tests x `max_score`. Each exercise is one
//! runner whose groups are equal shares of its points (`dev check` sees to that), so the
//! two agree. Every test has an integer `line_no` (0): the reporter prints
//! " - line undefined" without one.

use base64::Engine;
use serde::Serialize;

use super::Entry;
use super::exercism::{Status, cut};
use super::score::score;
use xorlings_core::verdict::GroupResult;

/// The reporter reads each runner's report from an environment variable, which Linux
/// limits to 128 KiB: messages are cut well below that.
const MESSAGE_CHARS: usize = 2_000;

/// One runner's report, as Classroom's own graders write it.
#[derive(Debug, Serialize)]
pub(crate) struct Runner {
    pub version: u32,
    pub status: Status,
    pub max_score: u32,
    pub tests: Vec<Test>,
}

#[derive(Debug, Serialize)]
pub(crate) struct Test {
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
pub(crate) fn runner(graded: &Entry) -> Runner {
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
            filename: graded.shown_file(),
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

/// The runner id of an exercise: its name in camel case (`xor_all` is `xorAll`). The
/// reporter reads the runner's report from `<ID>_RESULTS` (the id in capitals), and
/// its check of the `runners` list, `^([a-zA-Z0-9]+,)*[a-zA-Z0-9]+$`, allows letters
/// and digits only: an id with `_` would hide its real errors behind "must be a
/// comma-separated list of strings".
pub fn runner_id(exercise: &str) -> String {
    let mut id = String::new();
    let mut upper = false;
    for c in exercise.chars() {
        match c {
            '_' => upper = !id.is_empty(),
            c if upper => {
                id.extend(c.to_uppercase());
                upper = false;
            }
            c => id.push(c),
        }
    }
    id
}

/// The name of the step output that holds an exercise's runner report.
pub fn output_name(exercise: &str) -> String {
    format!("{}_result", runner_id(exercise))
}

/// The `$GITHUB_OUTPUT` lines: `<runner id>_result=<base64 of its runner's JSON>`.
pub(crate) fn output_lines(graded: &[Entry]) -> anyhow::Result<String> {
    let mut lines = String::new();
    let mut ids: Vec<String> = Vec::new();
    for g in graded {
        let id = runner_id(&g.grade.exercise);
        if let Some(same) = ids.iter().find(|other| other.eq_ignore_ascii_case(&id)) {
            anyhow::bail!(
                "the exercises `{}` and another one share the Classroom runner id `{same}` \
                 (ids leave out `_`): rename one",
                g.grade.exercise
            );
        }
        let json = serde_json::to_string(&runner(g))?;
        let encoded = base64::engine::general_purpose::STANDARD.encode(json);
        lines.push_str(&format!("{}={encoded}\n", output_name(&g.grade.exercise)));
        ids.push(id);
    }
    Ok(lines)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runner_ids_are_letters_and_digits_in_camel_case() {
        assert_eq!(runner_id("xor_all"), "xorAll");
        assert_eq!(runner_id("is_losing_position"), "isLosingPosition");
        assert_eq!(runner_id("grundy2_table"), "grundy2Table");
        assert_eq!(runner_id("_odd__name_"), "oddName");
        assert_eq!(output_name("xor_all"), "xorAll_result");
    }
}
