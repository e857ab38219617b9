//! Cuts the heaps to 32 bits (`as u32`): right on every small position, wrong as soon
//! as a heap uses the bits above 31. The case shown is shrunk to the simplest that
//! fails the same way: a single heap of 2^32.
// expect: wrong answer
// expect: input: heaps = [4294967296]
// expect: This input is the simplest the grader made from the hidden case
// expect: Your answers are the nim-sum of the heaps cut to 32 bits
pub fn xor_all(heaps: &[u64]) -> u64 {
    let mut nim_sum: u32 = 0;
    for &heap in heaps {
        nim_sum ^= heap as u32;
    }
    nim_sum as u64
}
