//! # `misere_winning_move`: the winning move in misère Nim
//!
//! Lesson: `lessons/misere.md`. Grade with `cargo grader run misere_winning_move`.
//!
//! In misère Nim the player who takes the last stone LOSES. From a position where the
//! player to move can win, return a move that leaves the opponent a lost position;
//! from a lost position return `None`. Return `None` too when no stone is left: that
//! player has already won (the opponent took the last stone), but there is no move.
//!
//! - `misere_winning_move(&[3, 4, 5])` is
//!   `Some(Move { heap_index: 0, remove: 2, new_size: 1 })`, leaving 1 4 5: while two
//!   heaps hold more than one stone, play exactly as in normal Nim.
//! - `misere_winning_move(&[1, 1, 4])` is
//!   `Some(Move { heap_index: 2, remove: 3, new_size: 1 })`, leaving three heaps of 1.
//! - `misere_winning_move(&[1, 1, 1])` is `None`: each player takes a heap, and you
//!   take the last one.
//!
//! Any winning move is accepted. A returned move must be consistent:
//! `heap_index` is 0-based and in range, `new_size < heaps[heap_index]`, and
//! `remove == heaps[heap_index] - new_size`.
//!
//! What the hidden tests use:
//! - every position of 0 to 4 heaps of 0 to 8 stones, judged against a game search;
//! - the empty position and positions of zeros only (answer `None`);
//! - full-range `u64` sizes, up to `u64::MAX`;
//! - up to 1,000,000 heaps in one position, many of them 0 or 1 (one pass, or a few,
//!   over the heaps is plenty).

/// A move: take `remove` stones from heap `heap_index`, leaving `new_size` stones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    pub heap_index: usize,
    pub remove: u64,
    pub new_size: u64,
}

/// Returns a move that wins misère Nim (taking the last stone loses), or `None` from a
/// lost position and from a position with no stone left.
pub fn misere_winning_move(heaps: &[u64]) -> Option<Move> {
    // TODO: play normal Nim until at most one heap has more than one stone, then leave
    // an odd number of heaps of 1; delete the line below.
    todo!("a misère winning move from {} heaps", heaps.len())
}
