//! Starts the accumulator from `heaps[0]`: right for every position with a heap, but
//! it panics on the empty position, whose nim-sum is 0.
// expect: panicked
// expect: index out of bounds: the len is 0 but the index is 0
// expect: start from 0
pub fn xor_all(heaps: &[u64]) -> u64 {
    let mut nim_sum = heaps[0];
    for &heap in &heaps[1..] {
        nim_sum ^= heap;
    }
    nim_sum
}
