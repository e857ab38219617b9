//! `cargo grader dev check`: the instructor's proof that the workbook is right.
//!
//! - The manifest, folders, stubs, hidden tests and lessons agree, and every generated
//!   case keeps the promises of its exercise ([`super::layout`]).
//! - Every stub compiles and scores nothing: it fails in every group.
//! - Every reference solution passes, and every recorded solution gets exactly the
//!   verdict its folder names, with each of its `// expect:` texts in its report and
//!   none of its `// expect-not:` texts.
//! - A checker that panics is named, as an internal error.
//! - Every piece of advice that is a proven diagnosis is recorded both ways: shown on a
//!   recorded solution, and held back on another ([`super::advice`]).
//! - Time limits have margins ([`super::timing`]).

use std::collections::BTreeMap;
use std::path::PathBuf;

use std::sync::Arc;

use anyhow::Result;
use colored::Colorize;
use serde::Serialize;

use super::advice;
use super::recorded::{self, EXPECT_NOT_PREFIX, EXPECT_PREFIX};
use super::timing::{self, MIN_MARGIN, SLOW_SCALE, Timing};
use super::{layout, short_diff};
use crate::Exit;
use crate::grading::{self, BatchItem, Grader};
use crate::judge::{Cancel, Grade, Verdict};
use crate::meter::Meter;
use crate::report::exercism::Status;
use crate::report::{Detail, Format, describe};
use crate::session::find;
use crate::text::{hanging, words};
use crate::workbook::{Exercise, Workbook};
use xorlings_core::verdict::Kind;

/// How many times an accepted solution that seems too slow is timed again.
const RETIMES: usize = 3;

/// What a checked file must get.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Expected {
    /// Compile, and fail every group.
    Stub,
    Reference,
    Recorded(Kind),
}

/// One file to grade, and what it must get.
#[derive(Clone)]
struct Expectation {
    exercise: Exercise,
    /// Relative to the workbook root.
    file: PathBuf,
    expected: Expected,
    /// Text the report must contain.
    expect: Vec<String>,
    /// Text the report must not contain.
    expect_not: Vec<String>,
    time_scale: f64,
}

/// `dev check --format json`: one test per checked file.
#[derive(Serialize)]
struct JsonReport {
    status: Status,
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<String>,
    tests: Vec<JsonTest>,
}

#[derive(Serialize)]
struct JsonTest {
    name: String,
    status: Status,
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<String>,
}

/// Checks the workbook, or only the exercises named in `only`.
pub(crate) fn run(grader: &Grader, only: &[String], format: Format) -> Result<Exit> {
    let human = format == Format::Human;
    let workbook = &grader.workbook;
    let mut chosen = Vec::new();
    for typed in only {
        chosen.push(find(workbook, typed)?.name.clone());
    }
    let checked = |name: &str| chosen.is_empty() || chosen.iter().any(|c| c == name);
    for copy in layout::write_pristine_copies(workbook, &checked)? {
        if human {
            println!("Wrote {}, the stub's pristine copy.", copy.display());
        }
    }
    let mut problems = layout::problems(workbook, &checked);
    let to_write = layout::still_to_write(workbook, &checked);
    let unfinished: Vec<&str> = to_write.iter().map(|(name, _)| name.as_str()).collect();
    problems.extend(
        to_write
            .iter()
            .map(|(_, place)| format!("still to write: {place}")),
    );
    // An exercise `dev new` scaffolded is graded once nothing is left to write in it.
    let graded = |name: &str| checked(name) && !unfinished.contains(&name);
    let expectations = expectations(grader, &graded, &mut problems);
    if human {
        println!("Checked the manifest, folders, stubs, lessons and the promises of every case.");
        println!(
            "Grading {} stubs, reference and recorded solutions...",
            expectations.len()
        );
    }
    let mut grades = metered(grader, "solutions graded", |grader| {
        grade_all(grader, &expectations)
    });
    retime_close_calls(grader, &expectations, &mut grades);
    // Solutions recorded as too slow are tried again with a looser limit.
    let slow: Vec<Expectation> = expectations
        .iter()
        .filter(|e| e.expected == Expected::Recorded(Kind::TimeLimit))
        .map(|e| Expectation {
            expect: Vec::new(),
            expect_not: Vec::new(),
            time_scale: SLOW_SCALE,
            ..e.clone()
        })
        .collect();
    if human && !slow.is_empty() {
        println!(
            "Grading {} solutions recorded as too slow again, with {SLOW_SCALE} times the limit...",
            slow.len()
        );
    }
    let slow_grades = metered(grader, "graded again", |grader| grade_all(grader, &slow));

    let mut timing: BTreeMap<String, Timing> = BTreeMap::new();
    let mut tests = Vec::new();
    for (expectation, grade) in expectations
        .iter()
        .zip(&grades)
        .chain(slow.iter().zip(&slow_grades))
    {
        let problem = match grade {
            Ok(grade) => {
                if expectation.time_scale == 1.0 {
                    let (verdict, reference) = match expectation.expected {
                        Expected::Reference => (Kind::Accepted, true),
                        Expected::Recorded(kind) => (kind, false),
                        Expected::Stub => (Kind::WrongAnswer, false),
                    };
                    if expectation.expected != Expected::Stub {
                        timing
                            .entry(expectation.exercise.name.clone())
                            .or_default()
                            .add(&expectation.file, verdict, reference, grade);
                    }
                }
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
        tests.push(JsonTest {
            name: format!(
                "{}: {}{scale}",
                expectation.exercise.name,
                expectation.file.display()
            ),
            status: if problem.is_none() {
                Status::Pass
            } else {
                Status::Fail
            },
            message: problem,
        });
    }
    problems.extend(unrecorded_advice(workbook, &expectations, &grades));
    let rows = timing::rows(workbook, &timing, &mut problems);
    let outcome = Exit::of(problems.is_empty());
    if format != Format::Human {
        let report = JsonReport {
            status: if problems.is_empty() {
                Status::Pass
            } else {
                Status::Fail
            },
            message: (!problems.is_empty()).then(|| problems.join("\n")),
            tests,
        };
        println!("{}", serde_json::to_string_pretty(&report)?);
        return Ok(outcome);
    }
    timing::print_table(&rows);
    if problems.is_empty() {
        println!("\n{}", "dev check: everything is in order.".green().bold());
    } else {
        println!(
            "\n{} problems found:",
            problems.len().to_string().red().bold()
        );
        for problem in &problems {
            let mut lines = problem.lines();
            println!("{}", hanging("- ", lines.next().unwrap_or_default()));
            for line in lines {
                println!("{}", hanging("  ", line));
            }
        }
    }
    Ok(outcome)
}

/// For each exercise graded, the advice its recorded solutions do not show or do not
/// hold back ([`advice`]).
fn unrecorded_advice(
    workbook: &Workbook,
    expectations: &[Expectation],
    grades: &[Result<Grade>],
) -> Vec<String> {
    let mut problems = Vec::new();
    for exercise in &workbook.exercises {
        let mut graded = false;
        let mut recordings = Vec::new();
        for (expectation, grade) in expectations.iter().zip(grades) {
            if expectation.exercise.name != exercise.name {
                continue;
            }
            graded = true;
            if let (Expected::Recorded(_), Ok(grade)) = (expectation.expected, grade) {
                recordings.push(advice::recording(
                    &expectation.file,
                    &grade.groups,
                    &expectation.expect,
                    &expectation.expect_not,
                ));
            }
        }
        if graded {
            let mistakes = exercise.tests.mistakes();
            problems.extend(advice::problems(&exercise.name, &mistakes, &recordings));
        }
    }
    problems
}

/// The stub, the reference and the recorded solutions of every exercise.
fn expectations(
    grader: &Grader,
    graded: &dyn Fn(&str) -> bool,
    problems: &mut Vec<String>,
) -> Vec<Expectation> {
    let workbook = &grader.workbook;
    let mut expectations = Vec::new();
    for exercise in &workbook.exercises {
        if !graded(&exercise.name) {
            continue;
        }
        let expectation = |file: PathBuf, expected, expect, expect_not| Expectation {
            exercise: exercise.clone(),
            file,
            expected,
            expect,
            expect_not,
            time_scale: 1.0,
        };
        expectations.push(expectation(
            exercise.stub(),
            Expected::Stub,
            Vec::new(),
            Vec::new(),
        ));
        expectations.push(expectation(
            exercise.solution(),
            Expected::Reference,
            Vec::new(),
            Vec::new(),
        ));
        let (found, found_problems) = recorded::find(workbook, exercise);
        problems.extend(found_problems);
        for recorded in found {
            expectations.push(expectation(
                recorded.file,
                Expected::Recorded(recorded.verdict),
                recorded.expect,
                recorded.expect_not,
            ));
        }
    }
    expectations
}

/// What `grade` gives, with the gradings counted on a terminal as `what`: how many are
/// done, the time used, and which are going on.
fn metered<T>(grader: &Grader, what: &str, grade: impl FnOnce(&Grader) -> T) -> T {
    let mut metered = grader.clone();
    metered.batch_meter = Some(Arc::new(Meter::new(what, 0)));
    grade(&metered)
}

fn grade_all(grader: &Grader, expectations: &[Expectation]) -> Vec<Result<Grade>> {
    grader.grade_all(expectations, None, &Cancel::default(), |expectation| {
        Ok(BatchItem {
            exercise: &expectation.exercise,
            submission: grading::read(&grader.workbook.root, &expectation.file),
            time_scale: expectation.time_scale,
        })
    })
}

/// Times taken while other gradings share the cores are noisy: an accepted solution that
/// seems too close to its limit is graded again, and keeps its fastest time.
fn retime_close_calls(grader: &Grader, expectations: &[Expectation], grades: &mut [Result<Grade>]) {
    for (expectation, grade) in expectations.iter().zip(grades.iter_mut()) {
        let Ok(grade) = grade else { continue };
        let limit = expectation.exercise.tests.time_limit();
        for _ in 0..RETIMES {
            if !grade.passed() || grade.run_time.mul_f64(MIN_MARGIN) <= limit {
                break;
            }
            if let [Ok(again)] = &grade_all(grader, std::slice::from_ref(expectation))[..]
                && again.passed()
            {
                grade.run_time = grade.run_time.min(again.run_time);
            }
        }
    }
}

/// What is wrong with `grade` for `expectation`, if anything.
fn judge_expectation(expectation: &Expectation, grade: &Grade) -> Option<String> {
    let file = expectation.file.display().to_string();
    let got = grade.verdict.kind();
    let label = grade.verdict.label();
    let text = || describe(grade, &expectation.exercise, &file, Detail::FULL).plain();
    if let Verdict::InternalError(message) = &grade.verdict {
        return Some(format!(
            "{file}: the hidden tests failed on it (a grader bug): {message}"
        ));
    }
    match expectation.expected {
        Expected::Stub => {
            let scoring: Vec<&str> = grade
                .groups
                .iter()
                .filter(|g| g.is_pass())
                .map(|g| g.name.as_str())
                .collect();
            match &grade.verdict {
                Verdict::Failed(_) if scoring.is_empty() => None,
                Verdict::Failed(_) | Verdict::Passed => Some(format!(
                    "{file}: this stub passes groups of the hidden tests, so it scores points: {}",
                    scoring.join("; ")
                )),
                _ => Some(format!(
                    "{file}: this stub must compile and fail, but it got: {label}\n{}",
                    text()
                )),
            }
        }
        Expected::Reference if !grade.passed() => Some(format!(
            "{file}: the reference solution must pass, but it got `{label}`:\n{}",
            text()
        )),
        Expected::Reference => None,
        Expected::Recorded(expected) if got != Some(expected) => Some(format!(
            "{file}: recorded as `{}`{}, but it got `{label}`:\n{}",
            expected.label(),
            if expectation.time_scale == 1.0 {
                String::new()
            } else {
                format!(" (with {}x the time limit)", expectation.time_scale)
            },
            text()
        )),
        Expected::Recorded(_) => {
            let report = text();
            let problems: Vec<String> = [
                missing_texts(expectation, &report),
                unwanted_texts(expectation, &report),
            ]
            .into_iter()
            .flatten()
            .collect();
            (!problems.is_empty()).then(|| problems.join("\n"))
        }
    }
}

/// The `// expect-not:` texts a report contains, each with the report's line that has it.
fn unwanted_texts(expectation: &Expectation, report: &str) -> Option<String> {
    let report_words = words(report);
    let found: Vec<String> = expectation
        .expect_not
        .iter()
        .filter(|unwanted| report_words.contains(&words(unwanted)))
        .map(|unwanted| format!("  {}{unwanted}", EXPECT_NOT_PREFIX))
        .collect();
    (!found.is_empty()).then(|| {
        format!(
            "{}: its report has {} of its `{}` texts, which it must not:\n{}",
            expectation.file.display(),
            found.len(),
            EXPECT_NOT_PREFIX.trim(),
            found.join("\n")
        )
    })
}

/// The `// expect:` texts a report lacks, each with a diff against the report's
/// closest line.
fn missing_texts(expectation: &Expectation, report: &str) -> Option<String> {
    let report_words = words(report);
    let missing: Vec<String> = expectation
        .expect
        .iter()
        .filter(|expected| !report_words.contains(&words(expected)))
        .map(|expected| {
            let closest = report
                .lines()
                .map(str::trim)
                .max_by(|a, b| {
                    let score =
                        |line: &str| similar::TextDiff::from_words(expected.as_str(), line).ratio();
                    score(a).total_cmp(&score(b))
                })
                .unwrap_or_default();
            short_diff(
                "// expect:",
                &format!("{expected}\n"),
                "closest line of the report",
                &format!("{closest}\n"),
            )
        })
        .collect();
    (!missing.is_empty()).then(|| {
        format!(
            "{}: its report lacks {} of its `{}` texts:\n{}",
            expectation.file.display(),
            missing.len(),
            EXPECT_PREFIX.trim(),
            missing.join("\n")
        )
    })
}
