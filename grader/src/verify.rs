//! `grader verify`: grade every exercise in parallel, show a summary, rebuild progress;
//! or, with `--workbook PATH`, grade a learner's checkout for an instructor.

use std::hash::{Hash, Hasher};
use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use anyhow::{Context, Result, anyhow};
use colored::Colorize;

use crate::app::{App, GradeOptions, grade_file};
use crate::cli::{Format, NOT_PASSED, PASSED};
use crate::json;
use crate::judge::{Cancel, Grade, Verdict};
use crate::progress::Progress;
use crate::report;
use crate::workbook::{ExerciseInfo, Workbook};

/// Runs `grade` on every item, on as many threads as there are cores, keeping order.
pub fn in_parallel<T: Sync, R: Send>(items: &[T], grade: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let workers = std::thread::available_parallelism()
        .map_or(2, |n| n.get())
        .min(items.len().max(1));
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<R>>> = Mutex::new((0..items.len()).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    let Some(item) = items.get(i) else { break };
                    let result = grade(item);
                    results.lock().expect("no worker panics")[i] = Some(result);
                }
            });
        }
    });
    results
        .into_inner()
        .expect("no worker panics")
        .into_iter()
        .map(|r| r.expect("every item was graded"))
        .collect()
}

pub fn verify(workbook: Workbook, color: bool, format: Format) -> Result<u8> {
    // Verify rebuilds progress, so a damaged file is no obstacle here.
    let old = Progress::load(&workbook).unwrap_or_else(|error| {
        eprintln!(
            "{} {error:#}\nRebuilding it now.\n",
            "note:".yellow().bold()
        );
        Progress::default()
    });
    let mut app = App {
        workbook,
        progress: Progress::default(),
        color,
    };
    if format == Format::Human {
        println!("Grading {} exercises...\n", app.workbook.exercises.len());
    }
    let cancel = Cancel::default();
    let grades = in_parallel(&app.workbook.exercises, |exercise| {
        app.grade(exercise, &cancel)
    });
    for grade in grades.iter().flatten() {
        app.progress
            .record(&app.workbook, &grade.exercise, grade.passed());
    }
    app.progress.current = old
        .current
        .filter(|name| app.workbook.index_of(name).is_some() && !app.progress.is_done(name));
    app.progress.save(&app.workbook)?;
    summarise(&app.workbook, grades, format)
}

/// Grades the learner's files in `checkout` with this workbook's hidden tests. Nothing
/// else from the checkout is read, so editing its manifest, Cargo files, grader or
/// progress cannot change a grade; nothing is written there either.
pub fn grade_checkout(
    workbook: &Workbook,
    checkout: &Path,
    color: bool,
    format: Format,
) -> Result<u8> {
    let checkout = std::path::absolute(checkout)
        .with_context(|| format!("cannot find {}", checkout.display()))?;
    if !checkout.is_dir() {
        anyhow::bail!(
            "{} is not a folder; pass the root of the learner's checkout",
            checkout.display()
        );
    }
    // Each checkout gets its own build folders, so several can be graded side by side.
    let slot = {
        let mut hasher = std::hash::DefaultHasher::new();
        checkout.hash(&mut hasher);
        format!("checkouts/{:016x}", hasher.finish())
    };
    if format == Format::Human {
        println!("Grading the checkout {}...\n", checkout.display());
    }
    let options = GradeOptions {
        color,
        time_scale: 1.0,
    };
    let cancel = Cancel::default();
    let grades = in_parallel(&workbook.exercises, |exercise: &ExerciseInfo| {
        let file = checkout.join(workbook.exercise_file(exercise));
        if !file.is_file() {
            return Ok(missing(exercise, &workbook.exercise_file(exercise)));
        }
        grade_file(workbook, exercise, &file, &slot, &options, &cancel)
    });
    summarise(workbook, grades, format)
}

/// The grade of an exercise whose file is missing: nothing to compile.
fn missing(exercise: &ExerciseInfo, file: &Path) -> Grade {
    Grade {
        exercise: exercise.name.clone(),
        verdict: Verdict::CompileError(format!("{} is missing.", file.display())),
        groups: Vec::new(),
        output: String::new(),
        run_time: Duration::ZERO,
    }
}

/// Prints the grades as a table (or JSON) and returns the exit code.
fn summarise(workbook: &Workbook, grades: Vec<Result<Grade>>, format: Format) -> Result<u8> {
    if let Some(error) = grades.iter().find_map(|g| g.as_ref().err()) {
        return Err(anyhow!("{error:#}").context("the grader could not grade every exercise"));
    }
    let grades: Vec<Grade> = grades.into_iter().flatten().collect();
    let all_pass = grades.iter().all(Grade::passed);
    let code = if all_pass { PASSED } else { NOT_PASSED };
    let reports: Vec<json::Exercise> = grades.iter().map(json::exercise).collect();
    if format == Format::Json {
        json::print(&json::report(reports))?;
        return Ok(code);
    }
    println!(
        "  {:>2}  {:<20} {:<15} {:>9} {:>8}",
        "#", "exercise", "verdict", "score", "time"
    );
    for (i, (grade, scored)) in grades.iter().zip(&reports).enumerate() {
        let label = format!("{:<15}", report::verdict_label(&grade.verdict));
        let label = if grade.passed() {
            label.green()
        } else {
            label.red()
        };
        println!(
            "  {:>2}  {:<20} {label} {:>9} {:>8}",
            i + 1,
            grade.exercise,
            format!("{}/{}", scored.score, scored.max_score),
            report::seconds(grade.run_time)
        );
    }
    let total = json::report(reports);
    let passed = grades.iter().filter(|g| g.passed()).count();
    println!(
        "\n{passed} of {} exercises pass. Score: {}/{} (partial credit per test group).",
        grades.len(),
        total.score,
        total.max_score
    );
    if let Some((grade, exercise)) = grades
        .iter()
        .zip(&workbook.exercises)
        .find(|(grade, _)| !grade.passed())
    {
        let file = workbook.exercise_file(exercise).display().to_string();
        println!(
            "\nThe first exercise that does not pass is {}:\n",
            grade.exercise.bold()
        );
        let text = report::describe(grade, &file);
        print!("{}", report::wrapped(&text, report::output_width()));
    }
    Ok(code)
}
