//! Lessons for the terminal: the Markdown rendered to lines that fit the screen (wrapped
//! prose, code as written, tables in columns), the `<details>` answers folded until the
//! reader asks for them, and a small pager; and, for `cargo grader serve`, the same
//! Markdown as HTML (`web`).
//!
//! `render` is pure and gives every line; `show` picks the width, colors and pager.

mod code;
mod columns;
mod document;
mod fill;
mod heading;
mod html;
mod pager;
mod render;
mod show;
mod style;
mod table;
mod terminal;
#[cfg(test)]
mod tests;
mod web;

#[cfg(test)]
use render::render;
pub(crate) use show::{page_in_place, read, show};
pub(crate) use terminal::Closed;
pub(crate) use web::to_html;
