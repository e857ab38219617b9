//! Grading learners' checkouts for an instructor: reading only their exercise files,
//! from the folder as it is or from a commit before a deadline ([`files`], [`git`],
//! [`deadline`]), and the class summary as CSV ([`csv`]). Each exercise's cases are
//! generated once for a whole class (`grading::plans`).

pub(crate) mod csv;
pub(crate) mod deadline;
pub(crate) mod files;
pub(crate) mod git;
