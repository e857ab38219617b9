//! `grader dev check`: the instructor's proof that the workbook is right.
//!
//! - The manifest, folders, stubs and lessons agree.
//! - Every stub compiles and fails.
//! - Every reference solution passes, and so does every recorded accepted solution.
//! - Every recorded wrong solution gets exactly the verdict its folder names, and its
//!   report contains each `// expect: ...` line of the file.
//! - Time limits have margins: the slowest accepted solution runs in at most half the
//!   limit, and the solutions recorded as too slow still fail with 1.5 times the limit.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::Result;
use colored::Colorize;

use crate::app::{GradeOptions, grade_file};
use crate::cli::{Format, NOT_PASSED, PASSED};
use crate::json;
use crate::judge::{Cancel, Grade, Verdict};
use crate::problems::{self, JUDGES};
use crate::report;
use crate::verify::in_parallel;
use crate::workbook::{ExerciseInfo, Workbook};
use crate::wrap::strip_ansi;

/// The slowest accepted solution must run in at most the limit divided by this.
pub const MIN_MARGIN: f64 = 2.0;
/// Solutions recorded as too slow must still time out with the limit times this.
pub const SLOW_SCALE: f64 = 1.5;
/// How many times a solution that seems too slow is timed again.
const RETIMES: usize = 3;
/// The line a recorded solution uses to name text its report must contain.
pub const EXPECT_PREFIX: &str = "// expect: ";

/// The file that makes the lessons' code blocks doctests.
const LESSON_DOCTESTS: &str = "grader/src/lib.rs";

/// The folders of recorded solutions, sorted by expected verdict, and that verdict.
pub const VERDICT_FOLDERS: [(&str, &str); 8] = [
    ("accepted", "passed"),
    ("wrong_answer", "wrong answer"),
    ("time_limit", "time limit"),
    ("panicked", "panicked"),
    ("stack_overflow", "stack overflow"),
    ("memory_limit", "memory limit"),
    ("ended_early", "ended early"),
    ("compile_error", "compile error"),
];

/// One file to grade and what it must get.
struct Expectation {
    exercise: ExerciseInfo,
    /// Relative to the workbook root.
    file: PathBuf,
    /// `None` for a stub (any failure but a compile error), else a verdict label.
    verdict: Option<&'static str>,
    /// Text the report must contain.
    expect: Vec<String>,
    time_scale: f64,
}

impl Expectation {
    fn is_reference(&self) -> bool {
        self.file.ends_with("src/lib.rs")
    }

    /// The build folder, unique per file (gradings run in parallel).
    fn slot(&self) -> String {
        let scale = if self.time_scale == 1.0 { "" } else { "-slow" };
        format!("dev/{}{scale}", self.file.display()).replace(['/', '.'], "_")
    }
}

pub fn check(workbook: &Workbook, color: bool, format: Format) -> Result<u8> {
    let human = format == Format::Human;
    let mut problems = layout_problems(workbook);
    let expectations = expectations(workbook, &mut problems);
    if human {
        println!("Checked the manifest, folders, stubs and lessons.");
        println!(
            "Grading {} stubs, reference and recorded solutions...",
            expectations.len()
        );
    }
    let mut grades = grade(workbook, &expectations, color);
    retime_close_calls(workbook, &expectations, &mut grades, color);

    // Solutions recorded as too slow are tried again with a looser limit.
    let slow: Vec<Expectation> = expectations
        .iter()
        .filter(|e| e.verdict == Some("time limit"))
        .map(|e| Expectation {
            exercise: e.exercise.clone(),
            file: e.file.clone(),
            verdict: e.verdict,
            expect: Vec::new(),
            time_scale: SLOW_SCALE,
        })
        .collect();
    if human && !slow.is_empty() {
        println!(
            "Grading {} solutions recorded as too slow again, with {SLOW_SCALE} times the limit...",
            slow.len()
        );
    }
    let slow_grades = grade(workbook, &slow, color);

    let mut timing: BTreeMap<String, Timing> = BTreeMap::new();
    let mut tests: Vec<(String, json::Test)> = Vec::new();
    for (expectation, grade) in expectations
        .iter()
        .zip(&grades)
        .chain(slow.iter().zip(&slow_grades))
    {
        let problem = match grade {
            Ok(grade) => {
                let entry = timing.entry(expectation.exercise.name.clone()).or_default();
                entry.add(expectation, grade);
                judge_expectation(expectation, grade)
            }
            Err(error) => Some(format!(
                "{}: could not be graded: {error:#}",
                expectation.file.display()
            )),
        };
        problems.extend(problem.clone());
        let scale = match expectation.time_scale {
            1.0 => String::new(),
            scale => format!(" (with {scale}x the time limit)"),
        };
        let test = json::Test {
            name: format!("{}{scale}", expectation.file.display()),
            status: if problem.is_none() {
                json::Status::Pass
            } else {
                json::Status::Fail
            },
            message: problem,
        };
        tests.push((expectation.exercise.name.clone(), test));
    }
    let rows = timing_rows(workbook, &timing, &mut problems);

    let code = if problems.is_empty() {
        PASSED
    } else {
        NOT_PASSED
    };
    if format == Format::Json {
        json::print(&json_report(rows, tests, &problems))?;
        return Ok(code);
    }
    print_table(&rows);
    if problems.is_empty() {
        println!("\n{}", "dev check: everything is in order.".green().bold());
    } else {
        println!(
            "\n{} problems found:",
            problems.len().to_string().red().bold()
        );
        for problem in &problems {
            println!("- {problem}");
        }
    }
    Ok(code)
}

/// The dev check as a JSON report: one test per checked file, one entry per exercise
/// with its timing, and every problem in the top-level message.
fn json_report(
    rows: Vec<TimingRow>,
    tests: Vec<(String, json::Test)>,
    problems: &[String],
) -> json::Report {
    let exercises = rows
        .into_iter()
        .map(|row| {
            let tests: Vec<json::Test> = tests
                .iter()
                .filter(|(name, _)| *name == row.name)
                .map(|(_, test)| test.clone())
                .collect();
            let passing = tests
                .iter()
                .filter(|t| t.status == json::Status::Pass)
                .count() as u32;
            let ok = passing as usize == tests.len();
            json::Exercise {
                name: row.name,
                status: if ok {
                    json::Status::Pass
                } else {
                    json::Status::Fail
                },
                message: None,
                verdict: if ok { "checked" } else { "problems" }.to_string(),
                score: passing,
                max_score: tests.len() as u32,
                run_time_ms: row.reference.map_or(0, |t| t.as_millis() as u64),
                tests,
                time_limit_ms: Some(row.limit.as_millis() as u64),
                slowest_accepted_ms: row.slowest.map(|t| t.as_millis() as u64),
            }
        })
        .collect();
    let mut report = json::report(exercises);
    if !problems.is_empty() {
        report.status = json::Status::Fail;
        report.message = Some(problems.join("\n"));
    }
    report
}

fn grade(workbook: &Workbook, expectations: &[Expectation], color: bool) -> Vec<Result<Grade>> {
    in_parallel(expectations, |e| grade_one(workbook, e, color))
}

fn grade_one(workbook: &Workbook, expectation: &Expectation, color: bool) -> Result<Grade> {
    let options = GradeOptions {
        color,
        time_scale: expectation.time_scale,
    };
    grade_file(
        workbook,
        &expectation.exercise,
        &workbook.root.join(&expectation.file),
        &expectation.slot(),
        &options,
        &Cancel::default(),
    )
}

/// Times taken while other gradings share the cores are noisy: an accepted solution that
/// seems too close to its limit is graded again, alone, and keeps its fastest time.
fn retime_close_calls(
    workbook: &Workbook,
    expectations: &[Expectation],
    grades: &mut [Result<Grade>],
    color: bool,
) {
    for (expectation, grade) in expectations.iter().zip(grades.iter_mut()) {
        let Ok(grade) = grade else { continue };
        let Some(judge) = problems::judge_for(&expectation.exercise.name) else {
            continue;
        };
        for _ in 0..RETIMES {
            if !grade.passed() || grade.run_time.mul_f64(MIN_MARGIN) <= judge.time_limit() {
                break;
            }
            let again = grade_one(workbook, expectation, color);
            if let Ok(again) = again
                && again.passed()
            {
                grade.run_time = grade.run_time.min(again.run_time);
            }
        }
    }
}

/// The stub, the reference and the recorded solutions of every exercise.
fn expectations(workbook: &Workbook, problems: &mut Vec<String>) -> Vec<Expectation> {
    let mut expectations = Vec::new();
    for exercise in &workbook.exercises {
        if problems::judge_for(&exercise.name).is_none() {
            continue;
        }
        let mut add = |file: PathBuf, verdict: Option<&'static str>| {
            let expect = std::fs::read_to_string(workbook.root.join(&file))
                .unwrap_or_default()
                .lines()
                .filter_map(|line| line.trim().strip_prefix(EXPECT_PREFIX))
                .map(str::to_string)
                .collect();
            expectations.push(Expectation {
                exercise: exercise.clone(),
                file,
                verdict,
                expect,
                time_scale: 1.0,
            });
        };
        add(workbook.stub_file(exercise), None);
        add(workbook.solution_file(exercise), Some("passed"));
        let recorded = workbook.recorded_dir(exercise);
        for folder in entries(&workbook.root.join(&recorded)) {
            let Some(&(_, verdict)) = VERDICT_FOLDERS.iter().find(|(name, _)| *name == folder)
            else {
                let names: Vec<&str> = VERDICT_FOLDERS.iter().map(|(name, _)| *name).collect();
                problems.push(format!(
                    "{}: `{folder}` is not a verdict; the folders are {}",
                    recorded.display(),
                    names.join(", ")
                ));
                continue;
            };
            for file in entries(&workbook.root.join(&recorded).join(&folder)) {
                if file.ends_with(".rs") {
                    add(recorded.join(&folder).join(file), Some(verdict));
                }
            }
        }
    }
    expectations
}

/// What is wrong with `grade` for `expectation`, if anything.
fn judge_expectation(expectation: &Expectation, grade: &Grade) -> Option<String> {
    let file = expectation.file.display().to_string();
    let got = report::verdict_label(&grade.verdict);
    let text = || report::describe(grade, &file);
    match expectation.verdict {
        None => match &grade.verdict {
            Verdict::Failed(_) => None,
            Verdict::Passed => Some(format!(
                "{file}: this stub passes the hidden tests; it must fail"
            )),
            _ => Some(format!(
                "{file}: this stub must compile and fail, but it got: {got}\n{}",
                text()
            )),
        },
        Some(_) if expectation.is_reference() && !grade.passed() => Some(format!(
            "{file}: the reference solution must pass, but it got `{got}`:\n{}",
            text()
        )),
        Some(expected) if expected != got => Some(format!(
            "{file}: recorded as `{expected}`{}, but it got `{got}`:\n{}",
            if expectation.time_scale == 1.0 {
                String::new()
            } else {
                format!(" (with {}x the time limit)", expectation.time_scale)
            },
            text()
        )),
        Some(_) => {
            let plain = strip_ansi(&text());
            // Reports are wrapped to the terminal: compare words, not line breaks.
            let words = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
            let report = words(&plain);
            let missing: Vec<&String> = expectation
                .expect
                .iter()
                .filter(|e| !report.contains(&words(e)))
                .collect();
            (!missing.is_empty()).then(|| {
                format!("{file}: its report lacks the expected text {missing:?}:\n{plain}")
            })
        }
    }
}

/// Times and verdict counts of one exercise's solutions.
#[derive(Default)]
struct Timing {
    reference: Option<Duration>,
    slowest_accepted: Option<(Duration, PathBuf)>,
    by_verdict: BTreeMap<&'static str, usize>,
}

impl Timing {
    fn add(&mut self, expectation: &Expectation, grade: &Grade) {
        let Some(verdict) = expectation.verdict else {
            return;
        };
        if expectation.time_scale != 1.0 {
            return;
        }
        *self.by_verdict.entry(verdict).or_default() += 1;
        if !grade.passed() {
            return;
        }
        if expectation.is_reference() {
            self.reference = Some(grade.run_time);
        }
        if self
            .slowest_accepted
            .as_ref()
            .is_none_or(|(t, _)| grade.run_time > *t)
        {
            self.slowest_accepted = Some((grade.run_time, expectation.file.clone()));
        }
    }
}

/// One exercise's line in the table.
struct TimingRow {
    name: String,
    reference: Option<Duration>,
    slowest: Option<Duration>,
    limit: Duration,
    recorded: String,
}

/// The table's rows; a margin under [`MIN_MARGIN`] is a problem.
fn timing_rows(
    workbook: &Workbook,
    timing: &BTreeMap<String, Timing>,
    problems: &mut Vec<String>,
) -> Vec<TimingRow> {
    let mut rows = Vec::new();
    for exercise in &workbook.exercises {
        let (Some(t), Some(judge)) = (
            timing.get(&exercise.name),
            problems::judge_for(&exercise.name),
        ) else {
            continue;
        };
        let limit = judge.time_limit();
        if let Some((time, file)) = &t.slowest_accepted
            && limit.as_secs_f64() < MIN_MARGIN * time.as_secs_f64()
        {
            problems.push(format!(
                "{}: the accepted solution {} took {} of the {} limit: the margin is under {MIN_MARGIN}x",
                exercise.name,
                file.display(),
                report::seconds(*time),
                report::seconds(limit)
            ));
        }
        let counts: Vec<String> = VERDICT_FOLDERS
            .iter()
            .filter_map(|(_, verdict)| t.by_verdict.get(verdict).map(|n| format!("{n} {verdict}")))
            .collect();
        rows.push(TimingRow {
            name: exercise.name.clone(),
            reference: t.reference,
            slowest: t.slowest_accepted.as_ref().map(|(time, _)| *time),
            limit,
            recorded: counts.join(", "),
        });
    }
    rows
}

fn print_table(rows: &[TimingRow]) {
    println!(
        "\n  {:<19} {:>9} {:>9} {:>7} {:>7}  recorded solutions by verdict",
        "exercise", "reference", "slowest", "limit", "margin"
    );
    let shown = |time: Option<Duration>| time.map_or_else(|| "-".to_string(), report::seconds);
    for row in rows {
        let margin = row.slowest.map_or_else(
            || "-".to_string(),
            |time| {
                format!(
                    "{:.1}x",
                    row.limit.as_secs_f64() / time.as_secs_f64().max(1e-3)
                )
            },
        );
        println!(
            "  {:<19} {:>9} {:>9} {:>7} {margin:>7}  {}",
            row.name,
            shown(row.reference),
            shown(row.slowest),
            report::seconds(row.limit),
            row.recorded
        );
    }
}

/// Everything about files and names that can be checked without compiling.
fn layout_problems(workbook: &Workbook) -> Vec<String> {
    let mut problems = Vec::new();
    let root = &workbook.root;
    for exercise in &workbook.exercises {
        let name = &exercise.name;
        if problems::judge_for(name).is_none() {
            problems.push(format!(
                "exercise `{name}` has no hidden tests in the grader (grader/src/problems)"
            ));
        }
        let package = root
            .join("exercises")
            .join(&exercise.name)
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
    let dirs: Vec<&str> = workbook.exercises.iter().map(|e| e.name.as_str()).collect();
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
    // The lessons' code blocks run as doctests only if the grader's lib.rs includes them.
    let doctests = std::fs::read_to_string(root.join(LESSON_DOCTESTS)).unwrap_or_default();
    for lesson in &lessons {
        if !doctests.contains(&format!("include_str!(\"../../{lesson}\")")) {
            problems.push(format!(
                "{lesson}: its code blocks are not tested; include it in the `lessons` module of {LESSON_DOCTESTS}"
            ));
        }
    }
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

/// The names in a folder, sorted; none if it does not exist.
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

/// Panics, with the grader's report, unless the reference solution in `solution_dir`
/// (`<root>/solutions/NN_name`) passes its hidden tests. It is each reference
/// solution's own test, so that cargo-mutants can run the hidden tests on its mutants.
pub fn assert_solution_passes(solution_dir: &str) {
    let solution_dir = Path::new(solution_dir);
    let root = solution_dir
        .ancestors()
        .nth(2)
        .expect("solutions/NN_name is in a workbook");
    let workbook = Workbook::load(root).expect("the workbook loads");
    let dir = solution_dir
        .file_name()
        .and_then(|d| d.to_str())
        .unwrap_or_default();
    let exercise = workbook
        .exercises
        .iter()
        .find(|e| e.name == dir)
        .expect("the solution's folder is in the manifest");
    let expectation = Expectation {
        exercise: exercise.clone(),
        file: workbook.solution_file(exercise),
        verdict: Some("passed"),
        expect: Vec::new(),
        time_scale: 1.0,
    };
    let grade = grade_one(&workbook, &expectation, false).expect("the solution can be graded");
    assert!(
        grade.passed(),
        "{}",
        report::describe(&grade, &expectation.file.display().to_string())
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_verdict_folder_names_a_verdict_label() {
        use crate::judge::{Mistake, Problem};
        let labels: Vec<&str> = [
            Problem::WrongAnswer(Mistake::new("")),
            Problem::TimeLimit {
                limit: Duration::ZERO,
                expected_cost: "",
            },
            Problem::StackOverflow,
            Problem::MemoryLimit,
            Problem::EndedEarly {
                exit: String::new(),
            },
            Problem::Panicked {
                message: String::new(),
                advice: None,
            },
        ]
        .iter()
        .map(report::problem_label)
        .collect();
        for (_, verdict) in VERDICT_FOLDERS {
            assert!(
                labels.contains(&verdict) || ["passed", "compile error"].contains(&verdict),
                "{verdict}"
            );
        }
    }
}
