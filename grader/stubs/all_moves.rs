//! # `all_moves`: every move from a position
//!
//! Lesson: `lessons/all-moves.md`. Grade with `cargo grader run all_moves`.
//!
//! A move takes one or more stones from one heap: it changes `heaps[i]` to a smaller
//! size `b`, with `0 <= b < heaps[i]`, and leaves every other heap as it is. Return
//! every position one move away, one per heap `i` and smaller size `b`.
//!
//! Order: heap 0's moves first, then heap 1's, and so on; the moves of one heap by new
//! size, smallest first. Each position keeps all its heaps in their places, empty
//! heaps included (never sort or drop them).
//!
//! - `all_moves(&[1, 2])` is `vec![vec![0, 2], vec![1, 0], vec![1, 1]]`.
//! - `all_moves(&[0, 3])` is `vec![vec![0, 0], vec![0, 1], vec![0, 2]]`.
//! - `all_moves(&[])` and `all_moves(&[0, 0])` are empty: no stones, no moves.
//!
//! What the hidden tests use:
//! - 0 to 8 heaps, each of 0 to 50 stones, so at most 400 moves per position;
//! - empty positions, positions of empty heaps only, and empty heaps among the others;
//! - a few thousand positions in all. One new `Vec` per move is plenty fast.

/// Returns every position one move away from `heaps`, ordered by heap, then by new
/// size (smallest first).
pub fn all_moves(heaps: &[u64]) -> Vec<Vec<u64>> {
    // TODO: list one position per heap and smaller size, then delete the line below.
    todo!("every move from {heaps:?}")
}
