//! Starts the nim-sum from `heaps[0]`: right for every position with a heap, but it
//! panics on the empty position, which is losing.
// expect: panicked
// expect: index out of bounds: the len is 0 but the index is 0
// expect: start from 0
pub fn is_losing_position(heaps: &[u64]) -> bool {
    let mut nim_sum = heaps[0];
    for &heap in &heaps[1..] {
        nim_sum ^= heap;
    }
    nim_sum == 0
}
