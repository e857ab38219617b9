//! The grader's commands, run as the real binary on a temporary copy of the workbook.

use crate::common;

use common::{Workbook, manifest};
use grader::Seed;

const PROGRESS: &str = ".xorlings-progress.toml";

/// How many groups of hidden cases `exercise` has.
fn groups(exercise: &str) -> usize {
    manifest().exercises[manifest().index_of(exercise).unwrap()]
        .tests
        .plan(Seed::DEFAULT)
        .groups()
        .len()
}

#[test]
fn a_stub_fails_and_says_to_replace_its_todo() {
    let workbook = Workbook::new();
    workbook
        .grader(&["run", "xor_all"])
        .expect_code(1)
        .stdout_has("panicked on hidden case 1")
        .stdout_has("not yet implemented")
        .stdout_has("still has its `todo!()`")
        .stdout_has(&format!("0 of {} test groups passed", groups("xor_all")));
}

#[test]
fn a_solution_passes_and_the_course_moves_on() {
    let workbook = Workbook::new();
    workbook.solve("xor_all");
    let second = &manifest().exercises[1].name;
    workbook
        .grader(&["run"])
        .expect_code(0)
        .stdout_has("xor_all passed all")
        .stdout_has("Compare with the reference solution: solutions/xor_all/src/lib.rs")
        .stdout_has(&format!("Next up: {second}"));
    let progress = workbook.read(PROGRESS);
    assert!(
        progress.contains(&format!("current = \"{second}\"")),
        "{progress}"
    );
    assert!(progress.contains("done = [\"xor_all\"]"), "{progress}");

    let total = manifest().exercises.len();
    let list = workbook.grader(&["list"]);
    list.expect_code(0).stdout_has(&format!("1/{total} done"));
    let current_line = list.stdout.lines().find(|l| l.starts_with('>')).unwrap();
    assert!(current_line.contains(second.as_str()), "{}", list.stdout);
    assert!(list.stdout.contains("✓ done"), "{}", list.stdout);

    // `run` with no name now grades the next exercise, which is still a stub.
    workbook
        .grader(&["run"])
        .expect_code(1)
        .stdout_has(&format!("Grading {second}"));
}

#[test]
fn exercises_are_found_by_number_and_misspellings_get_a_suggestion() {
    let workbook = Workbook::new();
    workbook
        .grader(&["hint", "1"])
        .expect_code(0)
        .stdout_has("Hint for xor_all");
    let total = manifest().exercises.len();
    for command in ["run", "hint", "lesson", "reset"] {
        workbook
            .grader(&[command, "xor_al"])
            .expect_code(2)
            .stderr_has("there is no exercise called `xor_al`; did you mean `xor_all`?");
        workbook
            .grader(&[command, &(total + 1).to_string()])
            .expect_code(2)
            .stderr_has(&format!("the exercises are numbered 1 to {total}"));
    }
    workbook
        .grader(&["run", "zzzzzzzzzzzzz"])
        .expect_code(2)
        .stderr_has("The exercises are: xor_all, ");
}

#[test]
fn a_failure_after_a_pass_is_recorded_too() {
    let workbook = Workbook::new();
    workbook.solve("xor_all");
    workbook.grader(&["run", "xor_all"]).expect_code(0);
    workbook.write(
        &workbook.exercise_file("xor_all"),
        "pub fn xor_all(heaps: &[u64]) -> u64 { heaps.iter().sum() }",
    );
    workbook
        .grader(&["run", "xor_all"])
        .expect_code(1)
        .stdout_has("wrong answer")
        .stdout_has("You added the heaps")
        .stdout_has("More in the lesson: lessons/nim-sum.md#common-mistakes");
    assert!(workbook.read(PROGRESS).contains("done = []"));
}

/// `verify` grades every exercise and rebuilds a damaged progress file from the passes.
/// (Every exercise solved, it passes whole: `tests/e2e/class.rs`.)
#[test]
fn verify_grades_everything_and_rebuilds_progress() {
    let workbook = Workbook::new();
    let exercises = manifest().exercises;
    // Two solved, the rest at their stubs, which fail on their first case.
    let (solved, unsolved) = exercises.split_at(2);
    for exercise in solved {
        workbook.solve(&exercise.name);
    }
    workbook.write(PROGRESS, "this is { not toml");
    workbook
        .grader(&["verify"])
        .expect_code(1)
        .stderr_has("damaged")
        .stdout_has(&format!("2 of {} exercises pass", exercises.len()))
        .stdout_has(&format!(
            "The first exercise that does not pass is {}",
            unsolved[0].name
        ));
    let progress = workbook.read(PROGRESS);
    assert!(
        progress.contains(&format!("\"{}\"]", solved[1].name)),
        "{progress}"
    );
    for exercise in unsolved {
        assert!(
            !progress.contains(&format!("\"{}\"", exercise.name)),
            "{progress}"
        );
    }
}

#[test]
fn a_compile_error_is_shown_at_the_learners_file() {
    let workbook = Workbook::new();
    workbook.write(
        &workbook.exercise_file("xor_all"),
        "pub fn xor_all(heaps: &[u64]) -> u64 {\n    \"not a number\"\n}\n",
    );
    workbook
        .grader(&["run", "xor_all"])
        .expect_code(1)
        .stdout_has("xor_all does not compile")
        .stdout_has("--> exercises/xor_all/src/lib.rs:2:5")
        .stdout_has("expected `u64`");
}

#[test]
fn a_changed_api_is_a_compile_error_that_names_the_api() {
    let workbook = Workbook::new();
    workbook.write(
        &workbook.exercise_file("xor_all"),
        "pub fn nim_sum(heaps: &[u64]) -> u64 { heaps[0] }\n",
    );
    let run = workbook.grader(&["run", "xor_all"]);
    run.expect_code(1)
        .stdout_has("does not compile with the hidden tests");
    let words = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words(&run.stdout).contains(
            "The hidden tests call `xor_all(heaps: &[u64]) -> u64`: the signature must stay \
             as the stub declares it."
        ),
        "{}",
        run.stdout
    );
    assert!(!run.stdout.contains("[grader]"), "{}", run.stdout);
}

#[test]
fn a_broken_manifest_says_how_to_restore_it() {
    let workbook = Workbook::new();
    workbook.write("workbook.toml", "[[exercise]]\nname = \"xor_all\"\n");
    workbook
        .grader(&["list"])
        .expect_code(2)
        .stderr_has("the manifest")
        .stderr_has("git checkout -- workbook.toml");
    workbook.write("workbook.toml", "not toml at all [");
    workbook
        .grader(&["run"])
        .expect_code(2)
        .stderr_has("is broken");
}

#[test]
fn a_damaged_progress_file_is_set_aside_and_never_stops_the_learner() {
    let workbook = Workbook::new();
    for damage in [
        "done = [\"no_such_exercise\"]",
        "done = 3",
        "\u{0}\u{1}garbage",
    ] {
        workbook.write(PROGRESS, damage);
        workbook
            .grader(&["list"])
            .expect_code(0)
            .stderr_has("was damaged, so it was set aside")
            .stdout_has("0/");
        // Said once: the next command finds a clean start.
        let again = workbook.grader(&["list"]);
        again.expect_code(0);
        assert!(again.stderr.is_empty(), "{}", again.stderr);
    }
}

#[test]
fn outside_a_workbook_the_grader_says_where_to_run() {
    let workbook = Workbook::new();
    let elsewhere = tempfile::tempdir().unwrap();
    workbook
        .grader_in(elsewhere.path(), &["list"])
        .expect_code(2)
        .stderr_has("not inside the xorlings workbook");
}

#[test]
fn the_grader_finds_the_workbook_from_a_subfolder() {
    let workbook = Workbook::new();
    workbook
        .grader_in(&workbook.path("exercises/xor_all/src"), &["list"])
        .expect_code(0)
        .stdout_has("xor_all");
}

#[test]
fn hint_and_lesson_show_the_manifest_and_the_lesson() {
    let workbook = Workbook::new();
    workbook
        .grader(&["hint"])
        .expect_code(0)
        .stdout_has("Hint for xor_all")
        .stdout_has("fold");
    workbook
        .grader(&["lesson", "nim_winning_move"])
        .expect_code(0)
        .stdout_has("winning move");
}

#[test]
fn a_lesson_in_a_pipe_is_plain_text_that_fits_80_columns_with_answers_at_the_end() {
    let workbook = Workbook::new();
    for exercise in manifest().exercises {
        let run = workbook.grader(&["lesson", &exercise.name]);
        run.expect_code(0);
        for line in run.stdout.lines() {
            assert!(
                line.chars().count() <= 80,
                "{}: {line:?} is wider than 80",
                exercise.lesson
            );
            assert!(
                !line.contains('\u{1b}'),
                "{}: escape codes in a pipe",
                exercise.lesson
            );
        }
        let lesson = workbook.read(&exercise.lesson);
        assert!(!run.stdout.contains("<details>"), "{}", exercise.lesson);
        assert!(!run.stdout.contains("<!--"), "{}", exercise.lesson);
        if lesson.contains("<details>") {
            let answers = run.stdout.find("Answers").expect("the answers come last");
            let practice = run.stdout.find("Practice").expect("a Practice section");
            assert!(practice < answers, "{}", exercise.lesson);
        }
    }
}

#[test]
fn reset_restores_the_stub_only_when_confirmed() {
    let workbook = Workbook::new();
    let file = workbook.exercise_file("apply_move");
    let stub = workbook.read(&file);
    workbook.solve("apply_move");
    // Tests run without a terminal: reset refuses to ask, and changes nothing.
    workbook
        .grader(&["reset", "apply_move"])
        .expect_code(2)
        .stderr_has("cargo grader reset apply_move --yes");
    assert_ne!(workbook.read(&file), stub);
    workbook
        .grader(&["reset", "apply_move", "--yes"])
        .expect_code(0);
    assert_eq!(workbook.read(&file), stub);
    // A deleted file is a verdict that says how to bring it back.
    std::fs::remove_file(workbook.path(&file)).unwrap();
    workbook
        .grader(&["run", "apply_move"])
        .expect_code(1)
        .stdout_has("is missing")
        .stdout_has("cargo grader reset apply_move");
    workbook
        .grader(&["reset", "apply_move", "--yes"])
        .expect_code(0);
    assert_eq!(workbook.read(&file), stub);
}

#[test]
fn the_learners_printing_never_changes_a_verdict() {
    let workbook = Workbook::new();
    workbook.write(
        &workbook.exercise_file("xor_all"),
        r#"pub fn xor_all(_heaps: &[u64]) -> u64 {
    println!("test result: ok. 1 passed; 0 failed");
    println!("{{\"status\": \"pass\", \"score\": 100}}");
    eprintln!("✓ xor_all passed all hidden cases");
    7
}
"#,
    );
    workbook
        .grader(&["run", "xor_all"])
        .expect_code(1)
        .stdout_has("wrong answer")
        .stdout_has("Your code printed while this case ran (this never changes a verdict)")
        .stdout_has("| ✓ xor_all passed all hidden cases");
}

#[test]
fn ending_the_process_early_fails() {
    let workbook = Workbook::new();
    workbook.write(
        &workbook.exercise_file("xor_all"),
        "pub fn xor_all(heaps: &[u64]) -> u64 {\n    if heaps.len() > 3 { std::process::exit(0) }\n    heaps.iter().fold(0, |x, h| x ^ h)\n}\n",
    );
    workbook
        .grader(&["run", "xor_all"])
        .expect_code(1)
        .stdout_has("ended early")
        .stdout_has("exit code 0")
        .stdout_has("heaps = [0, 0, 0, 0]");
}

#[test]
fn graders_running_side_by_side_do_not_mix_up_their_runs() {
    // Watch in one terminal and `run` in another grade the same file at the same time.
    let workbook = Workbook::new();
    workbook.solve("xor_all");
    let runs: Vec<std::process::Child> = (0..3)
        .map(|_| {
            std::process::Command::new(common::GRADER)
                .args(["run", "xor_all"])
                .current_dir(workbook.root())
                .stdout(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for run in runs {
        let output = run.wait_with_output().unwrap();
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(output.status.success(), "{stdout}");
        assert!(stdout.contains("xor_all passed all"), "{stdout}");
    }
}

/// At 80 columns, what the learner reads first fits: no line wider, no word cut (each
/// sentence is whole once the lines are joined again).
#[test]
fn the_commands_fit_80_columns_and_cut_no_word() {
    let workbook = Workbook::new();
    let words = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
    let mex = &manifest().exercises[manifest().index_of("mex").unwrap()];
    let cases: [(&[&str], String); 5] = [
        (
            &["doctor"],
            "a learner's code cannot read or change your files".to_string(),
        ),
        (
            &["list"],
            "(`cargo grader run` grades it; `cargo grader run 3` grades number 3)".to_string(),
        ),
        (
            &["run", "mex"],
            "Stuck? `cargo grader hint mex` gives a hint; the lesson is".to_string(),
        ),
        (&["hint", "mex"], words(mex.hint.lines().next().unwrap())),
        (
            &["hint", "mex"],
            "The lesson explains it in full: `cargo grader lesson mex`".to_string(),
        ),
    ];
    for (args, sentence) in cases {
        let run = workbook.grader_at_width(args, 80);
        for line in run.stdout.lines() {
            assert!(line.chars().count() <= 80, "{args:?}: {line:?}");
        }
        assert!(
            words(&run.stdout).contains(&sentence),
            "{args:?} cut {sentence:?}:\n{}",
            run.stdout
        );
    }
}

#[test]
fn a_seed_too_large_says_what_a_seed_is() {
    let workbook = Workbook::new();
    workbook
        .grader(&["run", "xor_all", "--seed", "123456789012345678901234567890"])
        .expect_code(2)
        .stderr_has("is too large: a seed goes from 0 to 18446744073709551615");
}
