//! Drawing the watch state: a header (the exercise), a body (the verdict, the list, ...),
//! and a footer (a note, the progress bar, the keys), each built as [`Text`] and wrapped
//! to the width. A body too tall for the terminal scrolls, and the footer's first line
//! says where it is and which keys move it; with keys off it is cut instead.

use super::state::{Entry, Outcome, State, Status, TryOutcome, View, Viewport};
use crate::report::tried::describe_tried;
use crate::report::{self, Detail};
use crate::text::{Style, Text, n_of};

/// The narrowest progress bar, and the widest.
const BAR_MIN: usize = 10;
const BAR_MAX: usize = 50;

/// Ends a body cut to fit when keys are off: `cargo grader run` prints the whole verdict.
const CUT_NOTE: &str = "(`cargo grader run` shows them all)";
/// How watch's verdicts say that `o` shows every line the learner's code printed.
const SEE_ALL_OUTPUT: &str = "`o` shows them all";
const GRADER_ERROR_ADVICE: &str = "This is a problem of the grader or of the workbook, not of \
your code. Save again to retry; if it stays, `cargo grader run` shows the same error.";
const LIST_HELP: &str = "Type an exercise's number and press Enter, or move with the arrows \
(or j/k) and press Enter. Esc or q goes back.";
const LIST_HELP_LINES: &str = "Type an exercise's number, then Enter. q goes back.";
const FINISHED: &str = "Every exercise is done. Well played!";
const FINISHED_MORE: &str = "Your progress is saved. `cargo grader verify` grades every \
exercise again; `l` lists them if you want to revisit one.";
const RESET_QUESTION: &str = "Your changes to it will be lost. Press y to reset it, any other \
key to keep your file.";
const SCROLL_KEYS: &str = "↑/↓ j/k line · space/b page · g/G top/end";
const SCROLL_LINES: &str = "+ page down · - page up · g/G top/end";
/// While the try's input is typed, letters are text: only these keys scroll.
const SCROLL_TYPING: &str = "↑/↓ line · PgUp/PgDn page · Home/End top/end";
const TRY_KEYS: &str = "Enter tries it · Esc cancels · lists as 3,4,5 or [3, 4, 5]";
const TRY_LINES: &str = "Type the input and Enter (an empty line cancels); lists as 3,4,5 or \
[3, 4, 5].";
const KEYS_OFF: &str = "Keys off (input ended) · every save is graded · Ctrl-C quits";
/// Offered on the key line when some keys have no room there.
const MORE_KEYS: &str = "? keys";
const QUIT_QUESTION: &str = "a grading is running: quit anyway? y/n";
const KEYS_TITLE: &str = "The keys of watch mode";
/// Every key of the main screen and what it does; the scroll keys follow.
const KEYS_HELP: [(&str, &str); 9] = [
    ("n", "the next exercise, once this one passes"),
    ("h", "show or hide the hint (Esc hides it too)"),
    ("t", "try your function on an input you type"),
    ("o", "all your code printed while the failing case ran"),
    ("L", "the lesson, in the pager (q there comes back)"),
    ("l", "the list of exercises, to jump to one"),
    ("c", "grade every exercise: which do not pass yet?"),
    ("r", "put this exercise's stub back (asks first)"),
    ("q", "quit (asks while grading); Ctrl-C quits at once"),
];
const LESSON_IN_LINES: &str = "where to read the lesson (its pager needs a terminal)";
const KEYS_BACK: &str = "On every other screen (the output, a try, the list, the results of \
c, this one), Esc or q goes back to the verdict.";

/// What is drawn, and how much of the body is in view.
#[derive(Debug)]
pub(super) struct Screen {
    pub lines: Vec<String>,
    pub viewport: Viewport,
}

/// The body's lines, and where the hint starts among them when it is shown.
struct Body {
    lines: Vec<String>,
    hint_at: Option<usize>,
}

/// The part of a scrolled body in view.
#[derive(Debug, Clone, Copy)]
struct Scrolled {
    top: usize,
    rows: usize,
    lines: usize,
    hint_below: bool,
}

/// How much room the header and the footer take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Chrome {
    /// The body fits: a blank line under the header, and a progress bar.
    Full,
    /// The body is too tall: the count of exercises done moves into the header's first
    /// line, and the blank line and the bar go, so the verdict gets two more rows.
    Tight,
}

/// The screen for `state`, `width` columns wide and, when `height` is given, at most that
/// many lines tall.
pub(super) fn render(state: &State, width: usize, height: Option<usize>, color: bool) -> Screen {
    let body = body(state, width, color);
    let lines = body.lines.len();
    let (mut header, footer) = frame(state, width, color, Chrome::Full);
    let fits = height.is_none_or(|h| header.len() + 1 + lines + footer.len() <= h);
    if fits {
        header.push(String::new());
        return Screen {
            lines: [header, body.lines, footer].concat(),
            viewport: Viewport { rows: lines, lines },
        };
    }
    let height = height.unwrap_or(usize::MAX);
    let (header, footer) = frame(state, width, color, Chrome::Tight);
    let room = height.saturating_sub(header.len() + footer.len());
    let (body, footer, rows) = if state.input_closed {
        (cut(body.lines, room, color), footer, room)
    } else {
        scrolled(state, body, room, width, color)
    };
    let mut screen = [header, body, footer].concat();
    // A terminal too small for the header and footer shows what fits.
    screen.truncate(height);
    Screen {
        lines: screen,
        viewport: Viewport { rows, lines },
    }
}

/// The header's lines, and the footer's with a blank line for its first.
fn frame(state: &State, width: usize, color: bool, chrome: Chrome) -> (Vec<String>, Vec<String>) {
    (
        header(state, chrome).render(width, color),
        footer(state, width, None, chrome).render(width, color),
    )
}

/// The rows of `body` in view from the state's scroll, and the footer that says where
/// they are (its scroll line may wrap: the rows are what is left beside it).
fn scrolled(
    state: &State,
    body: Body,
    room: usize,
    width: usize,
    color: bool,
) -> (Vec<String>, Vec<String>, usize) {
    let blank_footer = footer(state, width, None, Chrome::Tight)
        .render(width, color)
        .len();
    let place = |rows: usize| {
        let top = state.scroll.min(body.lines.len().saturating_sub(rows));
        Scrolled {
            top,
            rows,
            lines: body.lines.len(),
            hint_below: body.hint_at.is_some_and(|at| at >= top + rows),
        }
    };
    let probe = footer(state, width, Some(place(room)), Chrome::Tight).render(width, color);
    let rows = room.saturating_sub(probe.len().saturating_sub(blank_footer));
    let shown = place(rows);
    let footer = footer(state, width, Some(shown), Chrome::Tight).render(width, color);
    let end = (shown.top + rows).min(body.lines.len());
    (body.lines[shown.top..end].to_vec(), footer, rows)
}

/// Cuts `body` to `room` lines, ending with a line that says how many were left out.
fn cut(mut body: Vec<String>, room: usize, color: bool) -> Vec<String> {
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

fn header(state: &State, chrome: Chrome) -> Text {
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
        return text;
    }
    let entry = state.current_entry();
    let done = match chrome {
        Chrome::Full => String::new(),
        Chrome::Tight => format!(" · {}/{total} done", state.done_count()),
    };
    text.line(
        0,
        &[
            (Style::Bold, "xorlings"),
            (
                Style::Plain,
                &format!(" · exercise {} of {total}: ", state.current + 1),
            ),
            (Style::Bold, &entry.info.name),
            (Style::Plain, &done),
        ],
    );
    text.prose(0, &format!("file:   {}", entry.file));
    text.prose(0, &format!("lesson: {}", entry.info.lesson));
    text
}

fn body(state: &State, width: usize, color: bool) -> Body {
    let text = match &state.view {
        _ if state.view.shows_verdict() => return exercise_body(state, width, color),
        View::Keys => keys_body(state),
        View::Output => output_body(state),
        View::Tried { typed, outcome } => tried_body(state.current_entry(), typed, outcome),
        View::ConfirmReset => {
            let mut text = Text::new();
            text.styled(
                0,
                Style::Bold,
                &format!("Reset {} to its stub?", state.current_entry().file),
            );
            text.prose(0, RESET_QUESTION);
            text
        }
        View::List { selected, typed } => list_body(state, *selected, typed),
        View::Exercise | View::TryPrompt { .. } | View::ConfirmQuit => Text::new(),
        View::CheckAll(None) => {
            let mut text = Text::new();
            text.prose(
                0,
                &format!(
                    "Grading all {} exercises... ({} stops)",
                    state.entries.len(),
                    stop_key(state)
                ),
            );
            text
        }
        View::CheckAll(Some(outcomes)) => check_all_body(&state.entries, outcomes),
        View::Finished => {
            let mut text = Text::new();
            text.styled(0, Style::Good, FINISHED)
                .blank()
                .prose(0, FINISHED_MORE);
            text
        }
    };
    Body {
        lines: text.render(width, color),
        hint_at: None,
    }
}

/// The verdict, with the hint (when shown) right after what went wrong, so the case,
/// the answer, the rule and the advice stay at the top.
fn exercise_body(state: &State, width: usize, color: bool) -> Body {
    let entry = state.current_entry();
    let mut verdict = Text::new();
    let mut details = Text::new();
    match &state.status {
        Status::Grading => {
            verdict.styled(0, Style::Warn, &format!("Grading {}...", entry.info.name));
            if let Some(progress) = &state.progress {
                verdict.styled(2, Style::Dim, progress);
            }
        }
        Status::Graded(Outcome::Graded(grade)) => {
            let detail = match state.input_closed {
                true => Detail::BRIEF,
                false => Detail {
                    see_all: Some(SEE_ALL_OUTPUT),
                    ..Detail::BRIEF
                },
            };
            let parts = report::describe_parts(grade, &entry.info, &entry.file, detail);
            verdict = parts.verdict;
            details = parts.details;
            if grade.passed() {
                details.blank().append(success(state));
            }
        }
        Status::Graded(Outcome::Error(error)) => {
            verdict.line(
                0,
                &[
                    (Style::Bad, "✗"),
                    (
                        Style::Plain,
                        &format!(" The grader could not grade {}:", entry.info.name),
                    ),
                ],
            );
            verdict
                .blank()
                .prose(0, error)
                .blank()
                .prose(0, GRADER_ERROR_ADVICE);
        }
    }
    let mut lines = verdict.render(width, color);
    let hint_at = state.show_hint.then(|| {
        // The hint's title, after a blank line: in view only once the title is.
        let at = lines.len() + 1;
        let mut hint = Text::new();
        hint.blank()
            .styled(0, Style::Warn, &format!("Hint for {}:", entry.info.name))
            .prose(2, entry.info.hint.trim());
        lines.extend(hint.render(width, color));
        at
    });
    lines.extend(details.render(width, color));
    Body { lines, hint_at }
}

/// Everything the learner's code printed while the failing case ran.
fn output_body(state: &State) -> Text {
    let mut text = Text::new();
    let Some(failure) = state.failure_with_output() else {
        text.prose(0, "Your code printed nothing while the failing case ran.");
        return text;
    };
    text.line(
        0,
        &[
            (
                Style::Bold,
                &format!(
                    "Hidden case {} of \"{}\"",
                    failure.case_number, failure.group
                ),
            ),
            (Style::Plain, &format!(": {}", failure.input)),
        ],
    );
    let name = &state.current_entry().info.name;
    text.append(report::printed_text(&failure.printed, name, Detail::FULL));
    text
}

fn tried_body(entry: &Entry, typed: &str, outcome: &Option<TryOutcome>) -> Text {
    let mut text = Text::new();
    match outcome {
        None => {
            text.styled(
                0,
                Style::Warn,
                &format!("Trying {} on {typed}...", entry.info.name),
            );
        }
        Some(TryOutcome::Ran(tried)) => text = describe_tried(tried, &entry.info, &entry.file),
        Some(TryOutcome::Invalid(problem)) => {
            text.line(
                0,
                &[
                    (Style::Bad, "✗"),
                    (Style::Plain, &format!(" `{typed}` cannot be tried:")),
                ],
            );
            text.blank().prose(2, problem);
        }
        Some(TryOutcome::Error(error)) => {
            text.line(
                0,
                &[
                    (Style::Bad, "✗"),
                    (
                        Style::Plain,
                        &format!(" The grader could not try {}:", entry.info.name),
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
    match (state.next_pending(), state.input_closed) {
        (Some(next), false) => text.line(
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
        (Some(next), true) => {
            let next = &state.entries[next];
            text.line(
                0,
                &[
                    (Style::Plain, "Next is "),
                    (Style::Bold, &next.info.name),
                    (
                        Style::Plain,
                        &format!(
                            " (its lesson is {}): save {} and it becomes the current \
                             exercise, graded on every save.",
                            next.info.lesson, next.file
                        ),
                    ),
                ],
            )
        }
        (None, false) => text.prose(0, "That was the last exercise left: press n to finish."),
        (None, true) => text.prose(
            0,
            "That was the last exercise left: every exercise is done.",
        ),
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
        Outcome::Graded(grade) => grade.verdict.label(),
        Outcome::Error(_) => "grader error",
    }
}

fn check_all_body(entries: &[Entry], outcomes: &[Outcome]) -> Text {
    let passing = outcomes.iter().filter(|o| o.passed()).count();
    let mut text = Text::new();
    text.styled(
        0,
        Style::Bold,
        &format!(
            "{}.",
            n_of(passing, entries.len(), "exercise passes", "exercises pass")
        ),
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

/// The footer: where a scrolled body is (or a blank line), the note, the progress bar
/// (when there is room), and the keys (or the try prompt).
fn footer(state: &State, width: usize, scrolled: Option<Scrolled>, chrome: Chrome) -> Text {
    let mut text = Text::new();
    match scrolled {
        Some(place) => text.styled(0, Style::Dim, &scroll_line(state, place)),
        None => text.blank(),
    };
    if let Some(note) = &state.note {
        let style = if note.problem {
            Style::Bad
        } else {
            Style::Note
        };
        text.styled(0, style, &note.text);
    }
    if chrome == Chrome::Full {
        progress_bar(&mut text, state, width);
    }
    match &state.view {
        View::TryPrompt { typed } => prompt(&mut text, state, typed),
        View::ConfirmQuit => {
            text.styled(0, Style::Warn, &keys(state, width));
        }
        _ => {
            text.styled(0, Style::Dim, &keys(state, width));
        }
    }
    text
}

fn progress_bar(text: &mut Text, state: &State, width: usize) {
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
}

/// "lines 1-12/30" (or "hint below" when the hint is shown out of view), and the
/// keys that scroll; one line at 60 columns.
fn scroll_line(state: &State, place: Scrolled) -> String {
    let keys = match (&state.view, state.keys_as_lines) {
        (_, true) => SCROLL_LINES,
        (View::TryPrompt { .. }, false) => SCROLL_TYPING,
        (_, false) => SCROLL_KEYS,
    };
    if place.hint_below {
        return format!("hint below · {keys}");
    }
    let last = (place.top + place.rows).min(place.lines);
    format!("lines {}-{last}/{} · {keys}", place.top + 1, place.lines)
}

/// The try prompt: what the function takes, what is typed so far, and how to go on.
fn prompt(text: &mut Text, state: &State, typed: &str) {
    let entry = state.current_entry();
    let asked = format!("try {} {}: ", entry.info.name, entry.arguments);
    if state.keys_as_lines {
        text.line(0, &[(Style::Bold, &asked)]);
        text.styled(0, Style::Dim, TRY_LINES);
    } else {
        text.line(
            0,
            &[(Style::Bold, &asked), (Style::Plain, &format!("{typed}_"))],
        );
        text.styled(0, Style::Dim, TRY_KEYS);
    }
}

/// A key the key line offers, and how much it matters: where the line is too short for
/// every key, the lowest ranks stay and `? keys` stands for the others.
struct Offer {
    label: &'static str,
    rank: u8,
}

/// How the key line names going back: Esc cannot be typed as a line.
fn back_key(state: &State) -> &'static str {
    match state.keys_as_lines {
        true => "q",
        false => "Esc/q",
    }
}

fn stop_key(state: &State) -> &'static str {
    match state.keys_as_lines {
        true => "q",
        false => "Esc or q",
    }
}

/// The key line, one line of at most `width` columns.
fn keys(state: &State, width: usize) -> String {
    if state.input_closed {
        return KEYS_OFF.to_string();
    }
    let back = back_key(state);
    let offers: Vec<Offer> = match &state.view {
        View::Exercise => main_offers(state),
        View::ConfirmQuit if state.keys_as_lines => {
            return format!("{QUIT_QUESTION} (then Enter)");
        }
        View::ConfirmQuit => return QUIT_QUESTION.to_string(),
        view => {
            let line = match view {
                View::Output => format!("{back} back to the verdict"),
                View::Tried { outcome: None, .. } | View::CheckAll(None) => {
                    format!("{back} stop")
                }
                View::Tried { .. } => format!("t try again · {back} back to the verdict"),
                View::Keys => format!("{back} back to the verdict"),
                View::List { .. } if state.keys_as_lines => "a number: go there · q back".into(),
                View::List { .. } => format!("Enter go · ↑/↓ move · {back} back"),
                View::ConfirmReset => "y reset · other keys keep your file".into(),
                View::CheckAll(Some(_)) => format!("l list · c check all again · {back} back"),
                View::Finished => "l list · c check all · q quit".into(),
                View::Exercise | View::TryPrompt { .. } | View::ConfirmQuit => String::new(),
            };
            return with_line_prefix(state, line);
        }
    };
    let prefix = with_line_prefix(state, String::new());
    with_line_prefix(state, fitted(&offers, width.saturating_sub(prefix.len())))
}

/// With keys as lines, the key line says that each key needs Enter.
fn with_line_prefix(state: &State, keys: String) -> String {
    match state.keys_as_lines {
        true => format!("Type a key and Enter: {keys}"),
        false => keys,
    }
}

/// The main screen's keys, in the order shown, quit last.
fn main_offers(state: &State) -> Vec<Offer> {
    let offer = |label, rank| Offer { label, rank };
    let mut offers = vec![
        // `n` only says "not yet" until the exercise passes.
        offer("n next", if state.current_passes() { 1 } else { 9 }),
        offer("h hint", 2),
        offer("t try", 3),
    ];
    if state.failure_with_output().is_some() {
        offers.push(offer("o output", 4));
    }
    if !state.keys_as_lines {
        offers.push(offer("L lesson", 5));
    }
    offers.extend([
        offer("l list", 6),
        offer("c check all", 7),
        offer("r reset", 8),
        offer("q quit", 0),
    ]);
    offers
}

/// The offers joined, all of them if they fit in `room` columns; else those that fit,
/// most important first, with `? keys` before the last.
fn fitted(offers: &[Offer], room: usize) -> String {
    let line = |kept: &[bool], cut: bool| {
        let mut labels: Vec<&str> = offers
            .iter()
            .zip(kept)
            .filter(|(_, kept)| **kept)
            .map(|(offer, _)| offer.label)
            .collect();
        if cut {
            labels.insert(labels.len().saturating_sub(1), MORE_KEYS);
        }
        labels.join(" · ")
    };
    let all = line(&vec![true; offers.len()], false);
    if all.chars().count() <= room {
        return all;
    }
    let mut by_rank: Vec<usize> = (0..offers.len()).collect();
    by_rank.sort_by_key(|&i| offers[i].rank);
    let mut kept = vec![false; offers.len()];
    for i in by_rank {
        kept[i] = true;
        if line(&kept, true).chars().count() > room {
            kept[i] = false;
        }
    }
    line(&kept, true)
}

/// Every key, what it does, and how to go back.
fn keys_body(state: &State) -> Text {
    let mut text = Text::new();
    text.styled(0, Style::Bold, KEYS_TITLE).blank();
    for (key, does) in KEYS_HELP {
        let does = match key {
            "L" if state.keys_as_lines => LESSON_IN_LINES,
            _ => does,
        };
        text.line(
            2,
            &[(Style::Bold, key), (Style::Plain, &format!("  {does}"))],
        );
    }
    let scroll = match state.keys_as_lines {
        true => SCROLL_LINES,
        false => SCROLL_KEYS,
    };
    text.line(
        2,
        &[(Style::Plain, &format!("scroll a long verdict: {scroll}"))],
    );
    text.blank().prose(0, KEYS_BACK);
    text
}

#[cfg(test)]
mod tests {
    use super::super::state::tests::{entries, failed, passed, tried_wrong};
    use super::super::state::{Event, Key};
    use super::*;
    use crate::judge::{Grade, Verdict};
    use crate::text::visible_width;
    use xorlings_course::model::Seed;

    const XOR_ALL_HINT: &str = "Start from 0, the nim-sum of no heaps, and combine every heap \
into it with `^`.\nA loop with an accumulator works, and so does `iter().fold(...)`.\nKeep \
everything in u64: heaps use all 64 bits, so never cast to u32.";

    fn plain(screen: &Screen) -> String {
        screen.lines.join("\n")
    }

    /// Asserts that `screen` shows each of `texts`, wherever it wrapped them.
    fn assert_shows(screen: &str, texts: &[&str]) {
        for text in texts {
            assert!(has(screen, text), "{text:?} missing in\n{screen}");
        }
    }

    /// Whether `screen` says `phrase`, wherever the screen wrapped it.
    fn has(screen: &str, phrase: &str) -> bool {
        let words = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
        words(screen).contains(&words(phrase))
    }

    fn graded(outcome: Outcome) -> State {
        let (mut state, _) = State::new(entries(6), 0, false);
        state.status = Status::Graded(outcome);
        state
    }

    /// The failure learners met at 60x20: xor_all adding the heaps, with the real rule
    /// and advice of its checker, while printing a line per heap and more.
    fn adding_the_heaps(state: &mut State, printed_lines: usize) {
        let printed: String = (0..printed_lines)
            .map(|i| format!("heap {i} is 1\n"))
            .collect();
        let grade = report::adding_the_heaps(printed);
        state.entries[0].info.name = "xor_all".to_string();
        state.entries[0].info.hint = XOR_ALL_HINT.to_string();
        state.status = Status::Graded(Outcome::Graded(Box::new(grade)));
    }

    /// Draws `state` and tells it what was drawn, as the loop does.
    fn draw(state: &mut State, width: usize, height: usize) -> String {
        let screen = render(state, width, Some(height), false);
        for line in &screen.lines {
            assert!(
                visible_width(line) <= width,
                "{line:?} is wider than {width}"
            );
        }
        assert!(screen.lines.len() <= height, "{:#?}", screen.lines);
        state.handle(Event::Drawn(screen.viewport));
        plain(&screen)
    }

    /// Scrolls down a line at a time until every text of `wanted` has been on screen;
    /// returns the screens seen.
    fn scroll_through(
        state: &mut State,
        width: usize,
        height: usize,
        wanted: &[&str],
    ) -> Vec<String> {
        let mut screens = vec![draw(state, width, height)];
        while !wanted.iter().all(|w| screens.iter().any(|s| has(s, w))) {
            let before = state.scroll;
            state.handle(Event::Key(Key::Down));
            assert_ne!(
                state.scroll, before,
                "{wanted:?} never showed in {screens:#?}"
            );
            screens.push(draw(state, width, height));
        }
        screens
    }

    #[test]
    fn the_exercise_screen_has_name_file_lesson_verdict_progress_and_keys() {
        let state = graded(failed("exercise_0"));
        let screen = plain(&render(&state, 80, Some(24), false));
        assert_shows(
            &screen,
            &[
                "exercise 1 of 6: exercise_0",
                "file:   exercises/exercise_0/src/lib.rs",
                "lesson: lessons/lesson-0.md",
                "wrong answer on hidden case 1",
                "0/6 done",
                "n next · h hint · t try · L lesson · l list · c check all · r reset · q quit",
            ],
        );
    }

    #[test]
    fn the_waiting_screen_shows_how_far_the_grading_has_got() {
        let (mut state, _) = State::new(entries(6), 0, false);
        state.progress = Some("2 of 4 test groups done, 3 s".to_string());
        let screen = plain(&render(&state, 80, Some(24), false));
        let grading = screen.find("Grading exercise_0...").expect(&screen);
        let progress = screen.find("2 of 4 test groups done, 3 s").expect(&screen);
        assert!(grading < progress, "{screen}");
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
    fn the_hint_is_shown_on_demand_below_the_verdict() {
        let mut state = graded(failed("exercise_0"));
        assert!(!plain(&render(&state, 80, None, false)).contains("Hint number 0"));
        state.handle(Event::Key(Key::Char('h')));
        let screen = plain(&render(&state, 80, None, false));
        let hint = screen.find("Hint for exercise_0:").expect(&screen);
        assert!(screen.contains("Hint number 0."), "{screen}");
        for verdict in [
            "input: heaps = []",
            "yours: 7",
            "7 is not the nim-sum",
            "Advice: Start from 0",
        ] {
            let at = screen.find(verdict).expect(verdict);
            assert!(at < hint, "{verdict:?} comes before the hint:\n{screen}");
        }
    }

    #[test]
    fn at_60x20_the_case_answer_rule_advice_and_hint_show_as_the_verdict_scrolls() {
        let (mut state, _) = State::new(entries(6), 0, false);
        adding_the_heaps(&mut state, 12);
        state.handle(Event::Key(Key::Char('h')));
        let first = draw(&mut state, 60, 20);
        // At once: the case, the answer, the rule and the advice, with the count of
        // exercises done in the header; the footer lists the scroll keys.
        assert_shows(
            &first,
            &[
                "input: heaps = [1, 1]",
                "yours: 2",
                "The nim-sum of [1, 1] is 0, but your function returned 2.",
                "Advice: You added the heaps. The nim-sum adds each binary column without \
                 carrying: that is XOR (`^`), not `+`.",
                "xorlings · exercise 1 of 6: xor_all · 0/6 done",
                SCROLL_KEYS,
                "hint below · ↑/↓",
            ],
        );
        state.handle(Event::Key(Key::Char('h')));
        // The key line takes one row: the verdict gets the rest.
        assert_shows(&draw(&mut state, 60, 20), &["lines 1-15/30 · ↑/↓"]);
        state.handle(Event::Key(Key::Char('h')));
        let screens = scroll_through(
            &mut state,
            60,
            20,
            &[
                "Advice: You added the heaps",
                "Hint for xor_all:",
                "never cast to u32",
            ],
        );
        // The advice comes before the hint, so a learner scrolling sees it first.
        let advice_seen = screens
            .iter()
            .position(|s| has(s, "Advice: You added"))
            .unwrap();
        let hint_seen = screens
            .iter()
            .position(|s| has(s, "never cast to u32"))
            .unwrap();
        assert!(advice_seen <= hint_seen);
        state.handle(Event::Key(Key::Char('G')));
        assert_shows(
            &draw(&mut state, 60, 20),
            &["4 more lines (`o` shows them all)"],
        );
        state.handle(Event::Key(Key::Char('g')));
        assert_shows(&draw(&mut state, 60, 20), &["input: heaps = [1, 1]"]);
    }

    #[test]
    fn at_80x24_the_case_answer_rule_and_advice_fit_at_once() {
        let (mut state, _) = State::new(entries(6), 0, false);
        adding_the_heaps(&mut state, 2);
        let screen = draw(&mut state, 80, 24);
        assert_shows(
            &screen,
            &[
                "input: heaps = [1, 1]",
                "yours: 2",
                "The nim-sum of [1, 1] is 0",
                "Advice: You added the heaps",
            ],
        );
    }

    #[test]
    fn o_shows_every_line_printed() {
        let (mut state, _) = State::new(entries(6), 0, false);
        adding_the_heaps(&mut state, 12);
        let screen = plain(&render(&state, 80, None, false));
        assert!(screen.contains("| heap 7 is 1"), "{screen}");
        assert!(!screen.contains("| heap 8 is 1"), "{screen}");
        assert!(
            screen.contains("... 4 more lines (`o` shows them all)"),
            "{screen}"
        );
        assert!(screen.contains("o output"), "{screen}");
        state.handle(Event::Key(Key::Char('o')));
        let screen = plain(&render(&state, 80, None, false));
        assert!(screen.contains("Hidden case 21 of \"no heaps"), "{screen}");
        assert!(screen.contains("| heap 11 is 1"), "{screen}");
        assert!(!screen.contains("more lines"), "{screen}");
        assert!(screen.contains("Esc/q back to the verdict"), "{screen}");
    }

    #[test]
    fn the_try_prompt_is_in_the_footer_and_the_result_in_the_body() {
        let mut state = graded(failed("exercise_0"));
        state.handle(Event::Key(Key::Char('t')));
        for c in "3 4 5".chars() {
            state.handle(Event::Key(Key::Char(c)));
        }
        let screen = plain(&render(&state, 60, Some(10), false));
        assert_shows(&screen, &[SCROLL_TYPING]);
        let screen = plain(&render(&state, 60, Some(20), false));
        assert!(
            screen.contains("try exercise_0 <heaps>: 3 4 5_"),
            "{screen}"
        );
        assert!(screen.contains("Enter tries it · Esc cancels"), "{screen}");
        assert!(
            screen.contains("input: heaps = []"),
            "the verdict stays above:\n{screen}"
        );

        let actions = state.handle(Event::Key(Key::Enter));
        let [super::super::state::Action::Try { job, .. }] = actions.as_slice() else {
            panic!("{actions:?}");
        };
        let screen = plain(&render(&state, 60, Some(20), false));
        assert!(screen.contains("Trying exercise_0 on 3 4 5..."), "{screen}");
        state.handle(Event::Tried {
            job: *job,
            outcome: tried_wrong("exercise_0", "heaps = [3, 4, 5]"),
        });
        let screen = plain(&render(&state, 60, Some(20), false));
        assert_shows(
            &screen,
            &[
                "Trying exercise_0 on heaps = [3, 4, 5]:",
                "Your function returned 12.",
                "wrong answer on your input",
                "7 is not the nim-sum",
                "Advice: Start from 0",
                "t try again · Esc/q back to the verdict",
            ],
        );
    }

    #[test]
    fn the_try_prompt_with_keys_as_lines_asks_for_a_line() {
        let (mut state, _) = State::new(entries(2), 0, true);
        state.status = Status::Graded(failed("exercise_0"));
        state.handle(Event::Line("t".to_string()));
        let screen = plain(&render(&state, 80, None, false));
        assert!(screen.contains("try exercise_0 <heaps>:"), "{screen}");
        assert!(
            screen.contains(TRY_LINES.split(';').next().unwrap()),
            "{screen}"
        );
    }

    #[test]
    fn keys_as_lines_scroll_with_plus_and_minus() {
        let (mut state, _) = State::new(entries(6), 0, true);
        adding_the_heaps(&mut state, 12);
        let screen = draw(&mut state, 60, 20);
        assert!(screen.contains(SCROLL_LINES), "{screen}");
        state.handle(Event::Line("+".to_string()));
        assert!(state.scroll > 0);
    }

    #[test]
    fn with_keys_off_no_key_is_offered_and_saves_are_explained() {
        let (mut state, _) = State::new(entries(6), 0, false);
        adding_the_heaps(&mut state, 12);
        state.handle(Event::InputClosed);
        let failing = draw(&mut state, 60, 20);
        let mut passing_state = graded(passed("exercise_0"));
        passing_state.handle(Event::InputClosed);
        passing_state.entries[0].done = true;
        let passing = plain(&render(&passing_state, 80, None, false));
        for screen in [&failing, &passing] {
            for key_hint in [
                "Press n", "press n", "`l`", "n next", "h hint", "`o`", "lines 1-",
            ] {
                assert!(!screen.contains(key_hint), "{key_hint:?} in\n{screen}");
            }
            assert!(has(screen, "every save is graded"), "{screen}");
        }
        assert!(
            has(&failing, "more lines (`cargo grader run` shows them all)"),
            "{failing}"
        );
        assert!(
            has(
                &passing,
                "save exercises/exercise_1/src/lib.rs and it becomes the current"
            ),
            "{passing}"
        );
    }

    #[test]
    fn notes_show_above_the_progress_bar() {
        let mut state = graded(failed("exercise_0"));
        state.handle(Event::Key(Key::Char('r')));
        state.handle(Event::Key(Key::Char('x')));
        let screen = plain(&render(&state, 80, Some(24), false));
        assert!(
            screen.contains("Nothing changed: your file is as it was.\nProgress ["),
            "{screen}"
        );
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
            assert_eq!(screen.lines.len(), 24, "{:#?}", screen.lines);
            for line in &screen.lines {
                assert!(
                    visible_width(line) <= width,
                    "{line:?} is wider than {width}"
                );
            }
            let text = plain(&render(&state, width, Some(24), false));
            assert!(text.contains(SCROLL_KEYS), "{text}");
            assert!(has(&text, "q quit"), "the footer stays: {text}");
        }
        state.input_closed = true;
        let text = plain(&render(&state, 60, Some(24), false));
        assert!(text.contains("more lines"), "{text}");
    }

    /// The states of the main screen a learner meets, each with the keys it offers.
    fn main_screens() -> Vec<(&'static str, State)> {
        let printed = graded(super::super::state::tests::failed_printing(
            "exercise_0",
            "printed\n",
        ));
        let mut passing = graded(passed("exercise_0"));
        passing.entries[0].done = true;
        let mut hinted = graded(failed("exercise_0"));
        hinted.show_hint = true;
        let (mut lines, _) = State::new(entries(6), 0, true);
        lines.status = Status::Graded(failed("exercise_0"));
        vec![
            ("grading", State::new(entries(6), 0, false).0),
            ("failing", graded(failed("exercise_0"))),
            ("failing and printing", printed),
            ("passing", passing),
            ("with the hint", hinted),
            ("keys as lines", lines),
        ]
    }

    #[test]
    fn the_key_line_fits_one_line_at_60_columns_and_offers_the_rest_with_a_question_mark() {
        for (name, state) in main_screens() {
            for width in [60, 80, 120] {
                let line = keys(&state, width);
                assert!(
                    line.chars().count() <= width,
                    "{name} at {width}: {line:?} does not fit"
                );
                assert!(line.ends_with("q quit"), "{name}: {line}");
                let offers = main_offers(&state);
                let shown = offers.iter().filter(|o| line.contains(o.label)).count();
                assert!(
                    shown == offers.len() || line.contains(" · ? keys · q quit"),
                    "{name} at {width}: keys left out without `?`: {line}"
                );
            }
            // On screen too: the footer's last line is the whole key line.
            let screen = render(&state, 60, Some(20), false);
            assert_eq!(screen.lines.last(), Some(&keys(&state, 60)), "{name}");
        }
        let (_, failing) = &main_screens()[2];
        assert_eq!(
            keys(failing, 60),
            "h hint · t try · o output · L lesson · ? keys · q quit"
        );
        let (_, passing) = &main_screens()[3];
        assert_eq!(
            keys(passing, 60),
            "n next · h hint · t try · L lesson · ? keys · q quit",
            "once the exercise passes, n comes first"
        );
    }

    #[test]
    fn every_other_key_line_fits_60_columns_too() {
        let mut state = graded(failed("exercise_0"));
        let views = [
            View::Output,
            View::Tried {
                typed: "3".into(),
                outcome: None,
            },
            View::Tried {
                typed: "3".into(),
                outcome: Some(tried_wrong("exercise_0", "heaps = [3]")),
            },
            View::List {
                selected: 0,
                typed: String::new(),
            },
            View::ConfirmReset,
            View::ConfirmQuit,
            View::Keys,
            View::CheckAll(None),
            View::CheckAll(Some(vec![failed("exercise_0"); 6])),
            View::Finished,
        ];
        for view in views {
            state.view = view;
            for keys_as_lines in [false, true] {
                state.keys_as_lines = keys_as_lines;
                let line = keys(&state, 60);
                assert!(line.chars().count() <= 60, "{:?}: {line:?}", state.view);
                let screen = render(&state, 60, Some(20), false);
                assert_eq!(screen.lines.last(), Some(&line));
            }
        }
        state.input_closed = true;
        assert!(keys(&state, 60).chars().count() <= 60);
    }

    #[test]
    fn a_grading_asks_before_quitting_in_the_footer_with_its_verdict_above() {
        let (mut state, _) = State::new(entries(6), 0, false);
        state.handle(Event::Key(Key::Char('q')));
        let screen = plain(&render(&state, 60, Some(20), false));
        assert!(screen.ends_with(QUIT_QUESTION), "{screen}");
        assert!(screen.contains("Grading exercise_0..."), "{screen}");
    }

    #[test]
    fn a_passing_headline_keeps_its_time_whole_at_60_columns() {
        let mut state = graded(passed("exercise_0"));
        state.entries[0].info.name = "subtraction_sum_move".to_string();
        for width in 55..=70 {
            let screen = render(&state, width, Some(20), false);
            assert!(
                screen.lines.iter().any(|l| l.ends_with("(0.03 s).")),
                "at {width}: {:#?}",
                screen.lines
            );
        }
    }

    #[test]
    fn the_keys_screen_names_every_key_one_line_each_at_60_columns() {
        let mut state = graded(failed("exercise_0"));
        state.handle(Event::Key(Key::Char('?')));
        let screen = plain(&render(&state, 60, None, false));
        for (key, does) in KEYS_HELP {
            assert!(
                screen.contains(&format!("  {key}  {does}\n")),
                "{key} {does:?} is not one line:\n{screen}"
            );
        }
        assert!(has(&screen, KEYS_BACK), "{screen}");
    }

    #[test]
    fn at_60_columns_a_compilers_note_and_a_long_note_wrap_and_are_never_cut() {
        use crate::judge::CompileErrors;
        let help = "help: you can convert an `i32` to a `u64` and panic if the converted \
                    value doesn't fit";
        let messages = format!(
            "error[E0308]: mismatched types\n --> exercises/exercise_0/src/lib.rs:2:5\n  |\n\
             2 |     heaps.len() as i32\n  |     ^^^^^^^^^^^^^^^^^^ expected `u64`, found \
             `i32`\n  |\n{help}\n"
        );
        let grade = Grade::without_run(
            "exercise_0",
            Verdict::CompileError(CompileErrors {
                messages,
                in_runner: 0,
            }),
            None,
            Seed::DEFAULT,
        );
        let mut state = graded(Outcome::Graded(Box::new(grade)));
        let note = "You saved exercises/exercise_5/src/lib.rs; the current exercise is still \
                    exercise_0 (`l` lists the exercises to jump to another).";
        state.handle(Event::Problem(note.to_string()));
        let screen = draw(&mut state, 60, 20);
        assert_shows(&screen, &[help, note, "expected `u64`, found `i32`"]);
    }

    #[test]
    fn the_list_shows_statuses_and_the_current_exercise() {
        let (mut state, _) = State::new(entries(6), 0, false);
        state.entries[0].done = true;
        state.handle(Event::Key(Key::Char('l')));
        state.handle(Event::Key(Key::Char('4')));
        let screen = plain(&render(&state, 60, Some(20), false));
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
        assert!(
            screen.contains("Type a key and Enter: h hint · t try · l list"),
            "{screen}"
        );
        assert!(!screen.contains("L lesson"), "the pager needs a terminal");
    }

    #[test]
    fn a_printed_screen_has_the_whole_body() {
        let (mut state, _) = State::new(entries(6), 0, true);
        adding_the_heaps(&mut state, 12);
        state.show_hint = true;
        let screen = render(&state, 80, None, false);
        assert_eq!(screen.viewport.rows, screen.viewport.lines);
        assert!(!plain(&screen).contains("lines 1-"));
    }
}
