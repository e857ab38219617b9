//! Drawing the watch state as lines of text: a header (the exercise), a body (the
//! verdict, the list, ...), and a footer (a note, the progress bar, the keys). Every line
//! fits the width; a body too tall for the terminal is cut with a note saying so.

use colored::Colorize;

use super::state::{Entry, Note, Outcome, State, Status, View};
use crate::report;
use crate::wrap::wrap;

/// The narrowest progress bar, and the widest.
const BAR_MIN: usize = 10;
const BAR_MAX: usize = 50;

/// Ends a body cut to fit: `cargo grader run` prints the whole verdict.
const CUT_NOTE: &str = "(`cargo grader run` shows them all)";
const MISSING: &str = "is not there: it was deleted or renamed. Save the file again under \
this name, or press `r` to put the exercise's stub back.";
const GRADER_ERROR_ADVICE: &str = "This is a problem of the grader or of the workbook, not of \
your code. Save again to retry; if it stays, `cargo grader run` shows the same error.";
const LIST_HELP: &str = "Type an exercise's number and press Enter, or move with the arrows \
(or j/k) and press Enter. q goes back.";
const LIST_HELP_LINES: &str = "Type an exercise's number, then Enter. q goes back.";
const FINISHED: &str = "Every exercise is done. Well played!";
const FINISHED_MORE: &str = "Your progress is saved. `cargo grader verify` grades every \
exercise again; `l` lists them if you want to revisit one.";
const RESET_QUESTION: &str = "Your changes to it will be lost. Press y to reset it, any other \
key to keep your file.";

/// The screen for `state`, `width` columns wide and, when `height` is given, at most that
/// many lines tall.
pub fn render(state: &State, width: usize, height: Option<usize>) -> Vec<String> {
    let header = wrap_all(&header(state), width);
    let body = wrap_all(&body(state), width);
    let footer = wrap_all(&footer(state, width), width);
    let Some(height) = height else {
        return [header, body, footer].concat();
    };
    let room = height.saturating_sub(header.len() + footer.len());
    let body = fit(body, room);
    let mut screen = [header, body, footer].concat();
    // A terminal too small for the header and footer shows what fits.
    screen.truncate(height);
    screen
}

fn wrap_all(lines: &[String], width: usize) -> Vec<String> {
    lines.iter().flat_map(|line| wrap(line, width)).collect()
}

/// Cuts `body` to `room` lines, ending with a line that says how many were left out.
fn fit(mut body: Vec<String>, room: usize) -> Vec<String> {
    if body.len() <= room {
        return body;
    }
    let kept = room.saturating_sub(1);
    let left_out = body.len() - kept;
    body.truncate(kept);
    if room > 0 {
        body.push(
            format!("... {left_out} more lines {CUT_NOTE}")
                .dimmed()
                .to_string(),
        );
    }
    body
}

/// Adds each line of `text`.
fn push_text(lines: &mut Vec<String>, text: &str) {
    lines.extend(text.trim_end_matches('\n').lines().map(str::to_string));
}

fn header(state: &State) -> Vec<String> {
    let total = state.entries.len();
    if matches!(state.view, View::Finished) {
        return vec![
            format!("{} · all {total} exercises done", "xorlings".bold()),
            String::new(),
        ];
    }
    let entry = state.current_entry();
    vec![
        format!(
            "{} · exercise {} of {total}: {}",
            "xorlings".bold(),
            state.current + 1,
            entry.name.bold()
        ),
        format!("file:   {}", entry.file),
        format!("lesson: {}", entry.lesson),
        String::new(),
    ]
}

fn body(state: &State) -> Vec<String> {
    match &state.view {
        View::Exercise => exercise_body(state),
        View::ConfirmReset => vec![
            format!("Reset {} to its stub?", state.current_entry().file)
                .bold()
                .to_string(),
            RESET_QUESTION.to_string(),
        ],
        View::List { selected, typed } => list_body(state, *selected, typed),
        View::CheckAll(None) => vec![format!(
            "Grading all {} exercises... (q stops)",
            state.entries.len()
        )],
        View::CheckAll(Some(outcomes)) => check_all_body(&state.entries, outcomes),
        View::Finished => {
            let mut lines = vec![FINISHED.green().bold().to_string(), String::new()];
            push_text(&mut lines, FINISHED_MORE);
            lines
        }
    }
}

fn exercise_body(state: &State) -> Vec<String> {
    let entry = state.current_entry();
    let mut lines = Vec::new();
    if state.show_hint {
        lines.push("Hint:".yellow().bold().to_string());
        for line in entry.hint.trim().lines() {
            lines.push(format!("  {line}"));
        }
        lines.push(String::new());
    }
    match &state.status {
        Status::Grading => lines.push(format!("Grading {}...", entry.name).yellow().to_string()),
        Status::Graded(Outcome::Graded(grade)) => {
            push_text(&mut lines, &report::describe(grade, &entry.file));
            if grade.passed() {
                lines.push(String::new());
                lines.extend(success(state));
            }
        }
        Status::Graded(Outcome::Missing) => {
            lines.push(format!("{} {} {MISSING}", "✗".red().bold(), entry.file));
        }
        Status::Graded(Outcome::Error(error)) => {
            lines.push(format!(
                "{} The grader could not grade {}:",
                "✗".red().bold(),
                entry.name
            ));
            lines.push(String::new());
            push_text(&mut lines, error);
            lines.push(String::new());
            lines.push(GRADER_ERROR_ADVICE.to_string());
        }
    }
    lines
}

fn success(state: &State) -> Vec<String> {
    let entry = state.current_entry();
    let mut lines = vec![
        format!(
            "Well done: {} passes, and your progress is saved.",
            entry.name
        )
        .green()
        .bold()
        .to_string(),
    ];
    lines.push(match state.next_pending() {
        Some(next) => format!(
            "Press n for the next exercise, {} (its lesson is {}). Or keep experimenting: \
             every save is graded again.",
            state.entries[next].name.bold(),
            state.entries[next].lesson
        ),
        None => "That was the last exercise left: press n to finish.".to_string(),
    });
    lines
}

fn status_word(entry: &Entry) -> String {
    if entry.done {
        format!("{:<8}", "done").green().to_string()
    } else {
        format!("{:<8}", "pending").yellow().to_string()
    }
}

fn list_body(state: &State, selected: usize, typed: &str) -> Vec<String> {
    let help = if state.keys_as_lines {
        LIST_HELP_LINES
    } else {
        LIST_HELP
    };
    let mut lines = vec![help.to_string(), String::new()];
    lines.push(
        format!("    #  {:<20} {:<8}", "exercise", "status")
            .dimmed()
            .to_string(),
    );
    for (i, entry) in state.entries.iter().enumerate() {
        let marker = if i == selected { ">" } else { " " };
        let here = if i == state.current { " (current)" } else { "" };
        let row = format!("{marker}  {:>2}  {:<20} ", i + 1, entry.name);
        let row = if i == selected {
            row.reversed().to_string()
        } else {
            row
        };
        lines.push(format!("{row}{}{here}", status_word(entry)));
    }
    if !typed.is_empty() {
        lines.push(String::new());
        lines.push(format!("Go to number: {typed}"));
    }
    lines
}

fn outcome_label(outcome: &Outcome) -> &'static str {
    match outcome {
        Outcome::Graded(grade) => report::verdict_label(&grade.verdict),
        Outcome::Missing => "file missing",
        Outcome::Error(_) => "grader error",
    }
}

fn check_all_body(entries: &[Entry], outcomes: &[Outcome]) -> Vec<String> {
    let passing = outcomes.iter().filter(|o| o.passed()).count();
    let mut lines = vec![
        format!("{passing} of {} exercises pass.", entries.len())
            .bold()
            .to_string(),
        String::new(),
        format!("     #  {:<20} verdict", "exercise")
            .dimmed()
            .to_string(),
    ];
    for (i, (entry, outcome)) in entries.iter().zip(outcomes).enumerate() {
        let label = outcome_label(outcome);
        let label = if outcome.passed() {
            label.green()
        } else {
            label.red()
        };
        lines.push(format!("    {:>2}  {:<20} {label}", i + 1, entry.name));
    }
    let failing: Vec<&str> = entries
        .iter()
        .zip(outcomes)
        .filter(|(_, o)| !o.passed())
        .map(|(e, _)| e.name.as_str())
        .collect();
    lines.push(String::new());
    if failing.is_empty() {
        lines.push("Every exercise passes.".green().bold().to_string());
    } else {
        lines.push(format!(
            "Not passing yet: {}. Press l to jump to one.",
            failing.join(", ")
        ));
    }
    lines
}

fn footer(state: &State, width: usize) -> Vec<String> {
    let mut lines = vec![String::new()];
    match &state.note {
        Some(Note::Info(note)) => lines.push(note.cyan().to_string()),
        Some(Note::Problem(problem)) => lines.push(problem.red().to_string()),
        None => {}
    }
    lines.push(progress_bar(state.done_count(), state.entries.len(), width));
    lines.push(keys(state).dimmed().to_string());
    lines
}

fn progress_bar(done: usize, total: usize, width: usize) -> String {
    let label = format!("{done}/{total} done");
    let bar = width
        .saturating_sub("Progress [] ".len() + label.len())
        .clamp(BAR_MIN, BAR_MAX);
    let filled = (done * bar).checked_div(total).unwrap_or(0);
    format!(
        "Progress [{}{}] {label}",
        "#".repeat(filled).green(),
        "-".repeat(bar - filled).red()
    )
}

fn keys(state: &State) -> String {
    if state.input_closed {
        return "Keys are off (standard input ended) · Ctrl-C quits".to_string();
    }
    let keys = match &state.view {
        View::Exercise => "n next · h hint · l list · c check all · r reset · q quit".to_string(),
        View::List { .. } if state.keys_as_lines => "a number: go there · q back".to_string(),
        View::List { .. } => "Enter go · ↑/↓ move · q back".to_string(),
        View::ConfirmReset => "y reset · other keys keep your file".to_string(),
        View::CheckAll(None) => "q stop".to_string(),
        View::CheckAll(Some(_)) => "l list · q back".to_string(),
        View::Finished => "l list · c check all · q quit".to_string(),
    };
    if state.keys_as_lines {
        format!("Type a key and Enter: {keys}")
    } else {
        keys
    }
}

#[cfg(test)]
mod tests {
    use super::super::state::tests::{entries, failed, passed};
    use super::super::state::{Event, Key};
    use super::*;
    use crate::wrap::{strip_ansi, visible_width};

    fn plain(screen: &[String]) -> String {
        screen
            .iter()
            .map(|l| strip_ansi(l))
            .collect::<Vec<_>>()
            .join("\n")
    }

    fn graded(outcome: Outcome) -> State {
        let (mut state, _) = State::new(entries(6), 0, false);
        state.status = Status::Graded(outcome);
        state
    }

    #[test]
    fn the_exercise_screen_has_name_file_lesson_verdict_progress_and_keys() {
        let state = graded(failed("exercise_0"));
        let screen = plain(&render(&state, 80, Some(24)));
        for expected in [
            "exercise 1 of 6: exercise_0",
            "file:   exercises/00_exercise/src/lib.rs",
            "lesson: lessons/00-lesson.md",
            "not run on hidden case 1",
            "0/6 done",
            "n next · h hint · l list · c check all · r reset · q quit",
        ] {
            assert!(
                screen.contains(expected),
                "{expected:?} missing in\n{screen}"
            );
        }
    }

    #[test]
    fn grading_hides_the_old_verdict() {
        let (state, _) = State::new(entries(6), 0, false);
        let screen = plain(&render(&state, 80, Some(24)));
        assert!(screen.contains("Grading exercise_0..."), "{screen}");
        assert!(!screen.contains("hidden case"), "{screen}");
    }

    #[test]
    fn a_pass_says_so_and_names_the_next_exercise() {
        let mut state = graded(passed("exercise_0"));
        state.entries[0].done = true;
        let screen = plain(&render(&state, 80, Some(24)));
        assert!(screen.contains("exercise_0 passed"), "{screen}");
        assert!(screen.contains("Well done"), "{screen}");
        assert!(screen.contains("Press n for the next exercise, exercise_1"));
        assert!(screen.contains("1/6 done"), "{screen}");
    }

    #[test]
    fn the_hint_is_shown_on_demand() {
        let mut state = graded(failed("exercise_0"));
        assert!(!plain(&render(&state, 80, None)).contains("Hint number 0"));
        state.handle(Event::Key(Key::Char('h')));
        let screen = plain(&render(&state, 80, None));
        assert!(screen.contains("Hint number 0."), "{screen}");
    }

    #[test]
    fn every_line_fits_narrow_terminals_and_the_height() {
        let mut state = graded(Outcome::Error(format!(
            "cannot grade: {}",
            "a very long error message ".repeat(40)
        )));
        state.show_hint = true;
        for width in [60, 80] {
            let screen = render(&state, width, Some(24));
            assert_eq!(screen.len(), 24, "{screen:#?}");
            for line in &screen {
                assert!(
                    visible_width(line) <= width,
                    "{line:?} is wider than {width}"
                );
            }
            let text = plain(&screen);
            assert!(text.contains("more lines"), "{text}");
            assert!(text.contains("q quit"), "the footer stays: {text}");
        }
    }

    #[test]
    fn the_list_shows_statuses_and_the_current_exercise() {
        let (mut state, _) = State::new(entries(6), 0, false);
        state.entries[0].done = true;
        state.handle(Event::Key(Key::Char('l')));
        state.handle(Event::Key(Key::Char('4')));
        let screen = plain(&render(&state, 60, Some(24)));
        assert!(screen.contains(">   1  exercise_0"), "{screen}");
        assert!(screen.contains("done     (current)"), "{screen}");
        assert!(screen.contains("pending"), "{screen}");
        assert!(screen.contains("Go to number: 4"), "{screen}");
    }

    #[test]
    fn check_all_shows_which_fail() {
        let (mut state, _) = State::new(entries(2), 0, false);
        state.view = View::CheckAll(Some(vec![passed("exercise_0"), failed("exercise_1")]));
        let screen = plain(&render(&state, 80, Some(24)));
        assert!(screen.contains("1 of 2 exercises pass."), "{screen}");
        assert!(screen.contains("Not passing yet: exercise_1."), "{screen}");
    }

    #[test]
    fn a_missing_file_and_the_finish_are_explained() {
        let state = graded(Outcome::Missing);
        let screen = plain(&render(&state, 80, Some(24)));
        assert!(screen.contains("deleted or renamed"), "{screen}");
        let mut state = graded(passed("exercise_0"));
        state.view = View::Finished;
        let screen = plain(&render(&state, 80, Some(24)));
        assert!(screen.contains(FINISHED), "{screen}");
    }

    #[test]
    fn keys_as_lines_say_to_press_enter() {
        let (state, _) = State::new(entries(2), 0, true);
        let screen = plain(&render(&state, 80, None));
        assert!(screen.contains("Type a key and Enter: n next"), "{screen}");
    }
}
