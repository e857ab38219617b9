//! Where the game is shown and moves are read. In a terminal the screen is redrawn at
//! every prompt (the title, the board, the last messages that fit, the keys and the
//! prompt), so it fits 80x24. Otherwise the game is a transcript: every message and
//! every position after a move is printed once, the lines read are echoed, and nothing
//! but colors (unless NO_COLOR) is ever written.

use std::io::{BufRead, IsTerminal, Read, Write};

use anyhow::{Context, Result};

use crate::text::{Style, Text};

/// Lines on a terminal whose size cannot be read.
const DEFAULT_ROWS: usize = 24;
/// A typed line longer than this is cut (nothing that long is a move).
const LINE_BYTES: u64 = 4096;
const PROMPT: &str = "your move> ";

pub(super) struct Console {
    /// The screen's rows, when it is redrawn; `None` for a transcript.
    rows: Option<usize>,
    width: usize,
    color: bool,
    /// Whether lines read are printed (when stdin is not a terminal, nothing echoes them).
    echo: bool,
    /// The title, at the top of every screen.
    heading: Text,
    /// How to move, above every prompt of a screen (once, at the start, in a transcript).
    keys: Text,
    /// Every message so far; a screen shows the last ones that fit.
    messages: Vec<Text>,
}

impl Console {
    /// A console for this process's stdin and stdout, showing `heading` first and
    /// `keys` (how to move) at each prompt.
    pub(super) fn new(heading: Text, keys: &str, color: bool) -> Console {
        let mut keys_text = Text::new();
        keys_text.styled(0, Style::Dim, keys);
        let interactive = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
        let rows = interactive.then(|| {
            crossterm::terminal::size()
                .ok()
                .filter(|&(_, rows)| rows > 0)
                .map_or(DEFAULT_ROWS, |(_, rows)| rows as usize)
        });
        let console = Console {
            rows,
            width: crate::text::output_width(),
            color,
            echo: !std::io::stdin().is_terminal(),
            heading,
            keys: keys_text,
            messages: Vec::new(),
        };
        if console.rows.is_none() {
            console.print(&console.heading);
            console.print(&console.keys);
        }
        console
    }

    /// A message: printed at once in a transcript, kept for the next screen otherwise.
    pub(super) fn say(&mut self, style: Style, message: &str) {
        let mut text = Text::new();
        text.styled(0, style, message);
        self.say_text(text);
    }

    pub(super) fn say_text(&mut self, text: Text) {
        if self.rows.is_none() {
            self.print(&text);
        }
        self.messages.push(text);
    }

    /// The board after a move (a screen shows it at the next prompt).
    pub(super) fn position(&self, board: &Text) {
        if self.rows.is_none() {
            let mut text = Text::new();
            text.blank().append(board.clone()).blank();
            self.print(&text);
        }
    }

    /// Shows the prompt and reads the learner's line; `None` at the end of input.
    pub(super) fn ask(&self, board: &Text) -> Result<Option<String>> {
        if self.rows.is_some() {
            self.redraw(board, true)?;
        }
        print!("{PROMPT}");
        std::io::stdout()
            .flush()
            .context("cannot write to the terminal")?;
        let mut line = Vec::new();
        std::io::stdin()
            .lock()
            .take(LINE_BYTES)
            .read_until(b'\n', &mut line)
            .context("cannot read your move")?;
        if line.is_empty() {
            println!();
            return Ok(None);
        }
        let line = String::from_utf8_lossy(&line).trim_end().to_string();
        if self.echo {
            println!("{}", crate::text::visible(&line));
        }
        Ok(Some(line))
    }

    /// The last screen, without a prompt, when the game ends.
    pub(super) fn finish(&self, board: &Text) -> Result<()> {
        match self.rows {
            Some(_) => self.redraw(board, false),
            None => Ok(()),
        }
    }

    fn redraw(&self, board: &Text, prompt: bool) -> Result<()> {
        let mut top = self.heading.clone();
        top.blank().append(board.clone()).blank();
        let mut bottom = Text::new();
        if prompt {
            bottom.blank().append(self.keys.clone());
        }
        let top = top.render(self.width, self.color);
        let bottom = bottom.render(self.width, self.color);
        // The prompt's own line, and one for the line it echoes.
        let room = self.rows.unwrap_or(DEFAULT_ROWS);
        let mut room = room.saturating_sub(top.len() + bottom.len() + 2);
        // The last messages that fit whole, in order.
        let mut shown = Vec::new();
        for message in self.messages.iter().rev() {
            let lines = message.render(self.width, self.color);
            if lines.len() > room {
                break;
            }
            room -= lines.len();
            shown.push(lines);
        }
        let shown: Vec<String> = shown.into_iter().rev().flatten().collect();
        let mut out = std::io::stdout().lock();
        crossterm::execute!(
            out,
            crossterm::cursor::MoveTo(0, 0),
            crossterm::terminal::Clear(crossterm::terminal::ClearType::All)
        )
        .context("cannot draw on the terminal")?;
        for line in top.iter().chain(&shown).chain(&bottom) {
            writeln!(out, "{line}").context("cannot draw on the terminal")?;
        }
        Ok(())
    }

    fn print(&self, text: &Text) {
        print!("{}", text.to_string(self.width, self.color));
    }
}
