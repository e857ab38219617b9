//! `grader verify`: grade every exercise in parallel, show a summary, rebuild progress.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use anyhow::{Result, anyhow};
use colored::Colorize;

use crate::app::App;
use crate::cli::{NOT_PASSED, PASSED};
use crate::judge::{Cancel, Grade};
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

/// Grades every learner file of `workbook`.
pub fn grade_all(app: &App) -> Vec<Result<Grade>> {
    let cancel = Cancel::default();
    in_parallel(&app.workbook.exercises, |exercise: &ExerciseInfo| {
        app.grade(exercise, &cancel)
    })
}

pub fn verify(workbook: Workbook, color: bool) -> Result<u8> {
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
    println!(
        "Grading {} exercises on {} threads...\n",
        app.workbook.exercises.len(),
        std::thread::available_parallelism().map_or(2, |n| n.get())
    );
    let grades = grade_all(&app);
    println!(
        "  {:>2}  {:<20} {:<15} {:>8}",
        "#", "exercise", "verdict", "time"
    );
    let mut passed = 0;
    let mut first_failure: Option<(String, String)> = None;
    for (i, (exercise, grade)) in app.workbook.exercises.iter().zip(&grades).enumerate() {
        let (label, time) = match grade {
            Ok(grade) => (
                report::verdict_label(&grade.verdict),
                report::seconds(grade.run_time),
            ),
            Err(_) => ("grader error", String::new()),
        };
        let shown = if label == "passed" {
            passed += 1;
            format!("{label:<15}").green()
        } else {
            format!("{label:<15}").red()
        };
        println!("  {:>2}  {:<20} {shown} {time:>8}", i + 1, exercise.name);
        if label != "passed" && first_failure.is_none() {
            let file = app.workbook.exercise_file(exercise).display().to_string();
            let text = match grade {
                Ok(grade) => report::describe(grade, &file),
                Err(error) => format!("{error:#}\n"),
            };
            first_failure = Some((exercise.name.clone(), text));
        }
    }
    let total = app.workbook.exercises.len();
    println!("\n{passed} of {total} exercises pass.");

    for grade in grades.iter().flatten() {
        app.progress
            .record(&app.workbook, &grade.exercise, grade.passed());
    }
    app.progress.current = old
        .current
        .filter(|name| app.workbook.index_of(name).is_some() && !app.progress.is_done(name));
    app.progress.save(&app.workbook)?;

    if let Some((name, text)) = first_failure {
        println!(
            "\nThe first exercise that does not pass is {}:\n",
            name.bold()
        );
        print!("{text}");
    }
    if let Some(error) = grades.into_iter().find_map(|g| g.err()) {
        return Err(anyhow!(error).context("the grader could not grade every exercise"));
    }
    Ok(if passed == total { PASSED } else { NOT_PASSED })
}
