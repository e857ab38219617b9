//! GitHub Classroom, end to end: the real binary's `--format classroom` lines, read by
//! our own copy of the grading reporter's arithmetic (classroom-resources/
//! autograding-grading-reporter v1: `src/main.js`, `src/console-results.js`,
//! `src/helpers/test-helpers.js`, `src/notify-classroom.js`), and the workflow that
//! ships them (`.github/workflows/classroom.yml`).

use crate::common;

use base64::Engine;
use common::{Workbook, manifest, repo_root, valid_report};
use grader::{output_name, runner_id};
use serde_json::Value;
use yaml_rust2::{Yaml, YamlLoader};

const WORKFLOW: &str = ".github/workflows/classroom.yml";
/// Linux's limit on one environment string (MAX_ARG_STRLEN), which the reporter's
/// `<ID>_RESULTS` variable must fit in, name included.
const ENV_STRING_BYTES: usize = 131_072;

/// One runner's report, as the reporter reads it from `<ID>_RESULTS`.
struct Runner {
    id: String,
    results: Value,
}

/// What the reporter does with the runners, computed as its source does.
#[derive(Debug)]
struct Reported {
    /// notify-classroom.js: "Points {totalPoints}/{maxPoints}", sent to the gradebook;
    /// `None` when no runner has a truthy max_score (no annotation at all).
    gradebook: Option<(f64, f64)>,
    /// console-results.js / getTestScore: per runner, passed / tests x max_score.
    console: Vec<(String, f64)>,
    /// main.js: `setFailed` message, if any.
    failed: Option<&'static str>,
}

/// A JSON value as a JavaScript number in `a + b`: a missing one is `undefined`, NaN.
fn number(value: &Value) -> f64 {
    value.as_f64().unwrap_or(f64::NAN)
}

fn reporter(runners: &[Runner]) -> Reported {
    // notify-classroom.js: runners with a falsy max_score are left out; every test's
    // `score` counts, whatever its status.
    let (mut total, mut max) = (0.0, 0.0);
    for runner in runners {
        let max_score = number(&runner.results["max_score"]);
        if max_score.is_nan() || max_score == 0.0 {
            continue;
        }
        max += max_score;
        for test in runner.results["tests"].as_array().unwrap() {
            total += number(&test["score"]);
        }
    }
    let gradebook = (max != 0.0).then_some((total, max));
    // test-helpers.js getTestScore: (passed / tests.length) * (max_score || 0).
    let console = runners
        .iter()
        .map(|runner| {
            let tests = runner.results["tests"].as_array().unwrap();
            let passed = tests.iter().filter(|t| t["status"] == "pass").count() as f64;
            let max_score = number(&runner.results["max_score"]);
            let max_score = if max_score.is_nan() { 0.0 } else { max_score };
            (runner.id.clone(), passed / tests.len() as f64 * max_score)
        })
        .collect();
    // main.js: any "fail" first, then any "error".
    let status = |wanted: &str| runners.iter().any(|r| r.results["status"] == wanted);
    let failed = if status("fail") {
        Some("Some tests failed.")
    } else if status("error") {
        Some("Some tests errored.")
    } else {
        None
    };
    Reported {
        gradebook,
        console,
        failed,
    }
}

/// The workflow file, parsed.
fn workflow() -> Yaml {
    let text = std::fs::read_to_string(repo_root().join(WORKFLOW)).unwrap();
    let mut documents = YamlLoader::load_from_str(&text).expect("the workflow is YAML");
    assert_eq!(documents.len(), 1);
    documents.remove(0)
}

fn steps(workflow: &Yaml) -> Vec<Yaml> {
    let jobs = workflow["jobs"].as_hash().expect("jobs");
    assert_eq!(jobs.len(), 1, "one job grades and reports");
    let job = jobs.values().next().unwrap();
    job["steps"].as_vec().expect("steps").clone()
}

fn step(steps: &[Yaml], wanted: impl Fn(&Yaml) -> bool) -> (usize, &Yaml) {
    steps
        .iter()
        .enumerate()
        .find(|(_, step)| wanted(step))
        .expect("the workflow has this step")
}

/// The grading step's `verify` command line, its words after the binary.
fn grading_command(steps: &[Yaml]) -> Vec<String> {
    let (_, grade) = step(steps, |s| s["id"].as_str() == Some("grade"));
    let script = grade["run"]
        .as_str()
        .expect("the grading step runs a script");
    let line = script
        .lines()
        .find(|line| line.contains(" verify "))
        .expect("the grading step runs verify");
    line.split_whitespace()
        .skip_while(|word| *word != "verify")
        .take_while(|word| !word.starts_with(">>") && *word != "||")
        .map(String::from)
        .collect()
}

/// The command the workflow runs, on `checkout`, as the test suite runs it.
fn classroom_args(checkout: &Workbook) -> Vec<String> {
    grading_command(&steps(&workflow()))
        .into_iter()
        .map(|word| match word.as_str() {
            "\"$LEARNER\"" => checkout.root().display().to_string(),
            _ => word,
        })
        .collect()
}

/// The `$GITHUB_OUTPUT` lines of the workflow's command, decoded: (output name, JSON).
fn classroom_outputs(instructor: &Workbook, checkout: &Workbook) -> Vec<(String, Value)> {
    let args = classroom_args(checkout);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let run = instructor.grader(&args);
    assert!(run.code == 0 || run.code == 1, "{}", run.stderr);
    run.stdout
        .lines()
        .map(|line| {
            let (name, encoded) = line.split_once('=').expect("name=value");
            assert!(
                line.len() + "_RESULTS".len() < ENV_STRING_BYTES,
                "{name} is too long for an environment variable"
            );
            let json = base64::engine::general_purpose::STANDARD
                .decode(encoded)
                .expect("standard base64");
            (name.to_string(), serde_json::from_slice(&json).unwrap())
        })
        .collect()
}

/// Grades `checkout` as the workflow does and as `--format json` does, and checks what
/// the reporter makes of it against our own total.
fn reported(checkout: &Workbook) -> (Reported, Value) {
    let instructor = Workbook::new();
    let outputs = classroom_outputs(&instructor, checkout);
    let exercises = manifest().exercises;
    assert_eq!(
        outputs
            .iter()
            .map(|(name, _)| name.clone())
            .collect::<Vec<_>>(),
        exercises
            .iter()
            .map(|e| output_name(&e.name))
            .collect::<Vec<_>>(),
        "one output per exercise, in course order"
    );
    let runners: Vec<Runner> = exercises
        .iter()
        .zip(outputs)
        .map(|(exercise, (_, results))| Runner {
            id: runner_id(&exercise.name),
            results,
        })
        .collect();
    for runner in &runners {
        let tests = runner.results["tests"].as_array().unwrap();
        assert!(!tests.is_empty(), "{}: no tests would make NaN", runner.id);
        for test in tests {
            assert!(test["line_no"].is_u64(), "{}: line_no {test}", runner.id);
            assert!(test["score"].is_u64(), "{}: score {test}", runner.id);
            assert!(test["name"].is_string() && test["status"].is_string());
        }
        let statuses: Vec<&str> = tests
            .iter()
            .map(|t| t["status"].as_str().unwrap())
            .collect();
        let expected = if statuses.iter().all(|s| *s == "pass") {
            "pass"
        } else if statuses.iter().all(|s| *s == "error") {
            "error"
        } else {
            "fail"
        };
        assert_eq!(runner.results["status"], expected, "{}", runner.id);
    }
    let reported = reporter(&runners);
    // Our own total, from the JSON report of the same checkout.
    let json = instructor.grader(&[
        "verify",
        "--workbook",
        &checkout.root().display().to_string(),
        "--format",
        "json",
    ]);
    let ours = valid_report(&json.stdout);
    let (total, max) = reported.gradebook.expect("the runners have points");
    assert!(!total.is_nan() && !max.is_nan(), "{reported:?}");
    assert_eq!(total, ours["score"].as_f64().unwrap(), "gradebook points");
    assert_eq!(max, ours["max_score"].as_f64().unwrap(), "gradebook max");
    for (runner, (id, console)) in runners.iter().zip(&reported.console) {
        let gradebook: f64 = runner.results["tests"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| number(&t["score"]))
            .sum();
        assert!(!console.is_nan(), "{id}");
        assert_eq!(
            *console, gradebook,
            "{id}: the console and the gradebook agree"
        );
    }
    (reported, ours)
}

#[test]
fn the_reporter_adds_up_an_untouched_checkout_to_nothing() {
    let (reported, ours) = reported(&Workbook::new());
    assert_eq!(ours["score"], 0);
    assert_eq!(reported.gradebook.unwrap().0, 0.0);
    assert_eq!(reported.failed, Some("Some tests errored."));
}

#[test]
fn the_reporter_gives_a_half_done_checkout_its_partial_credit() {
    let checkout = Workbook::new();
    for exercise in ["xor_all", "is_losing_position", "apply_move"] {
        checkout.solve(exercise);
    }
    // Right for some move sets only: wrong answers in some groups.
    checkout.write(
        &checkout.exercise_file("grundy_number"),
        "pub fn grundy_number(n: usize, moves: &[usize]) -> usize {\n    \
         if moves.is_empty() { 0 } else { n % (moves.len() + 1) }\n}\n",
    );
    let (reported, ours) = reported(&checkout);
    let score = ours["score"].as_u64().unwrap();
    let max = ours["max_score"].as_u64().unwrap();
    assert_eq!(max, 100 * manifest().exercises.len() as u64);
    assert!((300..max).contains(&score), "{ours}");
    assert_eq!(reported.gradebook.unwrap().0, score as f64);
    assert_eq!(reported.failed, Some("Some tests failed."));
}

#[test]
fn the_reporter_gives_a_complete_checkout_every_point_and_passes() {
    let checkout = Workbook::new();
    for exercise in manifest().exercises {
        checkout.solve(&exercise.name);
    }
    let (reported, ours) = reported(&checkout);
    assert_eq!(ours["score"], ours["max_score"]);
    let max = 100.0 * manifest().exercises.len() as f64;
    assert_eq!(reported.gradebook, Some((max, max)));
    assert_eq!(reported.failed, None);
}

/// Every key and string value of `yaml`, however deep.
fn strings(yaml: &Yaml) -> Vec<String> {
    match yaml {
        Yaml::String(text) => vec![text.clone()],
        Yaml::Array(items) => items.iter().flat_map(strings).collect(),
        Yaml::Hash(map) => map
            .iter()
            .flat_map(|(key, value)| strings(key).into_iter().chain(strings(value)))
            .collect(),
        _ => Vec::new(),
    }
}

#[test]
fn the_workflow_hands_the_learners_job_no_secret_and_no_token() {
    // The learner can edit the job, and print whatever it is given.
    let workflow = workflow();
    for text in strings(&workflow) {
        assert!(
            !text.contains("secrets"),
            "the learner's job is given a secret: {text}"
        );
    }
    for step in steps(&workflow) {
        assert!(
            step["with"]["token"].is_badvalue(),
            "a step is given a token: {step:?}"
        );
    }
}

#[test]
fn the_workflow_grades_with_the_tested_command_and_reports_every_exercise() {
    let workflow = workflow();
    let steps = steps(&workflow);

    // The grading step runs the very command line this suite runs.
    assert_eq!(
        grading_command(&steps),
        [
            "verify",
            "--workbook",
            "\"$LEARNER\"",
            "--format",
            "classroom"
        ]
    );
    let (grade_at, grade) = step(&steps, |s| s["id"].as_str() == Some("grade"));
    assert!(
        grade["run"]
            .as_str()
            .unwrap()
            .contains(">> \"$GITHUB_OUTPUT\""),
        "the grader writes the outputs itself"
    );
    assert_eq!(
        grade["working-directory"].as_str(),
        Some("grader"),
        "graded from the grader's folder, not the learner's"
    );

    // The grader is built before the learner's code is even checked out.
    let (build_at, _) = step(&steps, |s| {
        s["run"]
            .as_str()
            .is_some_and(|run| run.contains("cargo build"))
    });
    let (learner_at, learner) = step(&steps, |s| s["with"]["path"].as_str() == Some("learner"));
    assert!(build_at < learner_at && learner_at < grade_at);
    assert_eq!(
        learner["with"]["persist-credentials"].as_bool(),
        Some(false)
    );

    // The reporter runs whatever grading did, and reads one output per exercise.
    let (report_at, report) = step(&steps, |s| {
        s["uses"].as_str().is_some_and(|uses| {
            uses.starts_with("classroom-resources/autograding-grading-reporter@")
        })
    });
    assert!(grade_at < report_at);
    let condition = report["if"].as_str().unwrap_or_default();
    assert!(
        condition.contains("always()") || condition.contains("!cancelled()"),
        "{condition}"
    );
    let runners = report["with"]["runners"].as_str().unwrap();
    let plain = |id: &str| !id.is_empty() && id.chars().all(|c| c.is_ascii_alphanumeric());
    assert!(
        runners.split(',').all(plain),
        "the reporter's check: ^([a-zA-Z0-9]+,)*[a-zA-Z0-9]+$, not {runners}"
    );
    let exercises = manifest().exercises;
    let expected_ids: Vec<String> = exercises.iter().map(|e| runner_id(&e.name)).collect();
    assert_eq!(
        runners.split(',').collect::<Vec<_>>(),
        expected_ids,
        "one runner per exercise of the manifest, in order"
    );
    let env = report["env"].as_hash().unwrap();
    let read: Vec<(String, String)> = env
        .iter()
        .map(|(name, value)| {
            let value = value.as_str().unwrap().replace(' ', "");
            let output = value
                .strip_prefix("${{steps.grade.outputs.")
                .and_then(|rest| rest.strip_suffix("}}"))
                .unwrap_or_else(|| panic!("{value} is not an output of the grading step"));
            (name.as_str().unwrap().to_string(), output.to_string())
        })
        .collect();
    let expected: Vec<(String, String)> = exercises
        .iter()
        .map(|e| {
            (
                format!("{}_RESULTS", runner_id(&e.name).to_uppercase()),
                output_name(&e.name),
            )
        })
        .collect();
    assert_eq!(
        read, expected,
        "each runner's <ID>_RESULTS reads its exercise's output"
    );

    // And the grader's outputs are exactly the names the reporter reads.
    let instructor = Workbook::new();
    let outputs: Vec<String> = classroom_outputs(&instructor, &Workbook::new())
        .into_iter()
        .map(|(name, _)| name)
        .collect();
    assert_eq!(
        outputs,
        read.into_iter()
            .map(|(_, output)| output)
            .collect::<Vec<_>>()
    );
}
