//! xorlings' grader: grades the exercises with hidden tests, keeps progress, watches
//! files, and lets instructors check the workbook. `main.rs` only parses the command line.

pub mod app;
pub mod cli;
pub mod dev;
pub mod judge;
pub mod problems;
pub mod progress;
pub mod report;
pub mod verify;
pub mod workbook;
