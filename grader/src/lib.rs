//! xorlings' grader: grades the exercises with hidden tests, keeps progress, watches
//! files, and lets instructors check the workbook. `main.rs` only parses the command
//! line and turns the [`Outcome`] into an exit code.
//!
//! - `commands`, `watch`, `dev`: what each command does;
//! - `class`: reading learners' checkouts (or their commits) for `verify`;
//! - `session` (the learner's progress), `grading` (the workbook and the settings of a
//!   command), `workbook` (the manifest and the paths), `progress`, `reference`;
//! - `hidden`: each exercise's hidden tests, on the exercise model of `model`;
//! - `judge`: building, running and deciding, with `wire` (shared with the runner);
//! - `report` and `text`: what people and tools read.

pub mod class;
pub mod cli;
pub mod commands;
pub mod dev;
pub mod grading;
pub mod hidden;
pub mod judge;
pub mod lesson;
pub mod model;
pub mod parallel;
pub mod progress;
pub mod reference;
pub mod report;
// The sandbox calls the kernel directly between fork and exec: the one place that needs
// unsafe code, each block with its `// SAFETY:` reason.
#[allow(unsafe_code)]
pub mod sandbox;
pub mod session;
pub mod text;
pub mod watch;
pub mod wire;
pub mod workbook;

/// How a command went, for `main` to turn into an exit code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Everything graded passed (or the command had nothing to grade).
    Passed,
    /// Something graded did not pass.
    NotPassed,
}

impl Outcome {
    pub fn of(passed: bool) -> Outcome {
        if passed {
            Outcome::Passed
        } else {
            Outcome::NotPassed
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
