//! Measuring and cutting text by the columns it takes on screen.

use unicode_width::UnicodeWidthChar;

/// Columns `text` takes on screen: escape codes take none, wide characters two.
pub(super) fn width(text: &str) -> usize {
    textwrap::core::display_width(text)
}

/// Splits plain `text` after as many characters as fit in `columns` (at least one
/// character, so cutting always moves on).
pub(super) fn split_at_width(text: &str, columns: usize) -> (&str, &str) {
    let mut used = 0;
    for (at, c) in text.char_indices() {
        used += c.width().unwrap_or(0);
        if used > columns && at > 0 {
            return text.split_at(at);
        }
    }
    (text, "")
}

/// Plain `text` cut to at most `columns` columns.
pub(super) fn truncate(text: &str, columns: usize) -> &str {
    if width(text) <= columns {
        return text;
    }
    let (head, _) = split_at_width(text, columns);
    if width(head) > columns { "" } else { head }
}

/// Plain text without control characters (an escape code in a lesson would make its
/// width lie); tabs become spaces.
pub(super) fn clean(text: &str) -> String {
    text.chars()
        .filter_map(|c| match c {
            '\t' => Some(' '),
            '\n' => Some('\n'),
            c if c.is_control() => None,
            c => Some(c),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn width_counts_columns_not_bytes_or_escape_codes() {
        assert_eq!(width("héllo"), 5);
        assert_eq!(width("漢字"), 4);
        assert_eq!(width("\x1b[1mbold\x1b[0m"), 4);
    }

    #[test]
    fn splitting_stops_at_a_char_boundary_and_always_moves_on() {
        assert_eq!(split_at_width("abcdef", 4), ("abcd", "ef"));
        assert_eq!(split_at_width("é漢字", 2), ("é", "漢字"));
        assert_eq!(split_at_width("漢字", 1), ("漢", "字"));
        assert_eq!(split_at_width("ab", 4), ("ab", ""));
    }

    #[test]
    fn truncating_never_exceeds_the_columns() {
        assert_eq!(truncate("abcdef", 3), "abc");
        assert_eq!(truncate("漢字", 1), "");
        assert_eq!(truncate("ab", 3), "ab");
    }

    #[test]
    fn cleaning_drops_control_characters() {
        assert_eq!(clean("a\x1b[1mb\tc\nd"), "a[1mb c\nd");
    }
}
