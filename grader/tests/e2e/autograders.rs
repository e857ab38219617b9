//! Gradescope and PrairieLearn: the results files of `--format gradescope` and
//! `--format prairielearn` checked against each platform's rules and against the points
//! of `--format json`; the adapters of `autograder/` run end to end on this machine, a
//! temporary folder standing in for `/autograder` and `/grade`; and the guide's
//! commands for them, run as written.
//!
//! The rules are read from the platforms' documentation: Gradescope's autograder
//! specification (gradescope-autograders.readthedocs.io/en/latest/specs/) and
//! PrairieLearn's external grading (prairielearn.readthedocs.io/en/latest/externalGrading/).
//!
//! Unix only: both platforms grade in Linux containers, and the adapters are shell
//! scripts that drop privileges as Unix does.
#![cfg(unix)]

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use common::{GRADER, Run, Workbook, repo_root, valid_report};
use serde_json::Value;

/// PrairieLearn's limit on the results file, which Gradescope's keep to as well.
const RESULTS_BYTES: usize = 1_000_000;
const VISIBILITIES: [&str; 4] = ["hidden", "after_due_date", "after_published", "visible"];
const OUTPUT_FORMATS: [&str; 5] = ["text", "html", "simple_format", "md", "ansi"];
/// The exercises most tests grade: few, so the suite stays lean.
const ASSIGNMENT: &str = "xor_all,mex";
/// The instructor's seed of these tests (never to be seen in a results file).
const SEED: &str = "918273645546372819";
/// The guide's page on the two platforms, whose commands these tests run.
const GUIDE_PAGE: &str = "docs/guide/gradescope-prairielearn.md";
const GUIDE_START: &str = "<!-- autograders:start -->";
const GUIDE_END: &str = "<!-- autograders:end -->";

// --- The platforms' rules -------------------------------------------------------------

/// Where a Gradescope results file breaks the specification's rules (and ours: a test
/// passes exactly when it earned all its points, and the score is the tests' sum).
fn gradescope_rules(text: &str) -> Vec<String> {
    let mut broken = Vec::new();
    if text.len() >= RESULTS_BYTES {
        broken.push(format!("the file is {} bytes, not under 1 MB", text.len()));
    }
    let results: Value = match serde_json::from_str(text) {
        Ok(results) => results,
        Err(e) => return vec![format!("not JSON: {e}")],
    };
    let one_of = |field: &str, value: &Value, allowed: &[&str]| -> Option<String> {
        match value {
            Value::Null => None,
            Value::String(s) if allowed.contains(&s.as_str()) => None,
            other => Some(format!("{field} must be one of {allowed:?}, not {other}")),
        }
    };
    broken.extend(one_of("visibility", &results["visibility"], &VISIBILITIES));
    broken.extend(one_of(
        "stdout_visibility",
        &results["stdout_visibility"],
        &VISIBILITIES,
    ));
    for field in ["output_format", "test_output_format", "test_name_format"] {
        broken.extend(one_of(field, &results[field], &OUTPUT_FORMATS));
    }
    if !results["output"].is_string() {
        broken.push("output must be a string".into());
    }
    if !(results["execution_time"].is_null() || results["execution_time"].is_u64()) {
        broken.push("execution_time is a number of seconds".into());
    }
    if !(results["extra_data"].is_null() || results["extra_data"].is_object()) {
        broken.push("extra_data is an object".into());
    }
    let Some(tests) = results["tests"].as_array() else {
        broken.push("tests must be an array".into());
        return broken;
    };
    let mut sum = 0.0;
    for test in tests {
        let name = test["name"].as_str().unwrap_or("?");
        let (Some(score), Some(max)) = (test["score"].as_f64(), test["max_score"].as_f64()) else {
            broken.push(format!("{name}: score and max_score are numbers"));
            continue;
        };
        sum += score;
        if !(0.0..=max).contains(&score) {
            broken.push(format!("{name}: score {score} is not within 0..={max}"));
        }
        let passed = score == max;
        match test["status"].as_str() {
            Some("passed") if passed => {}
            Some("failed") if !passed => {}
            other => broken.push(format!("{name}: status {other:?} with {score}/{max}")),
        }
        if !test["name"].is_string() || !test["output"].is_string() {
            broken.push(format!("{name}: name and output are strings"));
        }
        if !test["number"].is_string() {
            broken.push(format!("{name}: number is a string such as \"1.2\""));
        }
        broken.extend(one_of(
            "a test's output_format",
            &test["output_format"],
            &OUTPUT_FORMATS,
        ));
        broken.extend(one_of(
            "a test's visibility",
            &test["visibility"],
            &VISIBILITIES,
        ));
        let tags = test["tags"].as_array();
        if !tags.is_some_and(|tags| tags.iter().all(Value::is_string)) {
            broken.push(format!("{name}: tags are an array of strings"));
        }
    }
    match results["score"].as_f64() {
        Some(score) if score == sum => {}
        other => broken.push(format!("the score {other:?} is not the tests' sum {sum}")),
    }
    if !(results["leaderboard"].is_null() || results["leaderboard"].is_array()) {
        broken.push("leaderboard is an array".into());
    }
    broken
}

/// Where a PrairieLearn results file breaks the external grader's rules (and ours: the
/// score is the fraction of the tests' points).
fn prairielearn_rules(text: &str) -> Vec<String> {
    let mut broken = Vec::new();
    if text.len() >= RESULTS_BYTES {
        broken.push(format!("the file is {} bytes, not under 1 MB", text.len()));
    }
    let results: Value = match serde_json::from_str(text) {
        Ok(results) => results,
        Err(e) => return vec![format!("not JSON: {e}")],
    };
    let gradable = match &results["gradable"] {
        Value::Null => true,
        Value::Bool(gradable) => *gradable,
        other => {
            broken.push(format!("gradable is a boolean, not {other}"));
            true
        }
    };
    for field in ["message", "output"] {
        if !(results[field].is_null() || results[field].is_string()) {
            broken.push(format!("{field} is a string"));
        }
    }
    if !gradable {
        let errors = &results["format_errors"];
        let said = match errors {
            Value::String(s) => !s.is_empty(),
            Value::Array(all) => !all.is_empty() && all.iter().all(Value::is_string),
            _ => false,
        };
        if !said {
            broken.push(format!(
                "an ungradable result says why in format_errors: {errors}"
            ));
        }
        if results["message"].as_str().is_none_or(str::is_empty) {
            broken.push("an ungradable result has a message".into());
        }
        return broken;
    }
    let Some(score) = results["score"].as_f64() else {
        broken.push("a gradable result has a score".into());
        return broken;
    };
    if !(0.0..=1.0).contains(&score) {
        broken.push(format!("score {score} is not in [0, 1]"));
    }
    let tests = results["tests"].as_array().cloned().unwrap_or_default();
    let (mut points, mut max_points) = (0.0, 0.0);
    for test in &tests {
        let name = test["name"].as_str().unwrap_or("?");
        let (Some(earned), Some(max)) = (test["points"].as_f64(), test["max_points"].as_f64())
        else {
            broken.push(format!("{name}: points and max_points are numbers"));
            continue;
        };
        if !(0.0..=max).contains(&earned) {
            broken.push(format!("{name}: points {earned} not within 0..={max}"));
        }
        for field in ["name", "description", "message", "output"] {
            if !test[field].is_string() {
                broken.push(format!("{name}: {field} is a string"));
            }
        }
        (points, max_points) = (points + earned, max_points + max);
    }
    if max_points > 0.0 && (score - points / max_points).abs() > 1e-9 {
        broken.push(format!("score {score} is not {points}/{max_points}"));
    }
    broken
}

#[track_caller]
fn gradescope_results(text: &str) -> Value {
    let broken = gradescope_rules(text);
    assert!(broken.is_empty(), "{broken:#?}\n{}", head(text));
    serde_json::from_str(text).unwrap()
}

#[track_caller]
fn prairielearn_results(text: &str) -> Value {
    let broken = prairielearn_rules(text);
    assert!(broken.is_empty(), "{broken:#?}\n{}", head(text));
    serde_json::from_str(text).unwrap()
}

fn head(text: &str) -> &str {
    &text[..text.floor_char_boundary(4_000)]
}

// --- Checkouts ------------------------------------------------------------------------

/// `xor_all` solved, `grundy_number` right for some move sets only, the rest stubs.
fn half_solved() -> Workbook {
    let checkout = Workbook::new();
    checkout.solve("xor_all");
    checkout.write(
        &checkout.exercise_file("grundy_number"),
        "pub fn grundy_number(n: usize, moves: &[usize]) -> usize {\n    \
         if moves.is_empty() { 0 } else { n % (moves.len() + 1) }\n}\n",
    );
    checkout
}

/// Grades `checkout` in `format`, with `extra` arguments.
fn verify(checkout: &Workbook, format: &str, extra: &[&str]) -> Run {
    let root = checkout.root().display().to_string();
    let mut args = vec!["verify", "--workbook", &root, "--format", format];
    args.extend_from_slice(extra);
    let run = Workbook::new().grader(&args);
    assert!(run.code == 0 || run.code == 1, "{}", run.stderr);
    run
}

/// Each exercise's points in a Gradescope and a PrairieLearn file, by the tests' tags
/// and names, beside the JSON report's.
fn points_by_exercise(
    tests: &[Value],
    points: &str,
    name_of: impl Fn(&Value) -> String,
) -> Vec<(String, u64)> {
    let mut sums: Vec<(String, u64)> = Vec::new();
    for test in tests {
        let name = name_of(test);
        let earned = test[points].as_u64().unwrap();
        match sums.iter_mut().find(|(n, _)| *n == name) {
            Some((_, sum)) => *sum += earned,
            None => sums.push((name, earned)),
        }
    }
    sums
}

/// Grades `checkout` in the three formats and checks that each platform's file keeps
/// its rules and gives the points of the JSON report, test by test and in total.
fn same_points_in_every_format(checkout: &Workbook, extra: &[&str]) -> Value {
    let json = valid_report(&verify(checkout, "json", extra).stdout);
    let gradescope = gradescope_results(&verify(checkout, "gradescope", extra).stdout);
    let prairielearn = prairielearn_results(&verify(checkout, "prairielearn", extra).stdout);
    let expected: Vec<(String, u64)> = json["exercises"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["name"].as_str().unwrap().to_string(),
                e["score"].as_u64().unwrap(),
            )
        })
        .collect();
    let exercise_of_name = |t: &Value| {
        t["name"]
            .as_str()
            .unwrap()
            .split(": ")
            .next()
            .unwrap()
            .to_string()
    };
    let gradescope_tests = gradescope["tests"].as_array().unwrap();
    assert_eq!(
        points_by_exercise(gradescope_tests, "score", |t| t["tags"][0]
            .as_str()
            .unwrap()
            .into()),
        expected
    );
    assert_eq!(gradescope["score"], json["score"]);
    assert_eq!(gradescope["extra_data"]["max_score"], json["max_score"]);
    let prairielearn_tests = prairielearn["tests"].as_array().unwrap();
    assert_eq!(
        points_by_exercise(prairielearn_tests, "points", exercise_of_name),
        expected
    );
    let fraction = json["score"].as_f64().unwrap() / json["max_score"].as_f64().unwrap();
    assert!((prairielearn["score"].as_f64().unwrap() - fraction).abs() < 1e-9);
    // One test per group, as in the JSON report, passing where it passes.
    let json_tests = json["tests"].as_array().unwrap();
    for (platform, tests) in [
        ("gradescope", gradescope_tests),
        ("prairielearn", prairielearn_tests),
    ] {
        assert_eq!(tests.len(), json_tests.len(), "{platform}");
        for (test, theirs) in json_tests.iter().zip(tests) {
            assert_eq!(test["name"], theirs["name"], "{platform}");
            let passed = match platform {
                "gradescope" => theirs["status"] == "passed",
                _ => theirs["points"] == theirs["max_points"],
            };
            assert_eq!(
                test["status"] == "pass",
                passed,
                "{platform}: {}",
                test["name"]
            );
        }
    }
    gradescope
}

#[test]
fn a_half_solved_checkout_gets_the_points_of_the_json_report_on_both_platforms() {
    let gradescope = same_points_in_every_format(&half_solved(), &[]);
    let score = gradescope["score"].as_u64().unwrap();
    assert!(
        (100..200).contains(&score),
        "xor_all and part of grundy_number: {score}"
    );
    // A failing test's output is its verdict in Markdown: the case, the rule, the advice.
    let wrong = gradescope["tests"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["tags"][0] == "grundy_number" && t["status"] == "failed")
        .expect("grundy_number fails some group");
    let output = wrong["output"].as_str().unwrap();
    assert!(output.starts_with("**wrong answer on case "), "{output}");
    assert!(
        output.contains("**input:**") && output.contains("**yours:**"),
        "{output}"
    );
    assert_eq!(wrong["output_format"], "md");
}

#[test]
fn untouched_and_solved_checkouts_get_the_points_of_the_json_report_on_both_platforms() {
    let only = ["--exercise", ASSIGNMENT];
    let untouched = same_points_in_every_format(&Workbook::new(), &only);
    assert_eq!(untouched["score"], 0);
    let solved = Workbook::new();
    for exercise in ASSIGNMENT.split(',') {
        solved.solve(exercise);
    }
    let solved = same_points_in_every_format(&solved, &only);
    assert_eq!(solved["score"], 200);
    assert_eq!(solved["extra_data"]["max_score"], 200);
}

#[test]
fn run_writes_both_platforms_results_for_one_exercise_of_the_learners_own_workbook() {
    let workbook = Workbook::new();
    workbook.solve("xor_all");
    for (format, rules) in [
        ("gradescope", gradescope_rules as fn(&str) -> Vec<String>),
        ("prairielearn", prairielearn_rules),
    ] {
        let ran = workbook.grader(&["run", "xor_all", "--format", format]);
        assert_eq!(ran.code, 0, "{}", ran.stderr);
        assert_eq!(rules(&ran.stdout), Vec::<String>::new(), "{format}");
        let results: Value = serde_json::from_str(&ran.stdout).unwrap();
        let full = match format {
            "gradescope" => results["score"] == 100,
            _ => results["score"] == 1.0,
        };
        assert!(full, "{format}: {results}");
    }
}

// --- Running the adapters -------------------------------------------------------------

fn is_root() -> bool {
    rustix::process::geteuid().is_root()
}

/// `program` run as a user that is not root: the test's own, or, when the test runs as
/// root, uid 1000 in a user namespace of its own (its files are still root's outside
/// it, so the grader still reaches the toolchain under /root).
fn unprivileged(program: &str) -> Command {
    let mut command = match is_root() {
        false => Command::new(program),
        true => {
            let mut command = Command::new("unshare");
            command.args(["--user", "--map-user=1000", "--map-group=1000", program]);
            command
        }
    };
    command.env_remove("XORLINGS_PRETEND_MISSING");
    command
}

/// `command`, kept to the machine's first core (`taskset`), as a job of one core runs.
fn on_one_core(command: &Command) -> Command {
    let mut pinned = Command::new("taskset");
    pinned
        .args(["--cpu-list", "0"])
        .arg(command.get_program())
        .args(command.get_args());
    for (name, value) in command.get_envs() {
        match value {
            Some(value) => pinned.env(name, value),
            None => pinned.env_remove(name),
        };
    }
    pinned
}

fn run(command: &mut Command) -> Run {
    let output = command
        .env("NO_COLOR", "1")
        .env_remove("XORLINGS_SEED")
        .output()
        .unwrap();
    Run::from(output)
}

/// A command line of the guide, its placeholders replaced.
fn substituted(line: &str, places: &[(&str, &Path)]) -> String {
    let mut line = line.replace("\"$PWD/target/debug/grader\"", GRADER);
    for (placeholder, path) in places {
        line = line.replace(placeholder, &path.display().to_string());
    }
    line
}

/// The sh blocks of the guide's page on the two platforms, line by line.
fn guide_commands() -> Vec<String> {
    let guide = std::fs::read_to_string(repo_root().join(GUIDE_PAGE)).unwrap();
    let start = guide.find(GUIDE_START).expect("the guide's commands") + GUIDE_START.len();
    let end = guide
        .find(GUIDE_END)
        .expect("the end of the guide's commands");
    let mut lines = Vec::new();
    let mut in_block = false;
    for line in guide[start..end].lines() {
        match line {
            "```sh" => in_block = true,
            "```" => in_block = false,
            line if in_block => lines.push(line.to_string()),
            _ => {}
        }
    }
    lines
}

/// The guide's command that starts with `prefix`.
fn guide_command(prefix: &str) -> String {
    let found: Vec<String> = guide_commands()
        .into_iter()
        .filter(|line| line.starts_with(prefix))
        .collect();
    assert_eq!(
        found.len(),
        1,
        "one command of the guide starts with {prefix}"
    );
    found[0].clone()
}

/// Runs a command of the guide: `cargo grader ...` is the grader itself, anything else bash,
/// from the workbook's root and as a user that is not root.
fn run_guide_command(line: &str, places: &[(&str, &Path)]) -> Run {
    let line = substituted(line, places);
    let run = match line.strip_prefix("cargo grader ") {
        Some(args) => {
            let args: Vec<String> = args
                .split_whitespace()
                .map(|a| a.trim_matches('"').to_string())
                .collect();
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            Workbook::new().grader(&args)
        }
        None => run(unprivileged("bash")
            .args(["-c", &line])
            .current_dir(repo_root())),
    };
    assert!(
        run.code == 0 || run.code == 1,
        "{line}\n{}\n{}",
        run.stdout,
        run.stderr
    );
    run
}

/// The zip of the guide's `pack.sh` command (`ASSIGNMENT`, graded with `SEED`), packed
/// once for every test here.
fn packed_zip() -> &'static Path {
    static ZIP: OnceLock<PathBuf> = OnceLock::new();
    ZIP.get_or_init(|| {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("autograders");
        std::fs::create_dir_all(&dir).unwrap();
        let (seed, zip) = (dir.join("seed"), dir.join("autograder.zip"));
        std::fs::write(&seed, format!("{SEED}\n")).unwrap();
        let line = guide_command("bash autograder/gradescope/pack.sh");
        assert!(
            line.contains(&format!("--exercises {ASSIGNMENT} ")),
            "{line}"
        );
        let ran = run_guide_command(
            &line,
            &[("~/xorlings-seed", &seed), ("autograder.zip", &zip)],
        );
        assert_eq!(ran.code, 0, "{}", ran.stderr);
        zip
    })
}

/// A folder standing in for /autograder: the zip in source/, `files` (relative path,
/// content) in submission/.
fn gradescope_root(files: &[(&str, &[u8])]) -> tempfile::TempDir {
    let root = tempfile::tempdir().unwrap();
    let source = root.path().join("source");
    let unzipped = Command::new("unzip")
        .args(["-q", "-o"])
        .arg(packed_zip())
        .arg("-d")
        .arg(&source)
        .status()
        .unwrap();
    assert!(unzipped.success());
    for (path, content) in files {
        let path = root.path().join("submission").join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, content).unwrap();
    }
    std::fs::create_dir_all(root.path().join("submission")).unwrap();
    root
}

/// Runs the zip's run_autograder with `root` for /autograder and `grader` as the grader.
fn run_autograder(root: &Path, grader: &str) -> (Run, String) {
    let script = root.join("source/run_autograder");
    let ran = run(unprivileged("bash")
        .arg(&script)
        .env("XORLINGS_AUTOGRADER_ROOT", root)
        .env("XORLINGS_GRADER", grader));
    assert_eq!(ran.code, 0, "{}\n{}", ran.stdout, ran.stderr);
    let results = std::fs::read_to_string(root.join("results/results.json"))
        .expect("run_autograder always writes its results");
    (ran, results)
}

/// Checks that the instructor's seed is nowhere in what goes back, but its fingerprint
/// (as `sha1sum` computes it) when `graded`.
#[track_caller]
fn seed_kept(results: &str, log: &str, graded: bool) {
    assert!(!results.contains(SEED), "the seed is in the results");
    assert!(!log.contains(SEED), "the seed is in the log:\n{log}");
    if graded {
        let digest = sha1_smol::Sha1::from(format!("xorlings seed {SEED}"))
            .digest()
            .to_string();
        assert!(
            results.contains(&format!("\"seed_fingerprint\": \"{}\"", &digest[..8]))
                || results.contains(&format!("seed fingerprint {}", &digest[..8])),
            "{}",
            head(results)
        );
    }
}

/// A test's output by its exercise's tag.
fn outputs_of<'a>(results: &'a Value, exercise: &str) -> Vec<&'a str> {
    results["tests"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["tags"][0] == exercise)
        .map(|t| t["output"].as_str().unwrap())
        .collect()
}

#[test]
fn run_autograder_grades_a_whole_checkout_with_the_points_of_the_json_report() {
    let checkout = half_solved();
    let file = checkout.exercise_file("xor_all");
    let solved = checkout.read(&file);
    let stub = checkout.read(&checkout.exercise_file("mex"));
    // As GitHub's zip of a repository unpacks: the checkout in a folder of its own.
    let root = gradescope_root(&[
        (&format!("xorlings-main/{file}"), solved.as_bytes()),
        ("xorlings-main/exercises/mex/src/lib.rs", stub.as_bytes()),
    ]);
    let (ran, text) = run_autograder(root.path(), GRADER);
    let results = gradescope_results(&text);
    let json = valid_report(&verify(&checkout, "json", &["--exercise", ASSIGNMENT]).stdout);
    assert_eq!(results["score"], json["score"]);
    assert_eq!(results["score"], 100);
    assert!(
        ran.stdout
            .contains("xor_all: grading xorlings-main/exercises/xor_all/src/lib.rs"),
        "{}",
        ran.stdout
    );
    seed_kept(&text, &ran.stdout, true);
}

#[test]
fn run_autograder_says_what_does_not_compile_and_what_is_missing() {
    let root = gradescope_root(&[("xor_all.rs", b"pub fn xor_all(heaps: &[u64]) -> u64 {\n")]);
    let (ran, text) = run_autograder(root.path(), GRADER);
    let results = gradescope_results(&text);
    assert_eq!(results["score"], 0);
    assert!(
        outputs_of(&results, "xor_all")[0].contains("does not compile"),
        "{}",
        head(&text)
    );
    assert!(
        outputs_of(&results, "mex")[0].contains("is missing"),
        "{}",
        head(&text)
    );
    assert!(
        ran.stdout
            .contains("mex: the submission has no exercises/mex/src/lib.rs nor mex.rs")
    );
    seed_kept(&text, &ran.stdout, true);
}

/// An `xor_all` that prints a megabyte on every call.
const PRINTS_MEGABYTES: &str = "pub fn xor_all(heaps: &[u64]) -> u64 {\n    \
    println!(\"{}\", \"<b>`xorlings`</b> \".repeat(60_000));\n    \
    heaps.iter().fold(0, |sum, heap| sum ^ heap)\n}\n";

#[test]
fn run_autograder_keeps_the_results_under_1_mb_when_the_code_prints_megabytes() {
    let root = gradescope_root(&[("exercises/xor_all/src/lib.rs", PRINTS_MEGABYTES.as_bytes())]);
    let (_, text) = run_autograder(root.path(), GRADER);
    let results = gradescope_results(&text);
    let outputs = outputs_of(&results, "xor_all");
    assert!(
        outputs.iter().any(|o| o.contains("Your code printed")),
        "{}",
        head(&text)
    );
    assert!(text.len() < RESULTS_BYTES);
}

#[test]
fn run_autograder_writes_results_that_say_why_when_the_grader_cannot_start() {
    let root = gradescope_root(&[("xor_all.rs", b"")]);
    let (ran, text) = run_autograder(root.path(), "/nonexistent/grader");
    let results = gradescope_results(&text);
    assert_eq!(results["score"], 0);
    let output = results["output"].as_str().unwrap();
    assert!(output.contains("could not be graded"), "{output}");
    assert!(
        output.contains("/nonexistent/grader"),
        "the grader's own words: {output}"
    );
    seed_kept(&text, &ran.stdout, false);
}

/// The stub of `exercise` made to wait without end (`Wait`) or to spin (`Spin`) before
/// anything else: code that never answers, in two ways a time limit must stop.
fn never_answers(exercise: &str, how: Never) -> String {
    let workbook = common::manifest();
    let info = workbook
        .exercises
        .iter()
        .find(|e| e.name == exercise)
        .unwrap();
    let stub = std::fs::read_to_string(repo_root().join(info.stub())).unwrap();
    let function = stub
        .find(&format!("fn {exercise}("))
        .or_else(|| stub.find("fn main("))
        .unwrap();
    let body = function + stub[function..].find('{').unwrap() + 1;
    let statement = match how {
        Never::Wait => "std::thread::sleep(std::time::Duration::from_secs(100_000));",
        Never::Spin => "loop { std::hint::spin_loop(); }",
    };
    format!("{}{statement}{}", &stub[..body], &stub[body..])
}

#[derive(Clone, Copy)]
enum Never {
    Wait,
    Spin,
}

/// Code that only waits or only spins, in every exercise: Gradescope's adapter writes
/// its results within the budget it keeps to (shortened here from its 540 s, below
/// Gradescope's 10 minutes), each exercise graded or marked as not graded.
#[test]
fn run_autograder_writes_its_results_within_its_time_budget() {
    let budget = 30;
    let exercises: Vec<String> = common::manifest()
        .exercises
        .iter()
        .map(|e| e.name.clone())
        .collect();
    let files: Vec<(String, Vec<u8>)> = exercises
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let how = if i % 2 == 0 { Never::Wait } else { Never::Spin };
            (format!("{name}.rs"), never_answers(name, how).into_bytes())
        })
        .collect();
    let files: Vec<(&str, &[u8])> = files.iter().map(|(n, c)| (n.as_str(), &c[..])).collect();
    let root = gradescope_root(&files);
    let assignment = root.path().join("source/assignment.env");
    let mut settings = std::fs::read_to_string(&assignment).unwrap_or_default();
    settings.push_str(&format!(
        "XORLINGS_EXERCISES={}\nXORLINGS_TIME_BUDGET={budget}\n",
        exercises.join(",")
    ));
    std::fs::write(&assignment, settings).unwrap();
    let started = std::time::Instant::now();
    let (_, text) = run_autograder(root.path(), GRADER);
    let took = started.elapsed();
    assert!(
        took < std::time::Duration::from_secs(budget + 10),
        "the results came after {took:?}, past the budget of {budget} s"
    );
    let results = gradescope_results(&text);
    let tests = results["tests"].as_array().unwrap();
    assert!(!tests.is_empty(), "{}", head(&text));
    let not_graded = tests
        .iter()
        .filter(|t| t["output"].as_str().unwrap().contains("was not graded"))
        .count();
    assert!(
        not_graded > 0,
        "the budget ran out before the last: {}",
        head(&text)
    );
    assert_eq!(results["score"], 0);
}

/// Code that only waits, for one exercise on one core: PrairieLearn's entrypoint writes
/// its results within the example question's 60 s, with its default budget of 45 s.
#[test]
fn the_prairielearn_entrypoint_writes_its_results_within_the_questions_timeout() {
    let question_timeout = std::time::Duration::from_secs(60);
    let waiting = never_answers("xor_all", Never::Wait);
    let job = prairielearn_job(&[("lib.rs", waiting.as_bytes())]);
    let mut one_core = on_one_core(&unprivileged("bash"));
    one_core
        .arg(repo_root().join("autograder/prairielearn/entrypoint"))
        .env("XORLINGS_GRADE_ROOT", job.path())
        .env("XORLINGS_WORKBOOK", repo_root())
        .env("XORLINGS_GRADER", GRADER)
        .env("XORLINGS_EXERCISE", "xor_all")
        .env_remove("XORLINGS_TIME_BUDGET");
    let started = std::time::Instant::now();
    let ran = run(&mut one_core);
    let took = started.elapsed();
    assert_eq!(ran.code, 0, "{}\n{}", ran.stdout, ran.stderr);
    assert!(took < question_timeout, "the results came after {took:?}");
    let text = std::fs::read_to_string(job.path().join("results/results.json")).unwrap();
    let results = prairielearn_results(&text);
    assert_eq!(results["score"], 0.0);
    // Each group ends at its time limit within seconds, or the budget ends the grading
    // first: either way every test says why it scored nothing.
    for test in results["tests"].as_array().unwrap() {
        let output = test["output"].as_str().unwrap_or_default();
        assert!(
            output.contains("time limit") || output.contains("was not graded"),
            "{}",
            head(&text)
        );
    }
}

/// A folder standing in for /grade: `student` files, the course's seed.
fn prairielearn_job(student: &[(&str, &[u8])]) -> tempfile::TempDir {
    let job = tempfile::tempdir().unwrap();
    let seed = job.path().join("serverFilesCourse/xorlings/seed");
    std::fs::create_dir_all(seed.parent().unwrap()).unwrap();
    std::fs::write(&seed, SEED).unwrap();
    std::fs::create_dir_all(job.path().join("student")).unwrap();
    for (name, content) in student {
        std::fs::write(job.path().join("student").join(name), content).unwrap();
    }
    job
}

/// Runs the PrairieLearn entrypoint on `job` for `exercise` (none: the variable unset).
fn entrypoint(job: &Path, exercise: Option<&str>) -> (Run, String) {
    let mut command = unprivileged("bash");
    command
        .arg(repo_root().join("autograder/prairielearn/entrypoint"))
        .env("XORLINGS_GRADE_ROOT", job)
        .env("XORLINGS_WORKBOOK", repo_root())
        .env("XORLINGS_GRADER", GRADER)
        .env_remove("XORLINGS_EXERCISE");
    if let Some(exercise) = exercise {
        command.env("XORLINGS_EXERCISE", exercise);
    }
    let ran = run(&mut command);
    assert_eq!(ran.code, 0, "{}\n{}", ran.stdout, ran.stderr);
    assert!(
        !job.join("serverFilesCourse/xorlings/seed").exists(),
        "the seed is deleted from the job before any code runs"
    );
    let results = std::fs::read_to_string(job.join("results/results.json"))
        .expect("the entrypoint always writes its results");
    (ran, results)
}

#[test]
fn the_prairielearn_entrypoint_grades_the_students_file_and_keeps_the_seed() {
    let solution = std::fs::read(repo_root().join("solutions/xor_all/src/lib.rs")).unwrap();
    let job = prairielearn_job(&[("lib.rs", &solution)]);
    let (ran, text) = entrypoint(job.path(), Some("xor_all"));
    let results = prairielearn_results(&text);
    assert_eq!(results["gradable"], true);
    assert_eq!(results["score"], 1.0);
    seed_kept(&text, &ran.stdout, true);

    // Code that does not compile is graded, and scores 0.
    let job = prairielearn_job(&[("lib.rs", b"pub fn xor_all(")]);
    let results = prairielearn_results(&entrypoint(job.path(), Some("xor_all")).1);
    assert_eq!(
        (&results["gradable"], &results["score"]),
        (&Value::Bool(true), &Value::from(0.0))
    );
    assert!(
        results["tests"][0]["output"]
            .as_str()
            .unwrap()
            .contains("does not compile")
    );
}

#[test]
fn the_prairielearn_entrypoint_grades_nothing_it_cannot_read_and_says_why() {
    for (files, why) in [
        (&[][..], "is missing"),
        (
            &[("lib.rs", &b"pub fn xor_all() {} \xff\xfe\n"[..])][..],
            "UTF-8",
        ),
    ] {
        let job = prairielearn_job(files);
        let (_, text) = entrypoint(job.path(), Some("xor_all"));
        let results = prairielearn_results(&text);
        assert_eq!(results["gradable"], false, "{text}");
        assert!(
            results["format_errors"][0].as_str().unwrap().contains(why),
            "{text}"
        );
    }
    let job = prairielearn_job(&[("lib.rs", b"")]);
    let results = prairielearn_results(&entrypoint(job.path(), None).1);
    assert_eq!(results["gradable"], false);
    assert!(
        results["output"]
            .as_str()
            .unwrap()
            .contains("XORLINGS_EXERCISE"),
        "{results}"
    );
}

#[test]
fn the_prairielearn_entrypoint_keeps_the_results_under_1_mb_when_the_code_prints_megabytes() {
    let job = prairielearn_job(&[("xor_all.rs", PRINTS_MEGABYTES.as_bytes())]);
    let (_, text) = entrypoint(job.path(), Some("xor_all"));
    let results = prairielearn_results(&text);
    assert_eq!(results["gradable"], true);
    let printed = results["tests"]
        .as_array()
        .unwrap()
        .iter()
        .any(|t| t["output"].as_str().unwrap().contains("Your code printed"));
    assert!(printed, "{}", head(&text));
}

// --- The sandbox in the container -----------------------------------------------------

/// A stand-in for the grader that reports who runs it, with what, and prints a results
/// file: the privilege drop is checked without a toolchain the dropped user could reach.
fn stand_in_grader(dir: &Path) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join("stand-in-grader");
    std::fs::write(
        &path,
        "#!/bin/sh\nprintf '{\"score\": 0, \"output\": \"uid %s seed %s variable %s args %s\", \
         \"tests\": []}\\n' \"$(id -u)\" \"$(cat)\" \"${XORLINGS_SEED:-none}\" \"$*\"\n",
    )
    .unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

#[test]
fn the_adapter_grades_as_an_unprivileged_user_and_never_as_root() {
    let tools = tempfile::tempdir().unwrap();
    let grader = stand_in_grader(tools.path());
    let root = gradescope_root(&[("xor_all.rs", b"")]);
    let script = root.path().join("source/run_autograder");
    let autograde = |user: &str| {
        let ran = run(Command::new("bash")
            .arg(&script)
            .env("XORLINGS_AUTOGRADER_ROOT", root.path())
            .env("XORLINGS_GRADER", &grader)
            .env("XORLINGS_LEARNER_USER", user));
        assert_eq!(ran.code, 0, "{}", ran.stderr);
        let results = std::fs::read_to_string(root.path().join("results/results.json")).unwrap();
        gradescope_results(&results)["output"]
            .as_str()
            .unwrap()
            .to_string()
    };
    let output = autograde("nobody");
    let expected_uid = match is_root() {
        true => "65534".to_string(),
        false => rustix::process::geteuid().as_raw().to_string(),
    };
    assert!(
        output.starts_with(&format!("uid {expected_uid} ")),
        "{output}"
    );
    assert!(
        output.contains(&format!("seed {SEED} variable none ")),
        "the grader gets the seed on its stdin, in no variable: {output}"
    );
    assert!(output.contains("--seed-file -"), "{output}");
    assert!(output.contains("--container-boundary"), "{output}");
    assert!(
        output.contains(&format!("--exercise {ASSIGNMENT} ")),
        "{output}"
    );
    if is_root() {
        let output = autograde("root");
        assert!(output.contains("could not be graded"), "{output}");
        assert!(
            output.contains("names 'root', no unprivileged user"),
            "{output}"
        );
        // A machine without the user says how to make it.
        let output = autograde("xorlings-nobody-has");
        assert!(
            output.contains("useradd --system --no-create-home xorlings-nobody-has"),
            "{output}"
        );
    }
}

/// The grader and the toolchain where any user can run them: hard links in `dir` (the
/// test's own toolchain may be under a home no other user can enter).
fn tools_for_anyone(dir: &Path) -> (PathBuf, PathBuf) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o755)).unwrap();
    let grader = dir.join("grader");
    if std::fs::hard_link(GRADER, &grader).is_err() {
        std::fs::copy(GRADER, &grader).unwrap();
    }
    let sysroot = Command::new("rustc")
        .args(["--print", "sysroot"])
        .output()
        .unwrap();
    let sysroot = String::from_utf8(sysroot.stdout).unwrap();
    let toolchain = dir.join("toolchain");
    let linked = Command::new("cp")
        .arg("-al")
        .arg(sysroot.trim())
        .arg(&toolchain)
        .status()
        .unwrap();
    assert!(
        linked.success(),
        "cannot link the toolchain into {}",
        dir.display()
    );
    (grader, toolchain.join("bin"))
}

#[test]
fn run_autograder_as_root_grades_as_an_unprivileged_user_with_the_whole_sandbox_it_has() {
    use std::os::unix::fs::PermissionsExt;
    let tools = tempfile::tempdir().unwrap();
    let (grader, toolchain) = tools_for_anyone(tools.path());
    let checkout = half_solved();
    let solved = checkout.read(&checkout.exercise_file("xor_all"));
    let root = gradescope_root(&[("xor_all.rs", solved.as_bytes())]);
    std::fs::set_permissions(root.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let path = format!("{}:/usr/bin:/bin", toolchain.display());
    // As root (this machine's test user), run_autograder drops to `nobody`.
    let ran = run(Command::new("bash")
        .arg(root.path().join("source/run_autograder"))
        .env("XORLINGS_AUTOGRADER_ROOT", root.path())
        .env("XORLINGS_GRADER", &grader)
        .env("XORLINGS_LEARNER_USER", "nobody")
        .env("PATH", path)
        .env_remove("RUSTUP_HOME")
        .env_remove("RUSTUP_TOOLCHAIN"));
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    let text = std::fs::read_to_string(root.path().join("results/results.json")).unwrap();
    let results = gradescope_results(&text);
    assert_eq!(results["score"], 100, "{}\n{}", ran.stdout, head(&text));
    seed_kept(&text, &ran.stdout, true);
}

#[test]
fn container_boundary_grades_without_the_missing_layers_and_names_them() {
    let checkout = Workbook::new();
    checkout.solve("xor_all");
    let path = checkout.root().display().to_string();
    let args = [
        "verify",
        "--workbook",
        &path,
        "--exercise",
        "xor_all",
        "--format",
        "gradescope",
    ];
    let grade = |extra: &[&str], as_root: bool| {
        let mut command = match as_root {
            true => {
                let mut command = Command::new("unshare");
                command.args(["--user", "--map-root-user", GRADER]);
                command
            }
            false => unprivileged(GRADER),
        };
        run(command
            .args(args)
            .args(extra)
            .current_dir(repo_root())
            .env("XORLINGS_PRETEND_MISSING", "landlock,seccomp"))
    };
    // Without the flag, other people's code is not graded without the whole sandbox.
    let refused = grade(&[], false);
    assert_eq!(refused.code, 2, "{}", refused.stderr);
    assert!(refused.stdout.is_empty());
    // With it, grading goes on, and the results name each missing layer.
    let graded = grade(&["--container-boundary"], false);
    assert_eq!(graded.code, 0, "{}", graded.stderr);
    let results = gradescope_results(&graded.stdout);
    assert_eq!(results["score"], 100);
    let missing = results["extra_data"]["missing_sandbox_layers"]
        .as_array()
        .unwrap();
    assert_eq!(missing.len(), 2, "{missing:?}");
    let output = results["output"].as_str().unwrap();
    for layer in missing {
        assert!(output.contains(layer.as_str().unwrap()), "{output}");
    }
    assert!(
        graded
            .stderr
            .contains("the container is the isolation boundary")
    );
    // As root it refuses: the adapter must drop to another user first.
    let as_root = grade(&["--container-boundary"], true);
    assert_eq!(as_root.code, 2, "{}", as_root.stderr);
    assert!(
        as_root.stderr.contains("unprivileged user only"),
        "{}",
        as_root.stderr
    );
}

// --- What the instructor copies -------------------------------------------------------

#[test]
fn the_guides_commands_for_both_platforms_run_as_written() {
    let commands = guide_commands();
    let checkout = half_solved();
    let scratch = tempfile::tempdir().unwrap();
    let (gradescope, job, course) = (
        scratch.path().join("gradescope"),
        scratch.path().join("job"),
        scratch.path().join("course"),
    );
    std::fs::create_dir_all(course.join("questions")).unwrap();
    let seed = scratch.path().join("seed");
    std::fs::write(&seed, SEED).unwrap();
    let places = [
        ("$CHECKOUT", checkout.root()),
        ("~/xorlings-seed", seed.as_path()),
        ("autograder.zip", packed_zip()),
        ("/tmp/gradescope", gradescope.as_path()),
        ("/tmp/job", job.as_path()),
        ("$COURSE", course.as_path()),
    ];
    let mut ran = 0;
    for line in &commands {
        if line.starts_with("bash autograder/gradescope/pack.sh") {
            // Run once for every test, by `packed_zip`.
            packed_zip();
        } else {
            run_guide_command(line, &places);
        }
        ran += 1;
    }
    assert_eq!(ran, 10, "every command of the section: {commands:#?}");
    let json = valid_report(&verify(&checkout, "json", &["--exercise", ASSIGNMENT]).stdout);
    let results = std::fs::read_to_string(gradescope.join("results/results.json")).unwrap();
    assert_eq!(gradescope_results(&results)["score"], json["score"]);
    let results = std::fs::read_to_string(job.join("results/results.json")).unwrap();
    prairielearn_results(&results);
    assert!(!job.join("serverFilesCourse/xorlings/seed").exists());
    assert!(course.join("questions/xorAll/info.json").is_file());
}

/// The text between `start` and the line's end, in `text`.
fn after<'a>(text: &'a str, start: &str) -> &'a str {
    let from = text.find(start).unwrap_or_else(|| panic!("no {start}")) + start.len();
    text[from..].lines().next().unwrap().trim()
}

/// Whether `text` matches `pattern`, where `*` stands for any run of characters.
fn wildcard(pattern: &str, text: &str) -> bool {
    match pattern.split_once('*') {
        None => pattern == text,
        Some((head, tail)) => {
            text.starts_with(head)
                && (head.len()..=text.len())
                    .any(|at| text.is_char_boundary(at) && wildcard(tail, &text[at..]))
        }
    }
}

/// Whether a `.dockerignore` of `patterns` leaves `path` (relative, with `/`) out of the
/// build context: a pattern matches the path or a folder of it; `**/` any folders.
fn left_out_of_context(patterns: &[&str], path: &str) -> bool {
    let parts: Vec<&str> = path.split('/').collect();
    patterns
        .iter()
        .any(|pattern| match pattern.strip_prefix("**/") {
            Some(name) => parts.iter().any(|part| wildcard(name, part)),
            None => (1..=parts.len()).any(|n| wildcard(pattern, &parts[..n].join("/"))),
        })
}

/// What `docker build -f autograder/prairielearn/Dockerfile .` sends as its context has
/// no reference solution, no git, no build folder; and the image, its last stage, takes
/// from it only what grading reads (no source of the hidden tests).
#[test]
fn the_prairielearn_image_holds_no_solution_and_its_context_neither() {
    let root = repo_root();
    let ignore =
        std::fs::read_to_string(root.join("autograder/prairielearn/Dockerfile.dockerignore"))
            .unwrap();
    let patterns: Vec<&str> = ignore
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .collect();
    let context: Vec<String> = walkdir::WalkDir::new(&root)
        .into_iter()
        .flatten()
        .filter(|entry| entry.file_type().is_file())
        .map(|entry| {
            let relative = entry.path().strip_prefix(&root).unwrap();
            relative.to_string_lossy().replace('\\', "/")
        })
        .filter(|path| !left_out_of_context(&patterns, path))
        .collect();
    assert!(context.iter().any(|path| path == "grader/src/main.rs"));
    for path in &context {
        let parts: Vec<&str> = path.split('/').collect();
        assert!(
            parts[0] != "solutions" && parts[0] != ".git" && !parts.contains(&"target"),
            "{path} is in the image's build context"
        );
    }
    // The image is the last stage: it copies the grader from the build, and from the
    // context only the manifest, the exercises' folders and the adapter.
    let dockerfile =
        std::fs::read_to_string(root.join("autograder/prairielearn/Dockerfile")).unwrap();
    let image = dockerfile.rsplit("\nFROM ").next().unwrap();
    for line in image.lines().filter(|line| line.starts_with("COPY ")) {
        let source = line.split_whitespace().nth(1).unwrap();
        let allowed = line.starts_with("COPY --from=build /out/")
            || [
                "workbook.toml",
                "exercises",
                "autograder/common.sh",
                "autograder/prairielearn/entrypoint",
            ]
            .contains(&source);
        assert!(allowed, "the image copies {source}: {line}");
    }
    // Each pattern means what this test reads it as.
    assert!(left_out_of_context(
        &patterns,
        "solutions/xor_all/src/lib.rs"
    ));
    assert!(left_out_of_context(&patterns, "grader/target/debug/grader"));
    assert!(!left_out_of_context(
        &patterns,
        "grader/course/src/hidden/xor_all.rs"
    ));
}

#[test]
fn the_example_question_and_the_images_agree_with_the_workbook() {
    let read = |path: &str| std::fs::read_to_string(repo_root().join(path)).unwrap();
    let question = "autograder/prairielearn/example-question/xorAll";
    let info: Value = serde_json::from_str(&read(&format!("{question}/info.json"))).unwrap();
    let options = &info["externalGradingOptions"];
    assert_eq!(options["enabled"], true);
    assert_eq!(options["enableNetworking"], false);
    let dockerfile = read("autograder/prairielearn/Dockerfile");
    let entrypoint: Vec<String> = serde_json::from_str(after(&dockerfile, "ENTRYPOINT")).unwrap();
    assert_eq!(options["entrypoint"], entrypoint[0]);
    // The image holds the workbook at /xorlings: the entrypoint is its own file there.
    let in_workbook = entrypoint[0].strip_prefix("/xorlings/").unwrap();
    assert!(repo_root().join(in_workbook).is_file(), "{in_workbook}");
    let exercise = options["environment"]["XORLINGS_EXERCISE"]
        .as_str()
        .unwrap();
    let manifest = common::manifest();
    let stub = manifest
        .exercises
        .iter()
        .find(|e| e.name == exercise)
        .unwrap()
        .stub();
    assert_eq!(
        read(&format!("{question}/stub.rs")),
        read(&stub.to_string_lossy())
    );
    let html = read(&format!("{question}/question.html"));
    assert!(
        html.contains("<pl-file-editor file-name=\"lib.rs\""),
        "{html}"
    );
    assert!(html.contains("source-file-name=\"stub.rs\""), "{html}");
    assert!(html.contains("<pl-external-grader-results>"), "{html}");
    assert!(
        options["serverFilesCourse"][0] == "xorlings/",
        "the seed's folder"
    );
    let timeout = options["timeout"].as_u64().unwrap();
    let guide = read(GUIDE_PAGE)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(guide.contains(&format!("a {timeout} s timeout")));
    // Both images pin the same toolchain, the one the guide names.
    let setup = read("autograder/gradescope/setup.sh");
    let pinned = after(&setup, "RUST_VERSION=");
    assert_eq!(after(&dockerfile, "ARG RUST_VERSION="), pinned);
    assert!(guide.contains(&format!("installs Rust {pinned}")));
}
