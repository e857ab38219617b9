//! The pager on the terminal: the alternate screen and raw mode for as long as it runs,
//! and the terminal restored on every way out, a panic included. Watch pages a lesson
//! on the screen it holds already ([`page_over`]), and takes it back after.

use std::io::{Write, stdout};
use std::panic::{self, PanicHookInfo};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::{Context, Result};
use crossterm::cursor::{Hide, MoveTo, Show};
use crossterm::event::{self, Event, KeyEventKind};
use crossterm::style::Print;
use crossterm::terminal::{self, Clear, ClearType, EnterAlternateScreen, LeaveAlternateScreen};
use crossterm::{execute, queue};

use super::columns::width;
use super::document::Rendered;
use super::pager::{Key, View, key, status};
use super::render::render;
use super::style::{Style, paint};

type PanicHook = Box<dyn Fn(&PanicHookInfo<'_>) + Sync + Send + 'static>;

/// The pager's screen is up: set on entering, cleared by the first restore, so the
/// panic hook and the drop that follows it restore only once (leaving the alternate
/// screen twice would move the cursor back over the panic message).
static ON_SCREEN: AtomicBool = AtomicBool::new(false);

/// How the reader left the pager.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Closed {
    /// `q` or Esc.
    Back,
    /// Ctrl-C: what runs the pager stops too.
    Interrupted,
}

/// Pages the lesson until the reader quits, rendered by `layout` for the screen's
/// columns (again when the terminal is resized).
pub(super) fn page(
    markdown: &str,
    title: &str,
    color: bool,
    layout: fn(u16) -> usize,
) -> Result<()> {
    let _screen = Screen::enter()?;
    run(markdown, title, color, layout, "quit").map(|_| ())
}

/// Pages the lesson on a terminal its caller holds in raw mode on the alternate screen,
/// and leaves the terminal so: the caller draws its own screen again after.
pub(super) fn page_over(
    markdown: &str,
    title: &str,
    color: bool,
    layout: fn(u16) -> usize,
) -> Result<Closed> {
    run(markdown, title, color, layout, "back")
}

/// The pager's loop; `leave` says what `q` does on the status line.
fn run(
    markdown: &str,
    title: &str,
    color: bool,
    layout: fn(u16) -> usize,
    leave: &str,
) -> Result<Closed> {
    let (mut columns, mut rows) = terminal::size().context("cannot read the terminal's size")?;
    let mut rendered = render(markdown, layout(columns), color);
    let mut view = View::default();
    loop {
        let text_rows = usize::from(rows.saturating_sub(1));
        draw(&rendered, view, title, text_rows, columns, color, leave)?;
        match event::read().context("cannot read a key")? {
            Event::Key(press) if press.kind != KeyEventKind::Release => {
                let Some(key) = key(press) else { continue };
                match view.press(key, &rendered, text_rows) {
                    Some(next) => view = next,
                    None if key == Key::Interrupt => return Ok(Closed::Interrupted),
                    None => return Ok(Closed::Back),
                }
            }
            Event::Resize(new_columns, new_rows) => {
                (columns, rows) = (new_columns, new_rows);
                let before = view.page(&rendered).lines.len().max(1);
                rendered = render(markdown, layout(columns), color);
                // The same part of the lesson stays in view, about.
                view.top = view.top * view.page(&rendered).lines.len() / before;
            }
            _ => {}
        }
    }
}

fn draw(
    rendered: &Rendered,
    view: View,
    title: &str,
    rows: usize,
    columns: u16,
    color: bool,
    leave: &str,
) -> Result<()> {
    let page = view.page(rendered);
    let mut out = stdout().lock();
    for row in 0..rows {
        queue!(out, MoveTo(0, row as u16))?;
        if let Some(line) = page.lines.get(view.top + row) {
            queue!(out, Print(line))?;
        }
        queue!(out, Clear(ClearType::UntilNewLine))?;
    }
    // One column short of the edge, so no terminal scrolls after the last cell.
    let columns = usize::from(columns).saturating_sub(1);
    let status = status(title, view, page.lines.len(), rows, columns, leave);
    let status = format!("{status}{}", " ".repeat(columns - width(&status)));
    queue!(
        out,
        MoveTo(0, rows as u16),
        Print(paint(&status, Style::REVERSE, color)),
        Clear(ClearType::UntilNewLine)
    )?;
    out.flush().context("cannot draw the pager")
}

/// The pager's screen: leaving it (by drop, or by the panic hook it installs) gives the
/// terminal back as it was.
struct Screen {
    previous_hook: Arc<PanicHook>,
}

impl Screen {
    fn enter() -> Result<Screen> {
        // Panic messages are printed before unwinding: restore the terminal first, or
        // the message is lost on the alternate screen.
        let previous_hook: Arc<PanicHook> = Arc::new(panic::take_hook());
        let chained = Arc::clone(&previous_hook);
        panic::set_hook(Box::new(move |info| {
            restore();
            chained(info);
        }));
        // Made before the terminal changes, so a failure below is undone by its drop.
        let screen = Screen { previous_hook };
        ON_SCREEN.store(true, Ordering::SeqCst);
        terminal::enable_raw_mode().context("cannot switch the terminal to raw mode")?;
        execute!(stdout(), EnterAlternateScreen, Hide).context("cannot open the pager's screen")?;
        Ok(screen)
    }
}

impl Drop for Screen {
    fn drop(&mut self) {
        restore();
        // A hook cannot be set while panicking; the chained one is harmless then.
        if !std::thread::panicking() {
            let previous = Arc::clone(&self.previous_hook);
            panic::set_hook(Box::new(move |info| previous(info)));
        }
    }
}

/// Best effort: there is nowhere left to report a failure to.
fn restore() {
    if !ON_SCREEN.swap(false, Ordering::SeqCst) {
        return;
    }
    let _ = execute!(stdout(), Show, LeaveAlternateScreen);
    let _ = terminal::disable_raw_mode();
}
