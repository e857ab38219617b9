//! Correct: the nim-sum with a `for` loop, as in xor_all, then a comparison with 0.
pub fn is_losing_position(heaps: &[u64]) -> bool {
    let mut nim_sum = 0;
    for &heap in heaps {
        nim_sum ^= heap;
    }
    nim_sum == 0
}
