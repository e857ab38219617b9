//! Adding an exercise as an instructor would: `dev new`, then writing only the new
//! exercise's four own files (stub, reference solution, lesson, hidden tests), in a copy
//! of the whole workbook whose grader is then built; `dev check` and the workbook's own
//! `cargo test` must be green, the solution's hidden test pass, and a learner checkout
//! made before the insertion grade as it did.
//!
//! It builds a second grader, so it takes a while the first time (its build folder,
//! `target/workbook-copies/new-exercise`, is kept between runs).

use crate::common;

use std::path::Path;
use std::process::Command;

use common::{GRADER, Run, Workbook, cargo_in, manifest, whole_workbook};

const NAME: &str = "nonempty_heaps";

const STUB: &str = r#"//! # `nonempty_heaps`: heaps that still have stones
//!
//! Lesson: `lessons/nonempty-heaps.md`. Grade with `cargo grader run nonempty_heaps`.
//!
//! Count the heaps that are not empty: `nonempty_heaps(&[3, 0, 5])` is `2`.
//!
//! What the hidden tests use: up to 1,000,000 heaps, of full-range `u64` sizes.

/// Returns how many heaps hold at least one stone.
pub fn nonempty_heaps(heaps: &[u64]) -> usize {
    // TODO: count the heaps above 0, then delete the line below.
    todo!("count the nonempty heaps among {}", heaps.len())
}
"#;

const SOLUTION: &str = r#"//! Reference solution: a count of the heaps that still have stones.

/// Returns how many heaps hold at least one stone.
pub fn nonempty_heaps(heaps: &[u64]) -> usize {
    heaps.iter().map(|&heap| usize::from(heap != 0)).sum()
}
"#;

const HIDDEN: &str = r#"//! Hidden tests for `nonempty_heaps`.

use std::time::Duration;

use xorlings_derive::Arguments;

use crate::model::function::FunctionTests;
use crate::model::nim::Positions;
use crate::model::{Function, HiddenTests};

/// The arguments of `nonempty_heaps(heaps: &[u64]) -> usize`.
#[derive(Debug, Clone, PartialEq, Eq, Arguments)]
pub struct Args {
    pub heaps: Vec<u64>,
}

/// The hidden tests of `nonempty_heaps`.
pub struct NonemptyHeaps;

pub const TESTS: &dyn HiddenTests = &FunctionTests::<NonemptyHeaps>::new();

impl Function for NonemptyHeaps {
    type Args = Args;
    type Answer = usize;
    type Cases = Positions;
    const NAME: &'static str = "nonempty_heaps";
    const TIME_LIMIT: Duration = Duration::from_secs(2);
    const EXPECTED_COST: &'static str = "one pass over the heaps";

    fn rule(input: &Args, &answer: &usize) -> Result<(), String> {
        let expected = input.heaps.iter().filter(|&&heap| heap > 0).count();
        if answer == expected {
            return Ok(());
        }
        Err(format!("{expected} heaps are not empty, not {answer}."))
    }
}
"#;

const LESSON: &str = "# Nonempty heaps\n\nA heap of 0 stones is still a heap: it keeps its place.\n\n```rust\nlet heaps = [3u64, 0, 5];\nassert_eq!(heaps.iter().filter(|&&h| h > 0).count(), 2);\n```\n\n## Common mistakes\n\n**Counting every heap.** `[0]` has no nonempty heap.\n\n## Practice\n\nHow many heaps of `[0, 0, 7]` are nonempty?\n\n<details><summary>Answer</summary>\n\nOne.\n\n</details>\n\n## Your exercise\n\nWrite it in `exercises/nonempty_heaps/src/lib.rs`, then run `cargo grader run nonempty_heaps`.\n";

fn write(root: &Path, relative: &str, text: &str) {
    std::fs::write(root.join(relative), text).unwrap();
}

#[test]
fn an_exercise_added_with_dev_new_and_its_own_files_is_green_and_moves_nothing() {
    let workbook = whole_workbook();
    let root = workbook.path();
    // A learner's checkout made before the insertion, with every exercise solved.
    let learner = Workbook::new();
    let before: Vec<String> = manifest()
        .exercises
        .iter()
        .map(|e| e.name.clone())
        .collect();
    for name in &before {
        learner.solve(name);
    }
    let files_before = list_files(root);
    let marked_before = marked(root);

    let after = before[before.len() / 2 - 1].clone();
    let scaffold = Command::new(GRADER)
        .args(["dev", "new", NAME, "--after", &after])
        .current_dir(root)
        .output()
        .unwrap();
    Run::from(scaffold)
        .expect_code(0)
        .stdout_has("dev check` lists what is left");
    // Nothing that was there moved; the manifest lists the new exercise after `after`.
    let files_after = list_files(root);
    for file in &files_before {
        assert!(files_after.contains(file), "{file} moved or went away");
    }
    // This test's own grader has no hidden tests for the new exercise: read the names.
    let listed: toml::Value =
        toml::from_str(&std::fs::read_to_string(root.join("workbook.toml")).unwrap()).unwrap();
    let names: Vec<&str> = listed["exercise"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["name"].as_str().unwrap())
        .collect();
    let at = names.iter().position(|n| *n == NAME).unwrap();
    assert_eq!(names[at - 1], after);
    assert_eq!(names.len(), before.len() + 1);

    // What is left to write is in the exercise's four own files, and nowhere else.
    let mut newly_marked: Vec<String> = marked(root)
        .into_iter()
        .filter(|file| !marked_before.contains(file))
        .collect();
    newly_marked.sort();
    assert_eq!(
        newly_marked,
        [
            "exercises/nonempty_heaps/src/lib.rs",
            "grader/course/src/hidden/nonempty_heaps.rs",
            "lessons/nonempty-heaps.md",
            "solutions/nonempty_heaps/src/lib.rs",
        ]
    );
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    assert!(
        readme.contains("| `nonempty_heaps` | [Nonempty heaps](lessons/nonempty-heaps.md) |"),
        "the README's course table has the row"
    );

    // The scaffold builds, and dev check lists what is left to write.
    let todo = cargo_in(
        "new-exercise",
        root,
        &["run", "-q", "-p", "grader", "--", "dev", "check", NAME],
    );
    todo.expect_code(1)
        .stdout_has("still to write: grader/course/src/hidden/nonempty_heaps.rs:");
    for file in [
        "exercises/nonempty_heaps/src/lib.rs",
        "lessons/nonempty-heaps.md",
        "solutions/nonempty_heaps/src/lib.rs",
    ] {
        todo.stdout_has(&format!("still to write: {file}"));
    }

    // Only the new exercise's four own files.
    write(root, "exercises/nonempty_heaps/src/lib.rs", STUB);
    write(root, "solutions/nonempty_heaps/src/lib.rs", SOLUTION);
    write(root, "grader/course/src/hidden/nonempty_heaps.rs", HIDDEN);
    write(root, "lessons/nonempty-heaps.md", LESSON);

    cargo_in(
        "new-exercise",
        root,
        &["run", "-q", "-p", "grader", "--", "dev", "check", NAME],
    )
    .expect_code(0)
    .stdout_has("Wrote grader/stubs/nonempty_heaps.rs, the stub's pristine copy.")
    .stdout_has("dev check: everything is in order.");
    assert_eq!(
        std::fs::read_to_string(root.join("grader/stubs/nonempty_heaps.rs")).unwrap(),
        STUB
    );
    cargo_in(
        "new-exercise",
        root,
        &["test", "-q", "-p", "nonempty_heaps_solution"],
    )
    .expect_code(0);
    // The workbook's own tests, the README's course table among them.
    cargo_in("new-exercise", root, &["test", "-q"]).expect_code(0);

    // The checkout made before the insertion grades the same: full marks on every
    // exercise it had, and nothing for the one it never had.
    let graded = cargo_verify(root, learner.root());
    let report: serde_json::Value = serde_json::from_str(&graded.stdout).unwrap();
    for exercise in report["exercises"].as_array().unwrap() {
        let full = exercise["score"] == exercise["max_score"];
        match exercise["name"].as_str().unwrap() {
            NAME => assert_eq!(exercise["score"], 0, "{exercise}"),
            name => assert!(full, "{name} lost points after the insertion: {exercise}"),
        }
    }
}

fn cargo_verify(root: &Path, checkout: &Path) -> Run {
    let checkout = checkout.to_str().unwrap();
    cargo_in(
        "new-exercise",
        root,
        &[
            "run",
            "-q",
            "-p",
            "grader",
            "--",
            "verify",
            "--workbook",
            checkout,
            "--format",
            "json",
        ],
    )
}

/// The files below `root` holding `dev new`'s marker of a place to write.
fn marked(root: &Path) -> Vec<String> {
    list_files(root)
        .into_iter()
        .filter(|file| {
            std::fs::read_to_string(root.join(file))
                .is_ok_and(|text| text.contains("TODO(dev new)"))
        })
        .collect()
}

/// Every file below `root`, relative, leaving out build folders.
fn list_files(root: &Path) -> Vec<String> {
    walkdir::WalkDir::new(root)
        .into_iter()
        .filter_entry(|e| e.file_name() != "target")
        .flatten()
        .filter(|e| e.file_type().is_file())
        .map(|e| e.path().strip_prefix(root).unwrap().display().to_string())
        .collect()
}
