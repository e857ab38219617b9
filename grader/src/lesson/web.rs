//! Lessons for the browser (`cargo grader serve`): the same Markdown as HTML, every
//! heading linkable, Rust code highlighted, each `<details>` answer folded behind a box
//! where the learner types their own answer first. Everything the Markdown says is
//! escaped: only the few tags the lessons use (`html::scan`) become tags.

use pulldown_cmark::{Alignment, CodeBlockKind, Event, HeadingLevel, Options, Parser, Tag, TagEnd};

use super::html::{Html, scan};
use xorlings_course::quiz::{self, Quiz};

/// Put before each folded answer: the learner writes theirs, then unfolds the lesson's
/// (or, for a quiz, the grader checks it first).
fn practice_form(quiz: Option<&Quiz>) -> String {
    let (data, asks) = match quiz {
        Some(quiz) => (
            format!(" data-quiz=\"{}\"", escape(quiz.id)),
            format!(" placeholder=\"{}\"", escape(quiz.asks)),
        ),
        None => (String::new(), String::new()),
    };
    format!(
        "<form class=\"practice\"{data}><label>Your answer <input name=\"answer\" \
         autocomplete=\"off\"{asks}></label> <button>Check</button>\
         <p class=\"said\" role=\"status\"></p></form>\n"
    )
}

/// Rust's keywords, shown in their own color.
const KEYWORDS: &[&str] = &[
    "as", "break", "const", "continue", "crate", "else", "enum", "false", "fn", "for", "if",
    "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return", "self",
    "Self", "static", "struct", "super", "trait", "true", "type", "use", "where", "while", "dyn",
];

/// The lesson `markdown` as an HTML fragment (to go inside an `<article>`).
pub(crate) fn to_html(markdown: &str) -> String {
    let options = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH;
    let mut writer = Writer::default();
    for event in Parser::new_ext(markdown, options) {
        writer.event(event);
    }
    writer.out
}

#[derive(Default)]
struct Writer {
    out: String,
    /// Inside a code block: its language and its text so far.
    code: Option<(String, String)>,
    /// Inside a heading: its level and its text so far (HTML, and plain for the id).
    heading: Option<(u8, String, String)>,
    /// The ids given so far, so that two headings of one text get two ids.
    ids: Vec<String>,
    /// The alignments of the table being written, and the cell's column.
    alignments: Vec<Alignment>,
    column: usize,
    in_head: bool,
    /// The quiz whose marker came before the next answer.
    quiz: Option<&'static Quiz>,
}

impl Writer {
    fn event(&mut self, event: Event) {
        match event {
            Event::Start(tag) => self.start(tag),
            Event::End(tag) => self.end(tag),
            Event::Text(text) => match &mut self.code {
                Some((_, code)) => code.push_str(&text),
                None => self.text(&text),
            },
            Event::Code(code) | Event::InlineMath(code) | Event::DisplayMath(code) => {
                let html = format!("<code>{}</code>", escape(&code));
                self.push_html(&html, &code);
            }
            Event::Html(html) | Event::InlineHtml(html) => self.raw_html(&html),
            Event::FootnoteReference(label) => self.text(&format!("[^{label}]")),
            Event::SoftBreak => self.push_html("\n", " "),
            Event::HardBreak => self.push_html("<br>\n", " "),
            Event::Rule => self.out.push_str("<hr>\n"),
            Event::TaskListMarker(done) => {
                let checked = if done { " checked" } else { "" };
                self.out
                    .push_str(&format!("<input type=\"checkbox\" disabled{checked}> "));
            }
        }
    }

    fn start(&mut self, tag: Tag) {
        let html = match tag {
            Tag::Paragraph => "<p>".to_string(),
            Tag::Heading { level, .. } => {
                self.heading = Some((heading_level(level), String::new(), String::new()));
                return;
            }
            Tag::BlockQuote(_) => "<blockquote>\n".to_string(),
            Tag::CodeBlock(kind) => {
                let language = match kind {
                    CodeBlockKind::Fenced(info) => info
                        .split([',', ' '])
                        .next()
                        .unwrap_or_default()
                        .to_string(),
                    CodeBlockKind::Indented => String::new(),
                };
                self.code = Some((language, String::new()));
                return;
            }
            Tag::List(Some(1)) => "<ol>\n".to_string(),
            Tag::List(Some(start)) => format!("<ol start=\"{start}\">\n"),
            Tag::List(None) => "<ul>\n".to_string(),
            Tag::Item => "<li>".to_string(),
            Tag::Table(alignments) => {
                self.alignments = alignments;
                "<table>\n".to_string()
            }
            Tag::TableHead => {
                self.in_head = true;
                self.column = 0;
                "<thead><tr>".to_string()
            }
            Tag::TableRow => {
                self.column = 0;
                "<tr>".to_string()
            }
            Tag::TableCell => {
                let cell = if self.in_head { "th" } else { "td" };
                let align = match self.alignments.get(self.column) {
                    Some(Alignment::Left) => " style=\"text-align:left\"",
                    Some(Alignment::Center) => " style=\"text-align:center\"",
                    Some(Alignment::Right) => " style=\"text-align:right\"",
                    _ => "",
                };
                format!("<{cell}{align}>")
            }
            Tag::Emphasis => "<em>".to_string(),
            Tag::Strong => "<strong>".to_string(),
            Tag::Strikethrough => "<del>".to_string(),
            Tag::Link { dest_url, .. } => match safe_link(&dest_url) {
                Some(href) => format!("<a href=\"{}\">", escape(href)),
                None => "<a>".to_string(),
            },
            // An image is its description: the page loads nothing the lessons name.
            Tag::Image { .. } => "<span class=\"image\">".to_string(),
            Tag::HtmlBlock
            | Tag::FootnoteDefinition(_)
            | Tag::DefinitionList
            | Tag::DefinitionListTitle
            | Tag::DefinitionListDefinition
            | Tag::MetadataBlock(_)
            | Tag::Superscript
            | Tag::Subscript => return,
        };
        self.push_html(&html, "");
    }

    fn end(&mut self, tag: TagEnd) {
        let html = match tag {
            TagEnd::Paragraph => "</p>\n",
            TagEnd::Heading(_) => {
                if let Some((level, html, plain)) = self.heading.take() {
                    let id = self.unique_id(&plain);
                    self.out.push_str(&format!(
                        "<h{level} id=\"{id}\">{html} <a class=\"anchor\" href=\"#{id}\" \
                         aria-label=\"link to this section\">#</a></h{level}>\n"
                    ));
                }
                return;
            }
            TagEnd::BlockQuote(_) => "</blockquote>\n",
            TagEnd::CodeBlock => {
                if let Some((language, code)) = self.code.take() {
                    let body = if language == "rust" {
                        highlight_rust(&code)
                    } else {
                        escape(&code)
                    };
                    let class = if language.is_empty() {
                        String::new()
                    } else {
                        format!(" class=\"language-{}\"", escape(&language))
                    };
                    self.out
                        .push_str(&format!("<pre><code{class}>{body}</code></pre>\n"));
                }
                return;
            }
            TagEnd::List(true) => "</ol>\n",
            TagEnd::List(false) => "</ul>\n",
            TagEnd::Item => "</li>\n",
            TagEnd::Table => "</tbody></table>\n",
            TagEnd::TableHead => {
                self.in_head = false;
                "</tr></thead><tbody>\n"
            }
            TagEnd::TableRow => "</tr>\n",
            TagEnd::TableCell => {
                self.column += 1;
                if self.in_head { "</th>" } else { "</td>" }
            }
            TagEnd::Emphasis => "</em>",
            TagEnd::Strong => "</strong>",
            TagEnd::Strikethrough => "</del>",
            TagEnd::Link => "</a>",
            TagEnd::Image => "</span>",
            _ => return,
        };
        self.push_html(html, "");
    }

    /// Text as written, escaped.
    fn text(&mut self, text: &str) {
        self.push_html(&escape(text), text);
    }

    /// `html` goes into the heading being written (whose id is made of `plain`), or out.
    fn push_html(&mut self, html: &str, plain: &str) {
        match &mut self.heading {
            Some((_, heading, heading_plain)) => {
                heading.push_str(html);
                heading_plain.push_str(plain);
            }
            None => self.out.push_str(html),
        }
    }

    /// The lessons' own HTML: answers fold, line breaks break, comments and other tags go.
    fn raw_html(&mut self, html: &str) {
        if let Some(quiz) = quiz::marked(html) {
            self.quiz = Some(quiz);
        }
        for piece in scan(html) {
            match piece {
                Html::Open => {
                    let form = practice_form(self.quiz.take());
                    self.out.push_str(&form);
                    self.out.push_str("<details class=\"answer\">");
                }
                Html::Close => self.out.push_str("</details>\n"),
                Html::Summary(text) => {
                    self.out
                        .push_str(&format!("<summary>{}</summary>\n", escape(&text)));
                }
                Html::Break => self.push_html("<br>", " "),
                Html::Text(text) => self.text(&text),
            }
        }
    }

    /// The id of a heading whose text is `plain`, as GitHub makes it, different from
    /// every id before it.
    fn unique_id(&mut self, plain: &str) -> String {
        let base = slug(plain);
        let mut id = base.clone();
        let mut number = 0;
        while self.ids.contains(&id) {
            number += 1;
            id = format!("{base}-{number}");
        }
        self.ids.push(id.clone());
        id
    }
}

fn heading_level(level: HeadingLevel) -> u8 {
    match level {
        HeadingLevel::H1 => 1,
        HeadingLevel::H2 => 2,
        HeadingLevel::H3 => 3,
        HeadingLevel::H4 => 4,
        HeadingLevel::H5 => 5,
        HeadingLevel::H6 => 6,
    }
}

/// A heading's id as GitHub makes it: lowercase, letters, digits, `-` and `_` kept,
/// spaces turned to `-`, everything else dropped ("Bouton's theorem" is
/// `boutons-theorem`).
fn slug(text: &str) -> String {
    text.trim()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .flat_map(char::to_lowercase)
        .collect()
}

/// A link the page may follow: the web, or a section of the page. Anything else (a
/// `javascript:` URL, a file of the workbook) is shown as text only.
fn safe_link(url: &str) -> Option<&str> {
    let lower = url.to_ascii_lowercase();
    (lower.starts_with("https://") || lower.starts_with("http://") || url.starts_with('#'))
        .then_some(url)
}

/// `text` with the characters HTML gives a meaning escaped (also in attributes).
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Rust code, escaped, with comments, strings, numbers, keywords, macros and types in
/// spans of their class: a simple scan, not a parser (a lifetime stays plain text).
fn highlight_rust(code: &str) -> String {
    let chars: Vec<char> = code.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    let span = |out: &mut String, class: &str, text: &[char]| {
        let text: String = text.iter().collect();
        out.push_str(&format!("<span class=\"{class}\">{}</span>", escape(&text)));
    };
    while i < chars.len() {
        let c = chars[i];
        let start = i;
        if c == '/' && chars.get(i + 1) == Some(&'/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
            span(&mut out, "comment", &chars[start..i]);
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i = (i + 1).min(chars.len());
            span(&mut out, "string", &chars[start..i]);
        } else if c == '\'' && char_literal_end(&chars, i).is_some() {
            i = char_literal_end(&chars, i).unwrap_or(i + 1);
            span(&mut out, "string", &chars[start..i]);
        } else if c.is_ascii_digit() {
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            span(&mut out, "number", &chars[start..i]);
        } else if c.is_alphabetic() || c == '_' {
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            if chars.get(i) == Some(&'!') && chars.get(i + 1) != Some(&'=') {
                i += 1;
                span(&mut out, "macro", &chars[start..i]);
            } else if KEYWORDS.contains(&word.as_str()) {
                span(&mut out, "keyword", &chars[start..i]);
            } else if c.is_uppercase() {
                span(&mut out, "type", &chars[start..i]);
            } else {
                out.push_str(&escape(&word));
            }
        } else {
            out.push_str(&escape(&c.to_string()));
            i += 1;
        }
    }
    out
}

/// Where the character literal starting at `start` ends (`'x'`, `'\n'`), if it is one
/// and not a lifetime.
fn char_literal_end(chars: &[char], start: usize) -> Option<usize> {
    match chars.get(start + 1) {
        Some('\\') => (start + 2..chars.len().min(start + 12))
            .find(|&i| chars[i] == '\'')
            .map(|i| i + 1),
        Some(_) if chars.get(start + 2) == Some(&'\'') => Some(start + 3),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headings_get_ids_like_githubs_and_a_link_to_themselves() {
        let html = to_html("# Bouton's theorem\n\n## Why *it* works\n\n## Why it works\n");
        assert!(
            html.contains(
                "<h1 id=\"boutons-theorem\">Bouton&#39;s theorem <a class=\"anchor\" \
                 href=\"#boutons-theorem\""
            ),
            "{html}"
        );
        assert!(
            html.contains("<h2 id=\"why-it-works\">Why <em>it</em> works"),
            "{html}"
        );
        assert!(html.contains("<h2 id=\"why-it-works-1\">"), "{html}");
    }

    #[test]
    fn answers_fold_behind_a_box_for_the_learners_own() {
        let html = to_html(
            "1. What is 3 ^ 5?\n\n<details><summary>Answer</summary>\n\n`3 ^ 5` is 6.\n\n\
             </details>\n",
        );
        let form = html
            .find("<form class=\"practice\">")
            .expect("a practice box");
        let quiz = to_html(
            "1. Sum?\n\n<!-- quiz: nim-sum-6-7-9 -->\n<details><summary>A</summary>\n\n8\n\n</details>\n",
        );
        assert!(
            quiz.contains("<form class=\"practice\" data-quiz=\"nim-sum-6-7-9\"><label>Your answer <input name=\"answer\" autocomplete=\"off\" placeholder=\"a number\">"),
            "{quiz}"
        );
        assert!(!quiz.contains("quiz:"), "the marker is not shown: {quiz}");
        let details = html
            .find("<details class=\"answer\"><summary>Answer</summary>")
            .expect("the answer, folded");
        assert!(form < details, "{html}");
        assert!(html.contains("<code>3 ^ 5</code> is 6."), "{html}");
        assert!(html.trim_end().ends_with("</details>"), "{html}");
    }

    #[test]
    fn rust_code_is_highlighted_and_escaped() {
        let html = to_html("```rust\nlet x: Vec<u64> = vec![3, 4]; // a \"pile\"\n```\n");
        assert!(
            html.contains("<pre><code class=\"language-rust\"><span class=\"keyword\">let</span>"),
            "{html}"
        );
        assert!(
            html.contains("<span class=\"type\">Vec</span>&lt;u64&gt;"),
            "{html}"
        );
        assert!(html.contains("<span class=\"macro\">vec!</span>[<span class=\"number\">3</span>"));
        assert!(
            html.contains("<span class=\"comment\">// a &quot;pile&quot;</span>"),
            "{html}"
        );
        let text = to_html("```text\n<b>3 = 011</b>\n```\n");
        assert_eq!(
            text,
            "<pre><code class=\"language-text\">&lt;b&gt;3 = 011&lt;/b&gt;\n</code></pre>\n"
        );
    }

    #[test]
    fn char_literals_are_strings_and_lifetimes_are_not() {
        assert_eq!(
            highlight_rust("'x' '\\n' &'a"),
            "<span class=\"string\">&#39;x&#39;</span> <span class=\"string\">&#39;\\n&#39;</span> &amp;&#39;a"
        );
    }

    #[test]
    fn nothing_the_markdown_says_becomes_a_script_or_a_file_link() {
        let html = to_html(
            "<script>alert(1)</script> <img src=x onerror=alert(1)>\n\n\
             [a](javascript:alert(1)) [b](../secret.md) [c](https://example.org/?a=\"b\") \
             [d](#the-nim-sum)\n\n![alt](file:///etc/passwd)\n",
        );
        assert!(!html.contains("<script"), "{html}");
        assert!(!html.contains("<img"), "{html}");
        assert!(!html.contains("javascript:"), "{html}");
        assert!(!html.contains("secret.md"), "{html}");
        assert!(!html.contains("passwd"), "{html}");
        assert!(
            html.contains("<a href=\"https://example.org/?a=&quot;b&quot;\">c</a>"),
            "{html}"
        );
        assert!(html.contains("<a href=\"#the-nim-sum\">d</a>"), "{html}");
    }

    #[test]
    fn tables_keep_their_alignment() {
        let html = to_html("| heap | bits |\n|:--|--:|\n| 3 | 011 |\n");
        assert!(
            html.contains("<thead><tr><th style=\"text-align:left\">heap</th>"),
            "{html}"
        );
        assert!(
            html.contains("<td style=\"text-align:right\">011</td>"),
            "{html}"
        );
    }

    #[test]
    fn every_lesson_renders_with_its_answers_folded() {
        let lessons = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../lessons");
        for entry in std::fs::read_dir(&lessons).unwrap() {
            let path = entry.unwrap().path();
            let markdown = std::fs::read_to_string(&path).unwrap();
            let html = to_html(&markdown);
            let opened = markdown.matches("<details>").count();
            assert!(opened > 0, "{} has practice answers", path.display());
            assert_eq!(
                html.matches("<details class=\"answer\">").count(),
                opened,
                "{}",
                path.display()
            );
            assert_eq!(html.matches("<form class=\"practice\"").count(), opened);
            assert_eq!(html.matches("</details>").count(), opened);
            assert!(html.starts_with("<h1 id=\""), "{}", path.display());
        }
    }
}
