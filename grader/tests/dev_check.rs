//! `grader dev check`, the instructor's proof, on a temporary copy of the workbook.

mod common;

use common::{Workbook, valid_report};

#[test]
fn dev_check_passes_on_the_workbook_and_prints_its_table() {
    let workbook = Workbook::new();
    let run = workbook.grader(&["dev", "check"]);
    run.expect_code(0)
        .stdout_has("dev check: everything is in order.")
        .stdout_has("reference   slowest   limit  margin  recorded solutions by verdict");
    for exercise in [
        "xor_all",
        "is_losing_position",
        "apply_move",
        "nim_winning_move",
        "grundy_number",
        "grundy_table",
    ] {
        assert!(
            run.stdout
                .lines()
                .any(|line| line.trim_start().starts_with(exercise) && line.contains('x')),
            "no timing row for {exercise}:\n{}",
            run.stdout
        );
    }
}

#[test]
fn dev_check_names_every_file_that_breaks_its_promise() {
    let workbook = Workbook::new();
    // Only the files this test needs: the check stays quick.
    for dir in std::fs::read_dir(workbook.path("solutions")).unwrap() {
        let _ = std::fs::remove_dir_all(dir.unwrap().path().join("recorded"));
    }
    // A reference solution that is really a stub.
    let stub = workbook.read("grader/stubs/is_losing_position.rs");
    workbook.write("solutions/is_losing_position/src/lib.rs", &stub);
    // A stub that is really a solution.
    let solution = workbook.read("solutions/xor_all/src/lib.rs");
    workbook.write("grader/stubs/xor_all.rs", &solution);
    // A wrong solution recorded as accepted, and one whose message is not as recorded.
    std::fs::create_dir_all(workbook.path("solutions/xor_all/recorded/accepted")).unwrap();
    std::fs::create_dir_all(workbook.path("solutions/xor_all/recorded/wrong_answer")).unwrap();
    std::fs::create_dir_all(workbook.path("solutions/xor_all/recorded/lucky")).unwrap();
    let sum = "pub fn xor_all(heaps: &[u64]) -> u64 { heaps.iter().fold(0, |s: u64, h| s.wrapping_add(*h)) }\n";
    workbook.write("solutions/xor_all/recorded/accepted/sum.rs", sum);
    workbook.write(
        "solutions/xor_all/recorded/wrong_answer/sum.rs",
        &format!("// expect: a message the grader never prints\n{sum}"),
    );
    // A lesson that forgets its command, and an orphan lesson.
    let lesson = workbook.read("lessons/grundy-numbers.md");
    workbook.write(
        "lessons/grundy-numbers.md",
        &lesson.replace("cargo grader run grundy_number", "cargo grader"),
    );
    workbook.write("lessons/99-extra.md", "# Extra\n");

    let run = workbook.grader(&["dev", "check"]);
    run.expect_code(1)
        .stdout_has("solutions/is_losing_position/src/lib.rs: the reference solution")
        .stdout_has("grader/stubs/xor_all.rs: this stub passes the hidden tests")
        .stdout_has("recorded/accepted/sum.rs: recorded as `passed`, but it got `wrong answer`")
        .stdout_has("recorded/wrong_answer/sum.rs: its report lacks the expected text")
        .stdout_has("`lucky` is not a verdict")
        .stdout_has("exercises/xor_all/src/lib.rs differs from its pristine copy")
        .stdout_has("lessons/grundy-numbers.md: it must tell the learner `cargo grader run grundy_number`")
        .stdout_has("lessons/99-extra.md is not the lesson of any exercise");

    // The same problems, for tools.
    let run = workbook.grader(&["dev", "check", "--format", "json"]);
    run.expect_code(1);
    let report = valid_report(&run.stdout);
    assert_eq!(report["status"], "fail");
    let message = report["message"].as_str().unwrap();
    assert!(
        message.contains("recorded as `passed`, but it got `wrong answer`"),
        "{message}"
    );
    let failing: Vec<&str> = report["tests"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["status"] == "fail")
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert!(
        failing.contains(&"is_losing_position: solutions/is_losing_position/src/lib.rs"),
        "{failing:?}"
    );
}
