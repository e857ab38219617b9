//! The GitHub Classroom workflow's reporter step lists every exercise (the reporter
//! wants one runner per exercise, each named in `runners` and given its results in an
//! environment variable). That list is derived from the manifest: `dev new` rewrites it,
//! and `dev check` fails when it is out of step.
//!
//! The workflow runs in the learner's repository, and the learner can edit it: whatever
//! it hands the job (a secret seed, a token for a private grader), the learner can print.
//! `dev check` fails when it names a secret or passes a token.

use std::path::Path;

use anyhow::{Context, Result};

use crate::report::classroom::{output_name, runner_id};
use crate::workbook::Workbook;

/// Where the workflow lives, relative to the workbook's root.
pub(crate) const WORKFLOW: &str = ".github/workflows/classroom.yml";

/// The reporter step starts at this line and runs to the end of the file.
const REPORTER_STEP: &str = "      - name: Autograding Reporter\n";

/// The reporter step for a course of the exercises `names`, in order.
pub(crate) fn reporter_step(names: &[&str]) -> String {
    let mut step = String::from(REPORTER_STEP);
    step += "        if: ${{ !cancelled() }}\n";
    step += "        uses: classroom-resources/autograding-grading-reporter@v1\n";
    step += "        env:\n";
    for name in names {
        step += &format!(
            "          {}_RESULTS: \"${{{{ steps.grade.outputs.{} }}}}\"\n",
            runner_id(name).to_uppercase(),
            output_name(name)
        );
    }
    let runners: Vec<String> = names.iter().map(|name| runner_id(name)).collect();
    step += "        with:\n";
    step += &format!("          runners: {}\n", runners.join(","));
    step
}

/// `text` with its reporter step replaced by the one for the exercises `names`; `None`
/// when `text` has no reporter step.
fn with_reporter_step(text: &str, names: &[&str]) -> Option<String> {
    let start = text.find(REPORTER_STEP)?;
    Some(format!("{}{}", &text[..start], reporter_step(names)))
}

/// The workflow's expressions (`${{ ... }}`) that name a secret, and its lines that
/// pass a token to an action: what the learner's job must never be given.
fn handed_out(text: &str) -> Vec<String> {
    let expressions = text
        .split("${{")
        .skip(1)
        .filter_map(|rest| rest.split_once("}}"));
    let mut found: Vec<String> = expressions
        .map(|(expression, _)| expression.trim())
        .filter(|expression| expression.contains("secrets"))
        .map(|expression| format!("${{{{ {expression} }}}}"))
        .collect();
    found.extend(
        text.lines()
            .map(str::trim)
            .filter(|line| line.starts_with("token:"))
            .map(str::to_string),
    );
    found
}

/// What is wrong with the workflow of `workbook`, if it has one.
pub(crate) fn problem(workbook: &Workbook) -> Option<String> {
    let text = std::fs::read_to_string(workbook.root.join(WORKFLOW)).ok()?;
    let handed_out = handed_out(&text);
    if !handed_out.is_empty() {
        return Some(format!(
            "{WORKFLOW} hands the learner's job what the learner can print ({}): grade with \
             a secret seed or a private grader by `verify --class` instead",
            handed_out.join(", ")
        ));
    }
    let names: Vec<&str> = workbook.exercises.iter().map(|e| e.name.as_str()).collect();
    match with_reporter_step(&text, &names) {
        None => Some(format!(
            "{WORKFLOW} has no step starting `{}`",
            REPORTER_STEP.trim()
        )),
        Some(expected) if expected != text => Some(format!(
            "{WORKFLOW}: the reporter step does not list the exercises of workbook.toml, in \
             order; it should end the file as:\n{}",
            reporter_step(&names)
        )),
        Some(_) => None,
    }
}

/// Rewrites the reporter step of the workflow under `root` for the exercises `names`
/// (nothing to do without a workflow). Returns whether it wrote.
pub(crate) fn update(root: &Path, names: &[&str]) -> Result<bool> {
    let path = root.join(WORKFLOW);
    let Ok(text) = std::fs::read_to_string(&path) else {
        return Ok(false);
    };
    match with_reporter_step(&text, names) {
        Some(updated) if updated != text => {
            std::fs::write(&path, updated)
                .with_context(|| format!("cannot write {}", path.display()))?;
            Ok(true)
        }
        _ => Ok(false),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_step_names_each_exercise_once_in_course_order() {
        let names = ["xor_all", "mex"];
        let step = reporter_step(&names);
        assert!(
            step.contains(
                "          XORALL_RESULTS: \"${{ steps.grade.outputs.xorAll_result }}\"\n"
            )
        );
        assert!(
            step.contains("          MEX_RESULTS: \"${{ steps.grade.outputs.mex_result }}\"\n")
        );
        assert!(step.ends_with("          runners: xorAll,mex\n"));
        let file = format!("name: x\njobs:\n{REPORTER_STEP}        old: stuff\n");
        let updated = with_reporter_step(&file, &names).unwrap();
        assert_eq!(updated, format!("name: x\njobs:\n{step}"));
        assert_eq!(with_reporter_step("name: x\n", &names), None);
    }

    #[test]
    fn secrets_and_tokens_handed_to_the_job_are_found() {
        let workflow = "# no secrets here, in prose\n\
            steps:\n  - uses: actions/checkout@v4\n    with:\n      \
            token: ${{ secrets.T || github.token }}\n  - env:\n      \
            SEED: ${{secrets.XORLINGS_SEED}}\n      REPO: ${{ vars.REPO }}\n";
        assert_eq!(
            handed_out(workflow),
            [
                "${{ secrets.T || github.token }}",
                "${{ secrets.XORLINGS_SEED }}",
                "token: ${{ secrets.T || github.token }}"
            ]
        );
        assert!(handed_out("env:\n  REPO: ${{ vars.REPO }}\n").is_empty());
    }
}
