//! XORs `u64` heaps into a `u32` accumulator: Rust never converts integer types
//! silently, so the file itself does not compile.
// expect: does not compile
// expect: error[E0308]: mismatched types
// expect-not: [grader]
pub fn xor_all(heaps: &[u64]) -> u64 {
    let mut nim_sum: u32 = 0;
    for &heap in heaps {
        nim_sum ^= heap;
    }
    nim_sum
}
