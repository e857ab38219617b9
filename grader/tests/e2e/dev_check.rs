//! `grader dev check`, the instructor's proof, on a temporary copy of the workbook.

use crate::common;

use common::{Workbook, manifest};

/// The whole check is CI's last step (`cargo grader dev check`): here, a function
/// exercise and the program one, chosen by name as an instructor does while writing one.
#[test]
fn dev_check_passes_on_chosen_exercises_and_prints_their_table() {
    let workbook = Workbook::with_recordings();
    let chosen = ["xor_all", "pile_referee"];
    let run = workbook.grader(&["dev", "check", chosen[0], chosen[1]]);
    run.expect_code(0)
        .stdout_has("dev check: everything is in order.")
        .stdout_has("reference   slowest   limit  margin")
        .stdout_has("      solutions: ");
    // The table fits 80 columns: each row's solutions by verdict on lines of their own.
    for line in run.stdout.lines() {
        assert!(line.chars().count() <= 80, "{line:?}");
    }
    let rows: Vec<&str> = run
        .stdout
        .lines()
        .filter(|line| line.contains(" s ") && line.ends_with('x'))
        .collect();
    for exercise in manifest().exercises {
        let has_row = rows.iter().any(|line| {
            line.trim_start()
                .starts_with(&format!("{} ", exercise.name))
        });
        assert_eq!(
            has_row,
            chosen.contains(&exercise.name.as_str()),
            "timing row of {}:\n{}",
            exercise.name,
            run.stdout
        );
    }
}

#[test]
fn dev_check_names_every_file_that_breaks_its_promise() {
    let workbook = Workbook::with_recordings();
    // Only the files this test needs: the check stays quick.
    for dir in std::fs::read_dir(workbook.path("solutions")).unwrap() {
        let _ = std::fs::remove_dir_all(dir.unwrap().path().join("recorded"));
    }
    // A reference solution that is really a stub.
    let stub = workbook.read("grader/stubs/is_losing_position.rs");
    workbook.write("solutions/is_losing_position/src/lib.rs", &stub);
    // A stub that is really a solution, and scores points.
    let solution = workbook.read("solutions/xor_all/src/lib.rs");
    workbook.write("grader/stubs/xor_all.rs", &solution);
    // A wrong solution recorded as accepted, one whose message is not as recorded, a
    // folder that is no verdict, and stray files.
    let sum = "pub fn xor_all(heaps: &[u64]) -> u64 { heaps.iter().fold(0, |s: u64, h| s.wrapping_add(*h)) }\n";
    workbook.write("solutions/xor_all/recorded/accepted/sum.rs", sum);
    workbook.write(
        "solutions/xor_all/recorded/wrong_answer/sum.rs",
        &format!("// expect: You added the heaps, a message the grader never prints\n{sum}"),
    );
    // A recorded solution whose report says what it must not.
    workbook.write(
        "solutions/xor_all/recorded/wrong_answer/sum_again.rs",
        &format!("// expect-not: You added the heaps.\n{sum}"),
    );
    workbook.write("solutions/xor_all/recorded/lucky/sum.rs", sum);
    workbook.write("solutions/xor_all/recorded/wrong_answer/notes.txt", "to do");
    // A lesson that forgets its command, and an orphan lesson.
    let lesson = workbook.read("lessons/grundy-numbers.md");
    workbook.write(
        "lessons/grundy-numbers.md",
        &lesson.replace("cargo grader run grundy_number", "cargo grader"),
    );
    workbook.write("lessons/extra.md", "# Extra\n");

    // Each problem wrapped to the width: its words are as written.
    let run = workbook.grader(&["dev", "check"]);
    run.expect_code(1)
        .stdout_has_words(
            "solutions/is_losing_position/src/lib.rs: the reference solution must pass",
        )
        .stdout_has_words("grader/stubs/xor_all.rs: this stub passes groups of the hidden tests")
        .stdout_has_words(
            "recorded/accepted/sum.rs: recorded as `passed`, but it got `wrong answer`",
        )
        .stdout_has_words(
            "recorded/wrong_answer/sum.rs: its report lacks 1 of its `// expect:` texts",
        )
        .stdout_has_words("-You added the heaps, a message the grader never prints")
        .stdout_has_words("sum_again.rs: its report has 1 of its `// expect-not:` texts")
        .stdout_has_words("`lucky` is not a verdict")
        .stdout_has_words("notes.txt: not a recorded solution")
        .stdout_has_words("exercises/xor_all/src/lib.rs differs from its pristine copy")
        .stdout_has_words("+//! # `xor_all`: the nim-sum")
        .stdout_has_words(
            "lessons/grundy-numbers.md: it must tell the learner `cargo grader run grundy_number`",
        )
        .stdout_has_words("lessons/extra.md is not the lesson of any exercise");

    // The same problems, for tools.
    let run = workbook.grader(&["dev", "check", "--format", "json"]);
    run.expect_code(1);
    let report: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
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
