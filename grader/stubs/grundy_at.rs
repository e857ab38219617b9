//! # `grundy_at`: a Grundy number far beyond any table
//!
//! Lesson: `lessons/grundy-at.md`. Grade with `cargo grader run grundy_at`.
//!
//! Return the Grundy number of a heap of `n` stones in the subtraction game with the
//! move set `moves` (as in `grundy_number`), for heaps far too large for a table: the
//! values repeat, so find where and how, and prove it before you use it. Each value
//! depends only on the `largest` values before it (`largest` is the largest amount),
//! so once a whole window of `largest` values appears a second time, everything after
//! the two copies repeats too: from the first copy's start s on, with period p (the
//! distance between the copies).
//!
//! - With moves `[1, 2, 3]` the values are 0 1 2 3 0 1 2 3 ...: period 4 from 0, so
//!   `grundy_at(1_000_000_000_000_000_000, &[1, 2, 3])` is 0.
//! - With moves `[2, 4, 7]` the values start 0 0 1 1 2 2 0 3, then repeat 1 0 2
//!   forever from heap 8: `grundy_at(8, &[2, 4, 7])` is 1 and `grundy_at(1_000_000,
//!   &[2, 4, 7])` is 2.
//! - `grundy_at(5, &[])` is 0: no moves.
//!
//! What the hidden tests use:
//! - a heap `n` of 0 to 10^18, every bit width of `n` included;
//! - up to 100 amounts, amounts from 0 to 100, in any order; 0 and repeats mean
//!   nothing (0 is not a move), so a Grundy number is at most 100;
//! - move sets whose preperiod plus period is at most 10,984 (moves [4, 29, 81, 85]
//!   reach it: their values repeat from heap 5,186 with period 5,798);
//! - so build the table only until a window of `largest` values repeats: a loop up to
//!   n takes 10^18 steps, and a table of n entries does not fit in any memory.

/// Returns the Grundy number of a heap of `n` in the subtraction game `moves`.
pub fn grundy_at(n: u64, moves: &[usize]) -> usize {
    // TODO: fill the table until a window as long as the largest amount repeats, then
    // read n's value from the period; delete the line below.
    todo!("the Grundy number of a heap of {n} with moves {moves:?}")
}
