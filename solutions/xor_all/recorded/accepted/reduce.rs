//! Correct: `reduce` with `^`; `reduce` gives `None` for no heaps, and the nim-sum of
//! no heaps is 0.
pub fn xor_all(heaps: &[u64]) -> u64 {
    heaps.iter().copied().reduce(|a, b| a ^ b).unwrap_or(0)
}
