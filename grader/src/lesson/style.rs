//! Text styles and the escape codes that draw them.
//!
//! The codes come from crossterm's attributes and colored's colors, but are written here
//! directly: both crates' own printing consults global state (colored's override,
//! crossterm's NO_COLOR check), and rendering must depend on its `color` argument alone.

use colored::Color;
use crossterm::style::Attribute;

const RESET: &str = "\x1b[0m";

/// How a piece of text is drawn; the default is plain.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Style {
    pub bold: bool,
    pub italic: bool,
    pub dim: bool,
    pub underline: bool,
    pub strike: bool,
    pub reverse: bool,
    pub color: Option<Color>,
}

impl Style {
    pub(super) const PLAIN: Style = Style {
        bold: false,
        italic: false,
        dim: false,
        underline: false,
        strike: false,
        reverse: false,
        color: None,
    };
    pub(super) const BOLD: Style = Style {
        bold: true,
        ..Style::PLAIN
    };
    pub(super) const ITALIC: Style = Style {
        italic: true,
        ..Style::PLAIN
    };
    pub(super) const DIM: Style = Style {
        dim: true,
        ..Style::PLAIN
    };
    pub(super) const STRIKE: Style = Style {
        strike: true,
        ..Style::PLAIN
    };
    pub(super) const REVERSE: Style = Style {
        reverse: true,
        ..Style::PLAIN
    };
    pub(super) const CODE: Style = Style {
        color: Some(Color::Cyan),
        ..Style::PLAIN
    };
    pub(super) const LINK: Style = Style {
        underline: true,
        color: Some(Color::Blue),
        ..Style::PLAIN
    };
    pub(super) const H1: Style = Style {
        bold: true,
        color: Some(Color::BrightYellow),
        ..Style::PLAIN
    };
    pub(super) const H2: Style = Style {
        bold: true,
        color: Some(Color::Yellow),
        ..Style::PLAIN
    };
    /// Folded answers and the answers' titles.
    pub(super) const ANSWER: Style = Style {
        bold: true,
        color: Some(Color::Green),
        ..Style::PLAIN
    };

    /// This style with `other` drawn over it: attributes add up, `other`'s color wins.
    pub(super) fn with(self, other: Style) -> Style {
        Style {
            bold: self.bold || other.bold,
            italic: self.italic || other.italic,
            dim: self.dim || other.dim,
            underline: self.underline || other.underline,
            strike: self.strike || other.strike,
            reverse: self.reverse || other.reverse,
            color: other.color.or(self.color),
        }
    }

    /// The SGR parameters of this style, e.g. "1;36".
    fn parameters(self) -> String {
        let attributes = [
            (self.bold, Attribute::Bold),
            (self.italic, Attribute::Italic),
            (self.dim, Attribute::Dim),
            (self.underline, Attribute::Underlined),
            (self.strike, Attribute::CrossedOut),
            (self.reverse, Attribute::Reverse),
        ];
        let mut parameters: Vec<String> = attributes
            .into_iter()
            .filter(|(on, _)| *on)
            .map(|(_, attribute)| attribute.sgr())
            .collect();
        parameters.extend(self.color.map(|color| color.to_fg_str().into_owned()));
        parameters.join(";")
    }
}

/// `text` drawn in `style`, closed by a reset so no style leaks into the next piece;
/// without `color`, the text alone.
pub(super) fn paint(text: &str, style: Style, color: bool) -> String {
    if !color || style == Style::PLAIN || text.is_empty() {
        return text.to_string();
    }
    format!("\x1b[{}m{text}{RESET}", style.parameters())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_text_and_no_color_have_no_escape_codes() {
        assert_eq!(paint("x", Style::BOLD, false), "x");
        assert_eq!(paint("x", Style::PLAIN, true), "x");
    }

    #[test]
    fn styles_add_up_into_one_escape_code() {
        assert_eq!(paint("x", Style::BOLD, true), "\x1b[1mx\x1b[0m");
        assert_eq!(
            paint("x", Style::BOLD.with(Style::CODE), true),
            "\x1b[1;36mx\x1b[0m"
        );
        assert_eq!(Style::CODE.with(Style::LINK).color, Some(Color::Blue));
    }
}
