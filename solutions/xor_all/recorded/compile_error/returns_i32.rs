//! Returns `i32` instead of `u64`: the hidden tests call `xor_all` as the stub declares
//! it, so the types do not match.
// expect: does not compile
// expect: mismatched types
// expect: Keep the exercise's public items as the stub declares them
pub fn xor_all(heaps: &[u64]) -> i32 {
    heaps.iter().fold(0, |acc, &heap| acc ^ heap as i32)
}
