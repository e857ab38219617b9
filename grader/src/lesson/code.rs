//! Code blocks: shown as written, never wrapped like prose. Rust blocks hide rustdoc's
//! hidden lines, and a line too wide for the screen is cut and continued.

use std::borrow::Cow;

use super::columns::{clean, split_at_width, width};
use super::style::{Style, paint};

/// Starts the rest of a code line that did not fit on its screen line.
const CONTINUATION: &str = "↪ ";
const TAB: &str = "    ";

/// Whether rustdoc treats a code block with this info string (e.g. "rust,ignore") as
/// Rust: a block with no tags, or with a Rust tag; not one with only other tags ("text").
pub fn is_rust(info: &str) -> bool {
    let tags: Vec<&str> = info
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|tag| !tag.is_empty())
        .collect();
    tags.iter().all(|tag| is_rust_tag(tag)) || tags.iter().any(|tag| is_rust_tag(tag))
}

fn is_rust_tag(tag: &str) -> bool {
    let error_code =
        tag.len() == 5 && tag.starts_with('E') && tag[1..].bytes().all(|b| b.is_ascii_digit());
    matches!(
        tag,
        "rust"
            | "ignore"
            | "should_panic"
            | "no_run"
            | "compile_fail"
            | "test_harness"
            | "standalone_crate"
    ) || tag.starts_with("ignore-")
        || tag.starts_with("edition")
        || error_code
}

/// A line of a Rust block as rustdoc shows it, or `None` when rustdoc hides it: a line
/// that is `#` alone or starts with `# ` (after indentation) is hidden, and a leading
/// `##` stands for a shown `#`.
fn shown(line: &str) -> Option<Cow<'_, str>> {
    let trimmed = line.trim();
    if trimmed.starts_with("##") {
        Some(Cow::Owned(line.replacen("##", "#", 1)))
    } else if trimmed.starts_with("# ") || trimmed == "#" {
        None
    } else {
        Some(Cow::Borrowed(line))
    }
}

/// The screen lines of a code block's `text`, each at most `columns` wide (at least 3).
pub fn code_lines(text: &str, rust: bool, columns: usize, color: bool) -> Vec<String> {
    let columns = columns.max(3);
    let mut lines = Vec::new();
    for line in text.lines() {
        let line = match rust {
            true => shown(line),
            false => Some(Cow::Borrowed(line)),
        };
        if let Some(line) = line {
            let line = clean(&line.replace('\t', TAB));
            cut(line.trim_end(), columns, color, &mut lines);
        }
    }
    lines
}

/// Pushes `line` cut at char boundaries into pieces of at most `columns` columns, each
/// piece after the first starting with the continuation marker.
fn cut(line: &str, columns: usize, color: bool, lines: &mut Vec<String>) {
    let (head, mut rest) = split_at_width(line, columns);
    lines.push(paint(head, Style::CODE, color));
    while !rest.is_empty() {
        let (head, tail) = split_at_width(rest, columns - width(CONTINUATION));
        lines.push(paint(CONTINUATION, Style::DIM, color) + &paint(head, Style::CODE, color));
        rest = tail;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rust_blocks_are_the_ones_rustdoc_tests() {
        for info in [
            "",
            "rust",
            "rust,ignore",
            "ignore",
            "should_panic",
            "edition2021",
        ] {
            assert!(is_rust(info), "{info:?}");
        }
        for info in ["text", "console", "toml"] {
            assert!(!is_rust(info), "{info:?}");
        }
    }

    #[test]
    fn rustdoc_hidden_lines_are_hidden_in_rust_blocks_only() {
        let text = "# use std::fmt;\n#\nlet x = 1;\n    # indented hidden\n#[derive(Debug)]\n#![allow(x)]\n## shown with one hash\n#x\n";
        assert_eq!(
            code_lines(text, true, 80, false),
            vec![
                "let x = 1;",
                "#[derive(Debug)]",
                "#![allow(x)]",
                "# shown with one hash",
                "#x"
            ]
        );
        assert_eq!(code_lines(text, false, 80, false).len(), 8);
    }

    #[test]
    fn code_is_kept_as_written() {
        let text = "fn f() {\n\n    let   spaced = 1;\n}\n";
        assert_eq!(
            code_lines(text, true, 80, false),
            vec!["fn f() {", "", "    let   spaced = 1;", "}"]
        );
        assert_eq!(code_lines("\tx", false, 80, false), vec!["    x"]);
    }

    #[test]
    fn wide_lines_are_cut_with_a_continuation_marker() {
        let lines = code_lines("abcdefghij漢字", false, 6, false);
        assert_eq!(lines, vec!["abcdef", "↪ ghij", "↪ 漢字"]);
        let lines = code_lines(&"x".repeat(30), false, 6, true);
        assert!(lines.iter().all(|line| width(line) <= 6), "{lines:?}");
        assert_eq!(lines.len(), 7);
    }
}
