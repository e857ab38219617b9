//! Markdown to screen lines: walks pulldown-cmark's events, keeping the containers (block
//! quotes, list items) whose prefixes start each line, and folding `<details>` answers.

use std::mem::take;

use pulldown_cmark::{CodeBlockKind, Event, Options, Parser, Tag, TagEnd};

use super::code::{code_block, is_rust};
use super::columns::{clean, width};
use super::document::{Folded, Heading, Page, Rendered, assemble, placeholder};
use super::fill::{Piece, fill, plain};
use super::heading::heading_lines;
use super::html::{Html, scan};
use super::style::{Style, paint};
use super::table::Table;

/// Narrower than this, rendering makes no promise about widths.
const MIN_WIDTH: usize = 20;
/// Inline code up to this wide is kept on one line.
const SHORT_CODE: usize = 24;
const QUOTE_BAR: &str = "│ ";
/// Bullets of nested lists, from the outermost.
const BULLETS: [&str; 3] = ["•", "◦", "▪"];
/// The summary of a `<details>` that has none, as browsers show it.
const DEFAULT_SUMMARY: &str = "Details";

/// Renders a lesson's Markdown for a screen `width` columns wide (20 at least): no line
/// is wider, measured without escape codes. `color` adds styles as ANSI escape codes.
pub(super) fn render(markdown: &str, width: usize, color: bool) -> Rendered {
    let mut walker = Walker::new(width.max(MIN_WIDTH), color);
    let options = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH;
    for event in Parser::new_ext(markdown, options) {
        walker.event(event);
    }
    walker.finish()
}

/// A block quote or a list item: what it puts before its first line and the others.
struct Container {
    first: String,
    rest: String,
    style: Style,
    started: bool,
    item: bool,
}

/// Where lines go: the main text, or the answer being read.
#[derive(Default)]
struct Output {
    page: Page,
    containers: Vec<Container>,
    /// The last line is blank: no second one follows.
    blank: bool,
}

struct List {
    next: Option<u64>,
    /// Its items hold paragraphs: blank lines go between them.
    loose: bool,
    items: usize,
}

/// A `<details>` being read.
struct OpenAnswer {
    output: Output,
    summary: Option<String>,
    /// `<details>` opened inside it, shown as they are.
    nested: usize,
}

#[derive(Default)]
struct Walker {
    width: usize,
    color: bool,
    main: Output,
    answer: Option<OpenAnswer>,
    answers: Vec<Folded>,
    /// The inline text of the paragraph, heading, tight list item or table cell being read.
    inline: Vec<Piece>,
    /// The styles of the open inline elements (emphasis, links...).
    styles: Vec<Style>,
    /// The open links' destinations, and where their text starts in `inline`.
    links: Vec<(String, usize)>,
    lists: Vec<List>,
    heading: Option<u8>,
    /// The code block being read: whether it is Rust, and its text.
    code: Option<(bool, String)>,
    table: Option<Table>,
    row: Vec<Vec<Piece>>,
    html: String,
}

impl Walker {
    fn new(width: usize, color: bool) -> Walker {
        Walker {
            width,
            color,
            ..Walker::default()
        }
    }

    fn finish(mut self) -> Rendered {
        self.flush();
        if self.answer.is_some() {
            self.close_answer();
        }
        assemble(self.main.page, self.answers, self.width, self.color)
    }

    fn event(&mut self, event: Event) {
        match event {
            Event::Start(tag) => self.start(tag),
            Event::End(tag) => self.end(tag),
            Event::Text(text) => match &mut self.code {
                Some((_, code)) => code.push_str(&text),
                None => self.push_prose(&text),
            },
            Event::Code(code) => {
                let code = clean(&code);
                // Without styles, backticks still tell code from prose.
                let code = if self.color {
                    code
                } else {
                    format!("`{code}`")
                };
                let style = self.style().with(Style::CODE);
                match width(&code) <= SHORT_CODE {
                    true => self.inline.push(Piece::glued(code, style)),
                    false => self.push(&code, style),
                }
            }
            Event::InlineMath(text) | Event::DisplayMath(text) => {
                self.push(&clean(&text), self.style())
            }
            Event::Html(html) => self.html.push_str(&html),
            Event::InlineHtml(html) => {
                for piece in scan(&html) {
                    match piece {
                        Html::Break => self.push("\n", Style::PLAIN),
                        Html::Text(text) => self.push_prose(&text),
                        Html::Open | Html::Close | Html::Summary(_) => {}
                    }
                }
            }
            Event::FootnoteReference(label) => self.push(&format!("[^{label}]"), self.style()),
            Event::SoftBreak => self.push(" ", self.style()),
            Event::HardBreak => self.push("\n", Style::PLAIN),
            Event::Rule => {
                self.flush();
                self.separate();
                let rule = "─".repeat(self.text_width());
                self.emit(&paint(&rule, Style::DIM, self.color));
            }
            Event::TaskListMarker(done) => {
                self.push(if done { "[x] " } else { "[ ] " }, Style::PLAIN)
            }
        }
    }

    fn start(&mut self, tag: Tag) {
        match tag {
            Tag::Paragraph => {
                self.flush();
                if self.output().containers.last().is_some_and(|c| c.item)
                    && let Some(list) = self.lists.last_mut()
                {
                    list.loose = true;
                }
                self.separate();
            }
            Tag::Heading { level, .. } => {
                self.flush();
                self.separate();
                self.heading = Some(level as u8);
            }
            Tag::BlockQuote(_) => {
                self.flush();
                self.separate();
                self.open(
                    QUOTE_BAR.to_string(),
                    QUOTE_BAR.to_string(),
                    Style::DIM,
                    false,
                );
            }
            Tag::CodeBlock(kind) => {
                self.flush();
                self.separate();
                let rust = match kind {
                    CodeBlockKind::Fenced(info) => is_rust(&info),
                    CodeBlockKind::Indented => true,
                };
                self.code = Some((rust, String::new()));
            }
            Tag::HtmlBlock => {
                self.flush();
                self.html.clear();
            }
            Tag::List(start) => {
                self.flush();
                self.separate();
                self.lists.push(List {
                    next: start,
                    loose: false,
                    items: 0,
                });
            }
            Tag::Item => self.start_item(),
            Tag::Table(alignments) => {
                self.flush();
                self.separate();
                self.table = Some(Table {
                    alignments,
                    rows: Vec::new(),
                });
            }
            Tag::TableHead | Tag::TableRow => self.row.clear(),
            Tag::TableCell => self.inline.clear(),
            Tag::Emphasis => self.styles.push(Style::ITALIC),
            Tag::Strong => self.styles.push(Style::BOLD),
            Tag::Strikethrough => {
                self.strike_marks();
                self.styles.push(Style::STRIKE);
            }
            Tag::Link { dest_url, .. } => {
                self.links.push((dest_url.to_string(), self.inline.len()));
                self.styles.push(Style::LINK);
            }
            Tag::Image { .. } => {
                self.push("[image: ", Style::DIM);
                self.styles.push(Style::DIM);
            }
            _ => {}
        }
    }

    fn end(&mut self, tag: TagEnd) {
        match tag {
            TagEnd::Paragraph => self.flush(),
            TagEnd::Heading(_) => self.end_heading(),
            TagEnd::BlockQuote(_) | TagEnd::Item => {
                self.flush();
                self.output().containers.pop();
            }
            TagEnd::CodeBlock => {
                let (rust, text) = self.code.take().unwrap_or_default();
                for line in code_block(&text, rust, self.text_width(), self.color) {
                    self.emit(&line);
                }
            }
            TagEnd::HtmlBlock => self.end_html(),
            TagEnd::List(_) => {
                self.flush();
                self.lists.pop();
            }
            TagEnd::Table => {
                let table = self.table.take().unwrap_or_default();
                for line in table.lines(self.text_width(), self.color) {
                    self.emit(&line);
                }
            }
            TagEnd::TableHead | TagEnd::TableRow => {
                let row = take(&mut self.row);
                if let Some(table) = &mut self.table {
                    table.rows.push(row);
                }
            }
            TagEnd::TableCell => {
                let cell = take(&mut self.inline);
                self.row.push(cell);
            }
            TagEnd::Emphasis | TagEnd::Strong => {
                self.styles.pop();
            }
            TagEnd::Strikethrough => {
                self.styles.pop();
                self.strike_marks();
            }
            TagEnd::Link => self.end_link(),
            TagEnd::Image => {
                self.styles.pop();
                self.push("]", Style::DIM);
            }
            _ => {}
        }
    }

    fn start_item(&mut self) {
        self.flush();
        let depth = self.lists.len();
        let Some(list) = self.lists.last_mut() else {
            return;
        };
        let loose = list.loose && list.items > 0;
        list.items += 1;
        let (marker, style) = match &mut list.next {
            Some(number) => {
                let marker = format!("{number}. ");
                *number += 1;
                (marker, Style::BOLD)
            }
            None => {
                let bullet = BULLETS[(depth - 1) % BULLETS.len()];
                (format!("{bullet} "), Style::PLAIN)
            }
        };
        if loose {
            self.blank();
        }
        let hanging = " ".repeat(width(&marker));
        self.open(marker, hanging, style, true);
    }

    fn end_heading(&mut self) {
        let pieces = take(&mut self.inline);
        let level = self.heading.take().unwrap_or(1);
        let lines = heading_lines(&pieces, level, self.text_width(), self.color);
        let output = self.output();
        let heading = Heading {
            line: output.page.lines.len(),
            level,
            text: plain(&pieces).trim().to_string(),
        };
        output.page.headings.push(heading);
        for line in lines {
            self.emit(&line);
        }
    }

    /// A link's text is followed by its URL, dimmed; a relative link shows only its text.
    fn end_link(&mut self) {
        self.styles.pop();
        let Some((url, start)) = self.links.pop() else {
            return;
        };
        let external = url.contains("://") || url.starts_with("mailto:");
        if external && plain(&self.inline[start.min(self.inline.len())..]) != url {
            self.push(" ", Style::PLAIN);
            self.push(&format!("({})", clean(&url)), Style::DIM);
        }
    }

    /// Without styles, strikethrough keeps its Markdown marks.
    fn strike_marks(&mut self) {
        if !self.color {
            self.push("~~", self.style());
        }
    }

    fn end_html(&mut self) {
        for piece in scan(&take(&mut self.html)) {
            match (piece, &mut self.answer) {
                (Html::Open, Some(answer)) => answer.nested += 1,
                (Html::Open, None) => {
                    self.answer = Some(OpenAnswer {
                        output: Output::default(),
                        summary: None,
                        nested: 0,
                    })
                }
                (Html::Summary(summary), Some(answer))
                    if answer.nested == 0 && answer.summary.is_none() =>
                {
                    answer.summary = Some(summary)
                }
                (Html::Summary(summary), _) => self.paragraph(&summary, Style::BOLD),
                (Html::Close, Some(answer)) if answer.nested > 0 => answer.nested -= 1,
                (Html::Close, Some(_)) => self.close_answer(),
                (Html::Close | Html::Break, None) | (Html::Break, Some(_)) => {}
                (Html::Text(text), _) => self.paragraph(&text, Style::PLAIN),
            }
        }
    }

    /// Ends the answer being read: its lines are kept aside, and a placeholder takes
    /// its place in the main text.
    fn close_answer(&mut self) {
        self.flush();
        let Some(answer) = self.answer.take() else {
            return;
        };
        let summary = answer
            .summary
            .unwrap_or_else(|| DEFAULT_SUMMARY.to_string());
        let number = self.answers.len() + 1;
        self.separate();
        let (prefix, prefix_width) = self.main.prefix(self.width, self.color, false);
        let columns = self.width - prefix_width;
        let shown = placeholder(&summary, number, true, columns, self.color);
        self.answers.push(Folded {
            summary: summary.clone(),
            lines: answer.output.page.lines,
            placeholder: self.main.page.lines.len(),
            shown_placeholder: format!("{prefix}{shown}"),
        });
        self.emit(&placeholder(&summary, number, false, columns, self.color));
    }

    /// Text from HTML, as a paragraph of its own.
    fn paragraph(&mut self, text: &str, style: Style) {
        let text = clean(text);
        if text.trim().is_empty() {
            return;
        }
        self.flush();
        self.separate();
        let words: Vec<&str> = text.split_whitespace().collect();
        let piece = Piece::new(words.join(" "), style);
        for line in fill(&[piece], self.text_width(), self.color) {
            self.emit(&line);
        }
    }

    fn output(&mut self) -> &mut Output {
        match &mut self.answer {
            Some(answer) => &mut answer.output,
            None => &mut self.main,
        }
    }

    fn style(&self) -> Style {
        self.styles
            .iter()
            .fold(Style::PLAIN, |style, inner| style.with(*inner))
    }

    /// Pushes prose text, its runs of whitespace collapsed to one space as in HTML (an
    /// inline comment between two spaces leaves one).
    fn push_prose(&mut self, text: &str) {
        let mut collapsed = String::new();
        let mut space = self
            .inline
            .last()
            .is_some_and(|piece| piece.text.ends_with(' '));
        for c in clean(text).chars() {
            if c != ' ' || !space {
                collapsed.push(c);
            }
            space = c == ' ';
        }
        self.push(&collapsed, self.style());
    }

    fn push(&mut self, text: &str, style: Style) {
        match self.inline.last_mut() {
            Some(piece) if piece.style == style && !piece.glued => piece.text.push_str(text),
            _ => self.inline.push(Piece::new(text, style)),
        }
    }

    /// Puts the inline text read so far on lines, as a paragraph.
    fn flush(&mut self) {
        if self.table.is_some() || self.heading.is_some() {
            return;
        }
        let pieces = take(&mut self.inline);
        if plain(&pieces).trim().is_empty() {
            return;
        }
        for line in fill(&pieces, self.text_width(), self.color) {
            self.emit(&line);
        }
    }

    /// Opens a container whose prefix is `first` on its first line, `rest` on the others
    /// (as wide).
    fn open(&mut self, first: String, rest: String, style: Style, item: bool) {
        self.output().containers.push(Container {
            first,
            rest,
            style,
            started: false,
            item,
        });
    }

    /// The columns left for text once the containers' prefixes are drawn.
    fn text_width(&mut self) -> usize {
        let (width, color) = (self.width, self.color);
        width - self.output().prefix(width, color, false).1
    }

    /// Adds a line of `content` under the containers' prefixes.
    fn emit(&mut self, content: &str) {
        let (width, color) = (self.width, self.color);
        let output = self.output();
        let (prefix, _) = output.prefix(width, color, content.is_empty());
        output.page.lines.push(format!("{prefix}{content}"));
        output.started();
        output.blank = false;
    }

    fn blank(&mut self) {
        let (width, color) = (self.width, self.color);
        let output = self.output();
        if output.page.lines.is_empty() || output.blank {
            return;
        }
        let (prefix, _) = output.prefix(width, color, true);
        output.page.lines.push(prefix);
        output.started();
        output.blank = true;
    }

    /// A blank line before a new block, except at the start of a container, and between
    /// the blocks of a tight list's item.
    fn separate(&mut self) {
        let tight = !self.lists.last().is_some_and(|list| list.loose);
        if let Some(container) = self.output().containers.last()
            && (!container.started || (container.item && tight))
        {
            return;
        }
        self.blank();
    }
}

impl Output {
    /// The prefix of the next line and its width. Containers that would take more than
    /// half the width are left out, so deep nesting still leaves room for text. A blank
    /// line's prefix has no trailing spaces.
    fn prefix(&self, columns: usize, color: bool, blank: bool) -> (String, usize) {
        let mut parts = Vec::new();
        let mut used = 0;
        for container in &self.containers {
            let part = match container.started {
                true => &container.rest,
                false => &container.first,
            };
            if used + width(part) <= columns / 2 {
                used += width(part);
                parts.push((part.as_str(), container.style));
            }
        }
        if blank {
            while parts.last().is_some_and(|(part, _)| part.trim().is_empty()) {
                parts.pop();
            }
            if let Some((part, _)) = parts.last_mut() {
                *part = part.trim_end();
            }
        }
        let prefix = parts
            .into_iter()
            .map(|(part, style)| paint(part, style, color))
            .collect();
        (prefix, used)
    }

    fn started(&mut self) {
        for container in &mut self.containers {
            container.started = true;
        }
    }
}
