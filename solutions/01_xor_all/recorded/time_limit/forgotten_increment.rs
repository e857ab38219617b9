//! A `while` loop that never advances its index: an endless loop on the first
//! position with a heap.
// expect: time limit
// expect: a loop that never ends
pub fn xor_all(heaps: &[u64]) -> u64 {
    let mut nim_sum = 0;
    let mut i = 0;
    while i < heaps.len() {
        nim_sum ^= heaps[i];
        if heaps[i] == u64::MAX {
            i += 1;
        }
    }
    nim_sum
}
