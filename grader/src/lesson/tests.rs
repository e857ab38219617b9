//! `render` on each Markdown construct, and on the workbook's real lessons.

use std::path::Path;

use super::code::{CONTINUATION, code_block, is_rust};
use super::columns::width;
use super::render;
use crate::text::strip_ansi;

/// The main text of `markdown` at `columns`, without colors.
fn text(markdown: &str, columns: usize) -> Vec<String> {
    render(markdown, columns, false).folded.lines
}

/// Every lesson of the workbook, with its file name.
fn lessons() -> Vec<(String, String)> {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("../lessons");
    let mut lessons: Vec<(String, String)> = std::fs::read_dir(&folder)
        .expect("the lessons folder")
        .map(|entry| entry.expect("a lesson").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .map(|path| {
            let markdown = std::fs::read_to_string(&path).expect("a readable lesson");
            (path.display().to_string(), markdown)
        })
        .collect();
    lessons.sort();
    assert!(!lessons.is_empty(), "no lessons in {}", folder.display());
    lessons
}

#[test]
#[cfg_attr(
    not(feature = "e2e"),
    ignore = "end-to-end tier (cargo e2e): every lesson at every width"
)]
fn no_line_of_a_real_lesson_is_wider_than_the_screen() {
    for (name, markdown) in lessons() {
        for columns in 40..=120 {
            for color in [false, true] {
                let rendered = render(&markdown, columns, color);
                let answers = rendered.answers.iter().flat_map(|answer| &answer.lines);
                let lines = rendered.folded.lines.iter().chain(&rendered.answered.lines);
                for line in lines.chain(answers) {
                    assert!(
                        width(line) <= columns,
                        "{name} at {columns} columns: {} columns in {line:?}",
                        width(line)
                    );
                }
            }
        }
    }
}

/// The widths a lesson must fit whole: a pipe's and the usual terminal's (80), and the
/// narrowest screen the workbook supports (60).
const SCREENS: [usize; 2] = [80, 60];

/// Every lesson, as the pager shows it (styled) and as a pipe gets it (plain), fits the
/// screen: no line is wider, measured without escape codes, and no code line is cut
/// with a continuation mark, answers folded or shown.
#[test]
fn real_lessons_fit_80_and_60_columns_without_cutting_a_line() {
    let mark = CONTINUATION.trim();
    let mut broken = Vec::new();
    for (name, markdown) in lessons() {
        for columns in SCREENS {
            for (form, color) in [("styled", true), ("plain", false)] {
                let rendered = render(&markdown, columns, color);
                let answers = rendered.answers.iter().flat_map(|answer| &answer.lines);
                let lines = rendered.folded.lines.iter().chain(&rendered.answered.lines);
                for line in lines.chain(answers) {
                    let plain = strip_ansi(line);
                    let wide = width(&plain) > columns;
                    if !wide && !plain.contains(mark) {
                        continue;
                    }
                    let what = if wide { "too wide" } else { "cut" };
                    let entry = format!("{name}, {form} at {columns} columns, {what}: {plain:?}");
                    // The folded and the answered pages share most of their lines.
                    if !broken.contains(&entry) {
                        broken.push(entry);
                    }
                }
            }
        }
    }
    assert!(
        broken.is_empty(),
        "{} lines do not fit:\n{}",
        broken.len(),
        broken.join("\n")
    );
}

/// Every code block of every lesson keeps the renderer's full indentation, 4 columns,
/// at 80 and at 60 columns: the indentation shrinks only for a block too wide, so one
/// lesson's blocks would otherwise stand at 4, 3 and 2 columns. (The lessons' code
/// blocks stand at the top level or in answers, which get the full width.)
#[test]
fn code_blocks_of_real_lessons_keep_one_indentation() {
    use pulldown_cmark::{CodeBlockKind, Event, Parser, Tag, TagEnd};
    let mut broken = Vec::new();
    for (name, markdown) in lessons() {
        let mut block: Option<(bool, String)> = None;
        for event in Parser::new(&markdown) {
            match event {
                Event::Start(Tag::CodeBlock(kind)) => {
                    let rust = match kind {
                        CodeBlockKind::Fenced(info) => is_rust(&info),
                        CodeBlockKind::Indented => true,
                    };
                    block = Some((rust, String::new()));
                }
                Event::Text(text) => {
                    if let Some((_, code)) = &mut block {
                        code.push_str(&text);
                    }
                }
                Event::End(TagEnd::CodeBlock) => {
                    let Some((rust, code)) = block.take() else {
                        continue;
                    };
                    for columns in SCREENS {
                        let lines = code_block(&code, rust, columns, false);
                        let shrunk = lines
                            .iter()
                            .find(|line| !line.is_empty() && !line.starts_with("    "));
                        if let Some(line) = shrunk {
                            broken.push(format!("{name} at {columns} columns: {line:?}"));
                        }
                    }
                }
                _ => {}
            }
        }
    }
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}

#[test]
fn real_lessons_show_no_markup_and_fold_every_answer() {
    for (name, markdown) in lessons() {
        let rendered = render(&markdown, 80, false);
        let main = rendered.folded.lines.join("\n");
        for markup in [
            "<details",
            "<summary",
            "</details>",
            "<!--",
            "```",
            "](",
            "**",
        ] {
            assert!(!main.contains(markup), "{name} shows {markup}");
        }
        assert_eq!(
            rendered.answers.len(),
            markdown.matches("<details>").count(),
            "{name}"
        );
        // Headings are `#` lines outside code blocks (where `# ` hides a doctest line).
        let mut in_code = false;
        let headings = markdown
            .lines()
            .filter(|line| {
                if line.starts_with("```") {
                    in_code = !in_code;
                }
                !in_code && line.starts_with('#')
            })
            .count();
        assert_eq!(rendered.folded.headings.len(), headings, "{name}");
    }
}

#[test]
fn the_first_lesson_reads_well() {
    let markdown = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../lessons/nim-sum.md"),
    )
    .expect("the first lesson");
    let lines = text(&markdown, 80);
    assert_eq!(lines[0], "The nim-sum");
    assert_eq!(lines[1], "═".repeat(11));
    assert!(
        lines.contains(&"          3 = 0 1 1".to_string()),
        "{lines:#?}"
    );
    assert!(lines.contains(&"▸ Answer 1 (press a to show answers)".to_string()));
    assert!(lines.contains(
        &"1. Compute the nim-sum of the heaps 6, 7 and 9 by writing out the binary".to_string()
    ));
}

#[test]
fn headings_are_styled_and_found_again() {
    let rendered = render("# Title\n\nText.\n\n## Part *one*\n\nMore.\n", 80, true);
    let headings = &rendered.folded.headings;
    assert_eq!(headings.len(), 2);
    assert_eq!((headings[0].line, headings[0].level), (0, 1));
    assert_eq!(headings[1].text, "Part one");
    let line = &rendered.folded.lines[headings[1].line];
    assert!(line.contains("\x1b[1;33m"), "{line:?}");
    assert_eq!(strip_ansi(line), "Part one");
    assert_eq!(
        text("# Title\n\nText.\n\n## Part *one*\n\nMore.\n", 80),
        vec![
            "Title",
            "═════",
            "",
            "Text.",
            "",
            "Part one",
            "────────",
            "",
            "More."
        ]
    );
}

#[test]
fn paragraphs_are_wrapped_to_the_width() {
    let markdown = "one two three four five six seven eight nine ten eleven twelve thirteen\nfourteen fifteen sixteen seventeen eighteen nineteen twenty.\n";
    let lines = text(markdown, 40);
    assert_eq!(
        lines,
        vec![
            "one two three four five six seven eight",
            "nine ten eleven twelve thirteen fourteen",
            "fifteen sixteen seventeen eighteen",
            "nineteen twenty."
        ]
    );
}

#[test]
fn emphasis_strong_and_inline_code() {
    let markdown = "An *odd* count, a **bold** claim and `a ^ b`.";
    assert_eq!(
        text(markdown, 80),
        vec!["An odd count, a bold claim and `a ^ b`."]
    );
    let line = &render(markdown, 80, true).folded.lines[0];
    assert_eq!(
        line,
        "An \x1b[3modd\x1b[0m count, a \x1b[1mbold\x1b[0m claim and \x1b[36ma ^ b\x1b[0m."
    );
}

#[test]
fn short_inline_code_stays_on_one_line() {
    assert_eq!(
        text("The new nim-sum is `X ^ a ^ b`, which is 0.", 24),
        vec!["The new nim-sum is", "`X ^ a ^ b`, which is 0."]
    );
}

#[test]
fn styling_comes_after_wrapping() {
    let markdown = "**a bold phrase long enough to be wrapped over several lines of text**";
    let lines = render(markdown, 40, true).folded.lines;
    assert_eq!(lines.len(), 2);
    assert!(
        lines
            .iter()
            .all(|line| line.starts_with("\x1b[1m") && line.ends_with("\x1b[0m"))
    );
    assert!(lines.iter().all(|line| width(line) <= 40));
}

#[test]
fn links_show_their_url_unless_relative() {
    assert_eq!(
        text(
            "See [the book](https://doc.rust-lang.org/book/) and [lesson 2](boutons-theorem.md).",
            80
        ),
        vec!["See the book (https://doc.rust-lang.org/book/) and lesson 2."]
    );
    assert_eq!(
        text("<https://example.com>", 80),
        vec!["https://example.com"]
    );
    let line = &render("[a](https://x.org)", 80, true).folded.lines[0];
    assert!(line.ends_with("\x1b[2m(https://x.org)\x1b[0m"), "{line:?}");
}

#[test]
fn nested_lists_have_hanging_indents() {
    let markdown = "- first item, long enough that it has to wrap onto a second line\n  - nested item that also wraps around onto another line\n  - short\n- second\n\n3. three\n4. four\n";
    assert_eq!(
        text(markdown, 40),
        vec![
            "• first item, long enough that it has to",
            "  wrap onto a second line",
            "  ◦ nested item that also wraps around",
            "    onto another line",
            "  ◦ short",
            "• second",
            "",
            "3. three",
            "4. four",
        ]
    );
}

#[test]
fn loose_list_items_are_apart() {
    let markdown = "- one\n\n  more of one\n\n- two\n";
    assert_eq!(
        text(markdown, 40),
        vec!["• one", "", "  more of one", "", "• two"]
    );
}

#[test]
fn block_quotes_are_barred() {
    let markdown = "Before.\n\n> **Theorem.** A position is lost exactly when its nim-sum is 0.\n>\n> Second paragraph.\n\nAfter.";
    assert_eq!(
        text(markdown, 40),
        vec![
            "Before.",
            "",
            "│ Theorem. A position is lost exactly",
            "│ when its nim-sum is 0.",
            "│",
            "│ Second paragraph.",
            "",
            "After."
        ]
    );
}

#[test]
fn tables_become_aligned_columns() {
    let markdown = "| heap | binary |\n|---:|:---|\n| 3 | `011` |\n| 12 | `1100` |\n";
    assert_eq!(
        text(markdown, 40),
        vec![
            "heap │ binary",
            "─────┼───────",
            "   3 │ `011`",
            "  12 │ `1100`"
        ]
    );
}

#[test]
fn a_table_too_wide_does_not_overflow() {
    let markdown = "| position | what the player to move should do | why |\n|---|---|---|\n| 1, 2, 3 | take 2 stones from the heap of 3 | it leaves a nim-sum of 0 |\n";
    let lines = text(markdown, 40);
    assert!(lines.iter().all(|line| width(line) <= 40), "{lines:#?}");
    assert_eq!(lines[0], "position · what the player to move");
    assert_eq!(lines[2], "1, 2, 3: take 2 stones from the heap");
}

#[test]
fn code_blocks_are_indented_and_kept_as_written() {
    let markdown = "```text\n  a  b | a XOR b\n  -----+--------\n```\n\n```rust,ignore\nlet x = 1;   // spaced\n```\n";
    assert_eq!(
        text(markdown, 40),
        vec![
            "      a  b | a XOR b",
            "      -----+--------",
            "",
            "    let x = 1;   // spaced"
        ]
    );
}

#[test]
fn rustdoc_hidden_lines_are_hidden() {
    let markdown = "```rust\n# use std::collections::HashMap;\n#\nlet map: HashMap<u8, u8> = HashMap::new();\n#[derive(Debug)]\nstruct S;\n```\n\n```text\n# shown in text blocks\n```\n";
    assert_eq!(
        text(markdown, 80),
        vec![
            "    let map: HashMap<u8, u8> = HashMap::new();",
            "    #[derive(Debug)]",
            "    struct S;",
            "",
            "    # shown in text blocks"
        ]
    );
}

#[test]
fn a_code_line_wider_than_the_screen_is_cut_and_continued() {
    let long = format!("let v = [{}];", "1, ".repeat(30));
    let lines = text(&format!("```rust\n{long}\n```\n"), 40);
    assert!(lines.iter().all(|line| width(line) <= 40), "{lines:#?}");
    assert!(
        lines[1].starts_with("  ↪ "),
        "the indentation shrinks: {lines:#?}"
    );
    let rejoined: String = lines
        .iter()
        .map(|line| line.trim_start_matches("  ").trim_start_matches("↪ "))
        .collect();
    assert_eq!(rejoined, long);
}

#[test]
fn html_comments_are_hidden() {
    let markdown = "Before.\n\n<!-- grader output: solutions/x/recorded/y.rs -->\n```text\nout\n```\n\nInline <!-- note --> comment.\n";
    assert_eq!(
        text(markdown, 80),
        vec!["Before.", "", "    out", "", "Inline comment."]
    );
}

#[test]
fn answers_are_folded_into_placeholders() {
    let markdown = "1. What is 3 ^ 5?\n\n<details><summary>Answer</summary>\n\nIt is **6**.\n\n```rust\nassert_eq!(3 ^ 5, 6);\n```\n\n</details>\n\n2. And 1 ^ 1?\n\n<details><summary>Answer</summary>\n\nZero.\n\n</details>\n";
    let rendered = render(markdown, 80, false);
    assert_eq!(
        rendered.folded.lines,
        vec![
            "1. What is 3 ^ 5?",
            "",
            "▸ Answer 1 (press a to show answers)",
            "",
            "2. And 1 ^ 1?",
            "",
            "▸ Answer 2 (press a to show answers)",
        ]
    );
    let first = &rendered.answers[0];
    assert_eq!(first.summary, "Answer");
    assert_eq!(
        first.lines,
        vec!["It is 6.", "", "    assert_eq!(3 ^ 5, 6);"]
    );
    assert_eq!(rendered.answers[1].lines, vec!["Zero."]);
    assert_eq!(rendered.answers[1].placeholder, 6);
}

#[test]
fn shown_answers_come_at_the_end_under_their_own_heading() {
    let markdown =
        "Question?\n\n<details><summary>Answer</summary>\n\nYes.\n\n</details>\n\nMore text.\n";
    let rendered = render(markdown, 40, false);
    assert_eq!(
        rendered.answered.lines,
        vec![
            "Question?",
            "",
            "▸ Answer 1 (see Answers at the end)",
            "",
            "More text.",
            "",
            "Answers",
            "───────",
            "",
            "▾ Answer 1",
            "Yes."
        ]
    );
    let answer = &rendered.answers[0];
    assert_eq!(rendered.answered.lines[answer.shown_at], "▾ Answer 1");
    let headings: Vec<&str> = rendered
        .answered
        .headings
        .iter()
        .map(|heading| heading.text.as_str())
        .collect();
    assert_eq!(headings, vec!["Answers", "Answer 1"]);
    assert!(rendered.folded.headings.is_empty());
}

#[test]
fn an_unclosed_answer_is_still_folded() {
    let rendered = render("Q?\n\n<details>\n\nA.\n", 40, false);
    assert_eq!(
        rendered.folded.lines,
        vec!["Q?", "", "▸ Details 1 (press a to show answers)"]
    );
    assert_eq!(rendered.answers[0].lines, vec!["A."]);
}

#[test]
fn plain_rendering_has_no_escape_codes() {
    for (name, markdown) in lessons() {
        let rendered = render(&markdown, 80, false);
        assert!(
            rendered
                .answered
                .lines
                .iter()
                .all(|line| !line.contains('\x1b')),
            "{name}"
        );
    }
}

#[test]
fn any_width_from_40_holds_a_hard_mix() {
    let markdown = "# A heading long enough to wrap at forty columns and more\n\n> - quoted list\n>   > deeper quote with `a_very_long_identifier_that_cannot_be_broken_anywhere_at_all`\n>\n>   ```\n>   fn a_very_long_function_name_that_does_not_fit(argument: u64) -> u64 { argument }\n>   ```\n\n| a | b |\n|---|---|\n| 漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字 | https://example.com/a/very/long/path/that/goes/on |\n\n<details><summary>An answer with a long summary text</summary>\n\n- x\n\n</details>\n";
    for columns in 40..=120 {
        for color in [false, true] {
            let rendered = render(markdown, columns, color);
            for line in rendered.answered.lines.iter().chain(&rendered.folded.lines) {
                assert!(width(line) <= columns, "{columns}: {line:?}");
            }
        }
    }
}
