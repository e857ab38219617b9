//! Code blocks: shown as written, never wrapped like prose. Rust blocks hide rustdoc's
//! hidden lines, and a line too wide for the screen is cut and continued.

use std::borrow::Cow;

use super::columns::{clean, split_at_width, width};
use super::style::{Style, paint};

/// Starts the rest of a code line that did not fit on its screen line.
pub(super) const CONTINUATION: &str = "↪ ";
const TAB: &str = "    ";
/// Code blocks are indented this much, and at least `MIN_INDENT` when lines are wide.
const INDENT: usize = 4;
const MIN_INDENT: usize = 2;
/// Room for the continuation marker and some code, however narrow the screen.
const MIN_CODE_COLUMNS: usize = 4;

/// Whether rustdoc treats a code block with this info string (e.g. "rust,ignore") as
/// Rust: a block with no tags, only rustdoc's tags, or the tag `rust`; not one with another
/// tag ("text", "text,ignore").
pub(super) fn is_rust(info: &str) -> bool {
    let tags: Vec<&str> = info
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|tag| !tag.is_empty())
        .collect();
    tags.iter().all(|tag| is_rust_tag(tag)) || tags.contains(&"rust")
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

/// The screen lines of a code block's `text`, indented, each at most `columns` wide.
/// The indentation shrinks (to 2 columns) when that lets the widest line fit uncut.
pub(super) fn code_block(text: &str, rust: bool, columns: usize, color: bool) -> Vec<String> {
    let lines: Vec<String> = text
        .lines()
        .filter_map(|line| match rust {
            true => shown(line),
            false => Some(Cow::Borrowed(line)),
        })
        .map(|line| clean(&line.replace('\t', TAB)).trim_end().to_string())
        .collect();
    let widest = lines.iter().map(|line| width(line)).max().unwrap_or(0);
    let indent = columns.saturating_sub(widest).clamp(MIN_INDENT, INDENT);
    let columns = columns.saturating_sub(indent).max(MIN_CODE_COLUMNS);
    let mut screen_lines = Vec::new();
    for line in &lines {
        if line.is_empty() {
            screen_lines.push(String::new());
        }
        for piece in cut(line, columns, color) {
            screen_lines.push(format!("{}{piece}", " ".repeat(indent)));
        }
    }
    screen_lines
}

/// `line` cut at char boundaries into pieces of at most `columns` columns, each piece
/// after the first starting with the continuation marker.
fn cut(line: &str, columns: usize, color: bool) -> Vec<String> {
    let mut pieces = Vec::new();
    let (head, mut rest) = split_at_width(line, columns);
    if !head.is_empty() {
        pieces.push(paint(head, Style::CODE, color));
    }
    while !rest.is_empty() {
        let (head, tail) = split_at_width(rest, columns - width(CONTINUATION));
        pieces.push(paint(CONTINUATION, Style::DIM, color) + &paint(head, Style::CODE, color));
        rest = tail;
    }
    pieces
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
        for info in ["text", "console", "toml", "text,ignore"] {
            assert!(!is_rust(info), "{info:?}");
        }
    }

    #[test]
    fn rustdoc_hidden_lines_are_hidden_in_rust_blocks_only() {
        let text = "# use std::fmt;\n#\nlet x = 1;\n    # indented hidden\n#[derive(Debug)]\n#![allow(x)]\n## shown with one hash\n#x\n";
        assert_eq!(
            code_block(text, true, 80, false),
            vec![
                "    let x = 1;",
                "    #[derive(Debug)]",
                "    #![allow(x)]",
                "    # shown with one hash",
                "    #x"
            ]
        );
        assert_eq!(code_block(text, false, 80, false).len(), 8);
    }

    #[test]
    fn code_is_kept_as_written() {
        let text = "fn f() {\n\n    let   spaced = 1;\n}\n";
        assert_eq!(
            code_block(text, true, 80, false),
            vec!["    fn f() {", "", "        let   spaced = 1;", "    }"]
        );
        assert_eq!(code_block("\tx", false, 80, false), vec!["        x"]);
    }

    #[test]
    fn wide_lines_are_cut_with_a_continuation_marker() {
        let lines = code_block("abcdefghij漢字", false, 8, false);
        assert_eq!(lines, vec!["  abcdef", "  ↪ ghij", "  ↪ 漢字"]);
        let lines = code_block(&"x".repeat(30), false, 8, true);
        assert!(lines.iter().all(|line| width(line) <= 8), "{lines:?}");
        assert_eq!(lines.len(), 7);
    }

    #[test]
    fn the_indentation_shrinks_so_a_wide_block_fits() {
        assert_eq!(code_block("abcdef", false, 9, false), vec!["   abcdef"]);
        assert_eq!(code_block("abcdef", false, 8, false), vec!["  abcdef"]);
        assert_eq!(
            code_block("abcdef", false, 7, false),
            vec!["  abcde", "  ↪ f"]
        );
    }
}
