//! Reference solution: the nim-sum is a fold with `^`, starting from 0.

/// Returns the nim-sum: the XOR of every heap size (0 for no heaps).
pub fn xor_all(heaps: &[u64]) -> u64 {
    heaps.iter().fold(0, |sum, &heap| sum ^ heap)
}
