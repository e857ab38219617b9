//! Showing a lesson: paged on a terminal, printed whole anywhere else.

use std::io::{BufWriter, ErrorKind, IsTerminal, Write, stdout};
use std::path::Path;

use anyhow::{Context, Result};
use crossterm::terminal;

use super::render::render;
use super::terminal::{Closed, page, page_over};

/// Printed to a pipe or a file, the lesson is this wide.
const PLAIN_WIDTH: usize = 80;
/// Prose wider than this is hard to read, however wide the terminal.
const MAX_WIDTH: usize = 100;

/// Shows a lesson. On a terminal: rendered at its width (100 columns at most), paged
/// when longer than the screen (answers folded until `a` is pressed), else printed,
/// colored unless NO_COLOR is set. Elsewhere: plain text 80 columns wide, with the
/// answers at the end.
pub(crate) fn show(markdown: &str, title: &str) -> Result<()> {
    if !stdout().is_terminal() {
        return print(&render(markdown, PLAIN_WIDTH, false).answered.lines);
    }
    let color = std::env::var_os("NO_COLOR").is_none();
    let (columns, rows) = terminal::size().context("cannot read the terminal's size")?;
    let rendered = render(markdown, layout(columns), color);
    // A row is left for the shell's prompt.
    if rendered.answered.lines.len() < usize::from(rows) {
        return print(&rendered.answered.lines);
    }
    page(markdown, title, color, layout)
}

/// The Markdown of the lesson `lesson` (`lessons/nim-sum.md`) of the workbook at `root`.
pub(crate) fn read(root: &Path, lesson: &str) -> Result<String> {
    let path = root.join(lesson);
    std::fs::read_to_string(&path).with_context(|| {
        format!(
            "cannot read the lesson {}; restore it with `git checkout -- {lesson}`",
            path.display()
        )
    })
}

/// Shows a lesson in the pager over the screen of a caller that holds the terminal (in
/// raw mode, on the alternate screen), colored unless NO_COLOR is set; the caller draws
/// its screen again after.
pub(crate) fn page_in_place(markdown: &str, title: &str) -> Result<Closed> {
    page_over(
        markdown,
        title,
        std::env::var_os("NO_COLOR").is_none(),
        layout,
    )
}

/// The width to render at on a terminal of `columns` columns.
fn layout(columns: u16) -> usize {
    usize::from(columns).min(MAX_WIDTH)
}

fn print(lines: &[String]) -> Result<()> {
    let mut out = BufWriter::new(stdout().lock());
    let printed = lines
        .iter()
        .try_for_each(|line| writeln!(out, "{line}"))
        .and_then(|()| out.flush());
    match printed {
        // The reader closed the pipe (`| head`): they have what they wanted.
        Err(error) if error.kind() == ErrorKind::BrokenPipe => Ok(()),
        printed => printed.context("cannot print the lesson"),
    }
}
