//! # `mex`: the minimum excludant
//!
//! Lesson: `lessons/mex.md`. Grade with `cargo grader run mex`.
//!
//! The mex of a collection of non-negative integers is the smallest non-negative
//! integer that is not in it. Grundy numbers, in the next exercises, are built from it.
//!
//! - `mex(&[0, 1, 3])` is `2`: 0 and 1 are there, 2 is the first number missing.
//! - `mex(&[1, 2, 3])` is `0`: 0 itself is missing.
//! - `mex(&[])` is `0`, and `mex(&[2, 0, 2, 1])` is `3`: repeats change nothing.
//!
//! What the hidden tests use:
//! - `values` may be empty, unsorted, and may repeat a value any number of times;
//! - a value can be any `usize`, from 0 up to `usize::MAX`: values far above the
//!   number of values are allowed (they can never be the mex);
//! - up to 1,000,000 values in one call (a handful of calls that large, most are
//!   small), with a mex up to 1,000,000: every number from 0 to 999,999, shuffled.
//!   One pass over the values, or a sort, is plenty; trying 0, 1, 2, ... in turn
//!   and searching the whole slice for each is far too slow.

/// Returns the smallest non-negative integer that is not in `values`.
pub fn mex(values: &[usize]) -> usize {
    // TODO: find the smallest number missing from `values`, then delete the line below.
    todo!("the mex of {} values", values.len())
}
