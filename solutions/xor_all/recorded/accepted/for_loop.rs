//! Correct: an accumulator and a `for` loop, XOR-ing every heap into it.
pub fn xor_all(heaps: &[u64]) -> u64 {
    let mut nim_sum = 0;
    for &heap in heaps {
        nim_sum ^= heap;
    }
    nim_sum
}
