//! `cargo grader run`: grade one exercise, record the verdict, say what comes next.

use std::sync::Arc;

use anyhow::Result;
use colored::Colorize;

use crate::Exit;
use crate::grading::{Cases, Code, Request};
use crate::judge::Cancel;
use crate::meter::Meter;
use crate::reference;
use crate::report::{self, Detail, Entry, Format};
use crate::session::Session;
use crate::text::{hanging, output_width};

pub(super) fn run(mut session: Session, typed: Option<&str>, format: Format) -> Result<Exit> {
    if let Some(notice) = session.notice.take() {
        eprintln!("note: {notice}\n");
    }
    let exercise = session.exercise(typed)?;
    if format == Format::Human {
        println!(
            "Grading {} ({})...",
            exercise.name.bold(),
            exercise.file().display()
        );
    }
    let submission = session.grader.own_file(&exercise);
    let request = Request::new(&exercise, Code::Source(&submission)).on(Cases::GeneratedOnce);
    // The groups done and the time used, on a terminal, until the verdict.
    let mut metered = session.grader.clone();
    if format == Format::Human {
        metered.settings.meter = Some(Arc::new(Meter::new("test groups done", 0)));
    } else {
        // A report with scores: every group earns its points.
        metered.settings.stop_at_time_limit = false;
    }
    let grade = metered.grade(request, &Cancel::default())?.grade;
    drop(metered);
    session.record(&grade)?;
    let outcome = Exit::of(grade.passed());
    let graded = Entry {
        exercise: &exercise,
        grade: &grade,
    };
    match format {
        Format::Human => {
            let text = report::describe(&grade, &exercise, &graded.shown_file(), Detail::FULL);
            print!(
                "{}",
                text.to_string(output_width(), session.grader.settings.color)
            );
            if grade.passed() {
                after_a_pass(&mut session, &exercise.name)?;
            } else {
                let stuck = format!(
                    "Stuck? `cargo grader hint {}` gives a hint; the lesson is {} \
                     (`cargo grader lesson {0}`).",
                    exercise.name, exercise.lesson
                );
                println!("\n{}", hanging("", &stuck));
            }
        }
        _ => crate::report::summary::print_report(&[graded], format)?,
    }
    Ok(outcome)
}

/// Offers the reference solution, and moves the course on when this was the current
/// exercise.
fn after_a_pass(session: &mut Session, name: &str) -> Result<()> {
    let exercise = session.exercise(Some(name))?;
    if let Some(solution) = reference::offer(session.workbook(), &exercise)? {
        let compare = format!(
            "Compare with the reference solution: {}",
            solution.display()
        );
        println!("\n{}", hanging("", &compare));
    }
    if session.current().name != name && session.progress.current.is_some() {
        return Ok(());
    }
    match session.next_pending(name).cloned() {
        Some(next) => {
            session.set_current(&next.name)?;
            let next_up = format!(
                "Next up: {} ({}). Read {} first (`cargo grader lesson`).",
                next.name.bold(),
                next.file().display(),
                next.lesson
            );
            println!("\n{}", hanging("", &next_up));
        }
        None if session.done_count() == session.workbook().exercises.len() => {
            println!(
                "\n{}",
                "Every exercise is done. Well played!".green().bold()
            );
        }
        None => {}
    }
    Ok(())
}
