//! Each exercise is a Cargo package of its own, and a learner may run `cargo test` in
//! its folder: it must say that the grader grades the exercise (`cargo grader run
//! NAME`), not a bare "0 passed" that reads like "solved". `dev check` keeps every
//! exercise's test as `dev new` writes it.

use crate::common;

use common::{Run, Workbook, cargo_in, manifest, whole_workbook};

const TEST_FILE: &str = "tests/graded_by_the_grader.rs";

#[test]
fn cargo_test_in_an_exercise_folder_says_the_grader_grades_it_solved_or_not() {
    let workbook = whole_workbook();
    let root = workbook.path();
    let exercises = manifest().exercises;
    for solved in [false, true] {
        for exercise in &exercises {
            if solved {
                std::fs::copy(root.join(exercise.solution()), root.join(exercise.file())).unwrap();
            }
            let folder = root.join("exercises").join(&exercise.name);
            let run = cargo_in("exercise-crates", &folder, &["test"]);
            run.expect_code(0);
            let said = format!(
                "test hidden_tests_are_in_the_grader ... ignored, the grader has the hidden \
                 tests: run `cargo grader run {}`",
                exercise.name
            );
            assert!(
                run.stdout.contains(&said),
                "{} (solved: {solved}):\n{}",
                exercise.name,
                run.stdout
            );
            assert!(!run.stdout.contains("FAILED"), "{}", run.stdout);
        }
    }
}

#[test]
fn the_test_run_anyway_fails_saying_it_grades_nothing() {
    let workbook = whole_workbook();
    let folder = workbook.path().join("exercises/xor_all");
    let run = cargo_in("exercise-crates", &folder, &["test", "--", "--ignored"]);
    assert_eq!(run.code, 101, "{}\n{}", run.stdout, run.stderr);
    assert!(
        run.stdout
            .contains("this test grades nothing: run `cargo grader run xor_all`"),
        "{}",
        run.stdout
    );
}

#[test]
fn dev_check_names_an_exercise_test_missing_or_changed() {
    let workbook = Workbook::with_recordings();
    let test = format!("exercises/is_losing_position/{TEST_FILE}");
    let text = workbook.read(&test);
    assert!(
        text.contains("`cargo grader run is_losing_position`"),
        "{text}"
    );
    workbook.write(&test, &text.replace("#[ignore", "// #[ignore"));
    let check =
        |workbook: &Workbook| -> Run { workbook.grader(&["dev", "check", "is_losing_position"]) };
    let run = check(&workbook);
    run.expect_code(1);
    // The problem is wrapped to the terminal's width: its words, wherever lines break.
    for phrase in [
        format!("{test}: `cargo test` in the exercise's folder"),
        "put back the text `dev new` writes".to_string(),
    ] {
        assert!(
            common::find_phrase(&run.stdout, &phrase).is_some(),
            "stdout lacks {phrase:?}:\n{}",
            run.stdout
        );
    }
    std::fs::remove_file(workbook.path(&test)).unwrap();
    check(&workbook)
        .expect_code(1)
        .stdout_has(&format!("{test} is missing"));
    workbook.write(&test, &text);
    check(&workbook).expect_code(0);
}
