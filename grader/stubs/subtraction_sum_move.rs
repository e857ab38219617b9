//! # `subtraction_sum_move`: a winning move in a sum of subtraction games
//!
//! Lesson: `lessons/sprague-grundy.md`. Grade with `cargo grader run subtraction_sum_move`.
//!
//! Every heap is played as the same subtraction game: a move takes `m` stones from one
//! heap, for some `m` in `moves` (never 0 stones, never more than the heap holds). The
//! player who cannot move loses. Return a winning move `(heap_index, amount)`: after
//! it, the XOR of the heaps' Grundy numbers is 0. Return `None` when that XOR is
//! already 0 (including when no move is possible at all).
//!
//! - With moves `[1, 3, 4]` the Grundy numbers of heaps 0..=9 are
//!   0 1 0 1 2 3 2 0 1 0, so `subtraction_sum_move(&[2, 5, 9], &[1, 3, 4])` is
//!   `Some((1, 3))`: 5 -> 2 makes the Grundy numbers 0 0 0.
//! - `subtraction_sum_move(&[4, 6], &[1, 3, 4])` is `None` (Grundy numbers 2 and 2),
//!   although 4 ^ 6 is not 0: this is not plain Nim.
//! - `subtraction_sum_move(&[4], &[1, 2, 3])` is `None`: whatever you take, the
//!   opponent takes the rest.
//!
//! Any winning move is accepted: `heap_index` is 0-based and in range, `amount` is one
//! of `moves`, `1 <= amount <= heaps[heap_index]`, and the XOR of the Grundy numbers
//! after the move is 0.
//!
//! What the hidden tests use:
//! - `moves` holds 1 to 20 amounts from 0 to 100, in any order; 0 and repeated
//!   amounts may appear and mean nothing (0 is not a move); so a Grundy number is at
//!   most 20;
//! - up to 10,000 heaps of up to 100,000 stones each, heaps of 0 included, and
//!   empty positions;
//! - so build the table of Grundy numbers once, up to the largest heap
//!   (O(largest heap * moves)), not once per heap.

/// Returns a winning move `(heap_index, amount)` in the sum of subtraction games, or
/// `None` when the XOR of the heaps' Grundy numbers is 0.
pub fn subtraction_sum_move(heaps: &[usize], moves: &[usize]) -> Option<(usize, usize)> {
    // TODO: one Grundy table up to the largest heap, then the Nim recipe on the
    // Grundy numbers; delete the line below.
    todo!(
        "a winning move from {} heaps with moves {moves:?}",
        heaps.len()
    )
}
