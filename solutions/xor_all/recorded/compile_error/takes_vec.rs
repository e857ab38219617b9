//! Takes `&Vec<u64>` instead of `&[u64]`: a slice does not coerce to `&Vec`, so the
//! hidden tests' call does not compile. (Clippy would also flag `&Vec` parameters.)
// expect: does not compile
// expect: The hidden tests call `xor_all(heaps: &[u64]) -> u64`: the signature must stay as the stub declares it.
// expect-not: [grader]
#[allow(clippy::ptr_arg)]
pub fn xor_all(heaps: &Vec<u64>) -> u64 {
    heaps.iter().fold(0, |acc, &heap| acc ^ heap)
}
