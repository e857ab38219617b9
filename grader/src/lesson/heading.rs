//! Headings: the text in its level's style, underlined by a rule as wide as the text, so
//! sections stand out even without colors.

use super::columns::width;
use super::fill::{Piece, fill};
use super::style::{Style, paint};

/// The screen lines of a heading of `level` (1 for `#`) made of `pieces`.
pub(super) fn heading_lines(
    pieces: &[Piece],
    level: u8,
    columns: usize,
    color: bool,
) -> Vec<String> {
    let (style, rule) = match level {
        1 => (Style::H1, "═"),
        2 => (Style::H2, "─"),
        _ => (Style::BOLD, "┄"),
    };
    let pieces: Vec<Piece> = pieces
        .iter()
        .map(|piece| piece.restyled(style.with(piece.style)))
        .collect();
    let mut lines = fill(&pieces, columns, color);
    let rule_width = lines.iter().map(|line| width(line)).max().unwrap_or(0);
    lines.push(paint(&rule.repeat(rule_width), style, color));
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headings_are_underlined_by_level() {
        let title = [Piece::new("The nim-sum", Style::PLAIN)];
        assert_eq!(
            heading_lines(&title, 1, 80, false),
            vec!["The nim-sum", "═══════════"]
        );
        assert_eq!(heading_lines(&title, 2, 80, false)[1], "───────────");
        assert_eq!(
            heading_lines(&title, 3, 8, false),
            vec!["The", "nim-sum", "┄┄┄┄┄┄┄"]
        );
        assert!(heading_lines(&title, 2, 80, true)[0].starts_with("\x1b[1;33m"));
    }
}
