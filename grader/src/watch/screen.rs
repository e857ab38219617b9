//! Drawing the watch state: a header (the exercise), a body (the verdict, the list, ...),
//! and a footer (a note, the progress bar, the keys), each built as [`Text`] and wrapped
//! to the width. A body too tall for the terminal is cut with a note saying so.

use super::state::{Entry, Note, Outcome, State, Status, View};
use crate::report::{self, Detail};
use crate::text::{Style, Text};

/// The narrowest progress bar, and the widest.
const BAR_MIN: usize = 10;
const BAR_MAX: usize = 50;

/// Ends a body cut to fit: `cargo grader run` prints the whole verdict.
const CUT_NOTE: &str = "(`cargo grader run` shows them all)";
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
pub fn render(state: &State, width: usize, height: Option<usize>, color: bool) -> Vec<String> {
    let header = header(state).render(width, color);
    let body = body(state).render(width, color);
    let footer = footer(state, width).render(width, color);
    let Some(height) = height else {
        return [header, body, footer].concat();
    };
    let room = height.saturating_sub(header.len() + footer.len());
    let body = fit(body, room, color);
    let mut screen = [header, body, footer].concat();
    // A terminal too small for the header and footer shows what fits.
    screen.truncate(height);
    screen
}

/// Cuts `body` to `room` lines, ending with a line that says how many were left out.
fn fit(mut body: Vec<String>, room: usize, color: bool) -> Vec<String> {
    if body.len() <= room {
        return body;
    }
    let kept = room.saturating_sub(1);
    let left_out = body.len() - kept;
    body.truncate(kept);
    if room > 0 {
        let mut note = Text::new();
        note.styled(
            0,
            Style::Dim,
            &format!("... {left_out} more lines {CUT_NOTE}"),
        );
        body.extend(note.render(usize::MAX, color));
    }
    body
}

fn header(state: &State) -> Text {
    let mut text = Text::new();
    let total = state.entries.len();
    if matches!(state.view, View::Finished) {
        text.line(
            0,
            &[
                (Style::Bold, "xorlings"),
                (Style::Plain, &format!(" · all {total} exercises done")),
            ],
        );
        text.blank();
        return text;
    }
    let entry = state.current_entry();
    text.line(
        0,
        &[
            (Style::Bold, "xorlings"),
            (
                Style::Plain,
                &format!(" · exercise {} of {total}: ", state.current + 1),
            ),
            (Style::Bold, &entry.info.name),
        ],
    );
    text.prose(0, &format!("file:   {}", entry.file));
    text.prose(0, &format!("lesson: {}", entry.info.lesson));
    text.blank();
    text
}

fn body(state: &State) -> Text {
    let mut text = Text::new();
    match &state.view {
        View::Exercise => return exercise_body(state),
        View::ConfirmReset => {
            text.styled(
                0,
                Style::Bold,
                &format!("Reset {} to its stub?", state.current_entry().file),
            );
            text.prose(0, RESET_QUESTION);
        }
        View::List { selected, typed } => return list_body(state, *selected, typed),
        View::CheckAll(None) => {
            text.prose(
                0,
                &format!("Grading all {} exercises... (q stops)", state.entries.len()),
            );
        }
        View::CheckAll(Some(outcomes)) => return check_all_body(&state.entries, outcomes),
        View::Finished => {
            text.styled(0, Style::Good, FINISHED)
                .blank()
                .prose(0, FINISHED_MORE);
        }
    }
    text
}

fn exercise_body(state: &State) -> Text {
    let entry = state.current_entry();
    let mut text = Text::new();
    if state.show_hint {
        text.styled(0, Style::Warn, "Hint:");
        text.prose(2, entry.info.hint.trim()).blank();
    }
    match &state.status {
        Status::Grading => {
            text.styled(0, Style::Warn, &format!("Grading {}...", entry.info.name));
        }
        Status::Graded(Outcome::Graded(grade)) => {
            text.append(report::describe(
                grade,
                &entry.info,
                &entry.file,
                Detail::BRIEF,
            ));
            if grade.passed() {
                text.blank().append(success(state));
            }
        }
        Status::Graded(Outcome::Error(error)) => {
            text.line(
                0,
                &[
                    (Style::Bad, "✗"),
                    (
                        Style::Plain,
                        &format!(" The grader could not grade {}:", entry.info.name),
                    ),
                ],
            );
            text.blank()
                .prose(0, error)
                .blank()
                .prose(0, GRADER_ERROR_ADVICE);
        }
    }
    text
}

fn success(state: &State) -> Text {
    let entry = state.current_entry();
    let mut text = Text::new();
    text.styled(
        0,
        Style::Good,
        &format!(
            "Well done: {} passes, and your progress is saved.",
            entry.info.name
        ),
    );
    match state.next_pending() {
        Some(next) => text.line(
            0,
            &[
                (Style::Plain, "Press n for the next exercise, "),
                (Style::Bold, &state.entries[next].info.name),
                (
                    Style::Plain,
                    &format!(
                        " (its lesson is {}). Or keep experimenting: every save is graded again.",
                        state.entries[next].info.lesson
                    ),
                ),
            ],
        ),
        None => text.prose(0, "That was the last exercise left: press n to finish."),
    };
    text
}

fn status_word(entry: &Entry) -> (Style, String) {
    if entry.done {
        (Style::Good, format!("{:<8}", "done"))
    } else {
        (Style::Warn, format!("{:<8}", "pending"))
    }
}

fn list_body(state: &State, selected: usize, typed: &str) -> Text {
    let help = if state.keys_as_lines {
        LIST_HELP_LINES
    } else {
        LIST_HELP
    };
    let mut text = Text::new();
    text.prose(0, help).blank();
    text.styled(
        0,
        Style::Dim,
        &format!("    #  {:<22} {:<8}", "exercise", "status"),
    );
    for (i, entry) in state.entries.iter().enumerate() {
        let marker = if i == selected { ">" } else { " " };
        let here = if i == state.current { " (current)" } else { "" };
        let row = format!("{marker}  {:>2}  {:<22} ", i + 1, entry.info.name);
        let row_style = if i == selected {
            Style::Selected
        } else {
            Style::Plain
        };
        let (status_style, status) = status_word(entry);
        text.line(
            0,
            &[
                (row_style, &row),
                (status_style, &status),
                (Style::Plain, here),
            ],
        );
    }
    if !typed.is_empty() {
        text.blank().prose(0, &format!("Go to number: {typed}"));
    }
    text
}

fn outcome_label(outcome: &Outcome) -> &'static str {
    match outcome {
        Outcome::Graded(grade) => grade.verdict.kind().map_or("cancelled", |k| k.label()),
        Outcome::Error(_) => "grader error",
    }
}

fn check_all_body(entries: &[Entry], outcomes: &[Outcome]) -> Text {
    let passing = outcomes.iter().filter(|o| o.passed()).count();
    let mut text = Text::new();
    text.styled(
        0,
        Style::Bold,
        &format!("{passing} of {} exercises pass.", entries.len()),
    );
    text.blank();
    text.styled(
        0,
        Style::Dim,
        &format!("     #  {:<22} verdict", "exercise"),
    );
    for (i, (entry, outcome)) in entries.iter().zip(outcomes).enumerate() {
        let style = if outcome.passed() {
            Style::Good
        } else {
            Style::Bad
        };
        text.line(
            0,
            &[
                (
                    Style::Plain,
                    &format!("    {:>2}  {:<22} ", i + 1, entry.info.name),
                ),
                (style, outcome_label(outcome)),
            ],
        );
    }
    let failing: Vec<&str> = entries
        .iter()
        .zip(outcomes)
        .filter(|(_, o)| !o.passed())
        .map(|(e, _)| e.info.name.as_str())
        .collect();
    text.blank();
    if failing.is_empty() {
        text.styled(0, Style::Good, "Every exercise passes.");
    } else {
        text.prose(
            0,
            &format!(
                "Not passing yet: {}. Press l to jump to one.",
                failing.join(", ")
            ),
        );
    }
    text
}

fn footer(state: &State, width: usize) -> Text {
    let mut text = Text::new();
    text.blank();
    match &state.note {
        Some(Note::Info(note)) => {
            text.styled(0, Style::Note, note);
        }
        Some(Note::Problem(problem)) => {
            text.styled(0, Style::Bad, problem);
        }
        None => {}
    }
    let (done, total) = (state.done_count(), state.entries.len());
    let label = format!("{done}/{total} done");
    let bar = width
        .saturating_sub("Progress [] ".len() + label.len())
        .clamp(BAR_MIN, BAR_MAX);
    let filled = (done * bar).checked_div(total).unwrap_or(0);
    text.line(
        0,
        &[
            (Style::Plain, "Progress ["),
            (Style::Good, &"#".repeat(filled)),
            (Style::Bad, &"-".repeat(bar - filled)),
            (Style::Plain, &format!("] {label}")),
        ],
    );
    text.styled(0, Style::Dim, &keys(state));
    text
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
    use crate::text::visible_width;

    fn plain(screen: &[String]) -> String {
        screen.join("\n")
    }

    fn graded(outcome: Outcome) -> State {
        let (mut state, _) = State::new(entries(6), 0, false);
        state.status = Status::Graded(outcome);
        state
    }

    #[test]
    fn the_exercise_screen_has_name_file_lesson_verdict_progress_and_keys() {
        let state = graded(failed("exercise_0"));
        let screen = plain(&render(&state, 80, Some(24), false));
        for expected in [
            "exercise 1 of 6: exercise_0",
            "file:   exercises/exercise_0/src/lib.rs",
            "lesson: lessons/lesson-0.md",
            "wrong answer on hidden case 1",
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
        let screen = plain(&render(&state, 80, Some(24), false));
        assert!(screen.contains("Grading exercise_0..."), "{screen}");
        assert!(!screen.contains("hidden case"), "{screen}");
    }

    #[test]
    fn a_pass_says_so_and_names_the_next_exercise() {
        let mut state = graded(passed("exercise_0"));
        state.entries[0].done = true;
        let screen = plain(&render(&state, 80, Some(24), false));
        assert!(screen.contains("exercise_0 passed"), "{screen}");
        assert!(screen.contains("Well done"), "{screen}");
        assert!(screen.contains("Press n for the next exercise, exercise_1"));
        assert!(screen.contains("1/6 done"), "{screen}");
    }

    #[test]
    fn the_hint_is_shown_on_demand() {
        let mut state = graded(failed("exercise_0"));
        assert!(!plain(&render(&state, 80, None, false)).contains("Hint number 0"));
        state.handle(Event::Key(Key::Char('h')));
        let screen = plain(&render(&state, 80, None, false));
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
            let screen = render(&state, width, Some(24), true);
            assert_eq!(screen.len(), 24, "{screen:#?}");
            for line in &screen {
                assert!(
                    visible_width(line) <= width,
                    "{line:?} is wider than {width}"
                );
            }
            let text = plain(&render(&state, width, Some(24), false));
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
        let screen = plain(&render(&state, 60, Some(24), false));
        assert!(screen.contains(">   1  exercise_0"), "{screen}");
        assert!(screen.contains("done     (current)"), "{screen}");
        assert!(screen.contains("pending"), "{screen}");
        assert!(screen.contains("Go to number: 4"), "{screen}");
    }

    #[test]
    fn check_all_shows_which_fail() {
        let (mut state, _) = State::new(entries(2), 0, false);
        state.view = View::CheckAll(Some(vec![passed("exercise_0"), failed("exercise_1")]));
        let screen = plain(&render(&state, 80, Some(24), false));
        assert!(screen.contains("1 of 2 exercises pass."), "{screen}");
        assert!(screen.contains("Not passing yet: exercise_1."), "{screen}");
    }

    #[test]
    fn the_finish_is_explained() {
        let mut state = graded(passed("exercise_0"));
        state.view = View::Finished;
        let screen = plain(&render(&state, 80, Some(24), false));
        assert!(screen.contains(FINISHED), "{screen}");
    }

    #[test]
    fn keys_as_lines_say_to_press_enter() {
        let (state, _) = State::new(entries(2), 0, true);
        let screen = plain(&render(&state, 80, None, false));
        assert!(screen.contains("Type a key and Enter: n next"), "{screen}");
    }
}
