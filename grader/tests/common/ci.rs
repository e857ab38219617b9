//! The maintainers' CI workflow (`.github/workflows/ci.yml`) read as YAML: what its test
//! (the fast tier) and the run of its smoke test's script (the end-to-end tier) share.

use yaml_rust2::{Yaml, YamlLoader};

use super::repo_root;

pub(crate) const WORKFLOW: &str = ".github/workflows/ci.yml";
pub(crate) const SYSTEMS: [&str; 3] = ["ubuntu-latest", "macos-latest", "windows-latest"];
/// The targets CI type-checks on Linux (scripts/cross_check.sh checks others).
pub(crate) const CROSS_TARGETS: [&str; 4] = [
    "aarch64-apple-darwin",
    "x86_64-apple-darwin",
    "x86_64-pc-windows-msvc",
    "x86_64-pc-windows-gnu",
];
pub(crate) const SMOKE_RUN: &str = "cargo grader run xor_all";

/// The sandbox's attacks on macOS and Windows.
pub(crate) const SANDBOX_WORKFLOW: &str = ".github/workflows/sandbox.yml";

pub(crate) fn workflow() -> Yaml {
    workflow_at(WORKFLOW)
}

/// The workflow at `path` (from the repository's root).
pub(crate) fn workflow_at(path: &str) -> Yaml {
    let text = std::fs::read_to_string(repo_root().join(path)).unwrap();
    let mut documents = YamlLoader::load_from_str(&text).expect("the workflow is YAML");
    assert_eq!(documents.len(), 1);
    documents.remove(0)
}

pub(crate) fn strings(list: &Yaml) -> Vec<&str> {
    list.as_vec()
        .map(|items| items.iter().filter_map(Yaml::as_str).collect())
        .unwrap_or_default()
}

/// The job whose matrix has `key`.
pub(crate) fn job_with_matrix<'a>(workflow: &'a Yaml, key: &str) -> &'a Yaml {
    let jobs = workflow["jobs"].as_hash().expect("jobs");
    jobs.values()
        .find(|job| !job["strategy"]["matrix"][key].is_badvalue())
        .unwrap_or_else(|| panic!("a job has a matrix of {key}"))
}

pub(crate) fn steps(job: &Yaml) -> &[Yaml] {
    job["steps"].as_vec().expect("steps")
}

/// The index of the first step for which `wanted` holds.
pub(crate) fn position(steps: &[Yaml], what: &str, wanted: impl Fn(&Yaml) -> bool) -> usize {
    steps
        .iter()
        .position(wanted)
        .unwrap_or_else(|| panic!("no step {what}"))
}

pub(crate) fn uses(step: &Yaml) -> &str {
    step["uses"].as_str().unwrap_or_default()
}

pub(crate) fn script(step: &Yaml) -> &str {
    step["run"].as_str().unwrap_or_default()
}

/// The smoke test's step, and its script.
pub(crate) fn smoke(workflow: &Yaml) -> (&Yaml, &str) {
    let job = job_with_matrix(workflow, "os");
    let steps = steps(job);
    let at = position(steps, "runs the smoke test", |s| {
        script(s).contains(SMOKE_RUN)
    });
    (job, script(&steps[at]))
}
