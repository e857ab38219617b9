//! The terminal watch draws on. Interactive (keys and screen both on a terminal): raw
//! mode, the alternate screen and a hidden cursor, all restored on drop and, through a
//! panic hook, after a panic. Otherwise no raw mode: a terminal on stdout is redrawn in
//! place, and anything else (a pipe, a file) gets each screen printed after the last.

use std::io::{IsTerminal, Write};
use std::sync::Once;
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::{Context, Result};
use crossterm::cursor::{Hide, MoveTo, Show};
use crossterm::terminal::{
    self, BeginSynchronizedUpdate, Clear, ClearType, EndSynchronizedUpdate, EnterAlternateScreen,
    LeaveAlternateScreen,
};
use crossterm::{execute, queue};

/// The size assumed when the terminal does not say.
const DEFAULT_WIDTH: usize = 80;
const DEFAULT_HEIGHT: usize = 24;

/// Whether raw mode and the alternate screen are on, so restoring is needed (once).
static TAKEN: AtomicBool = AtomicBool::new(false);
static PANIC_HOOK: Once = Once::new();

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Mode {
    /// Keys one by one from the terminal, the screen redrawn in place.
    Interactive,
    /// Keys as lines from stdin, the screen redrawn in place on the terminal.
    Redrawn,
    /// Keys as lines, each screen printed in full after the last.
    Printed,
}

impl Mode {
    /// Interactive only when both stdin and stdout are the terminal.
    pub(super) fn detect() -> Self {
        match (
            std::io::stdin().is_terminal(),
            std::io::stdout().is_terminal(),
        ) {
            (true, true) => Mode::Interactive,
            (false, true) => Mode::Redrawn,
            (_, false) => Mode::Printed,
        }
    }

    pub(super) fn keys_as_lines(self) -> bool {
        self != Mode::Interactive
    }
}

pub(super) struct Terminal {
    mode: Mode,
    /// The screen on display, so an unchanged one is not drawn again.
    shown: Option<Vec<String>>,
}

impl Terminal {
    pub(super) fn open(mode: Mode) -> Result<Self> {
        let mut stdout = std::io::stdout();
        match mode {
            Mode::Interactive => {
                install_panic_hook();
                TAKEN.store(true, Ordering::SeqCst);
                terminal::enable_raw_mode().context("cannot put the terminal in raw mode")?;
                execute!(stdout, EnterAlternateScreen, Hide)
                    .context("cannot switch to the alternate screen")?;
            }
            Mode::Redrawn => {
                execute!(stdout, Clear(ClearType::All)).context("cannot clear the terminal")?;
            }
            Mode::Printed => {}
        }
        Ok(Terminal { mode, shown: None })
    }

    /// Columns, and rows when the screen is redrawn in place. Printed screens go to a
    /// pipe or a file: they have no height limit, and the usual width.
    pub(super) fn size(&self) -> (usize, Option<usize>) {
        if self.mode == Mode::Printed {
            return (DEFAULT_WIDTH, None);
        }
        let (width, height) = terminal::size()
            .ok()
            .filter(|&(w, h)| w > 0 && h > 0)
            .map_or((DEFAULT_WIDTH, DEFAULT_HEIGHT), |(w, h)| {
                (w as usize, h as usize)
            });
        // Redrawn screens leave the last row free for what is printed after watch.
        let rows = match self.mode {
            Mode::Redrawn => height.saturating_sub(1).max(1),
            _ => height,
        };
        (width, Some(rows))
    }

    /// Makes the next draw happen even if the screen did not change (after a resize).
    pub(super) fn invalidate(&mut self) {
        self.shown = None;
    }

    pub(super) fn draw(&mut self, lines: Vec<String>) -> Result<()> {
        if self.shown.as_ref() == Some(&lines) {
            return Ok(());
        }
        let mut out = std::io::stdout().lock();
        if self.mode == Mode::Printed {
            if self.shown.is_some() {
                writeln!(out)?;
            }
            for line in &lines {
                writeln!(out, "{line}")?;
            }
            self.shown = Some(lines);
            return out.flush().context("cannot write the screen");
        }
        let (_, height) = self.size();
        queue!(out, BeginSynchronizedUpdate)?;
        // Row by row, each cleared first: no flicker, and nothing scrolls.
        for (row, line) in lines.iter().enumerate() {
            queue!(
                out,
                MoveTo(0, row as u16),
                Clear(ClearType::CurrentLine),
                crossterm::style::Print(line)
            )?;
        }
        if lines.len() < height.unwrap_or(DEFAULT_HEIGHT) {
            queue!(
                out,
                MoveTo(0, lines.len() as u16),
                Clear(ClearType::FromCursorDown)
            )?;
        }
        queue!(out, EndSynchronizedUpdate)?;
        self.shown = Some(lines);
        out.flush().context("cannot draw the screen")
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        match self.mode {
            Mode::Interactive => restore(),
            // What is printed after watch goes below the last screen, not over it.
            Mode::Redrawn => {
                let rows = self.shown.as_ref().map_or(0, Vec::len);
                let _ = execute!(std::io::stdout(), MoveTo(0, rows as u16));
            }
            Mode::Printed => {}
        }
    }
}

/// Raw mode off, cursor shown, main screen back; harmless when already done.
fn restore() {
    if TAKEN.swap(false, Ordering::SeqCst) {
        let _ = terminal::disable_raw_mode();
        let _ = execute!(std::io::stdout(), Show, LeaveAlternateScreen);
    }
}

/// Restores the terminal before the panic message is printed, so it can be read.
fn install_panic_hook() {
    PANIC_HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore();
            previous(info);
        }));
    });
}
