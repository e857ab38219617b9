//! Grading for instructors: the JSON report and its schema, partial credit, and grading
//! a learner's checkout that was tampered with.

mod common;

use common::{Workbook, repo_root, schema, valid_report};
use serde_json::Value;

#[test]
fn the_schema_rejects_reports_that_break_it() {
    let schema = schema();
    let good = serde_json::json!({
        "version": 3, "status": "pass", "message": null, "score": 100, "max_score": 100,
        "tests": [], "exercises": []
    });
    assert!(schema.is_valid(&good));
    for (field, bad) in [
        ("status", serde_json::json!("ok")),
        ("score", serde_json::json!(-1)),
        ("version", serde_json::json!(2)),
    ] {
        let mut broken = good.clone();
        broken[field] = bad;
        assert!(!schema.is_valid(&broken), "{field} was not checked");
    }
}

#[test]
fn run_json_reports_a_stub_with_groups_in_order() {
    let workbook = Workbook::new();
    let run = workbook.grader(&["run", "apply_move", "--format", "json"]);
    run.expect_code(1);
    let report = valid_report(&run.stdout);
    assert_eq!(report["status"], "fail");
    assert_eq!(report["score"], 0);
    assert_eq!(report["max_score"], 100);
    let exercise = &report["exercises"][0];
    assert_eq!(exercise["name"], "apply_move");
    assert_eq!(exercise["verdict"], "panicked");
    let first = &report["tests"][0];
    assert!(
        first["name"]
            .as_str()
            .unwrap()
            .starts_with("apply_move: every move"),
        "{first}"
    );
    assert_eq!(first["status"], "error");
    assert!(first["message"].as_str().unwrap().contains("todo!()"));
}

#[test]
fn partial_credit_counts_the_groups_passed() {
    let workbook = Workbook::new();
    // Right on every heap below 2^32, wrong above: only the 64-bit groups fail.
    workbook.write(
        "exercises/xor_all/src/lib.rs",
        "pub fn xor_all(heaps: &[u64]) -> u64 {\n    heaps.iter().fold(0u32, |x, &h| x ^ h as u32) as u64\n}\n",
    );
    let run = workbook.grader(&["run", "xor_all", "--format", "json"]);
    run.expect_code(1);
    let report = valid_report(&run.stdout);
    let tests = report["exercises"][0]["tests"].as_array().unwrap();
    let passed = tests.iter().filter(|t| t["status"] == "pass").count();
    assert!(passed > 0 && passed < tests.len(), "{tests:#?}");
    assert_eq!(report["score"], 100 * passed / tests.len());
    assert!(
        run.stdout.contains("32 bits"),
        "the truncation advice is in the report"
    );
}

/// A learner's checkout with two exercises solved and a third half right.
fn learner_checkout() -> Workbook {
    let checkout = Workbook::new();
    checkout.solve("xor_all");
    checkout.solve("is_losing_position");
    checkout.write(
        "exercises/grundy_number/src/lib.rs",
        "pub fn grundy_number(n: usize, moves: &[usize]) -> usize {\n    if moves.is_empty() { 0 } else { n % (moves.len() + 1) }\n}\n",
    );
    checkout
}

/// The checkout's total score, graded with the instructor's grader and hidden tests by
/// the command of the README's classroom recipe.
fn graded_score(instructor: &Workbook, checkout: &Workbook) -> (i32, Value) {
    let readme = std::fs::read_to_string(repo_root().join("README.md")).unwrap();
    let recipe = readme
        .lines()
        .find(|line| line.starts_with("cargo grader verify --workbook"))
        .expect("the README has a classroom recipe");
    let args: Vec<String> = recipe
        .split_whitespace()
        .skip_while(|word| *word != "verify")
        .take_while(|word| *word != ">")
        .map(|word| match word {
            "\"$CHECKOUT\"" => checkout.root().display().to_string(),
            other => other.to_string(),
        })
        .collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let run = instructor.grader(&args);
    assert!(run.stderr.is_empty(), "{}", run.stderr);
    let report = valid_report(&run.stdout);
    (run.code, report)
}

#[test]
fn a_checkout_is_graded_with_the_instructors_tests_whatever_else_it_changed() {
    let instructor = Workbook::new();
    let checkout = learner_checkout();
    let (code, report) = graded_score(&instructor, &checkout);
    assert_eq!(code, 1);
    let scores: Vec<u64> = report["exercises"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["score"].as_u64().unwrap())
        .collect();
    assert_eq!(&scores[..2], &[100, 100]);
    assert!(scores[4] < 100, "{scores:?}");
    let score = report["score"].clone();

    // Tamper with everything but the exercise files: a manifest that lists only the solved
    // exercises and drops the hidden time limits, Cargo files, a forged progress file, and
    // a "grader" that always passes.
    checkout.write(
        "workbook.toml",
        "[[exercise]]\nname = \"xor_all\"\nlesson = \"x.md\"\nhint = \"\"\n",
    );
    checkout.write("Cargo.toml", "[workspace]\nmembers = []\n");
    checkout.write(
        "exercises/grundy_number/Cargo.toml",
        "[package]\nname = \"cheat\"\n",
    );
    checkout.write(
        ".xorlings-progress.toml",
        "done = [\"xor_all\", \"is_losing_position\", \"apply_move\", \"nim_winning_move\", \"grundy_number\", \"grundy_table\"]\n",
    );
    std::fs::create_dir_all(checkout.path("grader/src")).unwrap();
    checkout.write(
        "grader/src/main.rs",
        "fn main() { println!(\"{{\\\"score\\\": 600}}\") }\n",
    );
    let (tampered_code, tampered) = graded_score(&instructor, &checkout);
    assert_eq!(tampered_code, code);
    assert_eq!(tampered["score"], score);
    assert_eq!(tampered["exercises"].as_array().unwrap().len(), 6);
    // Nothing was written into the learner's checkout.
    assert!(
        checkout
            .read(".xorlings-progress.toml")
            .contains("grundy_table")
    );
    assert!(!checkout.path("target").exists());
}

#[test]
fn a_checkout_with_a_missing_exercise_file_scores_zero_for_it() {
    let instructor = Workbook::new();
    let checkout = learner_checkout();
    std::fs::remove_file(checkout.path("exercises/xor_all/src/lib.rs")).unwrap();
    let (_, report) = graded_score(&instructor, &checkout);
    let first = &report["exercises"][0];
    assert_eq!(first["status"], "error");
    assert_eq!(first["score"], 0);
    assert!(first["message"].as_str().unwrap().contains("is missing"));
    assert_eq!(report["exercises"][1]["score"], 100);
}
