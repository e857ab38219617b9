//! xorlings' grader: grades the exercises with hidden tests, keeps progress, watches
//! files, and lets instructors check the workbook. `main.rs` only parses the command
//! line and turns the [`Exit`] into an exit code.
//!
//! The modules, in layers: each imports only from the layers below it (and from the
//! crates `xorlings-core`, `xorlings-bulk` and `xorlings-sandbox`, where every compile
//! and run of a learner's code is confined, below them all); `tests/integration/layers.rs`
//! keeps it so.
//!
//! 1. `text` (bounded, visible, wrapped text) and `parallel` (threads and the slots of
//!    the heavy work);
//! 2. `model`, the exercise model (what hidden tests are: plans, checkers, cases), and
//!    `lesson` (Markdown for the terminal and the browser);
//! 3. `hidden`: each exercise's hidden tests, one file each;
//! 4. `judge`: reading, building, running and deciding;
//! 5. `workbook`: the manifest, each exercise resolved with its hidden tests;
//! 6. `grading` (one request, one response), `progress`, `reference`;
//! 7. `report` (what people and tools read) and `session` (the learner's progress);
//! 8. `class` (learners' checkouts and commits) and `cli` (the command line);
//! 9. `watch`, `dev` and `commands`' own modules;
//! 10. `serve` (the course in the browser, graded by watch's own parts), then
//!     `commands`, which runs them all.

mod class;
mod cli;
mod commands;
mod dev;
mod grading;
mod hidden;
mod judge;
mod lesson;
mod model;
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
pub use model::show::thousands;
pub use model::{Build, HiddenTests, Plan, Seed};
pub use report::classroom::{output_name, runner_id};
pub use text::DEFAULT_WIDTH;
pub use workbook::{Exercise, Workbook};

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

/// Every Rust code block of the lessons is a doctest of this crate, so `cargo test`
/// compiles and runs them and every number they print stays true. The build script
/// lists `lessons/*.md`.
#[cfg(doctest)]
pub mod lessons {
    include!(concat!(env!("OUT_DIR"), "/lessons.rs"));
}
