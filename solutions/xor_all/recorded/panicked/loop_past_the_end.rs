//! Loops with `0..=heaps.len()`: one index too many, so indexing panics past the end.
// expect: panicked
// expect: index out of bounds
// expect: 0..heaps.len()
#[allow(clippy::needless_range_loop)]
pub fn xor_all(heaps: &[u64]) -> u64 {
    let mut nim_sum = 0;
    for i in 0..=heaps.len() {
        nim_sum ^= heaps[i];
    }
    nim_sum
}
