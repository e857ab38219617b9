//! A file that does not compile, as a learner sees it: the compiler's errors about the
//! learner's own code in full, and nothing of the grader's own code (its generated
//! `main`, the runner's crate). An error located in the grader's `main` means the
//! learner's signature changed: the report says what the hidden tests call instead.

use crate::common;

use common::{Workbook, manifest, repo_root};

/// What the grader's own code looks like in a report: none of it may show.
const RUNNER_WORDS: [&str; 3] = ["[grader]", "xorlings_core", "learner::"];

fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Every recorded solution that does not compile: its exercise and its source.
fn recorded_compile_errors() -> Vec<(String, std::path::PathBuf)> {
    let root = repo_root();
    let mut found = Vec::new();
    for exercise in manifest().exercises {
        let folder = root.join(exercise.recorded()).join("compile_error");
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        let mut files: Vec<_> = entries.flatten().map(|e| e.path()).collect();
        files.sort();
        found.extend(
            files
                .into_iter()
                .filter(|f| f.extension().is_some_and(|e| e == "rs"))
                .map(|f| (exercise.name.clone(), f)),
        );
    }
    found
}

#[test]
fn no_report_of_a_recorded_compile_error_shows_the_graders_own_code() {
    let recorded = recorded_compile_errors();
    assert!(recorded.len() >= 8, "{recorded:?}");
    let workbook = Workbook::new();
    let mut names_the_signature = 0;
    for (exercise, file) in &recorded {
        let source = std::fs::read_to_string(file).unwrap();
        workbook.write(&workbook.exercise_file(exercise), &source);
        for format in ["human", "json"] {
            let run = workbook.grader(&["run", exercise, "--format", format]);
            run.expect_code(1);
            for runner in RUNNER_WORDS {
                assert!(
                    !run.stdout.contains(runner),
                    "{} ({format}) shows {runner:?}:\n{}",
                    file.display(),
                    run.stdout
                );
            }
            if words(&run.stdout).contains("The hidden tests call `") {
                names_the_signature += 1;
            }
        }
        workbook.write(
            &workbook.exercise_file(exercise),
            &std::fs::read_to_string(repo_root().join(format!("grader/stubs/{exercise}.rs")))
                .unwrap(),
        );
    }
    assert!(
        names_the_signature >= 2 * 6,
        "the changed signatures are named: {names_the_signature}"
    );
}

#[test]
fn the_learners_own_errors_show_in_full_beside_the_signature_to_keep() {
    let workbook = Workbook::new();
    workbook.write(
        &workbook.exercise_file("nim_winning_move"),
        "pub struct Move {\n    pub heap_index: usize,\n    pub new_size: u64,\n}\n\n\
         pub fn nim_winning_move(heaps: &[u64]) -> Option<(usize, u64)> {\n    \
         let total = heaps.iter().fold(0, |x, &h| x ^ h);\n    nope(total)\n}\n",
    );
    let run = workbook.grader(&["run", "nim_winning_move"]);
    run.expect_code(1)
        .stdout_has("nim_winning_move does not compile. The compiler says:")
        .stdout_has("error[E0425]: cannot find function `nope` in this scope")
        .stdout_has("--> exercises/nim_winning_move/src/lib.rs:8:5");
    let shown = words(&run.stdout);
    assert!(
        shown.contains(
            "The hidden tests call `nim_winning_move(heaps: &[u64]) -> Option<Move>`: the \
             signature must stay as the stub declares it, and so must `Move`."
        ),
        "{}",
        run.stdout
    );
    for runner in RUNNER_WORDS {
        assert!(!run.stdout.contains(runner), "{}", run.stdout);
    }
    assert!(
        !shown.contains("aborting due to"),
        "no count of errors that are not shown:\n{}",
        run.stdout
    );
}
