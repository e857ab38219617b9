//! Correct: a helper for the nim-sum (`reduce` with `^`, 0 for no heaps), then
//! Bouton's test.
fn nim_sum(heaps: &[u64]) -> u64 {
    heaps.iter().copied().reduce(|a, b| a ^ b).unwrap_or(0)
}

pub fn is_losing_position(heaps: &[u64]) -> bool {
    nim_sum(heaps) == 0
}
