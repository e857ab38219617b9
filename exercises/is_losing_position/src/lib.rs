//! # `is_losing_position`: losing positions (Bouton's theorem)
//!
//! Lesson: `lessons/boutons-theorem.md`. Grade with `cargo grader run is_losing_position`.
//!
//! A position is losing (a P-position) when the player to move loses against
//! perfect play. Bouton's theorem tells exactly which positions those are.
//!
//! - `is_losing_position(&[1, 2, 3])` is `true`.
//! - `is_losing_position(&[3, 4, 5])` is `false`: the player to move can win.
//! - `is_losing_position(&[])` is `true`: with no stones left, there is no move.
//!
//! What the hidden tests use:
//! - heaps are full-range `u64` (sizes near `u64::MAX`, positions whose heaps differ
//!   only above bit 31);
//! - positions may be empty or all zeros;
//! - up to 1,000,000 heaps in one position: one pass over the heaps is plenty.

/// Returns true exactly when the player to move loses with perfect play.
pub fn is_losing_position(heaps: &[u64]) -> bool {
    // TODO: decide with Bouton's theorem, then delete the line below.
    todo!("is the position with {} heaps losing?", heaps.len())
}
