//! Combines the heaps with AND (`&`) where XOR is meant, starting from all ones so that
//! a single heap comes out as itself: a bit survives only when every heap has it, and
//! no heaps at all give u64::MAX instead of 0.
// expect: wrong answer
// expect: You used AND (`&`); the nim-sum is XOR (`^`).
pub fn xor_all(heaps: &[u64]) -> u64 {
    heaps.iter().fold(u64::MAX, |acc, &heap| acc & heap)
}
