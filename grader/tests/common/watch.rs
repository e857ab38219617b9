//! What the tests of `grader watch` share, through pipes (the fast tier) and in a
//! terminal (the end-to-end tier): the texts they wait for and the files they edit.

use std::path::{Path, PathBuf};

pub(crate) const FIRST_FAILS: &str = "xor_all: panicked on hidden case 1";

pub(crate) const FIRST_PASSES: &str = "Well done: xor_all passes";

pub(crate) const SECOND: &str = "exercise 2 of";

pub(crate) const SECOND_FAILS: &str = "is_losing_position: panicked on hidden case 1";

pub(crate) const ADDING_FAILS: &str = "xor_all: wrong answer on hidden case";

/// xor_all adding the heaps instead of XORing them: first wrong on heaps = [1, 1].
pub(crate) const ADDING: &str =
    "pub fn xor_all(heaps: &[u64]) -> u64 {\n    heaps.iter().sum()\n}\n";

pub(crate) fn exercise_file(workbook: &Path, exercise: &str) -> PathBuf {
    workbook.join("exercises").join(exercise).join("src/lib.rs")
}

pub(crate) fn solution(workbook: &Path, exercise: &str) -> String {
    std::fs::read_to_string(workbook.join("solutions").join(exercise).join("src/lib.rs")).unwrap()
}

/// How many exercises the course has.
pub(crate) fn total() -> usize {
    super::manifest().exercises.len()
}
