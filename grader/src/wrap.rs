//! Wrapping lines that may hold ANSI color codes (the compiler's, `colored`'s) to the
//! terminal's width, so no line is ever broken by the terminal itself.

use unicode_width::UnicodeWidthChar;

/// Narrower than this, wrapping would only make things worse.
const MIN_WIDTH: usize = 20;
/// Tabs (rare in compiler output) are drawn as this many spaces.
const TAB: &str = "    ";
const RESET: &str = "\x1b[0m";

#[derive(Debug, Clone)]
enum Token {
    /// An escape sequence: takes no room on screen.
    Escape(String),
    Char(char, usize),
}

/// Splits `line` into lines at most `width` columns wide, breaking after a space where
/// it can. Continuation lines keep the line's indentation; a color open at a break is
/// closed at the end of the line and opened again on the next.
pub fn wrap(line: &str, width: usize) -> Vec<String> {
    let width = width.max(MIN_WIDTH);
    let tokens = tokenize(line);
    let indent = tokens
        .iter()
        .take_while(|t| matches!(t, Token::Char(' ', _)))
        .count()
        .min(width / 2);
    let mut lines = Vec::new();
    // Colors in effect where the pending line starts, and the pending line itself.
    let mut colors_at_start: Vec<String> = Vec::new();
    let mut pending: Vec<Token> = Vec::new();
    let mut columns = 0;
    for token in tokens {
        if let Token::Char(_, char_width) = token
            && columns + char_width > width
            && columns > indent
        {
            // A space that does not fit is the break itself.
            let at_space = matches!(token, Token::Char(' ', _));
            let (head, tail) = if at_space {
                (std::mem::take(&mut pending), Vec::new())
            } else {
                split_at_last_space(&pending, indent)
            };
            let colors = colors_after(&colors_at_start, &head);
            lines.push(render(&colors_at_start, &head, !colors.is_empty()));
            pending = std::iter::repeat_n(Token::Char(' ', 1), indent)
                .chain(tail)
                .collect();
            columns = pending.iter().map(token_width).sum();
            colors_at_start = colors;
            if at_space {
                continue;
            }
        }
        columns += token_width(&token);
        pending.push(token);
    }
    let colors = colors_after(&colors_at_start, &pending);
    lines.push(render(&colors_at_start, &pending, !colors.is_empty()));
    lines
}

/// Columns the text takes on screen, escape codes aside.
#[cfg(test)]
pub fn visible_width(text: &str) -> usize {
    tokenize(text).iter().map(token_width).sum()
}

/// The text without its escape codes.
pub fn strip_ansi(text: &str) -> String {
    tokenize(text)
        .into_iter()
        .filter_map(|t| match t {
            Token::Char(c, _) => Some(c),
            Token::Escape(_) => None,
        })
        .collect()
}

fn token_width(token: &Token) -> usize {
    match token {
        Token::Char(_, width) => *width,
        Token::Escape(_) => 0,
    }
}

fn tokenize(text: &str) -> Vec<Token> {
    let mut tokens = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\x1b' => {
                let mut sequence = String::from(c);
                if chars.peek() == Some(&'[') {
                    // A control sequence: parameters, then one final byte in '@'..='~'.
                    sequence.extend(chars.next());
                    for c in chars.by_ref() {
                        sequence.push(c);
                        if ('@'..='~').contains(&c) {
                            break;
                        }
                    }
                } else {
                    sequence.extend(chars.next());
                }
                tokens.push(Token::Escape(sequence));
            }
            '\t' => tokens.extend(TAB.chars().map(|c| Token::Char(c, 1))),
            c if c.is_control() => {}
            c => tokens.push(Token::Char(c, c.width().unwrap_or(0))),
        }
    }
    tokens
}

/// Splits a full line after its last space past the indentation; with no such space,
/// the whole line goes first and the word goes on in the next.
fn split_at_last_space(line: &[Token], indent: usize) -> (Vec<Token>, Vec<Token>) {
    let is_space = |t: &Token| matches!(t, Token::Char(' ', _));
    let break_at = line
        .iter()
        .rposition(is_space)
        .filter(|&at| at > indent && line[indent..at].iter().any(|t| !is_space(t)));
    match break_at {
        Some(at) => (line[..at].to_vec(), line[at + 1..].to_vec()),
        None => (line.to_vec(), Vec::new()),
    }
}

/// The colors in effect after `tokens`, given those in effect before.
fn colors_after(before: &[String], tokens: &[Token]) -> Vec<String> {
    let mut colors = before.to_vec();
    for token in tokens {
        if let Token::Escape(sequence) = token
            && sequence.starts_with("\x1b[")
            && sequence.ends_with('m')
        {
            if sequence == RESET || sequence == "\x1b[m" {
                colors.clear();
            } else {
                colors.push(sequence.clone());
            }
        }
    }
    colors
}

fn render(colors_at_start: &[String], tokens: &[Token], close: bool) -> String {
    let mut line = String::new();
    let mut opened = false;
    for token in tokens {
        match token {
            Token::Char(c, _) => {
                // Colors carried over start after the indentation, as they did.
                if !opened && *c != ' ' {
                    line.push_str(&colors_at_start.concat());
                    opened = true;
                }
                line.push(*c);
            }
            Token::Escape(sequence) => {
                if !opened {
                    line.push_str(&colors_at_start.concat());
                    opened = true;
                }
                line.push_str(sequence);
            }
        }
    }
    if close {
        line.push_str(RESET);
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_lines_are_kept() {
        assert_eq!(wrap("hello world", 80), vec!["hello world"]);
        assert_eq!(wrap("", 80), vec![""]);
    }

    #[test]
    fn long_lines_break_at_spaces_and_keep_their_indentation() {
        let line = "  one two three four five six seven eight nine ten";
        let lines = wrap(line, 20);
        assert_eq!(
            lines,
            vec![
                "  one two three four",
                "  five six seven",
                "  eight nine ten"
            ]
        );
        assert!(lines.iter().all(|l| visible_width(l) <= 20));
    }

    #[test]
    fn a_word_longer_than_the_line_is_cut() {
        let word = "x".repeat(50);
        let lines = wrap(&word, 20);
        assert_eq!(lines.len(), 3);
        assert!(lines.iter().all(|l| visible_width(l) <= 20));
        assert_eq!(lines.concat(), word);
    }

    #[test]
    fn an_indented_long_word_is_cut_too() {
        let line = format!("    {}", "a".repeat(50));
        let lines = wrap(&line, 20);
        assert!(lines.iter().all(|l| visible_width(l) <= 20), "{lines:?}");
        assert!(
            lines[1..].iter().all(|l| l.starts_with("    a")),
            "{lines:?}"
        );
    }

    #[test]
    fn any_line_fits_any_width() {
        // A fixed pseudo-random mix of words, spaces, indentation, colors and wide chars.
        let pieces = [
            " ", "  ", "word", "\x1b[1m", "\x1b[0m", "漢字", "x", "-->", "\t",
        ];
        let mut seed: u64 = 7;
        for _ in 0..500 {
            let mut line = String::new();
            for _ in 0..40 {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                line.push_str(pieces[(seed >> 33) as usize % pieces.len()]);
            }
            for width in [1, 20, 21, 37, 60, 80] {
                let lines = wrap(&line, width);
                let fits = width.max(MIN_WIDTH);
                assert!(
                    lines.iter().all(|l| visible_width(l) <= fits),
                    "{line:?} at {width}: {lines:?}"
                );
                let kept: usize = lines.iter().map(|l| strip_ansi(l).trim().len()).sum();
                assert!(kept > 0 || strip_ansi(&line).trim().is_empty(), "{line:?}");
            }
        }
    }

    #[test]
    fn colors_take_no_room_and_are_carried_over_a_break() {
        let red = "\x1b[31m";
        let line = format!("{red}aaaa bbbb cccc dddd eeee ffff{RESET}");
        let lines = wrap(&line, 20);
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0], format!("{red}aaaa bbbb cccc dddd{RESET}"));
        assert_eq!(lines[1], format!("{red}eeee ffff{RESET}"));
        assert_eq!(visible_width(&line), 29);
    }

    #[test]
    fn wide_characters_count_twice() {
        assert_eq!(visible_width("漢字"), 4);
        assert_eq!(visible_width("✓ ok"), 4);
        let lines = wrap(&"漢".repeat(15), 20);
        assert!(lines.iter().all(|l| visible_width(l) <= 20), "{lines:?}");
    }

    #[test]
    fn tabs_become_spaces_and_other_controls_go() {
        assert_eq!(wrap("\ta\r", 80), vec!["    a"]);
        assert_eq!(strip_ansi("\x1b[1mbold\x1b[0m"), "bold");
    }
}
