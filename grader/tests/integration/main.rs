//! The fast tier of the integration tests, run by `cargo test`: the real grader binary on
//! copies of the workbook, and the workbook's own files read as data. With nothing but
//! the binary and the workbook: no network (not even loopback), no tmux, no browser, no
//! npm, no git, no nested cargo build, no load on the machine. The end-to-end tier is
//! `tests/e2e/` (`cargo e2e`).
//!
//! One test binary, so that the grader's library is linked once for all of them.

#[path = "../common/mod.rs"]
mod common;

mod ci_workflow;
mod cli;
mod devcontainer;
mod docs;
mod layers;
mod lesson_standard;
mod play;
mod reports;
mod try_command;
mod watch;
