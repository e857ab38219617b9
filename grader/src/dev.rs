//! `grader dev check`: the instructor's proof that the workbook is right.
//!
//! The manifest, folders, stubs and lessons agree; every stub compiles and fails; every
//! reference solution passes, within its time limit by a safe margin.

use std::path::{Path, PathBuf};

use anyhow::Result;
use colored::Colorize;

use crate::app::grade_file;
use crate::cli::{NOT_PASSED, PASSED};
use crate::judge::{Cancel, Grade, Verdict};
use crate::problems::{self, JUDGES};
use crate::report;
use crate::verify::in_parallel;
use crate::workbook::{ExerciseInfo, Workbook};

/// The reference solution must run at least this many times faster than the limit.
pub const MIN_MARGIN: f64 = 2.0;

/// One file to grade and what it must get.
struct Expectation {
    exercise: ExerciseInfo,
    /// Relative to the workbook root.
    file: PathBuf,
    /// The build slot (folder) for this file.
    slot: String,
    expected: Expected,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Expected {
    /// A stub: compiles, and fails.
    Fails,
    Passes,
}

pub fn check(workbook: &Workbook, color: bool) -> Result<u8> {
    let mut problems = layout_problems(workbook);
    println!("Checked the manifest, folders, stubs and lessons.");

    let mut expectations = Vec::new();
    for exercise in &workbook.exercises {
        if problems::judge_for(&exercise.name).is_none() {
            continue;
        }
        expectations.push(Expectation {
            exercise: exercise.clone(),
            file: workbook.stub_file(exercise),
            slot: "dev/stubs".to_string(),
            expected: Expected::Fails,
        });
        expectations.push(Expectation {
            exercise: exercise.clone(),
            file: workbook.solution_file(exercise),
            slot: "dev/solutions".to_string(),
            expected: Expected::Passes,
        });
    }
    println!("Grading {} stubs and solutions...\n", expectations.len());
    let cancel = Cancel::default();
    let grades = in_parallel(&expectations, |e| {
        grade_file(
            workbook,
            &e.exercise,
            &workbook.root.join(&e.file),
            &e.slot,
            color,
            &cancel,
        )
    });

    println!(
        "  {:<20} {:>10} {:>8} {:>8}",
        "exercise", "reference", "limit", "margin"
    );
    for (expectation, grade) in expectations.iter().zip(&grades) {
        let file = expectation.file.display();
        let grade = match grade {
            Ok(grade) => grade,
            Err(error) => {
                problems.push(format!("{file}: could not be graded: {error:#}"));
                continue;
            }
        };
        match (expectation.expected, &grade.verdict) {
            (Expected::Fails, Verdict::Failed(_)) => {}
            (Expected::Fails, Verdict::Passed) => problems.push(format!(
                "{file}: this stub passes the hidden tests; it must fail"
            )),
            (Expected::Fails, _) => problems.push(format!(
                "{file}: this stub must compile and fail, but it got: {}\n{}",
                report::verdict_label(&grade.verdict),
                report::describe(grade, &file.to_string())
            )),
            (Expected::Passes, Verdict::Passed) => {
                print_timing(&expectation.exercise, grade, &mut problems);
            }
            (Expected::Passes, _) => problems.push(format!(
                "{file}: the reference solution must pass, but it got: {}\n{}",
                report::verdict_label(&grade.verdict),
                report::describe(grade, &file.to_string())
            )),
        }
    }

    if problems.is_empty() {
        println!("\n{}", "dev check: everything is in order.".green().bold());
        Ok(PASSED)
    } else {
        println!(
            "\n{} problems found:",
            problems.len().to_string().red().bold()
        );
        for problem in &problems {
            println!("- {problem}");
        }
        Ok(NOT_PASSED)
    }
}

fn print_timing(exercise: &ExerciseInfo, grade: &Grade, problems: &mut Vec<String>) {
    let limit = problems::judge_for(&exercise.name).map(|j| j.time_limit());
    let Some(limit) = limit else { return };
    let margin = limit.as_secs_f64() / grade.run_time.as_secs_f64().max(1e-3);
    println!(
        "  {:<20} {:>10} {:>8} {:>7.1}x",
        exercise.name,
        report::seconds(grade.run_time),
        report::seconds(limit),
        margin
    );
    if margin < MIN_MARGIN {
        problems.push(format!(
            "{}: the reference solution took {} of a {} limit, a margin under {MIN_MARGIN}x",
            exercise.name,
            report::seconds(grade.run_time),
            report::seconds(limit)
        ));
    }
}

/// Everything about files and names that can be checked without compiling.
fn layout_problems(workbook: &Workbook) -> Vec<String> {
    let mut problems = Vec::new();
    let root = &workbook.root;
    for (i, exercise) in workbook.exercises.iter().enumerate() {
        let name = &exercise.name;
        let expected_dir = format!("{:02}_{name}", i + 1);
        if exercise.dir != expected_dir {
            problems.push(format!(
                "exercise `{name}` is number {} in the manifest, so its folder must be `{expected_dir}`, not `{}`",
                i + 1,
                exercise.dir
            ));
        }
        if problems::judge_for(name).is_none() {
            problems.push(format!(
                "exercise `{name}` has no hidden tests in the grader (grader/src/problems)"
            ));
        }
        let package = root
            .join("exercises")
            .join(&exercise.dir)
            .join("Cargo.toml");
        match std::fs::read_to_string(&package) {
            Ok(text) if text.contains(&format!("name = \"{name}\"")) => {}
            Ok(_) => problems.push(format!(
                "{}: the package must be named `{name}`",
                package.display()
            )),
            Err(_) => problems.push(format!("{} is missing", package.display())),
        }
        for file in [
            workbook.exercise_file(exercise),
            workbook.solution_file(exercise),
            workbook.stub_file(exercise),
        ] {
            if !root.join(&file).is_file() {
                problems.push(format!("{} is missing", file.display()));
            }
        }
        let stub = std::fs::read(root.join(workbook.stub_file(exercise)));
        let exercise_file = std::fs::read(root.join(workbook.exercise_file(exercise)));
        if let (Ok(stub), Ok(exercise_file)) = (stub, exercise_file)
            && stub != exercise_file
        {
            problems.push(format!(
                "{} differs from its pristine copy {}: copy one over the other",
                workbook.exercise_file(exercise).display(),
                workbook.stub_file(exercise).display()
            ));
        }
        match std::fs::read_to_string(root.join(&exercise.lesson)) {
            Ok(lesson) => {
                let command = format!("cargo grader run {name}");
                if !lesson.contains(&command) {
                    problems.push(format!(
                        "{}: it must tell the learner `{command}`",
                        exercise.lesson
                    ));
                }
            }
            Err(_) => problems.push(format!("the lesson {} is missing", exercise.lesson)),
        }
    }
    for judge in JUDGES {
        if workbook.index_of(judge.name()).is_none() {
            problems.push(format!(
                "the grader has hidden tests for `{}`, which the manifest does not list",
                judge.name()
            ));
        }
    }
    let dirs: Vec<&str> = workbook.exercises.iter().map(|e| e.dir.as_str()).collect();
    for folder in ["exercises", "solutions"] {
        for entry in entries(&root.join(folder)) {
            if !dirs.contains(&entry.as_str()) {
                problems.push(format!("{folder}/{entry} is not in the manifest"));
            }
        }
    }
    let lessons: Vec<&str> = workbook
        .exercises
        .iter()
        .map(|e| e.lesson.as_str())
        .collect();
    for entry in entries(&root.join("lessons")) {
        let path = format!("lessons/{entry}");
        if entry.ends_with(".md") && !lessons.contains(&path.as_str()) {
            problems.push(format!(
                "{path} is not the lesson of any exercise in the manifest"
            ));
        }
    }
    problems
}

fn entries(dir: &Path) -> Vec<String> {
    let Ok(read) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut names: Vec<String> = read
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}
