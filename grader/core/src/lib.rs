//! What the grader and the learner's program share, below every other part of the
//! grader:
//!
//! - [`wire`]: the format of the cases and the answers, one implementation for both sides;
//! - [`runner`]: the learner's side, which calls the learner's function on every case;
//! - [`api`]: an exercise's function as the learner declares it (its signature, and the
//!   code the runner needs for the learner's own types);
//! - [`verdict`] and [`run`]: the words of a verdict, and what a run produced.
//!
//! `wire.rs` and `runner.rs` use nothing but `std` and each other: the grader compiles
//! those two files ([`RUNNER_SOURCES`]) with plain rustc into the library that every
//! learner's program links, under this crate's name, so that code written for one side
//! compiles on the other.

pub mod api;
pub mod run;
// The runner takes the descriptors the grader opened and maps the cases: the one
// module with unsafe code, each block with its `// SAFETY:` reason.
#[allow(unsafe_code)]
pub mod runner;
pub mod verdict;
pub mod wire;

/// The crate's name, which the runner library the learner's program links also has.
pub const CRATE_NAME: &str = "xorlings_core";

/// The runner library's sources, by file name: the crate root the grader writes beside
/// them declares them as `pub mod wire; pub mod runner;`.
pub const RUNNER_SOURCES: [(&str, &str); 2] = [
    ("wire.rs", include_str!("wire.rs")),
    ("runner.rs", include_str!("runner.rs")),
];
