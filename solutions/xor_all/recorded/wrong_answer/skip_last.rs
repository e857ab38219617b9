//! Loops from 1 and combines heap i - 1: an off-by-one that leaves out the last heap.
//! On [1] it returns 0, as code that leaves out the first heap would: only more cases
//! tell the two apart.
// expect: wrong answer
// expect: The nim-sum of [1] is 1, but your function returned 0.
// expect: Your answers leave out the last heap: combine every heap.
// expect-not: leave out the first heap
/// Returns the nim-sum: the XOR of every heap size (0 for no heaps).
pub fn xor_all(heaps: &[u64]) -> u64 {
    let mut sum = 0;
    for i in 1..heaps.len() {
        sum ^= heaps[i - 1];
    }
    sum
}
