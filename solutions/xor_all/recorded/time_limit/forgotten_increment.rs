//! An endless loop: it skips empty heaps, but moves the index on only after a nonempty
//! one, so the first heap of 0 keeps it spinning forever.
// expect: time limit
// expect: input: heaps = [0]
// expect: a loop that never ends
pub fn xor_all(heaps: &[u64]) -> u64 {
    let mut nim_sum = 0;
    let mut i = 0;
    while i < heaps.len() {
        if heaps[i] != 0 {
            nim_sum ^= heaps[i];
            i += 1;
        }
    }
    nim_sum
}
