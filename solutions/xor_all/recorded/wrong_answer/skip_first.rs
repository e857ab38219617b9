//! Skips the first heap, as if the accumulator already held it, but starts the
//! accumulator at 0: the first heap is left out.
// expect: wrong answer
// expect: The nim-sum of [1] is 1, but your function returned 0.
// expect: every heap
// expect-not: You added the heaps
pub fn xor_all(heaps: &[u64]) -> u64 {
    let mut nim_sum = 0;
    for &heap in heaps.iter().skip(1) {
        nim_sum ^= heap;
    }
    nim_sum
}
