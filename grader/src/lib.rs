//! xorlings' grader: grades the exercises with hidden tests, keeps progress, watches
//! files, and lets instructors check the workbook. `main.rs` only parses the command
//! line and turns the [`Exit`] into an exit code.
//!
//! The modules, in layers, lowest first: each imports only from the layers below it
//! (and from the crates `xorlings-core`, `xorlings-bulk`, `xorlings-course` and
//! `xorlings-sandbox`, below them all). This list is the one statement of the order:
//! `tests/integration/layers.rs` reads it, and fails on an import up or sideways.
//!
//! 1. `text` (bounded, visible, wrapped text), `parallel` (threads and the slots of
//!    the heavy work) and `meter` (progress on a terminal);
//! 2. `lesson` (Markdown for the terminal and the browser);
//! 3. `judge`: reading, building, running and deciding;
//! 4. `workbook`: the manifest, each exercise resolved with its hidden tests;
//! 5. `grading` (one request, one response), `progress`, `reference`;
//! 6. `report` (what people and tools read) and `session` (the learner's progress);
//! 7. `class` (learners' checkouts and commits) and `cli` (the command line);
//! 8. `watch` and `dev` (the instructors' commands);
//! 9. `serve` (the course in the browser, graded by watch's own parts);
//! 10. `commands`, one module per command, which runs them all.

mod class;
mod cli;
mod commands;
mod dev;
mod grading;
mod judge;
mod lesson;
mod meter;
mod parallel;
mod progress;
mod reference;
mod report;
mod serve;
mod session;
mod text;
mod watch;
mod workbook;

// What other crates use: `main.rs`; each reference solution's own test
// (`assert_solution_passes`, which cargo-mutants runs on every mutant); and the
// integration tests in `tests/`, which run the real binary and look up the workbook, an
// exercise's cases, or a report, to check what it printed.
pub use cli::Cli;
pub use commands::run;
pub use dev::{assert_solution_passes, quote_report};
pub use report::classroom::{output_name, runner_id};
pub use text::DEFAULT_WIDTH;
pub use workbook::{Exercise, Workbook};
pub use xorlings_course::model::show::thousands;
pub use xorlings_course::model::{Build, HiddenTests, Plan, Seed};

/// How a command went, for `main` to turn into an exit code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exit {
    /// Everything graded passed (or the command had nothing to grade).
    Passed,
    /// Something graded did not pass.
    NotPassed,
}

impl Exit {
    pub fn of(passed: bool) -> Exit {
        if passed {
            Exit::Passed
        } else {
            Exit::NotPassed
        }
    }
}
