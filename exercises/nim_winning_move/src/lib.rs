//! # `nim_winning_move`: the winning move
//!
//! Lesson: `lessons/winning-move.md`. Grade with `cargo grader run nim_winning_move`.
//!
//! From a winning position, find a move that leaves a nim-sum of 0; from a losing
//! position (nim-sum 0), there is none: return `None`.
//!
//! - `nim_winning_move(&[3, 4, 5])` is
//!   `Some(Move { heap_index: 0, remove: 2, new_size: 1 })`, leaving 1 4 5.
//! - `nim_winning_move(&[1, 2, 3])` is `None`.
//!
//! Any winning move is accepted. A returned move must be consistent:
//! `heap_index` is 0-based and in range, `new_size < heaps[heap_index]`, and
//! `remove == heaps[heap_index] - new_size`.
//!
//! What the hidden tests use: full-range `u64` sizes (near `u64::MAX`, positions that
//! differ only above bit 31), empty and all-zero positions, and up to 1,000,000 heaps
//! in one position (where only the last heap may be the one to reduce).

/// A move: take `remove` stones from heap `heap_index`, leaving `new_size` stones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    pub heap_index: usize,
    pub remove: u64,
    pub new_size: u64,
}

/// Returns a move that leaves a nim-sum of 0, or `None` when there is none.
pub fn nim_winning_move(heaps: &[u64]) -> Option<Move> {
    // TODO: find the winning move with the nim-sum, then delete the line below.
    todo!("a winning move from {} heaps", heaps.len())
}
