//! The JSON report of one checkout (`grader run --format json`): Exercism's rules, the
//! groups in order, and partial credit by group. Class grading is tested end to end, in
//! `tests/e2e/class.rs`.

use crate::common::{Workbook, manifest, valid_report};

#[test]
fn run_json_reports_a_stub_with_groups_in_order() {
    let workbook = Workbook::new();
    let run = workbook.grader(&["run", "apply_move", "--format", "json"]);
    run.expect_code(1);
    let report = valid_report(&run.stdout);
    // Every group panicked on `todo!()`: no test returned an answer.
    assert_eq!(report["status"], "error");
    assert!(report["message"].as_str().unwrap().contains("todo!()"));
    assert_eq!(report["score"], 0);
    assert_eq!(report["max_score"], 100);
    assert_eq!(report["exercises"][0]["verdict"], "panicked");
    let first = &report["tests"][0];
    assert!(
        first["name"]
            .as_str()
            .unwrap()
            .starts_with("apply_move: every move"),
        "{first}"
    );
    assert_eq!(first["status"], "error");
    let number = manifest().index_of("apply_move").unwrap() + 1;
    assert_eq!(first["task_id"], number);
    assert!(
        first["test_code"]
            .as_str()
            .unwrap()
            .starts_with("apply_move(heaps: &[u64], heap_index: usize")
    );
}

#[test]
fn partial_credit_counts_the_groups_passed() {
    let workbook = Workbook::new();
    // Right on every heap below 2^32, wrong above: only the 64-bit groups fail.
    workbook.write(
        &workbook.exercise_file("xor_all"),
        "pub fn xor_all(heaps: &[u64]) -> u64 {\n    println!(\"{} heaps\", heaps.len());\n    heaps.iter().fold(0u32, |x, &h| x ^ h as u32) as u64\n}\n",
    );
    let run = workbook.grader(&["run", "xor_all", "--format", "json"]);
    run.expect_code(1);
    let report = valid_report(&run.stdout);
    assert_eq!(report["status"], "fail");
    let tests = report["tests"].as_array().unwrap();
    let passed = tests.iter().filter(|t| t["status"] == "pass").count();
    assert!(passed > 0 && passed < tests.len(), "{tests:#?}");
    assert_eq!(report["score"], 100 * passed / tests.len());
    let failed = tests.iter().find(|t| t["status"] == "fail").unwrap();
    assert!(
        failed["message"].as_str().unwrap().contains("32 bits"),
        "the advice is in the report"
    );
    assert!(
        failed["output"].as_str().unwrap().ends_with(" heaps"),
        "{failed}"
    );
    assert!(
        failed["test_code"]
            .as_str()
            .unwrap()
            .contains("smallest failing case: heaps = [")
    );
}
