//! The pager's behaviour as a pure state machine: keys in, the new view (or quit) out,
//! and the status line. The terminal side is in `terminal.rs`.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::columns::{truncate, width};
use super::document::{Page, Rendered};

/// The keys, from the fullest list to the shortest, each followed by `q` and what
/// leaving does: the status line shows the first that fits, or none.
const KEYS_HELP: [&str; 4] = [
    "space/b page · j/k line · g/G top/end · n/p section · a answers · ",
    "n/p section · a answers · ",
    "n/p · a answers · ",
    "",
];

/// The fewest columns of a title cut to keep the way out on the status line.
const MIN_TITLE: usize = 8;

/// What a key asks the pager to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Key {
    LineDown,
    LineUp,
    PageDown,
    PageUp,
    Top,
    Bottom,
    NextSection,
    PreviousSection,
    ToggleAnswers,
    Quit,
    /// Ctrl-C: leaves the pager, and whatever runs it (watch) too.
    Interrupt,
}

/// The key a terminal key press stands for, if any.
pub(super) fn key(event: KeyEvent) -> Option<Key> {
    if event.modifiers.contains(KeyModifiers::CONTROL) {
        return match event.code {
            KeyCode::Char('c') => Some(Key::Interrupt),
            KeyCode::Char('f') => Some(Key::PageDown),
            KeyCode::Char('b') => Some(Key::PageUp),
            _ => None,
        };
    }
    match event.code {
        KeyCode::Char(' ' | 'f') | KeyCode::PageDown => Some(Key::PageDown),
        KeyCode::Char('b') | KeyCode::PageUp => Some(Key::PageUp),
        KeyCode::Char('j') | KeyCode::Down | KeyCode::Enter => Some(Key::LineDown),
        KeyCode::Char('k') | KeyCode::Up => Some(Key::LineUp),
        KeyCode::Char('g') | KeyCode::Home => Some(Key::Top),
        KeyCode::Char('G') | KeyCode::End => Some(Key::Bottom),
        KeyCode::Char('n') => Some(Key::NextSection),
        KeyCode::Char('p') => Some(Key::PreviousSection),
        KeyCode::Char('a') => Some(Key::ToggleAnswers),
        KeyCode::Char('q') | KeyCode::Esc => Some(Key::Quit),
        _ => None,
    }
}

/// What the pager shows: the page's line at the top of the screen, and whether the
/// answers are shown (at the end of the lesson).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(super) struct View {
    pub top: usize,
    pub answers: bool,
    /// The top before showing the answers jumped to one: hiding them goes back there.
    back: Option<usize>,
}

impl View {
    /// The page this view shows.
    pub(super) fn page(self, rendered: &Rendered) -> &Page {
        match self.answers {
            true => &rendered.answered,
            false => &rendered.folded,
        }
    }

    /// The view after `key` on a screen of `rows` text rows, or `None` to quit.
    pub(super) fn press(self, key: Key, rendered: &Rendered, rows: usize) -> Option<View> {
        let page = self.page(rendered);
        let last_top = page.lines.len().saturating_sub(rows);
        let rows = rows.max(1);
        let top = match key {
            Key::Quit | Key::Interrupt => return None,
            Key::ToggleAnswers => return Some(self.toggle_answers(rendered, rows)),
            Key::LineDown => self.top + 1,
            Key::LineUp => self.top.saturating_sub(1),
            Key::PageDown => self.top + rows,
            Key::PageUp => self.top.saturating_sub(rows),
            Key::Top => 0,
            Key::Bottom => last_top,
            Key::NextSection => page
                .headings
                .iter()
                .map(|heading| heading.line)
                .find(|&line| line > self.top)
                .unwrap_or(self.top),
            Key::PreviousSection => page
                .headings
                .iter()
                .map(|heading| heading.line)
                .rfind(|&line| line < self.top)
                .unwrap_or(0),
        };
        Some(View {
            top: top.min(last_top),
            ..self
        })
    }

    /// Showing the answers goes to the first answer folded on the screen, if any, and
    /// hiding them while the answers are on the screen goes back there. Elsewhere the
    /// view stays where it is.
    fn toggle_answers(self, rendered: &Rendered, rows: usize) -> View {
        let (top, back) = if self.answers {
            let in_answers = self.top + rows > rendered.folded.lines.len();
            let back = self.back.filter(|_| in_answers);
            (back.unwrap_or(self.top), None)
        } else {
            let on_screen = self.top..self.top + rows;
            let folded = rendered
                .answers
                .iter()
                .find(|answer| on_screen.contains(&answer.placeholder));
            match folded {
                Some(answer) => (answer.shown_at, Some(self.top)),
                None => (self.top, None),
            }
        };
        let view = View {
            top,
            answers: !self.answers,
            back,
        };
        let last_top = view.page(rendered).lines.len().saturating_sub(rows);
        View {
            top: top.min(last_top),
            ..view
        }
    }
}

/// The status line, at most `columns` wide: the title, where the screen is, the keys
/// (`q` and what it does: `leave`, "quit" or "back"). When there is no room the keys
/// go first, then the title is cut to keep `q`, then `q` goes, then the title is cut.
pub(super) fn status(
    title: &str,
    view: View,
    lines: usize,
    rows: usize,
    columns: usize,
    leave: &str,
) -> String {
    let first = (view.top + 1).min(lines);
    let last = (view.top + rows).min(lines);
    let percent = (last * 100).checked_div(lines).unwrap_or(100);
    let position = format!("lines {first}-{last} of {lines}, {percent}%");
    for keys in KEYS_HELP {
        let line = format!(" {title} · {position} · {keys}q {leave}");
        if width(&line) <= columns {
            return line;
        }
    }
    // How to leave matters more than the whole title: the title is cut first.
    let leaving = format!(" · {position} · q {leave}");
    let room = columns.saturating_sub(width(&leaving) + 2);
    if room >= MIN_TITLE {
        let cut = truncate(title, room).trim_end_matches([' ', '·']);
        return format!(" {cut}…{leaving}");
    }
    let short = format!(" {title} · {position}");
    if width(&short) <= columns {
        return short;
    }
    let room = columns.saturating_sub(width(&position) + 4);
    truncate(&format!(" {} · {position}", truncate(title, room)), columns).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lesson::document::{Answer, Heading};

    /// 100 lines with headings at 0, 30 and 60 and one answer whose placeholder is at 40;
    /// with the answers shown, the answer's title is at 101.
    fn rendered() -> Rendered {
        let heading = |line| Heading {
            line,
            level: 2,
            text: format!("at {line}"),
        };
        let folded = Page {
            lines: vec![String::new(); 100],
            headings: vec![heading(0), heading(30), heading(60)],
        };
        let mut answered = folded.clone();
        answered.lines.extend(vec![String::new(); 10]);
        answered.headings.push(heading(101));
        let answer = Answer {
            summary: "Answer".into(),
            lines: vec![String::new(); 8],
            placeholder: 40,
            shown_at: 101,
        };
        Rendered {
            folded,
            answered,
            answers: vec![answer],
        }
    }

    fn after(keys: &[Key], rows: usize) -> Option<View> {
        let rendered = rendered();
        keys.iter().try_fold(View::default(), |view, &key| {
            view.press(key, &rendered, rows)
        })
    }

    fn top(keys: &[Key]) -> usize {
        after(keys, 20).expect("did not quit").top
    }

    #[test]
    fn lines_and_pages_move_within_the_text() {
        use Key::*;
        assert_eq!(top(&[LineDown, LineDown, LineUp]), 1);
        assert_eq!(top(&[LineUp]), 0);
        assert_eq!(top(&[PageDown, PageDown]), 40);
        assert_eq!(top(&[PageDown; 10]), 80, "the last screen is full");
        assert_eq!(top(&[Bottom, PageUp]), 60);
        assert_eq!(top(&[Bottom, LineDown]), 80);
        assert_eq!(top(&[Bottom, Top]), 0);
    }

    #[test]
    fn sections_are_found_by_their_headings() {
        use Key::*;
        assert_eq!(top(&[NextSection]), 30);
        assert_eq!(top(&[NextSection, NextSection]), 60);
        assert_eq!(top(&[NextSection, NextSection, NextSection]), 60);
        assert_eq!(top(&[LineDown, LineDown, PreviousSection]), 0);
        assert_eq!(top(&[Bottom, PreviousSection]), 60);
        assert_eq!(top(&[Bottom, PreviousSection, PreviousSection]), 30);
    }

    #[test]
    fn answers_are_shown_at_the_end_and_hidden_again() {
        use Key::*;
        let state = |keys: &[Key], rows| after(keys, rows).map(|view| (view.top, view.answers));
        // The placeholder (line 40) is on the screen: showing jumps to its answer...
        let to_answer = [NextSection, PageDown, PageDown, ToggleAnswers];
        assert_eq!(state(&to_answer, 5), Some((101, true)));
        assert_eq!(
            state(&[NextSection, ToggleAnswers], 20),
            Some((90, true)),
            "clamped"
        );
        // ...and hiding them goes back to the question, even after reading on.
        let back = [&to_answer[..], &[LineDown, LineDown, ToggleAnswers]].concat();
        assert_eq!(state(&back, 5), Some((40, false)));
        let back = [NextSection, ToggleAnswers, LineUp, ToggleAnswers];
        assert_eq!(state(&back, 20), Some((30, false)));
        // Unless the reader left the answers: then the view stays where it is.
        let left = [&to_answer[..], &[Top, ToggleAnswers]].concat();
        assert_eq!(state(&left, 5), Some((0, false)));
        // No placeholder on the screen: the view stays where it is, both ways.
        assert_eq!(state(&[ToggleAnswers], 20), Some((0, true)));
        assert_eq!(state(&[ToggleAnswers, Bottom], 20), Some((90, true)));
        let hidden = [ToggleAnswers, Bottom, ToggleAnswers];
        assert_eq!(
            state(&hidden, 20),
            Some((80, false)),
            "within the shorter text"
        );
    }

    #[test]
    fn quitting_ends_the_pager() {
        assert_eq!(after(&[Key::PageDown, Key::Quit], 20), None);
        assert_eq!(after(&[Key::Interrupt], 20), None);
    }

    #[test]
    fn a_text_shorter_than_the_screen_does_not_move() {
        let rendered = rendered();
        let view = View::default().press(Key::PageDown, &rendered, 200);
        assert_eq!(view, Some(View::default()));
    }

    #[test]
    fn terminal_keys_map_to_pager_keys() {
        let press = |code| key(KeyEvent::new(code, KeyModifiers::NONE));
        assert_eq!(press(KeyCode::Char(' ')), Some(Key::PageDown));
        assert_eq!(press(KeyCode::PageDown), Some(Key::PageDown));
        assert_eq!(press(KeyCode::Char('f')), Some(Key::PageDown));
        assert_eq!(press(KeyCode::Char('b')), Some(Key::PageUp));
        assert_eq!(press(KeyCode::PageUp), Some(Key::PageUp));
        assert_eq!(press(KeyCode::Char('j')), Some(Key::LineDown));
        assert_eq!(press(KeyCode::Down), Some(Key::LineDown));
        assert_eq!(press(KeyCode::Char('k')), Some(Key::LineUp));
        assert_eq!(press(KeyCode::Up), Some(Key::LineUp));
        assert_eq!(press(KeyCode::Char('g')), Some(Key::Top));
        assert_eq!(
            key(KeyEvent::new(KeyCode::Char('G'), KeyModifiers::SHIFT)),
            Some(Key::Bottom)
        );
        assert_eq!(press(KeyCode::Char('n')), Some(Key::NextSection));
        assert_eq!(press(KeyCode::Char('p')), Some(Key::PreviousSection));
        assert_eq!(press(KeyCode::Char('a')), Some(Key::ToggleAnswers));
        assert_eq!(press(KeyCode::Char('q')), Some(Key::Quit));
        assert_eq!(press(KeyCode::Esc), Some(Key::Quit));
        assert_eq!(
            key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)),
            Some(Key::Interrupt)
        );
        assert_eq!(press(KeyCode::Char('x')), None);
    }

    #[test]
    fn the_status_line_tells_where_the_screen_is_and_fits() {
        let view = View::default();
        let line = status("Lesson 1", view, 180, 22, 200, "quit");
        assert!(
            line.starts_with(" Lesson 1 · lines 1-22 of 180, 12% · space/b page"),
            "{line}"
        );
        let line = status("Lesson 1", view, 180, 22, 79, "quit");
        assert_eq!(
            line,
            " Lesson 1 · lines 1-22 of 180, 12% · n/p section · a answers · q quit"
        );
        let line = status("Lesson 1", view, 180, 22, 79, "back");
        assert!(line.ends_with("a answers · q back"), "{line}");
        // Watch's pager at 60 columns keeps its way back, with the title cut.
        let title = "subtraction_sum_move · lessons/sprague-grundy.md";
        let line = status(title, view, 180, 19, 59, "back");
        assert_eq!(
            line,
            " subtraction_sum_move… · lines 1-19 of 180, 10% · q back"
        );
        let line = status("Lesson 1", View { top: 158, ..view }, 180, 22, 40, "quit");
        assert_eq!(line, " Lesson 1 · lines 159-180 of 180, 100%");
        for columns in [10, 20, 30, 40, 60, 80] {
            let line = status("A rather long lesson title", view, 180, 22, columns, "back");
            assert!(width(&line) <= columns, "{line:?}");
        }
        assert_eq!(
            status("t", view, 0, 22, 80, "quit").split(" · ").nth(1),
            Some("lines 0-0 of 0, 100%")
        );
    }
}
