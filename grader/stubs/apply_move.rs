//! # `apply_move`: making a move
//!
//! Lesson: `lessons/moves.md`. Grade with `cargo grader run apply_move`.
//!
//! A move takes one or more stones from exactly one heap: it changes
//! `heaps[heap_index]` to a smaller `new_size`. Return the position after the move
//! as a NEW `Vec` (the caller's slice stays as it was), or say why the move is illegal.
//!
//! - `apply_move(&[3, 4, 5], 0, 1)` is `Ok(vec![1, 4, 5])`.
//! - `apply_move(&[3, 4, 5], 3, 0)` is `Err(NoSuchHeap { heap_index: 3, heap_count: 3 })`:
//!   indices are 0-based, so the three heaps are 0, 1 and 2.
//! - `apply_move(&[3, 4, 5], 1, 4)` is `Err(NotSmaller { heap_index: 1, size: 4, new_size: 4 })`:
//!   taking 0 stones is not a move, and a heap never grows.
//!
//! Check the index first: an index out of range is `NoSuchHeap` whatever `new_size` is.
//!
//! What the hidden tests use: full-range `u64` sizes, empty positions, and up to
//! 1,000,000 heaps in one position.

/// Why a move is illegal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveError {
    /// `heap_index` is not below `heap_count`, the number of heaps.
    NoSuchHeap {
        heap_index: usize,
        heap_count: usize,
    },
    /// `new_size` is not smaller than `size`, the heap's current size.
    NotSmaller {
        heap_index: usize,
        size: u64,
        new_size: u64,
    },
}

/// Returns a new heap list with `heaps[heap_index]` set to `new_size`, or the reason
/// the move is illegal.
pub fn apply_move(heaps: &[u64], heap_index: usize, new_size: u64) -> Result<Vec<u64>, MoveError> {
    // TODO: check the move, build the new position, then delete the line below.
    todo!("move heap {heap_index} of {} to {new_size}", heaps.len())
}
