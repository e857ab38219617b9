//! # `xor_all`: the nim-sum
//!
//! Lesson: `lessons/nim-sum.md`. Grade with `cargo grader run xor_all`.
//!
//! The nim-sum of a Nim position is the XOR (`^`) of all its heap sizes.
//!
//! - `xor_all(&[3, 4, 5])` is `2`, because 3 ^ 4 ^ 5 = 2.
//! - `xor_all(&[])` is `0`: XOR with 0 changes nothing, so 0 is the nim-sum of no heaps.
//!
//! What the hidden tests use:
//! - heaps are full-range `u64`: sizes near `u64::MAX`, and positions whose heaps
//!   differ only above bit 31, so never cast to `u32`;
//! - positions may be empty or all zeros;
//! - up to 1,000,000 heaps in one position: one pass over the heaps is plenty.

/// Returns the nim-sum: the XOR of every heap size (0 for no heaps).
pub fn xor_all(heaps: &[u64]) -> u64 {
    // TODO: combine every heap with `^`, then delete the line below.
    todo!("the nim-sum of {} heaps", heaps.len())
}
