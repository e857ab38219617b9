//! Grading learners' checkouts for an instructor: reading only their exercise files,
//! from the folder as it is or from a commit before a deadline ([`files`], [`git`],
//! [`deadline`]), and the class summary as CSV ([`csv`]). Each exercise's cases are
//! generated once for a whole class (`grading::plans`).

pub mod csv;
pub mod deadline;
pub mod files;
pub mod git;
