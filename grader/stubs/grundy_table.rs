//! # `grundy_table`: a table of Grundy numbers
//!
//! Lesson: `lessons/grundy-tables.md`. Grade with `cargo grader run grundy_table`.
//!
//! Return the Grundy numbers of every heap size from 0 to `max_n` in the subtraction
//! game with the move set `moves`: entry `k` is the Grundy number of a heap of `k`.
//! The table has `max_n + 1` entries.
//!
//! - `grundy_table(8, &[1, 2, 3])` is `vec![0, 1, 2, 3, 0, 1, 2, 3, 0]`.
//! - `grundy_table(0, &[1])` is `vec![0]`.
//!
//! Rules the hidden tests hold you to:
//! - an amount of 0 is not a move: ignore it; an amount larger than the heap cannot
//!   be taken;
//! - `moves` may be empty, unsorted, or repeat amounts;
//! - `max_n` goes up to 100,000, and `moves` holds up to 20 amounts, so a Grundy
//!   number is at most 20 (a mex of 20 values is at most 20);
//! - build the table once, bottom-up, in O(max_n * moves). Rebuilding it for every
//!   entry is too slow. (Recursion with a memo is fine too: the grader runs your code
//!   on a stack of 256 MiB, where a recursion 100,000 deep fits.)

/// Returns `[g(0), g(1), ..., g(max_n)]`, the Grundy numbers of heaps of 0 to `max_n`.
pub fn grundy_table(max_n: usize, moves: &[usize]) -> Vec<usize> {
    // TODO: fill the table from 0 up to max_n, then delete the line below.
    todo!("the Grundy table up to {max_n} with moves {moves:?}")
}
