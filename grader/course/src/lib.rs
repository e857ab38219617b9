//! The xorlings course as code: the exercise model (what hidden tests are: functions and
//! programs, plans of cases, checkers, classic mistakes proven by their models) and each
//! exercise's hidden tests, one file each in `src/hidden/`, over the model's traits; and
//! the lessons' quizzes with their answers (`quiz`). The lessons' code blocks are this
//! crate's doctests. It knows nothing of how the learner's
//! code is built, run or confined: the grader does that.

// The derives of the exercises' plain types name the model by this crate's name, inside
// this crate as outside (see `xorlings_derive`).
extern crate self as xorlings_course;

pub mod hidden;
pub mod model;
pub mod quiz;

/// Every Rust code block of the lessons is a doctest of this crate, so `cargo test`
/// compiles and runs them and every number they print stays true. The build script
/// lists `lessons/*.md`.
#[cfg(doctest)]
pub mod lessons {
    include!(concat!(env!("OUT_DIR"), "/lessons.rs"));
}
