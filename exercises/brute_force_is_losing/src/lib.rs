//! # `brute_force_is_losing`: P or N by game search
//!
//! Lesson: `lessons/game-search.md`. Grade with `cargo grader run brute_force_is_losing`.
//!
//! Decide whether the player to move loses with perfect play (a P-position) from the
//! rules alone: a position is losing exactly when no move leads to a losing position.
//! So a position without stones, where no move is left, is losing. Search the moves
//! recursively, and remember (memoise) every position you have decided.
//!
//! - `brute_force_is_losing(&[])` and `brute_force_is_losing(&[0, 0])` are `true`.
//! - `brute_force_is_losing(&[1, 1])` is `true`: each move leaves one stone, and the
//!   other player takes it.
//! - `brute_force_is_losing(&[1, 2])` is `false`: taking one stone from the 2 leaves
//!   `[1, 1]`, a losing position for the other player.
//!
//! No theory: the grader only checks your answers, but the point of this exercise is a
//! search that needs no XOR, to check Bouton's rule against.
//!
//! What the hidden tests use:
//! - 0 to 5 heaps, each of 0 to 15 stones, in any order, empty heaps anywhere;
//! - the empty position, every position of 1 to 4 heaps of 0 to 8 stones (7,380 of
//!   them), then a few hundred positions of up to 5 heaps of up to 15, among them
//!   losing positions of 5 large heaps, which take the longest searches;
//! - a memo that lives for one call is fast enough; sort the heaps to make its key,
//!   so that each position is stored once whatever the order of its heaps. A search
//!   without a memo takes hours.

/// Returns `true` when the player to move loses (a P-position), found by searching
/// the moves, not by a formula.
pub fn brute_force_is_losing(heaps: &[u64]) -> bool {
    // TODO: search the moves with a memo, then delete the line below.
    todo!("is {heaps:?} losing?")
}
