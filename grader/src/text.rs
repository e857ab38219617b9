//! Text for the terminal: lines of styled spans, wrapped to a width by `textwrap` and
//! styled after wrapping, so an escape code never breaks a width or leaks a color onto
//! the next line. Reports, watch's screen and hints are built as [`Text`]. Lines break
//! at spaces only: never inside a word at a hyphen or a slash (`lessons/winning-move.md`
//! stays whole), and a word wider than the line is cut at the width.

use colored::Colorize;
use unicode_width::UnicodeWidthChar;
pub(crate) use xorlings_course::model::show::{diff_of_at_most, visible};

/// The width of printed reports when stdout is not a terminal (pipes, files, lessons).
pub const DEFAULT_WIDTH: usize = 80;
/// Narrower than this, wrapping would only make things worse.
const MIN_WIDTH: usize = 20;
/// Joins two words that must stay on one line (`0.04 s`); shown as a space.
pub(crate) const NO_BREAK: char = '\u{a0}';
/// A compiler's line wider than the screen goes on under its label (`= note: `), if the
/// label ends within this many columns.
const MAX_HANG: usize = 16;

/// `words` with their spaces made [`NO_BREAK`]: one piece that wraps as a whole.
pub(crate) fn unbroken(words: &str) -> String {
    words.replace(' ', &NO_BREAK.to_string())
}

/// How a span looks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Style {
    Plain,
    Bold,
    Dim,
    /// A pass: green.
    Good,
    /// A failure: red.
    Bad,
    /// A hint: yellow.
    Warn,
    /// A notice: cyan.
    Note,
    /// The selected row of a list: reversed.
    Selected,
}

impl Style {
    fn paint(self, text: &str, color: bool) -> String {
        if !color || text.is_empty() {
            return text.to_string();
        }
        match self {
            Style::Plain => text.to_string(),
            Style::Bold => text.bold().to_string(),
            Style::Dim => text.dimmed().to_string(),
            Style::Good => text.green().bold().to_string(),
            Style::Bad => text.red().bold().to_string(),
            Style::Warn => text.yellow().bold().to_string(),
            Style::Note => text.cyan().to_string(),
            Style::Selected => text.reversed().to_string(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Kind {
    /// Words, wrapped at spaces; continuation lines keep the indentation.
    Prose,
    /// Printed output or code: broken at the width wherever it falls.
    Verbatim,
    /// The compiler's messages, already laid out (and colored) for the width.
    Laid,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Line {
    indent: usize,
    spans: Vec<(Style, String)>,
    kind: Kind,
}

/// Styled lines, not yet wrapped.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Text {
    lines: Vec<Line>,
}

impl Text {
    pub(crate) fn new() -> Self {
        Text::default()
    }

    /// A line of prose made of styled spans; `\n` in a span starts a new line.
    pub(crate) fn line(&mut self, indent: usize, spans: &[(Style, &str)]) -> &mut Self {
        let mut current = Vec::new();
        for &(style, text) in spans {
            let mut pieces = text.split('\n');
            if let Some(first) = pieces.next() {
                current.push((style, first.to_string()));
            }
            for piece in pieces {
                self.push(indent, std::mem::take(&mut current), Kind::Prose);
                current.push((style, piece.to_string()));
            }
        }
        self.push(indent, current, Kind::Prose);
        self
    }

    /// Plain prose, one line per line of `text`.
    pub(crate) fn prose(&mut self, indent: usize, text: &str) -> &mut Self {
        self.styled(indent, Style::Plain, text)
    }

    /// Prose in one style, one line per line of `text`.
    pub(crate) fn styled(&mut self, indent: usize, style: Style, text: &str) -> &mut Self {
        for line in text.trim_end_matches('\n').split('\n') {
            self.push(indent, vec![(style, line.to_string())], Kind::Prose);
        }
        self
    }

    /// Text shown as it is (printed output, code), broken only where a line is wider
    /// than the screen; every line starts with `prefix`.
    pub(crate) fn verbatim(&mut self, indent: usize, prefix: &str, text: &str) -> &mut Self {
        for line in text.trim_end_matches('\n').split('\n') {
            let spans = vec![
                (Style::Dim, prefix.to_string()),
                (Style::Plain, line.to_string()),
            ];
            self.push(indent, spans, Kind::Verbatim);
        }
        self
    }

    /// The compiler's messages, laid out by the compiler itself (and colored by it): a
    /// line wider than the screen (rustc never wraps its notes) is wrapped at spaces,
    /// its colors kept.
    pub(crate) fn laid_out(&mut self, text: &str) -> &mut Self {
        for line in text.trim_end_matches('\n').split('\n') {
            self.push(0, vec![(Style::Plain, line.to_string())], Kind::Laid);
        }
        self
    }

    pub(crate) fn blank(&mut self) -> &mut Self {
        self.push(0, Vec::new(), Kind::Prose);
        self
    }

    pub(crate) fn append(&mut self, other: Text) -> &mut Self {
        self.lines.extend(other.lines);
        self
    }

    fn push(&mut self, indent: usize, spans: Vec<(Style, String)>, kind: Kind) {
        self.lines.push(Line {
            indent,
            spans,
            kind,
        });
    }

    /// The lines, wrapped to `width` columns and styled when `color`.
    pub(crate) fn render(&self, width: usize, color: bool) -> Vec<String> {
        let width = width.max(MIN_WIDTH);
        self.lines
            .iter()
            .flat_map(|line| render_line(line, width, color))
            .collect()
    }

    /// The lines wrapped to `width`, each as its styled spans, for a page to style
    /// (`cargo grader serve`).
    pub(crate) fn styled_lines(&self, width: usize) -> Vec<Vec<(Style, String)>> {
        let width = width.max(MIN_WIDTH);
        self.lines
            .iter()
            .flat_map(|line| line_spans(line, width))
            .collect()
    }

    /// The lines wrapped to `width`, as one string ending in a newline.
    pub(crate) fn to_string(&self, width: usize, color: bool) -> String {
        self.render(width, color)
            .into_iter()
            .map(|line| line + "\n")
            .collect()
    }

    /// The words without styles or wrapping (for JSON and for comparing texts).
    pub(crate) fn plain(&self) -> String {
        self.lines
            .iter()
            .map(|line| {
                let text: String = line.spans.iter().map(|(_, s)| s.as_str()).collect();
                format!("{}{}\n", " ".repeat(line.indent), shown(&text))
            })
            .collect()
    }

    /// The text as CommonMark, for tools that render Markdown (Gradescope): bold spans
    /// in `**`, printed output and compiler messages in fenced code blocks, everything
    /// else as lines of prose with Markdown's punctuation escaped, so that nothing the
    /// learner's code produced turns into a link, a heading or HTML.
    pub(crate) fn markdown(&self) -> String {
        let mut out = String::new();
        let mut lines = self.lines.iter().peekable();
        while let Some(line) = lines.next() {
            if line.kind == Kind::Prose {
                let text: String = line
                    .spans
                    .iter()
                    .map(|(style, span)| match (style, span.trim().is_empty()) {
                        (Style::Bold, false) => format!("**{}**", markdown_escaped(span)),
                        _ => markdown_escaped(span),
                    })
                    .collect();
                let text = markdown_line_start(shown(&text).trim());
                match text.is_empty() {
                    true => out.push('\n'),
                    // Two spaces make a hard break: the lines stay as the grader made them.
                    false => out.push_str(&format!("{text}  \n")),
                }
                continue;
            }
            let mut block = vec![code_line(line)];
            while let Some(next) = lines.next_if(|next| next.kind != Kind::Prose) {
                block.push(code_line(next));
            }
            let longest_run = block
                .iter()
                .flat_map(|line| line.split(|c| c != '`'))
                .map(str::len)
                .max()
                .unwrap_or(0);
            let fence = "`".repeat((longest_run + 1).max(3));
            out.push_str(&format!("{fence}text\n{}\n{fence}\n", block.join("\n")));
        }
        out
    }
}

/// A line of a Markdown code block: its spans as they are, without escape codes.
fn code_line(line: &Line) -> String {
    let text: String = line.spans.iter().map(|(_, s)| s.as_str()).collect();
    without_codes(&shown(&text)).0
}

/// A line of prose as Markdown: what is between backticks stays a code span (literal
/// text, however it reads), and outside them the characters that would make a link,
/// HTML, emphasis or an escape are escaped by a backslash, and web addresses are kept
/// from becoming links.
fn markdown_escaped(text: &str) -> String {
    let pieces: Vec<&str> = text.split('`').collect();
    let mut out = String::with_capacity(text.len());
    for (i, piece) in pieces.iter().enumerate() {
        let in_code = i % 2 == 1 && i + 1 < pieces.len();
        if in_code {
            out.push('`');
            out.push_str(piece);
            out.push('`');
            continue;
        }
        if i % 2 == 1 {
            // A backtick without its pair.
            out.push_str("\\`");
        }
        let mut escaped = String::with_capacity(piece.len());
        for c in piece.chars() {
            if "\\*[]<".contains(c) {
                escaped.push('\\');
            }
            escaped.push(c);
        }
        out.push_str(&escaped.replace("://", ":\\/\\/").replace("www.", "www\\."));
    }
    out
}

/// A line of prose that Markdown would read as a heading, a list item, a rule or the
/// fence of a code block (three backticks or tildes, or more), escaped.
fn markdown_line_start(line: &str) -> String {
    if line.starts_with("```") || line.starts_with("~~~") {
        return format!("\\{line}");
    }
    let digits = line.chars().take_while(char::is_ascii_digit).count();
    let numbered = digits > 0 && matches!(line[digits..].chars().next(), Some('.' | ')'));
    if numbered {
        return format!("{}\\{}", &line[..digits], &line[digits..]);
    }
    match line.chars().next() {
        Some('#' | '-' | '+' | '=' | '>') => format!("\\{line}"),
        _ => line.to_string(),
    }
}

fn render_line(line: &Line, width: usize, color: bool) -> Vec<String> {
    if line.kind == Kind::Laid {
        let plain: String = line.spans.iter().map(|(_, s)| s.as_str()).collect();
        return laid_line(&plain, width);
    }
    line_spans(line, width)
        .into_iter()
        .map(|spans| {
            spans
                .iter()
                .map(|(style, text)| style.paint(text, color))
                .collect()
        })
        .collect()
}

/// The screen lines of `line`, each as its styled spans (the indentation a plain one).
fn line_spans(line: &Line, width: usize) -> Vec<Vec<(Style, String)>> {
    let indent = line.indent.min(width / 2);
    let room = width - indent;
    let plain: String = line.spans.iter().map(|(_, s)| s.as_str()).collect();
    let pieces: Vec<(usize, usize)> = match line.kind {
        // The compiler's lines, their colors taken out.
        Kind::Laid => {
            return laid_line(&plain, width)
                .into_iter()
                .map(|laid| vec![(Style::Plain, without_codes(&laid).0)])
                .collect();
        }
        Kind::Prose => word_pieces(&plain, room),
        Kind::Verbatim => column_pieces(&plain, room),
    };
    pieces
        .into_iter()
        .map(|(start, end)| {
            let mut spans = vec![(Style::Plain, " ".repeat(indent))];
            let mut at = 0;
            for (style, text) in &line.spans {
                let (span_start, span_end) = (at, at + text.len());
                at = span_end;
                let (from, to) = (start.max(span_start), end.min(span_end));
                if from < to {
                    spans.push((*style, shown(&plain[from..to])));
                }
            }
            spans
        })
        .collect()
}

/// Text as the screen shows it: [`NO_BREAK`] is a space once the lines are made.
fn shown(text: &str) -> String {
    text.replace(NO_BREAK, " ")
}

/// A line of the compiler's: as it is when it fits, else wrapped at spaces, the lines
/// after the first starting under the text after its label (`help: `, `= note: `) or
/// its gutter (`12 |`). The compiler's colors are kept: each piece starts with the
/// escape codes in force there and ends with a reset.
fn laid_line(line: &str, width: usize) -> Vec<String> {
    let (plain, codes) = without_codes(line);
    if columns_of(&plain) <= width {
        return vec![line.to_string()];
    }
    let continuation = continuation_of(&plain, width);
    // A line of source code wrapped would read as two: it is cut, as rustc cuts it.
    let (pieces, cut) = match is_source_line(&plain) {
        true => (vec![(0, end_at_columns(&plain, width - 1))], "…"),
        false => {
            let room = width - columns_of(&continuation);
            (laid_pieces(&plain, width, room), "")
        }
    };
    pieces
        .into_iter()
        .enumerate()
        .map(|(i, (start, end))| {
            let mut out = match i {
                0 => String::new(),
                _ => continuation.clone(),
            };
            // The codes before the piece set its colors; those inside go where they were.
            let mut colored = false;
            for (_, code) in codes.iter().filter(|(at, _)| *at <= start) {
                out.push_str(code);
                colored = true;
            }
            let mut from = start;
            for (at, code) in codes.iter().filter(|(at, _)| (start + 1..end).contains(at)) {
                out.push_str(&plain[from..*at]);
                out.push_str(code);
                from = *at;
                colored = true;
            }
            out.push_str(&plain[from..end]);
            if colored {
                out.push_str("\u{1b}[0m");
            }
            out + cut
        })
        .collect()
}

/// Whether a compiler line shows source code: `12 | ...`.
fn is_source_line(plain: &str) -> bool {
    let after_number = plain
        .trim_start()
        .trim_start_matches(|c: char| c.is_ascii_digit());
    after_number.len() < plain.trim_start().len() && after_number.trim_start().starts_with('|')
}

/// Where `text` reaches `columns` columns (its end if it is narrower).
fn end_at_columns(text: &str, columns: usize) -> usize {
    let mut used = 0;
    for (at, c) in text.char_indices() {
        used += c.width().unwrap_or(0);
        if used > columns {
            return at;
        }
    }
    text.len()
}

/// Where `text` breaks into a first line of `width` columns and more lines of `room`,
/// at spaces; a word too long for any line fills the line it starts on and goes on
/// below (a path in a note, which no line could hold whole).
fn laid_pieces(text: &str, width: usize, room: usize) -> Vec<(usize, usize)> {
    let mut pieces = Vec::new();
    // The line being filled: where it starts, where its last word ends, its columns.
    let (mut start, mut end, mut columns) = (0, 0, 0);
    let mut limit = width;
    let words = text
        .split(' ')
        .scan(0, |at, word| {
            let here = *at;
            *at += word.len() + 1;
            Some((here, word))
        })
        .filter(|(_, word)| !word.is_empty());
    for (at, word) in words {
        let gap = columns_of(&text[end..at]);
        let word_columns = columns_of(word);
        if end > start && columns + gap + word_columns > limit && word_columns <= room {
            pieces.push((start, end));
            (start, columns, limit) = (at, 0, room);
        } else if end > start {
            columns += gap;
        } else {
            columns = columns_of(&text[start..at]);
        }
        // The word, cut wherever the line is full.
        let mut rest = at;
        for (offset, c) in word.char_indices() {
            let c_columns = c.width().unwrap_or(0);
            if columns + c_columns > limit && at + offset > start {
                pieces.push((start, at + offset));
                (start, columns, limit) = (at + offset, 0, room);
            }
            columns += c_columns;
            rest = at + offset + c.len_utf8();
        }
        end = rest;
    }
    pieces.push((start, end));
    pieces
}

/// What the lines after a compiler line's first start with: the gutter (`12 |` as
/// `   |`) and the room up to what follows it (code, or the marks under code), or the room up to the text after a label
/// (`   = note: `), or the line's indentation; at most half the width.
fn continuation_of(plain: &str, width: usize) -> String {
    let indent = plain.len() - plain.trim_start().len();
    let after_number = plain[indent..].trim_start_matches(|c: char| c.is_ascii_digit());
    let numbered = after_number.trim_start();
    let hang = if numbered.starts_with('|') {
        let bar = plain.len() - numbered.len();
        let text = plain[bar + 1..]
            .find(|c: char| c != ' ')
            .map_or(bar + 2, |at| bar + 1 + at);
        let gutter = format!("{}|", " ".repeat(columns_of(&plain[..bar])));
        return match columns_of(&plain[..text]) <= width / 2 {
            true => format!("{gutter}{}", " ".repeat(columns_of(&plain[bar + 1..text]))),
            false => format!("{gutter} "),
        };
    } else {
        match plain.find(": ") {
            Some(at) if columns_of(&plain[..at]) + 2 <= MAX_HANG => columns_of(&plain[..at]) + 2,
            _ => indent,
        }
    };
    " ".repeat(hang.min(width / 2))
}

/// The line without its escape codes, and each code with where it was in that text.
fn without_codes(line: &str) -> (String, Vec<(usize, String)>) {
    let mut plain = String::with_capacity(line.len());
    let mut codes = Vec::new();
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\u{1b}' {
            plain.push(c);
            continue;
        }
        let mut code = String::from(c);
        if chars.peek() == Some(&'[') {
            code.extend(chars.next());
            for c in chars.by_ref() {
                code.push(c);
                if ('@'..='~').contains(&c) {
                    break;
                }
            }
        }
        codes.push((plain.len(), code));
    }
    (plain, codes)
}

fn columns_of(text: &str) -> usize {
    text.chars().map(|c| c.width().unwrap_or(0)).sum()
}

/// Where `text` breaks into lines of at most `room` columns, at spaces where it can.
fn word_pieces(text: &str, room: usize) -> Vec<(usize, usize)> {
    if text.trim().is_empty() {
        return vec![(0, 0)];
    }
    // What reads as one thing stays on one line, unless it is wider than the line.
    let whole = pieces_with(text, room, textwrap::WordSeparator::Custom(kept_together));
    let fits = whole
        .iter()
        .all(|&(start, end)| columns_of(&text[start..end]) <= room);
    match fits {
        true => whole,
        false => pieces_with(text, room, textwrap::WordSeparator::AsciiSpace),
    }
}

/// Where `text` breaks into lines of at most `room` columns, its words found by
/// `separator`.
fn pieces_with(text: &str, room: usize, separator: textwrap::WordSeparator) -> Vec<(usize, usize)> {
    let options = textwrap::Options::new(room)
        .break_words(true)
        .word_separator(separator)
        .word_splitter(textwrap::WordSplitter::NoHyphenation);
    let base = text.as_ptr() as usize;
    textwrap::wrap(text, options)
        .iter()
        .map(|piece| match piece {
            // textwrap lends slices of the text: their place in it is their offset.
            std::borrow::Cow::Borrowed(slice) => {
                let start = slice.as_ptr() as usize - base;
                (start, start + slice.len())
            }
            std::borrow::Cow::Owned(_) => (0, text.len()),
        })
        .collect()
}

/// Words that stand for a value or an operator: a line never breaks beside one of them
/// (`2^k - 1` stays whole).
const OPERATORS: [&str; 14] = [
    "-", "+", "=", "*", "/", "^", "%", "<", ">", "<=", ">=", "==", "!=", "->",
];

/// `line`'s words for wrapping, split only at the spaces where a line may break: not
/// inside a code span (between backticks), a list or a set (`[2, 2]`, `{0, 1}`), beside
/// an operator (`2^k - 1`), or between two numbers (a position written `3 4 5`).
fn kept_together(line: &str) -> Box<dyn Iterator<Item = textwrap::core::Word<'_>> + '_> {
    let mut breaks = Vec::new();
    let (mut ticks, mut depth) = (0usize, 0i32);
    let mut previous_word = "";
    let mut at = 0;
    while at < line.len() {
        let rest = &line[at..];
        let spaces = rest.len() - rest.trim_start_matches(' ').len();
        if spaces > 0 {
            let after = at + spaces;
            let next_word = line[after..].split(' ').next().unwrap_or_default();
            let joined = ticks % 2 == 1
                || depth > 0
                || OPERATORS.contains(&previous_word)
                || OPERATORS.contains(&next_word)
                || (is_number(previous_word) && starts_a_number(next_word));
            if !joined && after < line.len() {
                breaks.push(after);
            }
            at = after;
            continue;
        }
        let word = rest.split(' ').next().unwrap_or_default();
        for c in word.chars() {
            match c {
                '`' => ticks += 1,
                '[' | '{' if ticks % 2 == 0 => depth += 1,
                ']' | '}' if ticks % 2 == 0 => depth = (depth - 1).max(0),
                _ => {}
            }
        }
        previous_word = word;
        at += word.len();
    }
    breaks.push(line.len());
    let mut start = 0;
    Box::new(breaks.into_iter().map(move |end| {
        let word = textwrap::core::Word::from(&line[start..end]);
        start = end;
        word
    }))
}

/// A word that is a number (`12`, `3,000`).
fn is_number(word: &str) -> bool {
    !word.is_empty() && word.chars().all(|c| c.is_ascii_digit() || c == ',')
}

/// A word that starts with a digit and holds no letter (`5`, `5.`, `5:`).
fn starts_a_number(word: &str) -> bool {
    word.starts_with(|c: char| c.is_ascii_digit()) && !word.chars().any(char::is_alphabetic)
}

/// Where `text` breaks into lines of at most `room` columns, wherever that falls.
fn column_pieces(text: &str, room: usize) -> Vec<(usize, usize)> {
    let mut pieces = Vec::new();
    let (mut start, mut columns) = (0, 0);
    for (at, c) in text.char_indices() {
        let w = c.width().unwrap_or(0);
        if columns + w > room && at > start {
            pieces.push((start, at));
            (start, columns) = (at, 0);
        }
        columns += w;
    }
    pieces.push((start, text.len()));
    pieces
}

/// The text without its escape codes (CSI sequences: ESC [ ... a final byte in @..~).
pub(crate) fn strip_ansi(text: &str) -> String {
    let mut plain = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\u{1b}' {
            plain.push(c);
            continue;
        }
        if chars.peek() == Some(&'[') {
            chars.next();
            for c in chars.by_ref() {
                if ('@'..='~').contains(&c) {
                    break;
                }
            }
        }
    }
    plain
}

/// Columns a line takes on screen, escape codes aside.
#[cfg(test)]
pub(crate) fn visible_width(line: &str) -> usize {
    columns_of(&strip_ansi(line))
}

/// "0 of 1 exercise passes", "3 of 12 exercises pass": `n` of `total`, the noun and
/// its verb (`one`, `many`) agreeing with `total`.
pub(crate) fn n_of(n: usize, total: usize, one: &str, many: &str) -> String {
    let words = if total == 1 { one } else { many };
    format!("{n} of {total} {words}")
}

/// A text's words, one space apart: texts wrapped at different widths compare equal.
pub(crate) fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The width to wrap printed reports to: `$COLUMNS` when it is set to a width, else the
/// terminal's, else [`DEFAULT_WIDTH`].
pub(crate) fn output_width() -> usize {
    use std::io::IsTerminal;
    let columns = std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse().ok());
    if let Some(columns) = columns.filter(|&c: &usize| c >= MIN_WIDTH) {
        return columns;
    }
    match std::io::stdout().is_terminal() {
        true => crossterm::terminal::size().map_or(DEFAULT_WIDTH, |(columns, _)| columns as usize),
        false => DEFAULT_WIDTH,
    }
}

/// `text` wrapped to the output's width after `lead` (a mark, an indentation), its
/// next lines indented as far as `lead` reaches.
pub(crate) fn hanging(lead: &str, text: &str) -> String {
    let indent = columns_of(&without_codes(lead).0);
    let room = output_width().saturating_sub(indent).max(MIN_WIDTH);
    word_pieces(text, room)
        .into_iter()
        .enumerate()
        .map(|(i, (start, end))| {
            let lead = match i {
                0 => lead.to_string(),
                _ => " ".repeat(indent),
            };
            format!("{lead}{}", text[start..end].trim_end())
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    /// Examples stay whole on a line, at every width they fit: an expression, a list, a
    /// code span and a position written as numbers.
    #[test]
    fn examples_are_never_split_across_lines() {
        let text = "Take from heap 2^k - 1 of the position [2, 2] with `a ^ x < a` when \
                    the heaps 3 4 5 are left, and only then.";
        for room in 24..70 {
            let lines: Vec<&str> = super::word_pieces(text, room)
                .into_iter()
                .map(|(start, end)| text[start..end].trim_end())
                .collect();
            for example in ["2^k - 1", "[2, 2]", "`a ^ x < a`", "3 4 5"] {
                assert!(
                    lines.iter().any(|line| line.contains(example)),
                    "{example:?} split at {room}: {lines:#?}"
                );
            }
            assert!(lines.iter().all(|line| super::columns_of(line) <= room));
        }
    }
    #[test]
    fn markdown_keeps_code_spans_and_escapes_what_would_make_links_or_html() {
        let mut text = Text::new();
        text.line(
            2,
            &[(Style::Bold, "wrong answer"), (Style::Plain, " on case 3.")],
        )
        .blank()
        .prose(
            2,
            "call `f(x: &[u64]) -> u64` <b>[x](http://evil.example)</b> *no*",
        )
        .prose(0, "# not a heading")
        .prose(0, "````")
        .prose(0, "~~~~ no fence")
        .verbatim(2, "| ", "```\n<script>");
        let markdown = text.markdown();
        assert!(
            markdown.starts_with("**wrong answer** on case 3.  \n\n"),
            "{markdown}"
        );
        assert!(
            markdown.contains("call `f(x: &[u64]) -> u64` "),
            "{markdown}"
        );
        assert!(
            markdown.contains("\\<b>\\[x\\](http:\\/\\/evil.example)\\</b> \\*no\\*"),
            "{markdown}"
        );
        assert!(markdown.contains("\\# not a heading"), "{markdown}");
        // A learner's line of backticks or tildes opens no code block.
        assert!(markdown.contains("\n\\````  \n"), "{markdown}");
        assert!(markdown.contains("\n\\~~~~ no fence  \n"), "{markdown}");
        let fences = markdown
            .lines()
            .filter(|line| line.starts_with("```") || line.starts_with("~~~"))
            .count();
        assert_eq!(
            fences, 2,
            "only the verbatim block's own fences:\n{markdown}"
        );
        // As a CommonMark reader sees it: one code block, the verbatim one.
        let blocks = pulldown_cmark::Parser::new(&markdown)
            .filter(|event| {
                matches!(
                    event,
                    pulldown_cmark::Event::Start(pulldown_cmark::Tag::CodeBlock(_))
                )
            })
            .count();
        assert_eq!(blocks, 1, "{markdown}");
        // The fence is longer than any run of backticks inside the block.
        assert!(
            markdown.contains("````text\n| ```\n| <script>\n````\n"),
            "{markdown}"
        );
    }

    use super::*;

    #[test]
    fn prose_wraps_at_spaces_and_keeps_its_indent() {
        let mut text = Text::new();
        text.prose(2, &"word ".repeat(30));
        let lines = text.render(40, false);
        assert!(lines.len() > 1);
        for line in &lines {
            assert!(line.starts_with("  word"), "{line:?}");
            assert!(visible_width(line) <= 40, "{line:?}");
        }
    }

    #[test]
    fn styles_are_applied_after_wrapping() {
        let mut text = Text::new();
        let long = "red ".repeat(20);
        text.line(
            0,
            &[
                (Style::Bad, "✗"),
                (Style::Plain, " then "),
                (Style::Bad, &long),
            ],
        );
        let lines = text.render(30, true);
        for line in &lines {
            assert!(visible_width(line) <= 30, "{line:?}");
            // Every colored piece is closed on its own line.
            assert_eq!(
                line.matches("\u{1b}[0m").count(),
                line.matches("\u{1b}[1;31m").count(),
                "{line:?}"
            );
        }
        assert_eq!(text.plain().trim_end(), format!("✗ then {long}").trim_end());
    }

    #[test]
    fn verbatim_lines_break_anywhere_and_long_words_too() {
        let mut text = Text::new();
        text.verbatim(2, "| ", &"x".repeat(100));
        for line in text.render(40, false) {
            assert!(visible_width(&line) <= 40, "{line:?}");
        }
        let mut text = Text::new();
        text.prose(0, &"y".repeat(100));
        assert!(
            text.render(30, false)
                .iter()
                .all(|l| visible_width(l) <= 30)
        );
    }

    #[test]
    fn paths_never_break_at_a_hyphen_or_a_slash() {
        let mut text = Text::new();
        text.prose(
            0,
            "Press n for the next exercise, nim_winning_move (its lesson is \
             lessons/winning-move.md). Or keep experimenting: every save is graded again.",
        );
        for width in 26..=80 {
            let lines = text.render(width, false);
            assert!(
                lines.iter().any(|l| l.contains("lessons/winning-move.md)")),
                "at {width}: {lines:#?}"
            );
        }
        // Longer than the line: cut at the width, the only way left.
        let mut long = Text::new();
        long.prose(0, "exercises/a-very-long-folder-name/and-its-file.rs");
        assert_eq!(
            long.render(20, false),
            ["exercises/a-very-lon", "g-folder-name/and-it", "s-file.rs"]
        );
    }

    #[test]
    fn words_joined_by_no_break_stay_together_and_show_a_space() {
        let mut text = Text::new();
        let time = unbroken("(0.04 s).");
        text.prose(
            0,
            &format!("passed all 8,598 hidden cases in 5 groups {time}"),
        );
        for width in 20..=60 {
            let lines = text.render(width, false);
            assert!(
                lines.iter().any(|l| l.ends_with("(0.04 s).")),
                "at {width}: {lines:#?}"
            );
            assert!(lines.iter().all(|l| !l.contains(NO_BREAK)));
        }
        assert!(text.plain().ends_with("(0.04 s).\n"));
    }

    #[test]
    fn a_compiler_line_wider_than_the_screen_wraps_under_its_label_with_its_colors() {
        let help = "help: you can convert an `i32` to a `u64` and panic if the converted value \
                    doesn't fit";
        let mut text = Text::new();
        text.laid_out(&format!("error: E\n{help}\n   = note: short"));
        let lines = text.render(40, false);
        assert_eq!(lines[0], "error: E");
        assert_eq!(lines[1], "help: you can convert an `i32` to a");
        assert!(lines[2].starts_with("      `u64` and panic"), "{lines:#?}");
        assert_eq!(lines.last().unwrap(), "   = note: short");
        for line in &lines {
            assert!(visible_width(line) <= 40, "{line:?}");
        }
        let words = |lines: &[String]| {
            lines
                .join(" ")
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(words(&lines[1..lines.len() - 1]), help);

        let colored = format!("\u{1b}[1m\u{1b}[96mhelp\u{1b}[0m: {}", &help[6..]);
        let mut text = Text::new();
        text.laid_out(&colored);
        let lines = text.render(40, true);
        assert!(lines.len() > 1);
        for line in &lines {
            assert!(visible_width(line) <= 40, "{line:?}");
            assert!(
                line.ends_with("\u{1b}[0m"),
                "every piece ends its colors: {line:?}"
            );
        }
        assert_eq!(
            words(&lines.iter().map(|l| strip_ansi(l)).collect::<Vec<_>>()),
            help
        );
        // A source line's label goes on under the label, with the gutter.
        let mut text = Text::new();
        text.laid_out(
            "11 |             next[index] = new_size;\n   |             ^^^^^^^^^^^^^^^^^^^^^^ \
             `next` is a `&` reference, so it cannot be written to",
        );
        assert_eq!(
            text.render(60, false)[1..],
            [
                "   |             ^^^^^^^^^^^^^^^^^^^^^^ `next` is a `&`",
                "   |             reference, so it cannot be written to",
            ]
        );
        // A line of source code is cut, not wrapped: its rest would read as another line.
        let mut text = Text::new();
        text.laid_out(&format!(
            "1 | macro_rules! each {{ {} }}",
            "($t:tt) ".repeat(10)
        ));
        let lines = text.render(40, false);
        assert_eq!(lines, ["1 | macro_rules! each { ($t:tt) ($t:tt)…"]);
        // A path no line could hold starts after its arrow and goes on below.
        let path = "/rustc/59807616e1fa2540724bfbac14d7976d7e4a3860/library/core/src/slice/mod.rs";
        let mut text = Text::new();
        text.laid_out(&format!(" --> {path}:2589:11"));
        let lines = text.render(40, false);
        assert!(lines[0].starts_with(" --> /rustc/5980"), "{lines:#?}");
        assert!(lines.iter().all(|l| visible_width(l) <= 40), "{lines:#?}");
        assert_eq!(
            lines.iter().map(|l| l.trim()).collect::<String>(),
            format!("--> {path}:2589:11")
        );
        // What fits is left exactly as the compiler wrote it.
        let mut text = Text::new();
        text.laid_out(&colored[..20]);
        assert_eq!(text.render(80, true), [colored[..20].to_string()]);
    }
}
