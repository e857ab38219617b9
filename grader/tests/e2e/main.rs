//! The end-to-end tier of the integration tests, run by `cargo e2e` (in CI, by `.ci/run`,
//! with everything it needs installed): the grader in a real terminal (tmux), the course
//! page over TCP and in a real browser (Chromium), the attacks on the sandbox, fairness under load, git histories at
//! a deadline, the autograders' adapters, the learner edition's own tests, nested cargo
//! builds, and `dev check` over every recorded solution. A test that lacks a tool fails,
//! saying what to install: none passes by skipping.

#[path = "../common/mod.rs"]
mod common;

mod as_of;
mod attacks;
mod autograders;
mod class;
mod classroom;
mod compile_errors;
mod dev_check;
mod dev_new;
mod dev_release;
mod exercise_crates;
mod issues;
mod serve;
mod smoke_script;
mod terminal;
