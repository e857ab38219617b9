//! Returns `i32` instead of `u64`: the hidden tests call `xor_all` as the stub declares
//! it, so the types do not match.
// expect: does not compile
// expect: The hidden tests call `xor_all(heaps: &[u64]) -> u64`: the signature must stay as the stub declares it.
// expect-not: [grader]
pub fn xor_all(heaps: &[u64]) -> i32 {
    heaps.iter().fold(0, |acc, &heap| acc ^ heap as i32)
}
