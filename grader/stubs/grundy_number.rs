//! # `grundy_number`: Grundy numbers of a subtraction game
//!
//! Lesson: `lessons/grundy-numbers.md`. Grade with `cargo grader run grundy_number`.
//!
//! In the subtraction game with the move set `moves`, a move takes `m` stones from
//! the heap for some `m` in `moves`. Return the Grundy number of a heap of `n`:
//! the mex of the Grundy numbers of the heaps one move away.
//!
//! - With moves `[1, 2, 3]`, the Grundy numbers of 0..=8 are 0 1 2 3 0 1 2 3 0,
//!   so `grundy_number(5, &[1, 2, 3])` is `1`.
//! - With moves `[2, 3]`, `grundy_number(4, &[2, 3])` is `2`.
//!
//! Rules the hidden tests hold you to:
//! - an amount of 0 is not a move: ignore it;
//! - an amount larger than the heap cannot be taken;
//! - `moves` may be empty (then every heap has Grundy number 0), unsorted, or repeat
//!   amounts;
//! - `n` goes up to 100,000, and `moves` holds up to 20 amounts, so a Grundy number
//!   is at most 20 (a mex of 20 values is at most 20);
//! - compute each value once (a table, or recursion with a memo). Recursion without
//!   a memo takes forever. Deep recursion is fine: the grader runs your code on a
//!   stack of 256 MiB, where a memoised recursion 100,000 deep fits.

/// Returns the Grundy number of a heap of `n` stones when a move removes an amount in
/// `moves`.
pub fn grundy_number(n: usize, moves: &[usize]) -> usize {
    // TODO: compute the mex of the reachable Grundy numbers, then delete the line below.
    todo!("the Grundy number of {n} with moves {moves:?}")
}
