//! What rendering gives: the lesson's lines with each answer folded, the same lines with
//! the answers shown in a section at the end, where the sections start, and the answers.

use super::columns::{truncate, width};
use super::fill::Piece;
use super::heading::heading_lines;
use super::style::{Style, paint};

/// After a folded answer, while the answers are hidden.
const FOLDED_HINT: &str = "press a to show answers";
/// After a folded answer, once the answers are shown at the end.
const SHOWN_HINT: &str = "see Answers at the end";
const ANSWERS_TITLE: &str = "Answers";
/// Marks a folded answer, and an answer shown.
const FOLDED_MARK: &str = "▸";
const SHOWN_MARK: &str = "▾";

/// A lesson rendered for a screen of some width.
#[derive(Debug, Clone)]
pub(super) struct Rendered {
    /// The lesson, each `<details>` answer folded to a one-line placeholder.
    pub folded: Page,
    /// The same lines, the placeholders pointing at an "Answers" section added at the
    /// end, which holds every answer.
    pub answered: Page,
    /// The answers, in order: the first is "Answer 1".
    pub answers: Vec<Answer>,
}

/// Screen lines, none wider than the width rendered for, and their section headings.
#[derive(Debug, Clone, Default)]
pub(super) struct Page {
    pub lines: Vec<String>,
    pub headings: Vec<Heading>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Heading {
    /// The index in `Page::lines` of the heading's first line.
    pub line: usize,
    /// 1 for `#`, 2 for `##`...
    pub level: u8,
    /// The heading's plain text.
    pub text: String,
}

#[derive(Debug, Clone)]
pub(super) struct Answer {
    /// The text of its `<summary>`, e.g. "Answer" (the tests check what each answer holds).
    #[cfg_attr(not(test), allow(dead_code))]
    pub summary: String,
    /// Its content, rendered at the full width.
    #[cfg_attr(not(test), allow(dead_code))]
    pub lines: Vec<String>,
    /// The index of its placeholder line in both pages.
    pub placeholder: usize,
    /// The index of its title line in `Rendered::answered`.
    pub shown_at: usize,
}

/// An answer as the Markdown walker leaves it, before the pages are put together.
pub(super) struct Folded {
    pub summary: String,
    pub lines: Vec<String>,
    pub placeholder: usize,
    /// The placeholder line as it reads once the answers are shown.
    pub shown_placeholder: String,
}

/// The placeholder that stands for answer `number`, in at most `columns` columns: the
/// hint goes first when there is no room for it.
pub(super) fn placeholder(
    summary: &str,
    number: usize,
    shown: bool,
    columns: usize,
    color: bool,
) -> String {
    let label = format!("{FOLDED_MARK} {summary} {number}");
    let hint = format!(" ({})", if shown { SHOWN_HINT } else { FOLDED_HINT });
    if width(&label) + width(&hint) <= columns {
        paint(&label, Style::ANSWER, color) + &paint(&hint, Style::DIM, color)
    } else {
        paint(truncate(&label, columns), Style::ANSWER, color)
    }
}

/// Puts the pages together from the main text and its folded answers.
pub(super) fn assemble(main: Page, folded: Vec<Folded>, columns: usize, color: bool) -> Rendered {
    let mut answered = main.clone();
    for answer in &folded {
        answered.lines[answer.placeholder] = answer.shown_placeholder.clone();
    }
    let mut answers = Vec::new();
    if !folded.is_empty() {
        let title = [Piece::new(ANSWERS_TITLE, Style::PLAIN)];
        add_section(
            &mut answered,
            heading_lines(&title, 2, columns, color),
            2,
            ANSWERS_TITLE,
        );
    }
    for (index, answer) in folded.into_iter().enumerate() {
        let name = format!("{} {}", answer.summary, index + 1);
        let title = truncate(&format!("{SHOWN_MARK} {name}"), columns).to_string();
        let shown_at = add_section(
            &mut answered,
            vec![paint(&title, Style::ANSWER, color)],
            3,
            &name,
        );
        answered.lines.extend(answer.lines.iter().cloned());
        answers.push(Answer {
            summary: answer.summary,
            lines: answer.lines,
            placeholder: answer.placeholder,
            shown_at,
        });
    }
    Rendered {
        folded: main,
        answered,
        answers,
    }
}

/// Adds a blank line and a section's title lines to `page`; gives the title's index.
fn add_section(page: &mut Page, title: Vec<String>, level: u8, text: &str) -> usize {
    page.lines.push(String::new());
    let line = page.lines.len();
    page.headings.push(Heading {
        line,
        level,
        text: text.to_string(),
    });
    page.lines.extend(title);
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_fit_and_say_how_to_see_the_answer() {
        assert_eq!(
            placeholder("Answer", 2, false, 80, false),
            "▸ Answer 2 (press a to show answers)"
        );
        assert_eq!(
            placeholder("Answer", 2, true, 80, false),
            "▸ Answer 2 (see Answers at the end)"
        );
        assert_eq!(placeholder("Answer", 2, false, 20, false), "▸ Answer 2");
        assert_eq!(placeholder("Answer", 2, false, 5, false), "▸ Ans");
    }
}
