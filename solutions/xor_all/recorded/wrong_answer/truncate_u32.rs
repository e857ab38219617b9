//! Cuts the heaps to 32 bits (`as u32`): right on every small position, wrong as soon
//! as a heap uses the bits above 31.
// expect: wrong answer
// expect: low 32 bits only
pub fn xor_all(heaps: &[u64]) -> u64 {
    let mut nim_sum: u32 = 0;
    for &heap in heaps {
        nim_sum ^= heap as u32;
    }
    nim_sum as u64
}
