//! Wrapping styled prose: textwrap places the words on lines by their plain widths,
//! and only then is each line painted, so escape codes never count against the width.

use textwrap::core::Fragment;
use textwrap::wrap_algorithms::wrap_first_fit;
use unicode_width::UnicodeWidthChar;

use super::columns::{split_at_width, width};
use super::style::{Style, paint};

/// A run of text in one style. A '\n' in it is a hard line break.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Piece {
    pub text: String,
    pub style: Style,
    /// Its spaces never break the line (short inline code such as `a ^ b`).
    pub glued: bool,
}

impl Piece {
    pub(super) fn new(text: impl Into<String>, style: Style) -> Piece {
        Piece {
            text: text.into(),
            style,
            glued: false,
        }
    }

    pub(super) fn glued(text: impl Into<String>, style: Style) -> Piece {
        Piece {
            glued: true,
            ..Piece::new(text, style)
        }
    }

    /// This piece in another style.
    pub(super) fn restyled(&self, style: Style) -> Piece {
        Piece {
            style,
            ..self.clone()
        }
    }
}

/// The plain text of `pieces`.
pub(super) fn plain(pieces: &[Piece]) -> String {
    pieces.iter().map(|piece| piece.text.as_str()).collect()
}

/// A word, or a slice of a word too wide for a line, and the spaces after it.
#[derive(Debug, Default)]
struct Word {
    pieces: Vec<Piece>,
    width: usize,
    spaces: usize,
}

impl Fragment for Word {
    fn width(&self) -> f64 {
        self.width as f64
    }

    fn whitespace_width(&self) -> f64 {
        self.spaces as f64
    }

    fn penalty_width(&self) -> f64 {
        0.0
    }
}

impl Word {
    fn push(&mut self, c: char, style: Style) {
        match self.pieces.last_mut() {
            Some(piece) if piece.style == style => piece.text.push(c),
            _ => self.pieces.push(Piece::new(c, style)),
        }
    }

    fn first_style(&self) -> Option<Style> {
        self.pieces.first().map(|piece| piece.style)
    }

    fn last_style(&self) -> Option<Style> {
        self.pieces.last().map(|piece| piece.style)
    }

    /// This word in slices of at most `columns` columns; only the last keeps the spaces.
    fn slices(self, columns: usize) -> Vec<Word> {
        if self.width <= columns {
            return vec![self];
        }
        let mut slices = vec![Word::default()];
        for piece in self.pieces {
            let mut rest = piece.text.as_str();
            while !rest.is_empty() {
                let slice = slices.last_mut().expect("never empty");
                let (head, tail) = split_at_width(rest, columns - slice.width);
                if slice.width > 0 && width(head) + slice.width > columns {
                    // Not even one more character fits: start the next slice.
                    slices.push(Word::default());
                    continue;
                }
                slice.width += width(head);
                slice.pieces.push(Piece::new(head, piece.style));
                rest = tail;
            }
        }
        if let Some(last) = slices.last_mut() {
            last.spaces = self.spaces;
        }
        slices.retain(|slice| slice.width > 0 || slice.spaces > 0);
        slices
    }
}

/// `pieces` wrapped into lines of at most `columns` columns (at least 2), painted when
/// `color` is on. Runs of spaces are kept between words and dropped at line ends.
pub(super) fn fill(pieces: &[Piece], columns: usize, color: bool) -> Vec<String> {
    let columns = columns.max(2);
    let mut lines = Vec::new();
    for segment in segments(pieces) {
        let words: Vec<Word> = segment
            .into_iter()
            .flat_map(|word| word.slices(columns))
            .collect();
        if words.is_empty() {
            lines.push(String::new());
            continue;
        }
        for line in wrap_first_fit(&words, &[columns as f64]) {
            lines.push(paint_line(line, color));
        }
    }
    lines
}

/// The words of each line that hard breaks delimit.
fn segments(pieces: &[Piece]) -> Vec<Vec<Word>> {
    let mut segments = vec![Vec::new()];
    let mut word = Word::default();
    for piece in pieces {
        for c in piece.text.chars() {
            match c {
                '\n' => {
                    let segment = segments.last_mut().expect("never empty");
                    segment.extend(finish(&mut word));
                    segments.push(Vec::new());
                }
                ' ' if !piece.glued => word.spaces += 1,
                c => {
                    if word.spaces > 0 {
                        let segment = segments.last_mut().expect("never empty");
                        segment.extend(finish(&mut word));
                    }
                    word.width += c.width().unwrap_or(0);
                    word.push(c, piece.style);
                }
            }
        }
    }
    segments
        .last_mut()
        .expect("never empty")
        .extend(finish(&mut word));
    segments
}

/// The word read so far, if it has any text (spaces before the first word are dropped).
fn finish(word: &mut Word) -> Option<Word> {
    let word = std::mem::take(word);
    (!word.pieces.is_empty()).then_some(word)
}

/// One line: the words with the spaces between them, painted run by run. A space
/// between two words of one style takes that style, so underlines do not break.
fn paint_line(words: &[Word], color: bool) -> String {
    let mut runs: Vec<Piece> = Vec::new();
    for (i, word) in words.iter().enumerate() {
        if i > 0 {
            let before = &words[i - 1];
            let style = match before.last_style() == word.first_style() {
                true => before.last_style().unwrap_or_default(),
                false => Style::PLAIN,
            };
            push_run(&mut runs, &" ".repeat(before.spaces), style);
        }
        for piece in &word.pieces {
            push_run(&mut runs, &piece.text, piece.style);
        }
    }
    runs.iter()
        .map(|run| paint(&run.text, run.style, color))
        .collect()
}

fn push_run(runs: &mut Vec<Piece>, text: &str, style: Style) {
    match runs.last_mut() {
        Some(run) if run.style == style => run.text.push_str(text),
        _ => runs.push(Piece::new(text, style)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain_fill(text: &str, columns: usize) -> Vec<String> {
        fill(&[Piece::new(text, Style::PLAIN)], columns, false)
    }

    #[test]
    fn words_go_on_the_line_while_they_fit() {
        assert_eq!(
            plain_fill("one two three four five", 9),
            vec!["one two", "three", "four five"]
        );
        assert_eq!(plain_fill("  spaced   out  ", 80), vec!["spaced   out"]);
    }

    #[test]
    fn a_word_wider_than_the_line_is_sliced() {
        assert_eq!(plain_fill("ab abcdefgh", 3), vec!["ab", "abc", "def", "gh"]);
        assert_eq!(
            plain_fill("漢字漢字漢", 3),
            vec!["漢", "字", "漢", "字", "漢"]
        );
    }

    #[test]
    fn glued_pieces_stay_on_one_line() {
        let pieces = [
            Piece::new("see ", Style::PLAIN),
            Piece::glued("a ^ b", Style::CODE),
            Piece::new(" here", Style::PLAIN),
        ];
        assert_eq!(fill(&pieces, 8, false), vec!["see", "a ^ b", "here"]);
    }

    #[test]
    fn hard_breaks_end_lines() {
        assert_eq!(plain_fill("a\nb c\n\nd", 80), vec!["a", "b c", "", "d"]);
    }

    #[test]
    fn styles_are_painted_after_wrapping() {
        let pieces = [
            Piece::new("a ", Style::PLAIN),
            Piece::new("bold words", Style::BOLD),
            Piece::new(", end", Style::PLAIN),
        ];
        assert_eq!(
            fill(&pieces, 12, true),
            vec!["a \x1b[1mbold\x1b[0m", "\x1b[1mwords\x1b[0m, end"]
        );
        assert_eq!(
            fill(&pieces, 14, true),
            vec!["a \x1b[1mbold words\x1b[0m,", "end"]
        );
        let lines = fill(&pieces, 6, true);
        assert_eq!(
            lines,
            vec!["a \x1b[1mbold\x1b[0m", "\x1b[1mwords\x1b[0m,", "end"]
        );
        assert!(lines.iter().all(|line| width(line) <= 6));
    }
}
